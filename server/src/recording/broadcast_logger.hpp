#pragma once
// The broadcast logger: records each own channel's live output (the exact MP3 frames the live
// origin sends) into hourly, time-aligned files (recording/hour_files.hpp), prunes files older than
// the retention, and at start reconstructs recent hours that were not recorded from the play log
// and the same frames the origin would have sent. Disk work runs on the logger's own thread, so the
// origin never waits for the disk. A channel whose writes fail (a full or failing disk) is closed
// and marked failing; the logger retries it with backoff and, once writing works again, rebuilds
// the gap as it does at start. Other channels keep recording meanwhile.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "recording/hour_files.hpp"
#include "stream/channel_clock.hpp"
#include "stream/live_origin.hpp"

namespace ether::recording {

struct LoggerOptions {
  std::filesystem::path root;  // ETHER_RECORDINGS_DIR, by default <data dir>/recordings
  int retention_days = 2;
  int backfill_hours = 6;
  /// The first retry of a failing channel comes this long after the failure; each failed retry
  /// doubles the wait up to `retry_max_ms`.
  std::int64_t retry_min_ms = 1000;
  std::int64_t retry_max_ms = 8000;
  /// Unix ms now; the system clock when empty (tests pass their own).
  std::function<std::int64_t()> clock;
};

/// A channel whose recording is failing: since when (unix ms) and the last error.
struct FailingChannel {
  std::string channel;
  std::int64_t since_ms = 0;
  std::string error;
};

/// Time ranges (unix ms) of a channel worth rebuilding at start, e.g. its last ended broadcasts.
using BackfillRanges =
    std::function<std::vector<std::pair<std::int64_t, std::int64_t>>(const std::string& channel, std::int64_t now_ms)>;

class BroadcastLogger {
 public:
  /// `schedule` and `media_dir` are what the live origin plays from, for the backfill.
  BroadcastLogger(LoggerOptions options, std::vector<std::string> channels, stream::ChannelSchedule schedule,
                  std::string media_dir);
  ~BroadcastLogger();
  BroadcastLogger(const BroadcastLogger&) = delete;
  BroadcastLogger& operator=(const BroadcastLogger&) = delete;

  /// What the backfill rebuilds besides the current hour: these ranges of each channel (each at
  /// most `backfill_hours` long, widened to whole hours up to now) instead of the last
  /// `backfill_hours` hours. Set before start().
  void set_backfill_ranges(BackfillRanges ranges) { backfill_ranges_ = std::move(ranges); }
  /// Files whose path starts with `prefix` are read from `dir`, as the live origin reads them; call before start().
  void add_media_root(std::string prefix, std::filesystem::path dir) {
    files_.add_root(std::move(prefix), std::move(dir));
  }

  /// Queues a chunk of whole frames of `channel` whose first frame started at `start_ms` (the live
  /// origin's chunk sink). Cheap; the thread writes it.
  void submit(const std::string& channel, std::int64_t start_ms, std::string_view bytes);

  /// Starts the thread: backfill up to `now_ms`, then the queued chunks, pruning now and then.
  void start(std::int64_t now_ms);
  void stop();

  /// The channels whose recording is failing now, in channel order; empty when all record.
  /// Safe to call from any thread.
  [[nodiscard]] std::vector<FailingChannel> failing_channels() const;

  // The steps the thread takes, public for tests (call them with the thread stopped).

  /// Writes the frames of a chunk into the hour files. Frames that do not start after the file's
  /// last frame are skipped; a gap before a frame is filled with silent frames, so files stay
  /// time-aligned. Throws std::runtime_error when the disk refuses the bytes; the file is then cut
  /// back to the whole frames written before the chunk.
  void write_chunk(const std::string& channel, std::int64_t start_ms, std::string_view bytes);
  /// Reconstructs, for every channel, the current hour up to `now_ms` and the backfill ranges (or
  /// the last `backfill_hours` hours), from where the files end; nothing when backfill_hours is 0.
  /// Returns the number of frames written.
  std::int64_t backfill(std::int64_t now_ms);
  /// Deletes hour files that ended more than `retention_days` before `now_ms`; returns how many.
  int prune(std::int64_t now_ms);
  /// Closes the open files.
  void close_files();

 private:
  // An hour file opened for appending through its descriptor, so that a short write can be undone
  // (truncated back) rather than left as half a frame the next reopen has to find.
  class AppendFile {
   public:
    AppendFile() = default;
    ~AppendFile() { close(); }
    AppendFile(AppendFile&& other) noexcept;
    AppendFile& operator=(AppendFile&& other) noexcept;
    AppendFile(const AppendFile&) = delete;
    AppendFile& operator=(const AppendFile&) = delete;
    void open(const std::filesystem::path& path);
    void append(std::string_view bytes);
    void truncate(std::uint64_t size) const;
    [[nodiscard]] bool is_open() const { return fd_ >= 0; }
    void close();

   private:
    int fd_ = -1;
    std::string path_;
  };
  struct Open {
    std::int64_t hour = 0;
    AppendFile out;
    std::string pending;        // bytes of the current chunk not yet written
    std::uint64_t written = 0;  // bytes in the file
    std::int64_t frames = 0;
    std::uint64_t bytes = 0;                    // written + pending
    std::optional<std::int64_t> last_start_ms;  // of the last frame this process wrote
    std::optional<FrameFormat> format;
    std::string silence;
    std::string padded_silence;
  };
  struct Pending {
    std::string channel;
    std::int64_t start_ms = 0;
    std::string bytes;
  };
  // The failure state of a channel, changed on the logger's thread only.
  struct Health {
    bool failing = false;          // chunks are dropped until retry_at_ms
    std::int64_t since_ms = 0;     // when the current failure began; 0: not failing
    std::int64_t gap_from_ms = 0;  // the start of the first audio not written
    std::int64_t retry_at_ms = 0;  // the next attempt to write
    std::int64_t backoff_ms = 0;   // the wait after the next failed attempt
    std::int64_t next_log_ms = 0;  // no log line before this
    std::int64_t dropped = 0;      // chunks dropped since the last log line
    std::string error;
  };
  void rebuild(const std::string& channel, std::int64_t from_ms, std::int64_t until_ms);
  void backfill_channel(const std::string& channel, std::int64_t now_ms);
  Open& open_hour(const std::string& channel, std::int64_t hour);
  static void commit(Open& open);
  void write_frame(const std::string& channel, std::int64_t start_ms, std::string_view frame);
  void run(const std::stop_token& stop, std::int64_t now_ms);
  [[nodiscard]] std::int64_t now_ms() const;
  void record(const std::string& channel, std::int64_t start_ms, std::string_view bytes);
  void retry(const std::string& channel, Health& health);
  void fail(const std::string& channel, const std::exception& error, std::int64_t gap_from_ms);
  void publish_health();

  LoggerOptions options_;
  std::vector<std::string> channels_;
  stream::ChannelSchedule schedule_;
  BackfillRanges backfill_ranges_;
  stream::FramedFileCache files_;
  std::map<std::string, Open, std::less<>> open_;
  std::int64_t frames_written_ = 0;
  std::map<std::string, Health, std::less<>> health_;
  mutable std::mutex failing_mutex_;
  std::vector<FailingChannel> failing_;  // a copy of health_'s failures for other threads
  std::mutex queue_mutex_;
  std::condition_variable_any queue_ready_;
  std::deque<Pending> queue_;
  std::jthread thread_;
};

}  // namespace ether::recording
