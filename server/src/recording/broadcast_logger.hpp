#pragma once
// The broadcast logger: records each own channel's live output (the exact MP3 frames the live
// origin sends) into hourly, time-aligned files (recording/hour_files.hpp), prunes files older than
// the retention, and at start reconstructs recent hours that were not recorded from the play log
// and the same frames the origin would have sent. Disk work runs on the logger's own thread, so the
// origin never waits for the disk.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
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
  std::filesystem::path root;  // <data dir>/recordings
  int retention_days = 2;
  int backfill_hours = 6;
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
  /// most `backfill_hours` long) instead of the last `backfill_hours` hours. Set before start().
  void set_backfill_ranges(BackfillRanges ranges) { backfill_ranges_ = std::move(ranges); }

  /// Queues a chunk of whole frames of `channel` whose first frame started at `start_ms` (the live
  /// origin's chunk sink). Cheap; the thread writes it.
  void submit(const std::string& channel, std::int64_t start_ms, std::string_view bytes);

  /// Starts the thread: backfill up to `now_ms`, then the queued chunks, pruning now and then.
  void start(std::int64_t now_ms);
  void stop();

  // The steps the thread takes, public for tests (call them with the thread stopped).

  /// Writes the frames of a chunk into the hour files. Frames that do not start after the file's
  /// last frame are skipped; a gap before a frame is filled with silent frames, so files stay
  /// time-aligned.
  void write_chunk(const std::string& channel, std::int64_t start_ms, std::string_view bytes);
  /// Reconstructs, for every channel, the current hour up to `now_ms` and the backfill ranges (or
  /// the last `backfill_hours` hours), from where the files end; nothing when backfill_hours is 0.
  /// Returns the number of frames written.
  std::int64_t backfill(std::int64_t now_ms);
  /// Deletes hour files that ended more than `retention_days` before `now_ms`; returns how many.
  int prune(std::int64_t now_ms);
  /// Flushes and closes the open files.
  void close_files();

 private:
  struct Open {
    std::int64_t hour = 0;
    std::ofstream out;
    std::int64_t frames = 0;
    std::uint64_t bytes = 0;
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
  void rebuild(const std::string& channel, std::int64_t from_ms, std::int64_t until_ms);
  Open& open_hour(const std::string& channel, std::int64_t hour);
  void write_frame(const std::string& channel, std::int64_t start_ms, std::string_view frame);
  void run(const std::stop_token& stop, std::int64_t now_ms);

  LoggerOptions options_;
  std::vector<std::string> channels_;
  stream::ChannelSchedule schedule_;
  BackfillRanges backfill_ranges_;
  stream::FramedFileCache files_;
  std::map<std::string, Open, std::less<>> open_;
  std::int64_t frames_written_ = 0;
  std::mutex queue_mutex_;
  std::condition_variable_any queue_ready_;
  std::deque<Pending> queue_;
  std::jthread thread_;
};

}  // namespace ether::recording
