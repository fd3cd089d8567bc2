#pragma once
// The live origin: one broadcast clock and ring per channel of our own, advanced together by one
// thread, so that every listener of a channel hears the same moment.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "stream/broadcast_ring.hpp"
#include "stream/channel_clock.hpp"

namespace ether::stream {

/// What plays on `channel` at `at_ms` (unix ms).
using ChannelSchedule = std::function<std::optional<ScheduledAudio>(const std::string& channel, std::int64_t at_ms)>;

class LiveOrigin {
 public:
  /// `ring_bytes` of each channel's newest audio are kept for listeners to catch up from.
  LiveOrigin(std::vector<std::string> channels, const ChannelSchedule& schedule, std::string media_dir,
             std::size_t ring_bytes = 512 * 1024);
  ~LiveOrigin();
  LiveOrigin(const LiveOrigin&) = delete;
  LiveOrigin& operator=(const LiveOrigin&) = delete;

  /// Files whose path starts with `prefix` are read from `dir` (FramedFileCache::add_root); call before start().
  void add_media_root(std::string prefix, std::filesystem::path dir) {
    files_.add_root(std::move(prefix), std::move(dir));
  }

  /// Hands every chunk of every channel to `sink` as well (the broadcast logger); call before start().
  void set_chunk_sink(
      const std::function<void(const std::string& channel, std::int64_t start_ms, std::string_view bytes)>& sink);

  /// Lets `title_override` replace the schedule's title of each chunk (ChannelClock::set_title_override);
  /// call before start().
  void set_title_override(
      const std::function<std::optional<std::string>(const std::string& channel, std::int64_t at_ms)>& title_override);

  /// Tells `listener` of each scheduled file a channel's clock cannot play
  /// (ChannelClock::set_unplayable_listener); call before start().
  void set_unplayable_listener(
      const std::function<void(const std::string& channel, const ScheduledAudio& audio, std::int64_t at_ms)>& listener);

  /// Starts the thread that advances every clock every `tick`.
  void start(std::chrono::milliseconds tick = std::chrono::milliseconds(100));
  void stop();
  [[nodiscard]] bool running() const { return thread_.joinable(); }

  /// Advances every channel to `now_ms` and wakes the listeners due by time; what the thread does each tick.
  void advance_to(std::int64_t now_ms);

  /// The channel's ring, or nullptr for a channel the origin does not carry.
  [[nodiscard]] std::shared_ptr<const BroadcastRing> ring(std::string_view channel) const;
  /// The channel's source selector (a live source replaces the playout while on air), or nullptr
  /// for a channel the origin does not carry.
  [[nodiscard]] std::shared_ptr<LiveFeed> live_feed(std::string_view channel) const;
  /// How long a media file plays (ms), or nullopt when it is broken (FramedFileCache::playable_ms).
  std::optional<std::int64_t> playable_ms(const std::string& relative_path, std::int64_t expected_ms) {
    return files_.playable_ms(relative_path, expected_ms);
  }
  /// The media files found broken, with why (FramedFileCache::broken_files).
  [[nodiscard]] std::map<std::string, std::string> broken_files() { return files_.broken_files(); }
  /// The stream's bit rate (kbit/s), once audio has been produced; 0 before.
  [[nodiscard]] int bitrate_kbps() { return files_.bitrate_kbps(); }

 private:
  struct Channel {
    std::shared_ptr<BroadcastRing> ring;
    std::unique_ptr<ChannelClock> clock;
    std::shared_ptr<LiveFeed> live;
  };
  FramedFileCache files_;
  std::map<std::string, Channel, std::less<>> channels_;
  std::jthread thread_;
};

}  // namespace ether::stream
