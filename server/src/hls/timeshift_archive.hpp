#pragma once
// The timeshift window of each channel, read from its recordings (recording/hour_files.hpp): where
// the window starts and where the live edge is, the segments that a playlist may list, and each
// segment's bytes (hls/packed_audio.hpp). Everything comes from the hour files, so every instance
// that shares the recordings directory, and every restart, agrees on them. Finished segments are
// kept in memory (least recently used first out) for the I/O threads to answer from.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hls/hour_index.hpp"
#include "hls/media_playlist.hpp"
#include "recording/hour_files.hpp"

namespace ether::hls {

struct ArchiveOptions {
  std::filesystem::path root;            // the recordings directory
  std::int64_t window_hours = 24;        // ETHER_TIMESHIFT_HOURS
  std::int64_t live_seconds = 15 * 60;   // the live playlist's length
  std::size_t cache_bytes = 64U << 20U;  // finished segments kept in memory
  /// An hour whose file ends before the hour does counts as finished (its missing frames served as
  /// silence) this long after its end: the logger's lag at most.
  std::int64_t finish_grace_ms = 30'000;
};

/// A channel's window at one instant: segments [start_s, edge_s) can be played.
struct Window {
  std::int64_t start_s = 0;
  std::int64_t edge_s = 0;  // the end of the newest finished segment
  recording::FrameFormat format;
  /// Whether the start moves on with the clock (the window's length limits it), or stays where
  /// the oldest recording or the start of the programme on air holds it.
  bool start_moves = true;
};

/// One segment's bytes, as every listener gets them.
struct Segment {
  std::string bytes;
  /// False when part of it is silence standing in for audio the disk lacks (an outage of the
  /// recorder): the logger may still rebuild it, so it is not cached as immutable.
  bool whole = true;
};

class TimeshiftArchive {
 public:
  explicit TimeshiftArchive(ArchiveOptions options);

  /// The window of `channel` at `now_ms`: from the configured hours back (or `reach_back_s`, e.g.
  /// the current programme's start, when earlier) but not before the oldest hour file, up to the
  /// live edge. nullopt when the channel has no recording in it. Reads the disk.
  [[nodiscard]] std::optional<Window> window(std::string_view channel, std::int64_t now_ms,
                                             std::optional<std::int64_t> reach_back_s = std::nullopt) const;

  /// The segments of `window` in [from_s, until_s), for a playlist.
  [[nodiscard]] static std::vector<PlaylistEntry> entries(const Window& window, std::int64_t from_s,
                                                          std::int64_t until_s);

  /// The segment starting at `start_s` when it is in memory (for the I/O threads); else null.
  [[nodiscard]] std::shared_ptr<const Segment> cached(std::string_view channel, std::int64_t start_s) const;
  /// The segment starting at `start_s`, read from the disk unless in memory; null when it is not
  /// in `window`. Reads the disk.
  [[nodiscard]] std::shared_ptr<const Segment> segment(std::string_view channel, const Window& window,
                                                       std::int64_t start_s) const;

  [[nodiscard]] const ArchiveOptions& options() const { return options_; }

 private:
  using Key = std::pair<std::string, std::int64_t>;
  void remember(Key key, const std::shared_ptr<const Segment>& segment) const;
  /// The index of an hour file, walked up to the file's end now; null when there is no such file.
  /// Called on workers only (it reads the disk under index_mutex_).
  [[nodiscard]] std::shared_ptr<const HourIndex> index(std::string_view channel, std::int64_t hour,
                                                       std::int64_t now_ms) const;

  ArchiveOptions options_;
  mutable std::mutex cache_mutex_;
  mutable std::list<Key> recent_;  // most recently used first
  struct Cached {
    std::shared_ptr<const Segment> segment;
    std::list<Key>::iterator place;
  };
  mutable std::map<Key, Cached, std::less<>> cache_;
  mutable std::size_t cached_bytes_ = 0;
  mutable std::mutex index_mutex_;
  mutable std::map<Key, std::shared_ptr<HourIndex>, std::less<>> indexes_;  // (channel, hour)
};

}  // namespace ether::hls
