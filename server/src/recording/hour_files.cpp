#include "recording/hour_files.hpp"

#include <date/date.h>

#include <cmath>
#include <fstream>
#include <vector>

#include "stream/mp3_frames.hpp"

namespace ether::recording {

std::int64_t hour_of(std::int64_t unix_ms) {
  return unix_ms >= 0 ? unix_ms / kHourMs : -((-unix_ms + kHourMs - 1) / kHourMs);
}

std::string hour_file_stem(std::int64_t hour) {
  const date::sys_time<std::chrono::hours> at{std::chrono::hours{hour}};
  return date::format("%Y-%m-%dT%H", at);
}

std::optional<std::int64_t> parse_hour_file_name(std::string_view name) {
  // yyyy-mm-ddTHH.mp3: 17 characters, digits in their places.
  if (name.size() != 17 || !name.ends_with(".mp3") || name[4] != '-' || name[7] != '-' || name[10] != 'T') {
    return std::nullopt;
  }
  auto number = [&](std::size_t at, std::size_t len) -> std::optional<int> {
    int value = 0;
    for (std::size_t i = at; i < at + len; ++i) {
      if (name[i] < '0' || name[i] > '9') return std::nullopt;
      value = value * 10 + (name[i] - '0');
    }
    return value;
  };
  auto y = number(0, 4), m = number(5, 2), d = number(8, 2), h = number(11, 2);
  if (!y || !m || !d || !h || *h > 23) return std::nullopt;
  const date::year_month_day ymd{date::year{*y}, date::month{static_cast<unsigned>(*m)},
                                 date::day{static_cast<unsigned>(*d)}};
  if (!ymd.ok()) return std::nullopt;
  return date::sys_days{ymd}.time_since_epoch().count() * 24 + *h;
}

std::filesystem::path hour_file_path(const std::filesystem::path& root, std::string_view channel, std::int64_t hour) {
  return root / std::string(channel) / (hour_file_stem(hour) + ".mp3");
}

HourFile look_at_hour_file(const std::filesystem::path& root, std::string_view channel, std::int64_t hour) {
  HourFile file{hour, hour_file_path(root, channel, hour), 0, {}, std::nullopt};
  std::error_code ec;
  const auto size = std::filesystem::file_size(file.path, ec);
  if (ec || size < 4) return file;
  std::string head(4, '\0');
  std::ifstream in(file.path, std::ios::binary);
  in.read(head.data(), 4);
  if (in.gcount() != 4) return file;
  file.format = frame_format(head);
  if (file.format) {
    file.size = size;
    file.head = std::move(head);
  }
  return file;
}

std::int64_t FrameFormat::frame_index(std::int64_t offset_ms) const {
  return static_cast<std::int64_t>(
      std::floor(static_cast<double>(offset_ms) * sample_rate / (samples_per_frame * 1000.0)));
}

std::int64_t FrameFormat::frame_start_ms(std::int64_t index) const {
  return index * samples_per_frame * 1000 / sample_rate;
}

std::int64_t FrameFormat::frame_at_or_after(std::int64_t offset_ms) const {
  const std::int64_t per = static_cast<std::int64_t>(samples_per_frame) * 1000;
  return (offset_ms * sample_rate + per - 1) / per;
}

std::uint64_t FrameFormat::frame_byte(std::int64_t index) const {
  return static_cast<std::uint64_t>(index) * static_cast<std::uint64_t>(samples_per_frame) *
         static_cast<std::uint64_t>(bitrate_kbps) * 125U / static_cast<std::uint64_t>(sample_rate);
}

std::optional<FrameFormat> frame_format(std::string_view frame) {
  auto header = stream::parse_mp3_frame_header(frame);
  if (!header) return std::nullopt;
  return FrameFormat{header->sample_rate, header->samples, header->bitrate_kbps};
}

std::string silent_frame_like(std::string_view frame, bool padded) {
  if (frame.size() < 4) return {};
  std::string header(frame.substr(0, 4));
  header[1] = static_cast<char>(static_cast<unsigned char>(header[1]) | 0x01U);  // no CRC follows
  const auto b2 = static_cast<unsigned char>(header[2]);
  header[2] = static_cast<char>(padded ? (b2 | 0x02U) : (b2 & ~0x02U));
  auto parsed = stream::parse_mp3_frame_header(header);
  if (!parsed) return {};
  std::string silent(parsed->length, '\0');
  silent.replace(0, 4, header);
  return silent;
}

WholeFrames whole_frames(std::string_view bytes) {
  auto frames = stream::split_mp3_frames(bytes);
  if (frames.empty()) return {};
  return {frames.back().offset + frames.back().length, static_cast<std::int64_t>(frames.size())};
}

std::uint64_t frame_boundary_at_or_after(const std::filesystem::path& file, std::uint64_t approx,
                                         std::uint64_t file_size) {
  if (approx >= file_size) return file_size;
  constexpr std::uint64_t window = 4096;
  std::ifstream in(file, std::ios::binary);
  std::vector<char> buffer(static_cast<std::size_t>(std::min(window, file_size - approx)));
  in.seekg(static_cast<std::streamoff>(approx));
  in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
  const std::string_view data(buffer.data(), static_cast<std::size_t>(in.gcount()));
  for (std::size_t pos = 0; pos + 4 <= data.size(); ++pos) {
    auto header = stream::parse_mp3_frame_header(data.substr(pos));
    if (!header) continue;
    const std::uint64_t next = approx + pos + header->length;
    if (next == file_size) return approx + pos;
    const std::size_t local_next = pos + header->length;
    if (local_next + 4 <= data.size() && stream::parse_mp3_frame_header(data.substr(local_next))) return approx + pos;
  }
  return file_size;
}

}  // namespace ether::recording
