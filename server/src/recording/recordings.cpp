#include "recording/recordings.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "http/range.hpp"
#include "recording/hour_files.hpp"

namespace ether::recording {

RecordingLibrary::RecordingLibrary(std::filesystem::path root) : root_(std::move(root)) {}

std::optional<Recording> RecordingLibrary::find(std::string_view channel, std::int64_t from_s, std::int64_t until_s,
                                                double slack_seconds) const {
  if (until_s <= from_s || channel.empty() || channel.find('/') != std::string_view::npos || channel[0] == '.') {
    return std::nullopt;
  }
  const std::int64_t from_ms = from_s * 1000;
  const std::int64_t until_ms = until_s * 1000;
  Recording recording;
  std::string descriptor(channel);
  for (auto hour = hour_of(from_ms); hour * kHourMs < until_ms; ++hour) {
    const auto path = hour_file_path(root_, channel, hour);
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || size < 4) return std::nullopt;
    std::string head(4, '\0');
    {
      std::ifstream in(path, std::ios::binary);
      in.read(head.data(), 4);
      if (in.gcount() != 4) return std::nullopt;
    }
    const auto format = frame_format(head);
    if (!format) return std::nullopt;
    // Files are time-aligned and keep their average frame size, so bytes are proportional to time.
    const double bps = format->bytes_per_second();
    const double start_s = static_cast<double>(std::max(from_ms, hour * kHourMs) - hour * kHourMs) / 1000.0;
    const double end_s = static_cast<double>(std::min(until_ms, (hour + 1) * kHourMs) - hour * kHourMs) / 1000.0;
    const double covered_s = static_cast<double>(size) / bps;
    if (covered_s + slack_seconds < end_s) return std::nullopt;
    const auto first = frame_boundary_at_or_after(path, static_cast<std::uint64_t>(std::llround(start_s * bps)), size);
    const auto last =
        end_s >= 3600.0 ? size
                        : frame_boundary_at_or_after(path, static_cast<std::uint64_t>(std::llround(end_s * bps)), size);
    if (last <= first) continue;
    recording.slices.push_back({path, first, last - first});
    recording.size += last - first;
    recording.duration_seconds += static_cast<double>(last - first) / bps;
    // Appended piece by piece: GCC 12 warns (falsely, -Wrestrict) about a chain of operator+.
    descriptor.append("|").append(path.filename().string()).append(":").append(std::to_string(first));
    descriptor.append(":").append(std::to_string(last));
  }
  if (recording.slices.empty()) return std::nullopt;
  recording.etag = http::strong_etag(descriptor);
  return recording;
}

std::string RecordingLibrary::read(const Recording& recording, std::uint64_t first, std::uint64_t length) {
  std::string out;
  out.reserve(static_cast<std::size_t>(length));
  std::uint64_t position = 0;  // of the current slice's first byte within the recording
  for (const auto& slice : recording.slices) {
    if (length == 0) break;
    const auto slice_end = position + slice.length;
    if (first < slice_end) {
      const auto skip = first - position;
      const auto take = std::min(length, slice.length - skip);
      std::ifstream in(slice.file, std::ios::binary);
      in.seekg(static_cast<std::streamoff>(slice.offset + skip));
      const auto before = out.size();
      out.resize(before + static_cast<std::size_t>(take));
      in.read(out.data() + before, static_cast<std::streamsize>(take));
      out.resize(before + static_cast<std::size_t>(in.gcount()));
      if (static_cast<std::uint64_t>(in.gcount()) < take) break;
      first += take;
      length -= take;
    }
    position = slice_end;
  }
  return out;
}

}  // namespace ether::recording
