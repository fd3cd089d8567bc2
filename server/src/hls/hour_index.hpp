#pragma once
// Where each segment of an hour file begins, found by walking the file's frames once: the logger
// writes frame k of an hour in slot k (recording/hour_files.hpp), but an encoder's padding varies
// from song to song, so a frame's byte offset is known only by counting the frames before it. The
// walk goes on from where it stopped as the live hour grows, and keeps one offset per segment.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "recording/hour_files.hpp"

namespace ether::hls {

class HourIndex {
 public:
  explicit HourIndex(std::filesystem::path file);

  /// Walks the frames written since the last call. Returns false when the file cannot be read or
  /// does not start with an MP3 frame.
  bool refresh();

  /// The file's format, once its first frame was read.
  [[nodiscard]] const std::optional<recording::FrameFormat>& format() const { return format_; }
  /// Whole frames on the disk at the last refresh.
  [[nodiscard]] std::int64_t frames() const { return frames_; }
  /// How many of the hour's segments are whole on the disk (their frames and the next one's start).
  [[nodiscard]] std::int64_t whole_segments() const {
    return boundaries_.empty() ? 0 : static_cast<std::int64_t>(boundaries_.size()) - 1;
  }
  /// Bytes [first, end) of segment `n` of the hour (0 to 599), when it is whole on the disk.
  [[nodiscard]] std::optional<std::pair<std::uint64_t, std::uint64_t>> segment_bytes(std::int64_t n) const;
  /// Where segment `n` begins when the walk has reached its first frame (also when the file ends
  /// inside it).
  [[nodiscard]] std::optional<std::uint64_t> segment_start(std::int64_t n) const;
  /// The end of the last whole frame.
  [[nodiscard]] std::uint64_t end() const { return scanned_; }
  [[nodiscard]] const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  std::optional<recording::FrameFormat> format_;
  std::uint64_t scanned_ = 0;  // the end of the last whole frame walked
  std::int64_t frames_ = 0;
  std::vector<std::uint64_t> boundaries_;  // offset of segment n's first frame, n = 0, 1, ...
};

}  // namespace ether::hls
