#include "stream/channel_clock.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
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

std::shared_ptr<const FramedFile> FramedFileCache::get(const std::string& relative_path) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = files_.find(relative_path); it != files_.end()) {
      if (auto playing = it->second.lock()) return playing;
    }
  }
  auto file = std::make_shared<FramedFile>();
  std::filesystem::path file_path = std::filesystem::path(media_dir_) / relative_path;
  for (const auto& [prefix, dir] : roots_) {
    if (relative_path.starts_with(prefix)) file_path = dir / relative_path.substr(prefix.size());
  }
  // One allocation of the file's size, rather than a stream's growing buffer and its copy.
  std::ifstream in(file_path, std::ios::binary);
  std::error_code size_error;
  const auto size = std::filesystem::file_size(file_path, size_error);
  if (in && !size_error) file->bytes.resize(static_cast<std::size_t>(size));
  if (!in || size_error || !in.read(file->bytes.data(), static_cast<std::streamsize>(file->bytes.size()))) {
    spdlog::error("live: cannot read {}", relative_path);
    return nullptr;
  }
  file->frames = split_mp3_frames(file->bytes);
  if (file->frames.empty()) {
    spdlog::error("live: {} has no MP3 frames", relative_path);
    return nullptr;
  }
  const auto& first = file->frames.front();
  if (auto header = parse_mp3_frame_header(std::string_view(file->bytes).substr(first.offset, first.length))) {
    file->bitrate_kbps = header->bitrate_kbps;
  }
  std::lock_guard lock(mutex_);
  if (bitrate_kbps_ == 0) bitrate_kbps_ = file->bitrate_kbps;
  std::erase_if(files_, [](const auto& entry) { return entry.second.expired(); });
  // Two clocks that started the same file at once keep the first copy.
  auto& slot = files_[relative_path];
  if (auto playing = slot.lock()) return playing;
  slot = file;
  return file;
}

int FramedFileCache::bitrate_kbps() {
  std::lock_guard lock(mutex_);
  return bitrate_kbps_;
}

ChannelClock::ChannelClock(ScheduleLookup schedule, FramedFileCache& files, BroadcastRing& ring, std::int64_t chunk_ms)
    : schedule_(std::move(schedule)), files_(files), ring_(ring), chunk_ms_(chunk_ms) {}

bool ChannelClock::start_segment(std::int64_t at_ms) {
  segment_ = schedule_(at_ms);
  file_ = segment_ ? files_.get(segment_->audio_path) : nullptr;
  next_frame_ = 0;
  if (!file_) return false;
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
      flush();
      if (!start_segment(stream_ms_)) {
        // Nothing scheduled (or unreadable). The playout may record the next play a moment late:
        // wait for it without moving, so the stream continues seamlessly; after a real gap, skip
        // to the wall clock instead of bursting stale audio.
        if (now_ms - stream_ms_ > schedule_lag_ms) stream_ms_ = now_ms;
        return;
      }
      if (next_frame_ >= file_->frames.size()) {
        // The file ends before its slot does: the rest of the slot stays silent.
        stream_ms_ = std::min(segment_->ends_at_ms, now_ms);
        continue;
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
}

}  // namespace ether::stream
