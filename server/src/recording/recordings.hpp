#pragma once
// Reading recordings back: the part of a channel's hour files (recording/hour_files.hpp) that holds
// a time range, as one seekable MP3 made of slices that each start and end on a frame boundary.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::recording {

/// Bytes [offset, offset + length) of one hour file.
struct Slice {
  std::filesystem::path file;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

/// A time range as recorded: its slices in order, their total size and playing time.
struct Recording {
  std::vector<Slice> slices;
  std::uint64_t size = 0;
  double duration_seconds = 0;
  std::string etag;  // strong, changes whenever a slice does
};

class RecordingLibrary {
 public:
  /// `root` is <data dir>/recordings.
  explicit RecordingLibrary(std::filesystem::path root);

  /// The recording of `channel` from `from_s` to `until_s` (unix seconds), or nullopt unless the
  /// hour files cover the whole range (up to `slack_seconds` short at its end, for the disk lag).
  [[nodiscard]] std::optional<Recording> find(std::string_view channel, std::int64_t from_s, std::int64_t until_s,
                                              double slack_seconds = 3) const;

  /// Bytes [first, first + length) of a recording, read from its files (shorter if a file shrank).
  [[nodiscard]] static std::string read(const Recording& recording, std::uint64_t first, std::uint64_t length);

  [[nodiscard]] const std::filesystem::path& root() const { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace ether::recording
