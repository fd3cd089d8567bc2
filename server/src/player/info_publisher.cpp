#include "player/info_publisher.hpp"

#include <vector>

namespace ether::player {

InfoPublisher::InfoPublisher(LiveInfoService& service, InfoPublisherOptions options)
    : service_(service), options_(options) {
  service_.set_refresh_listener([this] {
    {
      const std::lock_guard lock(mutex_);
      poked_ = true;
    }
    changed_.notify_one();
  });
  thread_ = std::thread([this] { run(); });
}

InfoPublisher::~InfoPublisher() {
  service_.set_refresh_listener(nullptr);
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_one();
  thread_.join();
}

void InfoPublisher::subscribe(const std::string& channel, InfoSubscriber& subscriber) {
  bool first = false;
  {
    const std::lock_guard lock(mutex_);
    auto& followed = followed_[channel];
    first = followed.subscribers.empty();
    followed.subscribers.insert(&subscriber);
    if (first) poked_ = true;
  }
  if (first) changed_.notify_one();
}

void InfoPublisher::unsubscribe(const std::string& channel, InfoSubscriber& subscriber) {
  const std::lock_guard lock(mutex_);
  auto it = followed_.find(channel);
  if (it == followed_.end()) return;
  it->second.subscribers.erase(&subscriber);
  if (it->second.subscribers.empty()) followed_.erase(it);
}

std::shared_ptr<const PublishedInfo> InfoPublisher::latest(std::string_view channel) const {
  const std::lock_guard lock(mutex_);
  auto it = followed_.find(channel);
  return it == followed_.end() ? nullptr : it->second.latest;
}

void InfoPublisher::run() {
  std::vector<std::string> channels;
  auto woken_all = std::chrono::steady_clock::now();
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, options_.check, [this] { return poked_ || stopping_; });
      if (stopping_) return;
      poked_ = false;
      channels.clear();
      for (const auto& [channel, followed] : followed_) channels.push_back(channel);
      if (std::chrono::steady_clock::now() - woken_all >= options_.wake_all) {
        woken_all = std::chrono::steady_clock::now();
        for (const auto& [channel, followed] : followed_) {
          for (auto* subscriber : followed.subscribers) subscriber->wake();
        }
      }
    }
    for (const auto& channel : channels) look_at(channel);
  }
}

void InfoPublisher::look_at(const std::string& channel) {
  // From memory: the service's own thread builds what is due, so a hung store never holds up the
  // heartbeats and versions of the other channels.
  auto entry = service_.cached(channel);
  if (!entry) return;  // not built yet: looked at again when the build announces itself
  {
    const std::lock_guard lock(mutex_);
    auto it = followed_.find(channel);
    if (it == followed_.end() || (it->second.latest && it->second.latest->entry->version == entry->version)) return;
  }
  // Built outside the lock: the subscribers only ever see it whole.
  auto published = std::make_shared<PublishedInfo>();
  published->event = "event: info\nid: " + std::to_string(entry->version) + "\ndata: " + entry->body + "\n\n";
  published->entry = std::move(entry);
  const std::lock_guard lock(mutex_);
  auto it = followed_.find(channel);
  if (it == followed_.end()) return;
  it->second.latest = std::move(published);
  for (auto* subscriber : it->second.subscribers) subscriber->wake();
}

}  // namespace ether::player
