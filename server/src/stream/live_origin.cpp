#include "stream/live_origin.hpp"

#include <spdlog/spdlog.h>
#include "reporting/reporter.hpp"

namespace ether::stream {
namespace {

std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

LiveOrigin::LiveOrigin(std::vector<std::string> channels, const ChannelSchedule& schedule, std::string media_dir,
                       std::size_t ring_bytes)
    : files_(std::move(media_dir)) {
  for (auto& slug : channels) {
    Channel channel;
    channel.ring = std::make_shared<BroadcastRing>(ring_bytes);
    channel.clock = std::make_unique<ChannelClock>(
        [schedule, slug](std::int64_t at_ms) { return schedule(slug, at_ms); }, files_, *channel.ring);
    channel.live = std::make_shared<LiveFeed>();
    channel.clock->set_live_feed(channel.live);
    channels_.emplace(std::move(slug), std::move(channel));
  }
}

LiveOrigin::~LiveOrigin() { stop(); }

void LiveOrigin::set_chunk_sink(
    const std::function<void(const std::string& channel, std::int64_t start_ms, std::string_view bytes)>& sink) {
  for (auto& [slug, channel] : channels_) {
    channel.clock->set_chunk_sink(
        [sink, name = slug](std::int64_t start_ms, std::string_view bytes) { sink(name, start_ms, bytes); });
  }
}

void LiveOrigin::set_title_override(
    const std::function<std::optional<std::string>(const std::string& channel, std::int64_t at_ms)>& title_override) {
  for (auto& [slug, channel] : channels_) {
    channel.clock->set_title_override(
        [title_override, name = slug](std::int64_t at_ms) { return title_override(name, at_ms); });
  }
}

void LiveOrigin::set_unplayable_listener(
    const std::function<void(const std::string& channel, const ScheduledAudio& audio, std::int64_t at_ms)>& listener) {
  for (auto& [slug, channel] : channels_) {
    channel.clock->set_unplayable_listener(
        [listener, name = slug](const ScheduledAudio& audio, std::int64_t at_ms) { listener(name, audio, at_ms); });
  }
}

void LiveOrigin::start(std::chrono::milliseconds tick) {
  if (thread_.joinable()) return;
  thread_ = std::jthread([this, tick](const std::stop_token& stop) {
    while (!stop.stop_requested()) {
      try {
        advance_to(unix_ms_now());
      } catch (const std::exception& e) {
        // A store hiccup must not end the broadcast: the clocks retry on the next tick.
        spdlog::error("live: {}", e.what());
        reporting::report_exception("live", e);
      }
      std::this_thread::sleep_for(tick);
    }
  });
}

void LiveOrigin::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  thread_.join();
}

void LiveOrigin::advance_to(std::int64_t now_ms) {
  for (auto& [slug, channel] : channels_) channel.clock->advance_to(now_ms);
  // Listeners due by time alone (a caught-up one's delay, a starving or closed one) look again.
  for (auto& [slug, channel] : channels_) channel.ring->wake_due();
}

std::shared_ptr<const BroadcastRing> LiveOrigin::ring(std::string_view channel) const {
  auto it = channels_.find(channel);
  return it == channels_.end() ? nullptr : it->second.ring;
}

std::shared_ptr<LiveFeed> LiveOrigin::live_feed(std::string_view channel) const {
  auto it = channels_.find(channel);
  return it == channels_.end() ? nullptr : it->second.live;
}

}  // namespace ether::stream
