#include "recording/recordings.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <utility>

#include "http/range.hpp"
#include "recording/hour_files.hpp"

namespace ether::recording {

namespace {

// The end of the last whole frame of a file cut short (a crash, a full disk, a truncation).
std::uint64_t whole_frames_end(const std::filesystem::path& path, std::uint64_t size) {
  constexpr std::uint64_t kTail = 8192;
  const auto start = frame_boundary_at_or_after(path, size > kTail ? size - kTail : 0, size);
  if (start >= size) return start;
  std::string tail(static_cast<std::size_t>(size - start), '\0');
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(start));
  in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  tail.resize(static_cast<std::size_t>(in.gcount()));
  return start + whole_frames(tail).end;
}

// Bytes [first, first + length) of a silent slice's hour of silent frames.
void append_silence(std::string& out, const Slice& slice, std::uint64_t first, std::uint64_t length) {
  const auto format = frame_format(slice.silence);
  if (!format) return;
  const auto plain = slice.silence;
  const auto padded = silent_frame_like(slice.silence, true);
  const std::uint64_t position = slice.offset + first;
  const double frame_bytes = format->bytes_per_second() * format->frame_seconds();
  auto k = static_cast<std::int64_t>(static_cast<double>(position) / frame_bytes);
  while (k > 0 && format->frame_byte(k) > position) --k;
  while (format->frame_byte(k + 1) <= position) ++k;
  std::uint64_t skip = position - format->frame_byte(k);
  while (length > 0) {
    const auto size = format->frame_byte(k + 1) - format->frame_byte(k);
    const std::string& frame = size > plain.size() ? padded : plain;
    const auto take = std::min<std::uint64_t>(length, frame.size() - skip);
    out.append(frame, static_cast<std::size_t>(skip), static_cast<std::size_t>(take));
    length -= take;
    skip = 0;
    ++k;
  }
}

}  // namespace

std::vector<std::pair<std::int64_t, std::int64_t>> gap_seconds(const Recording& recording) {
  std::vector<std::pair<std::int64_t, std::int64_t>> gaps;
  gaps.reserve(recording.gaps.size());
  for (const auto& gap : recording.gaps) {
    const auto from = gap.from_ms >= 0 ? gap.from_ms / 1000 : -((-gap.from_ms + 999) / 1000);
    const auto until = gap.until_ms >= 0 ? (gap.until_ms + 999) / 1000 : -(-gap.until_ms / 1000);
    gaps.emplace_back(from, until);
  }
  return gaps;
}

RecordingLibrary::RecordingLibrary(std::filesystem::path root) : root_(std::move(root)) {}

std::optional<Recording> RecordingLibrary::find(std::string_view channel, std::int64_t from_s, std::int64_t until_s,
                                                double slack_seconds) const {
  if (until_s <= from_s || channel.empty() || channel.find('/') != std::string_view::npos || channel[0] == '.') {
    return std::nullopt;
  }
  const std::int64_t from_ms = from_s * 1000;
  const std::int64_t until_ms = until_s * 1000;
  std::vector<HourFile> files;
  std::string like;  // a frame header of the recording, for the silence of its gaps
  for (auto hour = hour_of(from_ms); hour * kHourMs < until_ms; ++hour) {
    files.push_back(look_at_hour_file(root_, channel, hour));
    if (like.empty() && files.back().format) like = files.back().head;
  }
  // No hour holds audio: there is no recording (rather than one of silence).
  if (like.empty()) return std::nullopt;
  const auto gap_format = *frame_format(like);
  const auto silence = silent_frame_like(like);

  Recording recording;
  bool audio = false;  // whether a slice of an hour file holds part of the range
  std::string descriptor(channel);
  const auto add = [&](Slice slice, double bytes_per_second, const std::string& name) {
    if (slice.length == 0) return;
    recording.size += slice.length;
    recording.duration_seconds += static_cast<double>(slice.length) / bytes_per_second;
    // Appended piece by piece: GCC 12 warns (falsely, -Wrestrict) about a chain of operator+.
    descriptor.append("|").append(name).append(":").append(std::to_string(slice.offset));
    descriptor.append(":").append(std::to_string(slice.offset + slice.length));
    recording.slices.push_back(std::move(slice));
  };
  // The silent frames of an hour from `from_offset_ms` to `until_offset_ms`, named as a gap.
  const auto add_gap = [&](const HourFile& file, std::int64_t from_offset_ms, std::int64_t until_offset_ms) {
    const auto first = gap_format.frame_at_or_after(from_offset_ms);
    const auto last = gap_format.frame_at_or_after(until_offset_ms);
    if (last <= first) return;
    const auto offset = gap_format.frame_byte(first);
    add(Slice{{}, offset, gap_format.frame_byte(last) - offset, silence}, gap_format.bytes_per_second(),
        "gap-" + hour_file_stem(file.hour));
    const Gap gap{file.hour * kHourMs + from_offset_ms, file.hour * kHourMs + until_offset_ms};
    if (!recording.gaps.empty() && recording.gaps.back().until_ms >= gap.from_ms) {
      recording.gaps.back().until_ms = gap.until_ms;
    } else {
      recording.gaps.push_back(gap);
    }
  };

  for (const auto& file : files) {
    const std::int64_t start_ms = std::max(from_ms, file.hour * kHourMs) - file.hour * kHourMs;
    const std::int64_t end_ms = std::min(until_ms, (file.hour + 1) * kHourMs) - file.hour * kHourMs;
    if (!file.format) {
      add_gap(file, start_ms, end_ms);
      continue;
    }
    // Files are time-aligned and keep their average frame size, so bytes are proportional to time.
    const auto& format = *file.format;
    const double bps = format.bytes_per_second();
    const double start_s = static_cast<double>(start_ms) / 1000.0;
    const double end_s = static_cast<double>(end_ms) / 1000.0;
    const double covered_s = static_cast<double>(file.size) / bps;
    const bool short_file = covered_s + slack_seconds < end_s;
    const auto first =
        frame_boundary_at_or_after(file.path, static_cast<std::uint64_t>(std::llround(start_s * bps)), file.size);
    std::uint64_t last = 0;
    if (short_file) {
      last = whole_frames_end(file.path, file.size);
    } else {
      last = end_s >= 3600.0 ? file.size
                             : frame_boundary_at_or_after(
                                   file.path, static_cast<std::uint64_t>(std::llround(end_s * bps)), file.size);
    }
    if (last > first) {
      add(Slice{file.path, first, last - first, {}}, bps, file.path.filename().string());
      audio = true;
    }
    if (short_file) {
      // The rest of the hour, from the end of its last whole frame: the frames are time-aligned.
      const auto frames = std::llround(static_cast<double>(last) / (bps * format.frame_seconds()));
      add_gap(file, std::max(start_ms, format.frame_start_ms(frames)), end_ms);
    }
  }
  // Silence alone is no recording: none of the range's own audio is on the disk.
  if (!audio) return std::nullopt;
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
      if (!slice.silence.empty()) {
        append_silence(out, slice, skip, take);
      } else {
        std::ifstream in(slice.file, std::ios::binary);
        in.seekg(static_cast<std::streamoff>(slice.offset + skip));
        const auto before = out.size();
        out.resize(before + static_cast<std::size_t>(take));
        in.read(out.data() + before, static_cast<std::streamsize>(take));
        out.resize(before + static_cast<std::size_t>(in.gcount()));
        if (static_cast<std::uint64_t>(in.gcount()) < take) break;
      }
      first += take;
      length -= take;
    }
    position = slice_end;
  }
  return out;
}

}  // namespace ether::recording
