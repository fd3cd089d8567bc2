#pragma once
// The on-disk layout of recordings: one MP3 file per channel and UTC hour,
// `<root>/<channel>/<yyyy-mm-ddTHH>.mp3`, holding whole frames of one constant-bit-rate format.
// Files are time-aligned: frame k of an hour file starts k frame durations after the hour, so a
// time offset maps to a byte offset (the logger fills a gap with silent frames to keep this true).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ether::recording {

inline constexpr std::int64_t kHourMs = 3'600'000;

/// The UTC hour (hours since the Unix epoch) that contains `unix_ms`.
std::int64_t hour_of(std::int64_t unix_ms);
/// "2026-11-21T09" for an hour index.
std::string hour_file_stem(std::int64_t hour);
/// The hour index of a file name "2026-11-21T09.mp3"; nullopt for any other name.
std::optional<std::int64_t> parse_hour_file_name(std::string_view name);
/// `<root>/<channel>/<stem>.mp3`.
std::filesystem::path hour_file_path(const std::filesystem::path& root, std::string_view channel, std::int64_t hour);

/// The constant format of a recording, read from a frame header rather than assumed.
struct FrameFormat {
  int sample_rate = 0;
  int samples_per_frame = 0;
  int bitrate_kbps = 0;
  /// Bytes per second of audio (bit rate / 8).
  [[nodiscard]] double bytes_per_second() const { return bitrate_kbps * 1000.0 / 8.0; }
  /// Seconds per frame.
  [[nodiscard]] double frame_seconds() const { return static_cast<double>(samples_per_frame) / sample_rate; }
  /// The slot of a frame that starts `offset_ms` after the hour: frame k starts in
  /// [k, k + 1) frame durations.
  [[nodiscard]] std::int64_t frame_index(std::int64_t offset_ms) const;
  /// Milliseconds from the hour to the start of frame `index`.
  [[nodiscard]] std::int64_t frame_start_ms(std::int64_t index) const;
  /// The first frame of an hour that starts at or after `offset_ms` from the hour.
  [[nodiscard]] std::int64_t frame_at_or_after(std::int64_t offset_ms) const;
  /// Where frame `index` of an hour file starts, in bytes: floor(index * frame bytes), exactly, as
  /// the logger keeps its files (bytes proportional to time).
  [[nodiscard]] std::uint64_t frame_byte(std::int64_t index) const;
};

/// The format of the MP3 frame at the start of `frame`; nullopt when it is not a Layer III frame.
std::optional<FrameFormat> frame_format(std::string_view frame);

/// A frame of digital silence in the format of `frame` (same header without CRC, with or without
/// the padding byte, zero side information and main data, which every decoder plays as silence).
std::string silent_frame_like(std::string_view frame, bool padded = false);

/// An hour file as found on the disk: its size and, when it starts with a frame, its format.
struct HourFile {
  std::int64_t hour = 0;
  std::filesystem::path path;
  std::uint64_t size = 0;  // 0 unless it starts with a frame
  std::string head;        // the first frame header, when the file starts with one
  std::optional<FrameFormat> format;
};
/// Looks at `<root>/<channel>/<hour>.mp3` (its size and first frame header only).
HourFile look_at_hour_file(const std::filesystem::path& root, std::string_view channel, std::int64_t hour);

/// The end of the last whole frame of an MP3 file's bytes and the number of frames before it.
struct WholeFrames {
  std::uint64_t end = 0;
  std::int64_t count = 0;
};
WholeFrames whole_frames(std::string_view bytes);

/// The first frame boundary at or after `approx` in `file` (a frame header followed by another or
/// by the end of the file), searching a few frames on; the file size when none is found.
std::uint64_t frame_boundary_at_or_after(const std::filesystem::path& file, std::uint64_t approx,
                                         std::uint64_t file_size);

}  // namespace ether::recording
