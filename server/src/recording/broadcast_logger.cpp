#include "recording/broadcast_logger.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include "stream/broadcast_ring.hpp"
#include "stream/mp3_frames.hpp"

namespace ether::recording {
namespace {

constexpr std::size_t kMaxQueued = 10'000;

std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

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

void BroadcastLogger::run(const std::stop_token& stop, std::int64_t now_ms) {
  try {
    prune(now_ms);
    const auto frames = backfill(now_ms);
    spdlog::info("recording: reconstructed {} frames of the last {} hours", frames, options_.backfill_hours);
  } catch (const std::exception& e) {
    spdlog::error("recording: backfill failed: {}", e.what());
  }
  auto next_prune = unix_ms_now() + 600'000;
  while (!stop.stop_requested()) {
    std::deque<Pending> batch;
    {
      std::unique_lock lock(queue_mutex_);
      queue_ready_.wait_for(lock, stop, std::chrono::seconds(1), [this] { return !queue_.empty(); });
      batch.swap(queue_);
    }
    try {
      for (auto& chunk : batch) write_chunk(chunk.channel, chunk.start_ms, chunk.bytes);
      if (unix_ms_now() >= next_prune) {
        prune(unix_ms_now());
        next_prune = unix_ms_now() + 600'000;
      }
    } catch (const std::exception& e) {
      // A full or failing disk must not end the broadcast; the next chunk tries again.
      spdlog::error("recording: {}", e.what());
    }
  }
}

BroadcastLogger::Open& BroadcastLogger::open_hour(const std::string& channel, std::int64_t hour) {
  auto& open = open_[channel];
  if (open.out.is_open() && open.hour == hour) return open;
  if (open.out.is_open()) open.out.close();
  open = Open{};
  open.hour = hour;
  const auto path = hour_file_path(options_.root, channel, hour);
  std::filesystem::create_directories(path.parent_path());
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    // After a crash the file may end inside a frame: cut it back to whole frames.
    const auto bytes = read_file(path);
    const auto whole = whole_frames(bytes);
    if (whole.end < bytes.size()) std::filesystem::resize_file(path, whole.end);
    open.frames = whole.count;
    open.bytes = whole.end;
    if (whole.count > 0) {
      open.format = frame_format(bytes);
      open.silence = silent_frame_like(bytes);
      open.padded_silence = silent_frame_like(bytes, true);
    }
  }
  open.out.open(path, std::ios::binary | std::ios::app);
  if (!open.out) throw std::runtime_error("cannot write " + path.string());
  return open;
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
    open.out.write(silence.data(), static_cast<std::streamsize>(silence.size()));
    ++open.frames;
    open.bytes += silence.size();
  }
  open.out.write(frame.data(), static_cast<std::streamsize>(frame.size()));
  ++open.frames;
  open.bytes += frame.size();
  open.last_start_ms = start_ms;
  ++frames_written_;
}

void BroadcastLogger::write_chunk(const std::string& channel, std::int64_t start_ms, std::string_view bytes) {
  std::int64_t at_us = start_ms * 1000;
  for (const auto& frame : stream::split_mp3_frames(bytes)) {
    write_frame(channel, at_us / 1000, bytes.substr(frame.offset, frame.length));
    at_us += frame.duration_us;
  }
  if (auto it = open_.find(channel); it != open_.end() && it->second.out.is_open()) {
    it->second.out.flush();
    if (!it->second.out) throw std::runtime_error("cannot write the recording of " + channel);
  }
}

std::int64_t BroadcastLogger::backfill(std::int64_t now_ms) {
  if (options_.backfill_hours <= 0) return 0;
  const auto before = frames_written_;
  const auto current = hour_of(now_ms);
  for (const auto& channel : channels_) {
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
    if (backfill_ranges_) {
      for (auto [from, until] : backfill_ranges_(channel, now_ms)) {
        if (until > from && until - from <= std::int64_t{options_.backfill_hours} * kHourMs && until <= now_ms) {
          ranges.emplace_back(from, until);
        }
      }
    } else {
      ranges.emplace_back((current - options_.backfill_hours) * kHourMs, now_ms);
    }
    ranges.emplace_back(current * kHourMs, now_ms);
    std::sort(ranges.begin(), ranges.end());
    for (auto [from, until] : ranges) rebuild(channel, from, until);
  }
  // The current hours stay open: the live chunks continue them from the last frame written.
  return frames_written_ - before;
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

void BroadcastLogger::close_files() {
  for (auto& [channel, open] : open_) {
    if (open.out.is_open()) open.out.close();
  }
  open_.clear();
}

}  // namespace ether::recording
