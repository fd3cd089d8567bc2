#pragma once
// Reading recordings back: the part of a channel's hour files (recording/hour_files.hpp) that holds
// a time range, as one seekable MP3 made of slices that each start and end on a frame boundary.
// An hour whose file is missing, unreadable or cut short is a gap: it is served as silent frames
// (so that the recording stays time-aligned, a time offset still maps to a byte offset and the
// other hours play) and named in `gaps`, for the player to skip and announce.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ether::recording {

/// Bytes [offset, offset + length) of one hour file; or, when `silence` holds a silent frame, bytes
/// [offset, offset + length) of an hour of silent frames laid out as the logger lays out an hour
/// (frame k starts at byte floor(k * frame_bytes), padded where the average needs it).
struct Slice {
  std::filesystem::path file;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  std::string silence;  // empty: bytes of `file`
};

/// A part of a range that no hour file holds (unix ms, [from, until)).
struct Gap {
  std::int64_t from_ms = 0;
  std::int64_t until_ms = 0;
};

/// A time range as recorded: its slices in order, their total size and playing time (gaps
/// included, as silence), and the gaps in it, oldest first.
struct Recording {
  std::vector<Slice> slices;
  std::uint64_t size = 0;
  double duration_seconds = 0;
  std::string etag;  // strong, changes whenever a slice does
  std::vector<Gap> gaps;
};

/// The gaps of a recording in whole unix seconds ([from, until), widened to whole seconds).
std::vector<std::pair<std::int64_t, std::int64_t>> gap_seconds(const Recording& recording);

class RecordingLibrary {
 public:
  /// `root` is <data dir>/recordings.
  explicit RecordingLibrary(std::filesystem::path root);

  /// The recording of `channel` from `from_s` to `until_s` (unix seconds), or nullopt when no hour
  /// file of the range holds audio. The part of an hour that its file does not cover (a missing or
  /// unreadable file, one cut short by more than `slack_seconds`, the disk's lag) is a gap.
  [[nodiscard]] std::optional<Recording> find(std::string_view channel, std::int64_t from_s, std::int64_t until_s,
                                              double slack_seconds = 3) const;

  /// Bytes [first, first + length) of a recording, read from its files (shorter if a file shrank).
  [[nodiscard]] static std::string read(const Recording& recording, std::uint64_t first, std::uint64_t length);

  [[nodiscard]] const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace ether::recording
