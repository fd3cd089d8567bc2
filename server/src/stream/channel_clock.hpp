#pragma once
// One channel's broadcast clock: follows the playout's schedule (which song plays from when) and
// feeds the channel's BroadcastRing with that song's MP3 frames at real-time pace, so every
// listener hears the same moment and the stream title changes exactly when the track play does.
// Where there is no audio to send (a file that broke after it was scheduled, a file that ends
// before its slot, nothing scheduled for longer than the playout may be late), it sends frames of
// silence in the channel's format: a listener is never left without bytes, nor dropped.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reporting/log_limiter.hpp"
#include "stream/broadcast_ring.hpp"
#include "stream/live_feed.hpp"
#include "stream/mp3_frames.hpp"

namespace ether::stream {

/// What the schedule says plays at an instant: a file from `starts_at_ms` until `ends_at_ms`, or,
/// with `dead_air`, that nothing can be played then (no song of the rotation is playable), so the
/// clock sends silence at once instead of waiting for a play that is recorded late.
struct ScheduledAudio {
  std::string audio_path;  // relative to the media directory
  std::int64_t starts_at_ms = 0;
  std::int64_t ends_at_ms = 0;
  std::string title;  // "Artist - Title"
  bool dead_air = false;
};

/// Told, on the clock's thread, of a scheduled file that cannot be played: found when it is read
/// ahead (before its turn) or when its turn comes (`at_ms` the instant it was due or found).
using UnplayableListener = std::function<void(const ScheduledAudio& audio, std::int64_t at_ms)>;

/// The schedule of one channel: what plays at an instant (unix ms), if anything.
using ScheduleLookup = std::function<std::optional<ScheduledAudio>(std::int64_t at_ms)>;

/// Receives each chunk the clock produces: the unix ms at which its first frame starts, and its
/// whole frames (the same bytes the ring gets).
using ChunkSink = std::function<void(std::int64_t start_ms, std::string_view bytes)>;

/// An MP3 file cut into frames, loaded once and shared by every clock playing it at the same time.
struct FramedFile {
  std::string bytes;
  std::vector<Mp3Frame> frames;
  int bitrate_kbps = 0;  // of the first frame; the demo media are constant bit rate
};

/// Loads media files by relative path; thread-safe. A file stays in memory while a clock plays it
/// (it holds the pointer get() returned) and is read again when it next plays, so a station's
/// memory does not grow with every song it has ever played.
///
/// A file that is missing, unreadable or holds no MP3 frames is logged once and kept in a set of
/// broken files, with the size and modification time it had: it is not read again (nor logged)
/// until it changes, so a clock asking for it ten times a second costs a stat.
class FramedFileCache {
 public:
  explicit FramedFileCache(std::string media_dir);
  /// Paths that start with `prefix` are read from `dir` (the rest of the path), not from the media
  /// directory; call before any get().
  void add_root(std::string prefix, std::filesystem::path dir);
  /// The file cut into frames, or nullptr when it cannot be read or has no frames.
  std::shared_ptr<const FramedFile> get(const std::string& relative_path);
  /// How long the file plays (its frames' duration, ms), or nullopt when it is broken. Remembered
  /// per size and modification time. A file that plays more than a couple of seconds less than
  /// `expected_ms` (truncated) is logged once.
  std::optional<std::int64_t> playable_ms(const std::string& relative_path, std::int64_t expected_ms = 0);
  /// The files found broken (relative paths) and why, as they are now.
  [[nodiscard]] std::map<std::string, std::string> broken_files();
  /// The bit rate of the first file loaded (0 before any), for the icy-br header.
  [[nodiscard]] int bitrate_kbps();

 private:
  /// What a stat says of a file; a change of either means it is looked at again.
  struct Stamp {
    std::int64_t size = -1;
    std::int64_t modified = 0;
    bool operator==(const Stamp&) const = default;
  };
  struct Known {
    Stamp stamp;
    std::optional<std::int64_t> duration_ms;  // nullopt: broken
    std::string problem;
    bool short_logged = false;
  };
  [[nodiscard]] std::filesystem::path path_of(const std::string& relative_path) const;
  static Stamp stamp_of(const std::filesystem::path& path);
  std::shared_ptr<const FramedFile> load(const std::string& relative_path, const Stamp& stamp);

  std::string media_dir_;
  std::vector<std::pair<std::string, std::filesystem::path>> roots_;
  std::mutex mutex_;
  std::map<std::string, std::weak_ptr<const FramedFile>, std::less<>> files_;
  std::map<std::string, Known, std::less<>> known_;
  reporting::LogLimiter log_limiter_;
  int bitrate_kbps_ = 0;
};

class ChannelClock {
 public:
  /// `ring` receives the audio; chunks group the frames of about `chunk_ms` of audio.
  ChannelClock(ScheduleLookup schedule, FramedFileCache& files, BroadcastRing& ring, std::int64_t chunk_ms = 100);

  /// Produces every frame whose start lies before `now_ms`. The first call starts `backlog_ms` in
  /// the past, so a listener arriving at once still gets a burst.
  void advance_to(std::int64_t now_ms, std::int64_t backlog_ms = 15'000);

  /// Also hands every chunk to `sink` (e.g. the broadcast logger); set before the first advance.
  void set_chunk_sink(ChunkSink sink) { sink_ = std::move(sink); }
  /// Plays `feed`'s frames instead of the schedule's while a live source is on air (see
  /// stream/live_feed.hpp); set before the first advance.
  void set_live_feed(std::shared_ptr<LiveFeed> feed) { live_ = std::move(feed); }

  /// Asked for each chunk with the instant of its first frame: a title that replaces the
  /// schedule's (an external playout's now-playing), or nullopt to keep it. Set before the first
  /// advance; called on the clock's thread, so it must answer from memory.
  void set_title_override(std::function<std::optional<std::string>(std::int64_t at_ms)> title_override) {
    title_override_ = std::move(title_override);
  }

  /// Told of each scheduled file that cannot be played, once per scheduled play; set before the
  /// first advance.
  void set_unplayable_listener(UnplayableListener listener) { unplayable_ = std::move(listener); }

  /// The stream time up to which audio has been produced (unix ms).
  [[nodiscard]] std::int64_t produced_until_ms() const { return stream_ms_; }

 private:
  bool start_segment(std::int64_t at_ms);
  /// Appends one frame of silence to `chunk`, moving the stream time on by its duration.
  void append_silence(std::string& chunk);
  /// Loads the file of the play after the current one, so that its bytes are in memory when its
  /// turn comes (a file that breaks meanwhile still plays whole) and a broken one is told before.
  void read_ahead();
  /// Tells the listener of `audio`, unless it was told of that play already.
  void tell_unplayable(const ScheduledAudio& audio, std::int64_t at_ms);

  ScheduleLookup schedule_;
  FramedFileCache& files_;
  BroadcastRing& ring_;
  ChunkSink sink_;
  std::function<std::optional<std::string>(std::int64_t at_ms)> title_override_;
  std::int64_t chunk_ms_;
  bool started_ = false;
  std::int64_t stream_ms_ = 0;       // wall-clock instant of the next frame's start
  std::int64_t stream_us_rest_ = 0;  // sub-millisecond remainder, so frame timing does not drift
  std::optional<ScheduledAudio> segment_;
  std::shared_ptr<const FramedFile> file_;
  std::size_t next_frame_ = 0;
  std::optional<ScheduledAudio> ahead_;  // the play read ahead
  std::shared_ptr<const FramedFile> ahead_file_;
  UnplayableListener unplayable_;
  std::optional<std::pair<std::string, std::int64_t>> told_;  // path and start of the last play told
  std::string silence_ = silent_mp3_frame();                  // in the format of the last file played
  std::int64_t silence_us_ = 0;
  bool silent_ = false;  // the chunk being made holds silence
  std::shared_ptr<LiveFeed> live_;
  bool live_mode_ = false;  // the last frames came from the live feed
};

}  // namespace ether::stream
