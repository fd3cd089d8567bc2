#include "visual/visual_radio.hpp"

#include <signal.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "process/child_process.hpp"
#include "visual/hls_playlist.hpp"

namespace ether::visual {
namespace {

std::optional<std::string> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream out;
  out << in.rdbuf();
  return std::move(out).str();
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

VisualRadio::VisualRadio(std::vector<VisualChannel> channels, stream::LiveOrigin& origin, ShowLine show,
                         VisualRadioOptions options)
    : origin_(origin), show_(std::move(show)), options_(std::move(options)) {
  if (options_.ffmpeg.empty()) options_.ffmpeg = process::find_program("ffmpeg");
  for (auto& channel : channels) {
    if (!origin_.ring(channel.slug)) continue;  // visual radio of our own needs our own audio
    Slot slot;
    slot.channel = std::move(channel);
    slots_.emplace(slot.channel.slug, std::move(slot));
  }
  // A segmenter that dies while being fed must not take the server with it (EPIPE instead).
  ::signal(SIGPIPE, SIG_IGN);
}

VisualRadio::~VisualRadio() { stop(); }

void VisualRadio::start() {
  if (thread_.joinable()) return;
  if (options_.ffmpeg.empty()) spdlog::warn("visual radio: ffmpeg not found; live video of our own is unavailable");
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

void VisualRadio::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    wake_.notify_all();
    thread_.join();
  }
  std::lock_guard lock(mutex_);
  for (auto& [slug, slot] : slots_) {
    if (slot.segmenter) slot.segmenter->stop();
    slot.segmenter.reset();
    slot.pid = -1;
    slot.wanted = false;
  }
}

bool VisualRadio::carries(std::string_view channel) const { return slots_.find(channel) != slots_.end(); }

std::size_t VisualRadio::running_count() const {
  std::size_t n = 0;
  for (const auto& [slug, slot] : slots_) n += (slot.pid > 0 || slot.wanted) ? 1 : 0;
  return n;
}

VisualRadio::Demand VisualRadio::demand(std::string_view channel) {
  std::unique_lock lock(mutex_);
  auto it = slots_.find(channel);
  if (it == slots_.end()) return Demand::unknown_channel;
  if (options_.ffmpeg.empty() || !thread_.joinable()) return Demand::unavailable;
  Slot& slot = it->second;
  slot.last_request = std::chrono::steady_clock::now();
  if (slot.pid > 0) {
    lock.unlock();
    return playlist(channel) ? Demand::ready : Demand::starting;
  }
  if (slot.wanted) return Demand::starting;
  if (running_count() >= options_.max_segmenters) return Demand::busy;
  slot.wanted = true;
  lock.unlock();
  wake_.notify_all();
  return Demand::starting;
}

std::optional<std::string> VisualRadio::playlist(std::string_view channel) const {
  if (!carries(channel)) return std::nullopt;
  return read_file(options_.work_dir / std::string(channel) / kPlaylistFile);
}

std::optional<std::string> VisualRadio::segment(std::string_view channel, std::string_view name) const {
  if (!carries(channel) || !valid_segment_name(name)) return std::nullopt;
  return read_file(options_.work_dir / std::string(channel) / std::string(name));
}

std::map<std::string, pid_t> VisualRadio::processes() const {
  std::lock_guard lock(mutex_);
  std::map<std::string, pid_t> out;
  for (const auto& [slug, slot] : slots_) {
    if (slot.pid > 0) out.emplace(slug, slot.pid);
  }
  return out;
}

void VisualRadio::run(const std::stop_token& stop) {
  while (!stop.stop_requested()) {
    try {
      tick();
    } catch (const std::exception& error) {
      spdlog::error("visual radio: {}", error.what());
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, options_.tick, [this] {
      const auto now = std::chrono::steady_clock::now();
      for (const auto& [slug, slot] : slots_) {
        if (slot.wanted && !slot.segmenter && now >= slot.not_before) return true;
      }
      return false;
    });
  }
}

void VisualRadio::start_segmenter(Slot& slot) {
  SegmenterSpec spec;
  spec.ffmpeg = options_.ffmpeg;
  spec.dir = options_.work_dir / slot.channel.slug;
  spec.colour = slot.channel.colour;
  if (!slot.channel.logo.empty() && std::filesystem::is_regular_file(slot.channel.logo)) spec.logo = slot.channel.logo;
  // Numbered by the clock, so that a restarted segmenter's sequence continues upwards.
  spec.start_number = unix_now();
  auto ring = origin_.ring(slot.channel.slug);
  // The burst is measured in seconds of the channel's audio: in bytes it made only two segments of
  // the demo's 64 kbit/s, and the first viewer waited a whole segment for the third (issue 51).
  const int known_kbps = origin_.bitrate_kbps();
  const int kbps = known_kbps > 0 ? known_kbps : 128;
  slot.segmenter = std::make_unique<Segmenter>(ring, spec, slot.channel.name,
                                               start_burst_bytes(kbps, spec.segment_seconds), kbps * 1000 / 8);
  if (show_) slot.segmenter->set_show(show_(slot.channel.slug));
  slot.next_show_check = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  slot.segmenter->feed();
  spdlog::info("visual radio: started the segmenter of {} (pid {})", slot.channel.slug, slot.segmenter->pid());
}

void VisualRadio::tick() {
  const auto now = std::chrono::steady_clock::now();
  for (auto& [slug, slot] : slots_) {
    bool wanted = false;
    std::chrono::steady_clock::time_point last_request;
    {
      std::lock_guard lock(mutex_);
      wanted = slot.wanted;
      last_request = slot.last_request;
    }
    Segmenter* segmenter = slot.segmenter.get();
    if (segmenter != nullptr) {
      const bool idle = now - last_request > options_.idle_timeout;
      const bool alive = segmenter->feed() && segmenter->running();
      if (idle || !alive) {
        if (!alive)
          spdlog::warn("visual radio: the segmenter of {} exited; see {}/ffmpeg.log", slug, segmenter->dir().string());
        if (idle) spdlog::info("visual radio: stopping the segmenter of {}, nobody watches", slug);
        segmenter->stop();
        slot.segmenter.reset();
        if (!alive) slot.not_before = now + options_.restart_delay;
        std::lock_guard lock(mutex_);
        slot.pid = -1;
        slot.wanted = false;
        continue;
      }
      if (show_ && now >= slot.next_show_check) {
        segmenter->set_show(show_(slug));
        slot.next_show_check = now + std::chrono::seconds(5);
      }
    } else if (wanted && now >= slot.not_before) {
      try {
        start_segmenter(slot);
        std::lock_guard lock(mutex_);
        slot.pid = slot.segmenter->pid();
      } catch (const std::exception& error) {
        spdlog::error("visual radio: cannot start the segmenter of {}: {}", slug, error.what());
        slot.segmenter.reset();
        std::lock_guard lock(mutex_);
        slot.wanted = false;
      }
    }
  }
}

}  // namespace ether::visual
