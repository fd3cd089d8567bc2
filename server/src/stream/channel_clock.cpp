#include "stream/channel_clock.hpp"

#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

namespace ether::stream {

namespace {
constexpr std::int64_t schedule_lag_ms = 5000;
}  // namespace

FramedFileCache::FramedFileCache(std::string media_dir) : media_dir_(std::move(media_dir)) {}

void FramedFileCache::add_root(std::string prefix, std::filesystem::path dir) {
  roots_.emplace_back(std::move(prefix), std::move(dir));
}

std::filesystem::path FramedFileCache::path_of(const std::string& relative_path) const {
  std::filesystem::path file_path = std::filesystem::path(media_dir_) / relative_path;
  for (const auto& [prefix, dir] : roots_) {
    if (relative_path.starts_with(prefix)) file_path = dir / relative_path.substr(prefix.size());
  }
  return file_path;
}

FramedFileCache::Stamp FramedFileCache::stamp_of(const std::filesystem::path& path) {
  // One stat(2) for both: std::filesystem's file_size and last_write_time make one each, and the
  // playout asks for every planned song's stamp (at a start, two days of plays: the two stats were
  // 12% of its CPU).
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return {};
  const auto modified = std::chrono::seconds(info.st_mtim.tv_sec) + std::chrono::nanoseconds(info.st_mtim.tv_nsec);
  return {static_cast<std::int64_t>(info.st_size),
          std::chrono::duration_cast<std::chrono::nanoseconds>(modified).count()};
}

std::shared_ptr<const FramedFile> FramedFileCache::get(const std::string& relative_path) {
  const auto stamp = stamp_of(path_of(relative_path));
  {
    std::lock_guard lock(mutex_);
    if (auto it = files_.find(relative_path); it != files_.end()) {
      if (auto playing = it->second.lock()) return playing;
    }
    // Known broken and unchanged: not read (nor logged) again.
    if (auto it = known_.find(relative_path);
        it != known_.end() && !it->second.duration_ms && it->second.stamp == stamp) {
      return nullptr;
    }
  }
  return load(relative_path, stamp);
}

std::shared_ptr<const FramedFile> FramedFileCache::load(const std::string& relative_path, const Stamp& stamp) {
  auto file = std::make_shared<FramedFile>();
  const auto file_path = path_of(relative_path);
  std::string problem;
  if (stamp.size < 0) {
    problem = "cannot read " + relative_path + " (missing)";
  } else {
    // One allocation of the file's size, rather than a stream's growing buffer and its copy.
    std::ifstream in(file_path, std::ios::binary);
    file->bytes.resize(static_cast<std::size_t>(stamp.size));
    if (!in || !in.read(file->bytes.data(), static_cast<std::streamsize>(file->bytes.size()))) {
      problem = "cannot read " + relative_path;
    } else {
      file->frames = split_mp3_frames(file->bytes);
      if (file->frames.empty()) problem = relative_path + " has no MP3 frames";
    }
  }
  std::int64_t duration_us = 0;
  for (const auto& frame : file->frames) duration_us += frame.duration_us;
  std::lock_guard lock(mutex_);
  auto& known = known_[relative_path];
  const bool changed = known.stamp != stamp || known.problem != problem;
  known.stamp = stamp;
  known.problem = problem;
  if (changed) known.short_logged = false;
  if (!problem.empty()) {
    known.duration_ms.reset();
    if (changed) log_limiter_.log(spdlog::level::err, "live: " + problem + "; it is skipped until it changes");
    return nullptr;
  }
  known.duration_ms = duration_us / 1000;
  const auto& first = file->frames.front();
  if (auto header = parse_mp3_frame_header(std::string_view(file->bytes).substr(first.offset, first.length))) {
    file->bitrate_kbps = header->bitrate_kbps;
  }
  if (bitrate_kbps_ == 0) bitrate_kbps_ = file->bitrate_kbps;
  std::erase_if(files_, [](const auto& entry) { return entry.second.expired(); });
  // Two clocks that started the same file at once keep the first copy.
  auto& slot = files_[relative_path];
  if (auto playing = slot.lock()) return playing;
  slot = file;
  return file;
}

std::optional<std::int64_t> FramedFileCache::playable_ms(const std::string& relative_path, std::int64_t expected_ms) {
  const auto stamp = stamp_of(path_of(relative_path));
  std::optional<std::int64_t> duration_ms;
  bool known_now = false;
  {
    std::lock_guard lock(mutex_);
    if (auto it = known_.find(relative_path); it != known_.end() && it->second.stamp == stamp) {
      duration_ms = it->second.duration_ms;
      known_now = true;
    }
  }
  if (!known_now) {
    // Read once to count its frames; the bytes are let go unless a clock is playing them.
    if (!load(relative_path, stamp)) return std::nullopt;
    std::lock_guard lock(mutex_);
    duration_ms = known_[relative_path].duration_ms;
  }
  if (!duration_ms) return std::nullopt;
  constexpr std::int64_t kShortByMs = 2000;
  if (expected_ms - *duration_ms > kShortByMs) {
    std::lock_guard lock(mutex_);
    auto& known = known_[relative_path];
    if (!known.short_logged) {
      known.short_logged = true;
      log_limiter_.log(spdlog::level::warn,
                       fmt::format("live: {} holds {:.1f} s of audio of its {:.1f} s; it plays that "
                                   "long and the next song follows at once",
                                   relative_path, static_cast<double>(*duration_ms) / 1000,
                                   static_cast<double>(expected_ms) / 1000));
    }
  }
  return duration_ms;
}

std::map<std::string, std::string> FramedFileCache::broken_files() {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::string> broken;
  for (const auto& [path, known] : known_) {
    if (!known.duration_ms) broken.emplace(path, known.problem);
  }
  return broken;
}

int FramedFileCache::bitrate_kbps() {
  std::lock_guard lock(mutex_);
  return bitrate_kbps_;
}

namespace {

std::int64_t frame_duration_us(std::string_view frame) {
  const auto header = parse_mp3_frame_header(frame);
  return header ? static_cast<std::int64_t>(header->samples) * 1'000'000 / header->sample_rate : 0;
}

}  // namespace

ChannelClock::ChannelClock(ScheduleLookup schedule, FramedFileCache& files, BroadcastRing& ring, std::int64_t chunk_ms)
    : schedule_(std::move(schedule)),
      files_(files),
      ring_(ring),
      chunk_ms_(chunk_ms),
      silence_us_(frame_duration_us(silence_)) {}

void ChannelClock::append_silence(std::string& chunk) {
  chunk += silence_;
  stream_us_rest_ += silence_us_;
  stream_ms_ += stream_us_rest_ / 1000;
  stream_us_rest_ %= 1000;
}

void ChannelClock::tell_unplayable(const ScheduledAudio& audio, std::int64_t at_ms) {
  auto play = std::make_pair(audio.audio_path, audio.starts_at_ms);
  if (!unplayable_ || told_ == play) return;
  told_ = std::move(play);
  unplayable_(audio, at_ms);
}

void ChannelClock::read_ahead() {
  if (!segment_ || segment_->dead_air || !file_) return;
  auto next = schedule_(segment_->ends_at_ms);
  if (!next || next->dead_air) {
    ahead_.reset();
    ahead_file_ = nullptr;
    return;
  }
  if (ahead_ && ahead_->audio_path == next->audio_path && ahead_->starts_at_ms == next->starts_at_ms) return;
  ahead_ = std::move(next);
  ahead_file_ = files_.get(ahead_->audio_path);
  if (!ahead_file_) tell_unplayable(*ahead_, segment_->ends_at_ms);
}

bool ChannelClock::start_segment(std::int64_t at_ms) {
  segment_ = schedule_(at_ms);
  next_frame_ = 0;
  if (segment_ && segment_->dead_air) {
    file_ = nullptr;
    return false;
  }
  // The copy read ahead, when it is this play's, whatever became of the file since.
  if (segment_ && ahead_ && ahead_->audio_path == segment_->audio_path &&
      ahead_->starts_at_ms == segment_->starts_at_ms) {
    file_ = std::move(ahead_file_);
    ahead_.reset();
  } else {
    file_ = segment_ ? files_.get(segment_->audio_path) : nullptr;
  }
  if (!file_) {
    if (segment_) tell_unplayable(*segment_, at_ms);
    return false;
  }
  // Silence, should it be needed, in the format of what was on air.
  const auto& first = file_->frames.front();
  auto silence = silent_mp3_frame(std::string_view(file_->bytes).substr(first.offset, first.length));
  if (silence != silence_) {
    silence_ = std::move(silence);
    silence_us_ = frame_duration_us(silence_);
  }
  // Joining a song in the middle: skip the frames that were already on air.
  std::int64_t offset_us = (at_ms - segment_->starts_at_ms) * 1000;
  while (offset_us > 0 && next_frame_ < file_->frames.size()) offset_us -= file_->frames[next_frame_++].duration_us;
  return true;
}

void ChannelClock::advance_to(std::int64_t now_ms, std::int64_t backlog_ms) {
  if (!started_) {
    started_ = true;
    stream_ms_ = now_ms - backlog_ms;
    start_segment(stream_ms_);
  }
  std::string chunk;
  std::string chunk_title;
  std::int64_t chunk_started_ms = stream_ms_;
  auto flush = [&] {
    if (!chunk.empty()) {
      if (sink_) sink_(chunk_started_ms, chunk);
      if (title_override_) {
        if (auto title = title_override_(chunk_started_ms)) chunk_title = std::move(*title);
      }
      ring_.append(std::move(chunk), chunk_title);
    }
    chunk.clear();
    chunk_started_ms = stream_ms_;
  };

  while (stream_ms_ < now_ms) {
    if (live_ && live_->on_air()) {
      if (!live_mode_) {
        flush();
        live_mode_ = true;
      }
      auto frame = live_->pop();
      // A source that is late is waited for rather than mixed with the playout.
      if (!frame) break;
      if (chunk.empty()) {
        chunk_title = live_->title();
        chunk_started_ms = stream_ms_;
        // Where this chunk will start in the ring; the feed keeps the first since its source opened
        // (also when that source followed another without the playout between them).
        live_->mark_on_air_at(ring_.head());
      }
      chunk += frame->bytes;
      stream_us_rest_ += frame->duration_us;
      stream_ms_ += stream_us_rest_ / 1000;
      stream_us_rest_ %= 1000;
      if (stream_ms_ - chunk_started_ms >= chunk_ms_) flush();
      continue;
    }
    if (live_mode_) {
      // The source has left: the playout goes on where its schedule is now, without a burst of
      // what the source's lateness left behind.
      flush();
      live_mode_ = false;
      if (now_ms - stream_ms_ > chunk_ms_) stream_ms_ = now_ms;
      segment_.reset();
      file_ = nullptr;
      chunk_started_ms = stream_ms_;
    }
    const bool segment_over =
        !segment_ || !file_ || next_frame_ >= file_->frames.size() || stream_ms_ >= segment_->ends_at_ms;
    if (segment_over) {
      if (!silent_) flush();
      const bool playing = start_segment(stream_ms_) && next_frame_ < file_->frames.size();
      // A file that ran out before its slot: the plan may go on with the next song at once.
      if (!playing && file_) tell_unplayable(*segment_, stream_ms_);
      if (!playing) {
        // Nothing scheduled: the playout may record the next play a moment late, so the clock
        // first waits for it without moving, and the stream continues seamlessly.
        if (!segment_ && !silent_ && now_ms - stream_ms_ <= schedule_lag_ms) return;
        // After that, and at once for a scheduled file that cannot be played (it broke after the
        // playout checked it) or that ended before its slot: silence, asking the schedule again
        // at every frame, until there is audio again.
        if (!silent_) {
          silent_ = true;
          chunk_title.clear();
          // After a stall of the process, not minutes of silence in one burst.
          stream_ms_ = std::max(stream_ms_, now_ms - 2 * schedule_lag_ms);
          chunk_started_ms = stream_ms_;
        }
        append_silence(chunk);
        if (stream_ms_ - chunk_started_ms >= chunk_ms_) flush();
        continue;
      }
      if (silent_) {
        flush();
        silent_ = false;
      }
    }
    if (chunk.empty()) {
      // The clock may have moved over a silent rest of a slot since the last chunk.
      chunk_title = segment_->title;
      chunk_started_ms = stream_ms_;
    }
    const auto& frame = file_->frames[next_frame_++];
    chunk.append(file_->bytes, frame.offset, frame.length);
    stream_us_rest_ += frame.duration_us;
    stream_ms_ += stream_us_rest_ / 1000;
    stream_us_rest_ %= 1000;
    if (stream_ms_ - chunk_started_ms >= chunk_ms_) flush();
  }
  flush();
  if (!live_mode_) read_ahead();
}

}  // namespace ether::stream
