#pragma once
// Keeps the info document of every channel somebody follows over Server-Sent Events up to date, on
// one thread of its own, and wakes that channel's subscribers when a new version is built. The
// subscribers never touch the store and never poll: however many there are, the document is built
// once per change (by LiveInfoService's own thread; the publisher only reads it from memory) and its
// event text once per version.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "player/live_info_service.hpp"

namespace ether::player {

/// One version of a channel's document, with its Server-Sent Events text built once.
struct PublishedInfo {
  std::shared_ptr<const InfoEntry> entry;
  std::string event;  // "event: info\nid: {version}\ndata: {body}\n\n"
};

/// Waits for a channel's next version. wake() is called by the publisher's thread.
class InfoSubscriber {
 public:
  virtual ~InfoSubscriber() = default;
  InfoSubscriber() = default;
  InfoSubscriber(const InfoSubscriber&) = delete;
  InfoSubscriber& operator=(const InfoSubscriber&) = delete;

 protected:
  friend class InfoPublisher;
  /// A newer version is published, or the regular wake-up came; must not block or call back into
  /// the publisher.
  virtual void wake() noexcept = 0;
};

struct InfoPublisherOptions {
  /// How often a followed channel's document is looked at when nothing announced a change: the
  /// next track play by the clock, an edit on another instance, the store answering again.
  std::chrono::milliseconds check{100};
  /// Every subscriber is woken this often even without a change, so that it can send its
  /// heartbeat (InfoEventsOptions::heartbeat) without a timer of its own.
  std::chrono::milliseconds wake_all{5000};
};

class InfoPublisher {
 public:
  /// Starts the thread; it also wakes at once when `service.refresh()` is called.
  explicit InfoPublisher(LiveInfoService& service, InfoPublisherOptions options = {});
  ~InfoPublisher();
  InfoPublisher(const InfoPublisher&) = delete;
  InfoPublisher& operator=(const InfoPublisher&) = delete;

  /// Follows `channel` for `subscriber` until unsubscribe(); the subscriber must stay alive until
  /// then. The channel's document is asked for at once when nobody followed it yet.
  void subscribe(const std::string& channel, InfoSubscriber& subscriber);
  void unsubscribe(const std::string& channel, InfoSubscriber& subscriber);
  /// The newest version published for a followed channel; nullptr before the first.
  [[nodiscard]] std::shared_ptr<const PublishedInfo> latest(std::string_view channel) const;

 private:
  struct Followed {
    std::set<InfoSubscriber*> subscribers;
    std::shared_ptr<const PublishedInfo> latest;
  };

  void run();
  void look_at(const std::string& channel);

  LiveInfoService& service_;
  InfoPublisherOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  bool poked_ = false;
  bool stopping_ = false;
  std::map<std::string, Followed, std::less<>> followed_;
  std::thread thread_;
};

}  // namespace ether::player
