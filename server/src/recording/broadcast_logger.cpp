#include "recording/broadcast_logger.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

#include "stream/broadcast_ring.hpp"
#include "stream/mp3_frames.hpp"

namespace ether::recording {
namespace {

constexpr std::size_t kMaxQueued = 10'000;
// A gap's silence goes to the file in pieces of this size: a server started at 17:58 fills its new
// hour files with 58 minutes of silent frames (28 MB for each of the demo's 7 channels), which as
// one growing string cost about 0.8 CPU-s of the start in copies and page faults.
constexpr std::size_t kSilenceFlushBytes = 256 * 1024;

std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string errno_text() { return std::generic_category().message(errno); }

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return std::move(out).str();
}

// Where the recording of `hour` ends, estimated from the file's size and bit rate (files keep
// bytes proportional to time); the hour's start when there is no file.
std::int64_t recorded_until_ms(const std::filesystem::path& path, std::int64_t hour) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size < 4) return hour * kHourMs;
  std::string head(4, '\0');
  std::ifstream(path, std::ios::binary).read(head.data(), 4);
  const auto format = frame_format(head);
  if (!format) return hour * kHourMs;
  return hour * kHourMs + static_cast<std::int64_t>(static_cast<double>(size) * 1000.0 / format->bytes_per_second());
}

}  // namespace

BroadcastLogger::AppendFile::AppendFile(AppendFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), path_(std::move(other.path_)) {}

BroadcastLogger::AppendFile& BroadcastLogger::AppendFile::operator=(AppendFile&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
    path_ = std::move(other.path_);
  }
  return *this;
}

void BroadcastLogger::AppendFile::open(const std::filesystem::path& path) {
  close();
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error("cannot open " + path.string() + ": " + errno_text());
  path_ = path.string();
}

void BroadcastLogger::AppendFile::append(std::string_view bytes) {
  while (!bytes.empty()) {
    const auto n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error("cannot write " + path_ + ": " + errno_text());
    if (n == 0) throw std::runtime_error("cannot write " + path_ + ": the file system took no bytes");
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

void BroadcastLogger::AppendFile::truncate(std::uint64_t size) const {
  // Best effort: when even this fails, the next open cuts the file back to whole frames.
  if (fd_ >= 0 && ::ftruncate(fd_, static_cast<off_t>(size)) != 0) {
    spdlog::debug("recording: cannot truncate {}: {}", path_, errno_text());
  }
}

void BroadcastLogger::AppendFile::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

BroadcastLogger::BroadcastLogger(LoggerOptions options, std::vector<std::string> channels,
                                 stream::ChannelSchedule schedule, std::string media_dir)
    : options_(std::move(options)),
      channels_(std::move(channels)),
      schedule_(std::move(schedule)),
      files_(std::move(media_dir)) {}

BroadcastLogger::~BroadcastLogger() { stop(); }

void BroadcastLogger::submit(const std::string& channel, std::int64_t start_ms, std::string_view bytes) {
  {
    std::lock_guard lock(queue_mutex_);
    // A stalled disk must not grow memory without end: the oldest audio is given up first.
    if (queue_.size() >= kMaxQueued) queue_.pop_front();
    queue_.push_back({channel, start_ms, std::string(bytes)});
  }
  queue_ready_.notify_one();
}

void BroadcastLogger::start(std::int64_t now_ms) {
  if (thread_.joinable()) return;
  thread_ = std::jthread([this, now_ms](const std::stop_token& stop) { run(stop, now_ms); });
}

void BroadcastLogger::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  queue_ready_.notify_all();
  thread_.join();
  close_files();
}

std::vector<FailingChannel> BroadcastLogger::failing_channels() const {
  std::lock_guard lock(failing_mutex_);
  return failing_;
}

std::int64_t BroadcastLogger::now_ms() const { return options_.clock ? options_.clock() : unix_ms_now(); }

void BroadcastLogger::run(const std::stop_token& stop, std::int64_t now_ms) {
  try {
    prune(now_ms);
  } catch (const std::exception& e) {
    spdlog::error("recording: pruning failed: {}", e.what());
  }
  if (options_.backfill_hours > 0) {
    const auto before = frames_written_;
    // Per channel, so that one channel's failing disk leaves the others' backfill whole.
    for (const auto& channel : channels_) {
      try {
        backfill_channel(channel, now_ms);
      } catch (const std::exception& e) {
        fail(channel, e, hour_of(now_ms) * kHourMs);
      }
    }
    spdlog::info("recording: reconstructed {} frames of the last {} hours", frames_written_ - before,
                 options_.backfill_hours);
  }
  publish_health();
  auto next_prune = this->now_ms() + 600'000;
  while (!stop.stop_requested()) {
    std::deque<Pending> batch;
    {
      std::unique_lock lock(queue_mutex_);
      queue_ready_.wait_for(lock, stop, std::chrono::seconds(1), [this] { return !queue_.empty(); });
      batch.swap(queue_);
    }
    const auto now = this->now_ms();
    for (auto& [channel, health] : health_) {
      if (health.failing && now >= health.retry_at_ms) retry(channel, health);
    }
    for (auto& chunk : batch) record(chunk.channel, chunk.start_ms, chunk.bytes);
    if (now >= next_prune) {
      try {
        prune(now);
      } catch (const std::exception& e) {
        spdlog::error("recording: pruning failed: {}", e.what());
      }
      next_prune = now + 600'000;
    }
    publish_health();
  }
}

void BroadcastLogger::record(const std::string& channel, std::int64_t start_ms, std::string_view bytes) {
  auto& health = health_[channel];
  if (health.failing) {
    // Given up, not queued: once the disk takes bytes again the gap is rebuilt from the schedule.
    ++health.dropped;
    return;
  }
  try {
    write_chunk(channel, start_ms, bytes);
  } catch (const std::exception& e) {
    fail(channel, e, start_ms);
    return;
  }
  if (health.since_ms != 0) {
    spdlog::info("recording: {} records again after {} s of failure", channel, (now_ms() - health.since_ms) / 1000);
    // The log budget carries over, so that a disk that flaps cannot log more than once a minute.
    const auto next_log_ms = health.next_log_ms;
    health = Health{};
    health.next_log_ms = next_log_ms;
  }
}

void BroadcastLogger::retry(const std::string& channel, Health& health) {
  try {
    if (options_.backfill_hours > 0) {
      // As after a restart: what the origin sent in the gap, from the schedule, time-aligned after
      // the frames the file holds.
      const auto now = now_ms();
      const auto from = std::max(health.gap_from_ms, now - std::int64_t{options_.backfill_hours} * kHourMs);
      rebuild(channel, from, now);
    }
    // Without a backfill, the next chunk reopens the file and fills the gap with silent frames.
    health.failing = false;
  } catch (const std::exception& e) {
    fail(channel, e, health.gap_from_ms);
  }
}

void BroadcastLogger::fail(const std::string& channel, const std::exception& error, std::int64_t gap_from_ms) {
  open_.erase(channel);
  auto& health = health_[channel];
  const auto now = now_ms();
  const bool first = health.since_ms == 0;
  if (first) {
    health.since_ms = now;
    health.gap_from_ms = gap_from_ms;
    health.backoff_ms = options_.retry_min_ms;
  }
  health.failing = true;
  health.error = error.what();
  health.retry_at_ms = now + health.backoff_ms;
  health.backoff_ms = std::min(health.backoff_ms * 2, options_.retry_max_ms);
  if (now < health.next_log_ms) return;
  // A full disk fails every chunk of every channel on it: one line a minute per channel says it.
  if (first) {
    spdlog::error("recording: {} stopped: {}; retrying with backoff", channel, health.error);
  } else {
    spdlog::error("recording: {} still failing after {} s ({} chunks given up): {}", channel,
                  (now - health.since_ms) / 1000, health.dropped, health.error);
  }
  health.next_log_ms = now + 60'000;
  health.dropped = 0;
}

void BroadcastLogger::publish_health() {
  std::vector<FailingChannel> failing;
  for (const auto& [channel, health] : health_) {
    if (health.since_ms != 0) failing.push_back({channel, health.since_ms, health.error});
  }
  std::lock_guard lock(failing_mutex_);
  failing_ = std::move(failing);
}

BroadcastLogger::Open& BroadcastLogger::open_hour(const std::string& channel, std::int64_t hour) {
  auto& open = open_[channel];
  if (open.out.is_open() && open.hour == hour) return open;
  if (open.out.is_open()) commit(open);
  open = Open{};
  open.hour = hour;
  const auto path = hour_file_path(options_.root, channel, hour);
  std::filesystem::create_directories(path.parent_path());
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    // After a crash or a full disk the file may end inside a frame: cut it back to whole frames.
    const auto bytes = read_file(path);
    const auto whole = whole_frames(bytes);
    if (whole.end < bytes.size()) std::filesystem::resize_file(path, whole.end);
    open.frames = whole.count;
    open.bytes = whole.end;
    open.written = whole.end;
    if (whole.count > 0) {
      open.format = frame_format(bytes);
      open.silence = silent_frame_like(bytes);
      open.padded_silence = silent_frame_like(bytes, true);
    }
  }
  open.out.open(path);
  return open;
}

void BroadcastLogger::commit(Open& open) {
  if (open.pending.empty()) return;
  try {
    open.out.append(open.pending);
  } catch (...) {
    // Half a chunk would leave half a frame: the file keeps only what was whole before it.
    open.out.truncate(open.written);
    throw;
  }
  open.written += open.pending.size();
  open.pending.clear();
}

void BroadcastLogger::write_frame(const std::string& channel, std::int64_t start_ms, std::string_view frame) {
  const auto hour = hour_of(start_ms);
  auto& open = open_hour(channel, hour);
  if (!open.format) {
    open.format = frame_format(frame);
    if (!open.format) return;
    open.silence = silent_frame_like(frame);
    open.padded_silence = silent_frame_like(frame, true);
  }
  // How many frame slots lie between the file's last frame and this one: none for a continuous
  // stream, more after a gap (filled with silence); a frame at or before the last one is audio
  // the file already holds (the origin's first chunks overlap the backfill; a restart resends).
  const double frame_ms = open.format->frame_seconds() * 1000.0;
  std::int64_t missing = 0;
  if (open.frames == 0) {
    missing = open.format->frame_index(start_ms - hour * kHourMs);
  } else {
    const auto last = open.last_start_ms.value_or(hour * kHourMs + open.format->frame_start_ms(open.frames - 1));
    const auto delta = static_cast<double>(start_ms - last);
    if (delta < frame_ms / 2) return;
    missing = std::llround(delta / frame_ms) - 1;
  }
  const double frame_bytes = open.format->bytes_per_second() * open.format->frame_seconds();
  for (; missing > 0; --missing) {
    // Padded where the average needs it, so that bytes stay proportional to time (readers map a
    // time offset to a byte offset by the bit rate).
    const bool padded =
        static_cast<double>(open.bytes + open.silence.size()) < static_cast<double>(open.frames + 1) * frame_bytes;
    const auto& silence = padded ? open.padded_silence : open.silence;
    open.pending.append(silence);
    ++open.frames;
    open.bytes += silence.size();
    // Whole frames only, so the file is valid wherever a later failure cuts it back to `written`.
    if (open.pending.size() >= kSilenceFlushBytes) commit(open);
  }
  open.pending.append(frame);
  ++open.frames;
  open.bytes += frame.size();
  open.last_start_ms = start_ms;
  ++frames_written_;
}

void BroadcastLogger::write_chunk(const std::string& channel, std::int64_t start_ms, std::string_view bytes) {
  try {
    std::int64_t at_us = start_ms * 1000;
    for (const auto& frame : stream::split_mp3_frames(bytes)) {
      write_frame(channel, at_us / 1000, bytes.substr(frame.offset, frame.length));
      at_us += frame.duration_us;
    }
    if (auto it = open_.find(channel); it != open_.end() && it->second.out.is_open()) commit(it->second);
  } catch (...) {
    // The counts of the open file no longer match the disk: the next write reopens it.
    if (auto it = open_.find(channel); it != open_.end()) {
      it->second.out.truncate(it->second.written);
      open_.erase(it);
    }
    throw;
  }
}

std::int64_t BroadcastLogger::backfill(std::int64_t now_ms) {
  if (options_.backfill_hours <= 0) return 0;
  const auto before = frames_written_;
  for (const auto& channel : channels_) backfill_channel(channel, now_ms);
  // The current hours stay open: the live chunks continue them from the last frame written.
  return frames_written_ - before;
}

void BroadcastLogger::backfill_channel(const std::string& channel, std::int64_t now_ms) {
  if (options_.backfill_hours <= 0) return;
  const auto current = hour_of(now_ms);
  std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
  if (backfill_ranges_) {
    for (auto [from, until] : backfill_ranges_(channel, now_ms)) {
      if (until > from && until - from <= std::int64_t{options_.backfill_hours} * kHourMs && until <= now_ms) {
        // Whole hours: a range rebuilt from the middle of an hour would leave the file silent up to
        // its first frame (files are time-aligned), and that silence would count as recorded.
        ranges.emplace_back(hour_of(from) * kHourMs, std::min(now_ms, (hour_of(until - 1) + 1) * kHourMs));
      }
    }
  } else {
    ranges.emplace_back((current - options_.backfill_hours) * kHourMs, now_ms);
  }
  ranges.emplace_back(current * kHourMs, now_ms);
  std::sort(ranges.begin(), ranges.end());
  for (auto [from, until] : ranges) rebuild(channel, from, until);
}

void BroadcastLogger::rebuild(const std::string& channel, std::int64_t from_ms, std::int64_t until_ms) {
  // From the earliest moment of the range that no file holds yet to its end, in one run of the
  // clock so that it continues across the hours as the origin does; what a file already holds is
  // skipped by write_frame.
  std::optional<std::int64_t> start_ms;
  for (auto hour = hour_of(from_ms); hour * kHourMs < until_ms && !start_ms; ++hour) {
    const auto until = std::min((hour + 1) * kHourMs, until_ms);
    const auto recorded = std::max(from_ms, recorded_until_ms(hour_file_path(options_.root, channel, hour), hour));
    if (until - recorded >= 1000) start_ms = recorded;
  }
  if (!start_ms) return;
  // The origin's own clock, run over the past into a scratch ring: the same frames at the same
  // instants as it sent (or would have sent) them.
  stream::BroadcastRing scratch(64 * 1024);
  stream::ChannelClock clock([this, channel](std::int64_t at_ms) { return schedule_(channel, at_ms); }, files_, scratch,
                             1000);
  clock.set_chunk_sink(
      [this, &channel](std::int64_t start, std::string_view bytes) { write_chunk(channel, start, bytes); });
  clock.advance_to(until_ms, until_ms - *start_ms);
}

int BroadcastLogger::prune(std::int64_t now_ms) {
  int removed = 0;
  const auto oldest_kept = hour_of(now_ms - std::int64_t{options_.retention_days} * 24 * kHourMs);
  std::error_code ec;
  if (!std::filesystem::is_directory(options_.root, ec)) return 0;
  for (const auto& channel_dir : std::filesystem::directory_iterator(options_.root, ec)) {
    if (!channel_dir.is_directory(ec)) continue;
    for (const auto& file : std::filesystem::directory_iterator(channel_dir.path(), ec)) {
      auto hour = parse_hour_file_name(file.path().filename().string());
      if (!hour || *hour >= oldest_kept) continue;
      if (auto it = open_.find(channel_dir.path().filename().string()); it != open_.end() && it->second.hour == *hour) {
        it->second.out.close();
        open_.erase(it);
      }
      if (std::filesystem::remove(file.path(), ec)) ++removed;
    }
  }
  if (removed > 0) spdlog::info("recording: pruned {} hour files older than {} days", removed, options_.retention_days);
  return removed;
}

void BroadcastLogger::close_files() { open_.clear(); }

}  // namespace ether::recording
