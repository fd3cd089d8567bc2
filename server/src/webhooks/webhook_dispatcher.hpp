#pragma once
// The webhooks' background queue: events are handed over in memory (never waiting on the store or
// the network, so a request is never slowed), and one thread of its own writes them as deliveries,
// claims the due ones in the store (with several instances only one sends each), sends them
// (webhooks/webhook_sender.hpp), and records each attempt with exponential backoff and the
// switch-off of a hook that keeps failing. The same thread watches each channel's track play and
// broadcast on air and raises song.changed and programme.changed (event ids name the play and the
// broadcast, so that every instance raising them still makes one delivery per hook), and the
// scheduled content that came online since its last look, for content.published (event id
// "content.published:{type}:{id}:{moment online}", the same as the admin's own at a publish).
//
// Payload: {"id": event id, "event": name, "createdAt": ISO 8601 UTC, "data": {...}}.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include <boost/json/object.hpp>

#include "content/public_url.hpp"
#include "store/database.hpp"
#include "webhooks/webhook_sender.hpp"
#include "webhooks/webhook_store.hpp"

namespace ether::webhooks {

struct DispatcherOptions {
  RetryPolicy retry;
  SendOptions send;
  std::chrono::milliseconds poll{1000};  // how often the air and scheduled content are looked at
  bool watch_air = true;                 // raise song.changed and programme.changed
  bool watch_content = true;             // raise content.published for scheduled items coming due
  std::string site_url;                  // the base of the published items' URLs
};

class WebhookDispatcher {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  WebhookDispatcher(store::Database& db, DispatcherOptions options, Clock clock = {});
  ~WebhookDispatcher();
  WebhookDispatcher(const WebhookDispatcher&) = delete;
  WebhookDispatcher& operator=(const WebhookDispatcher&) = delete;

  void start();
  void stop();

  /// Queues an event (any thread, returns at once). `event_id` makes it unique per hook.
  void publish(const std::string& event, const std::string& event_id, boost::json::object data);

  /// For the live source input: a source client connected to or left a channel's mount.
  void notify_source_connected(const std::string& channel);
  void notify_source_disconnected(const std::string& channel);
  /// channel.dead_air: no song of the channel's rotation can be played and it sends silence since
  /// `since` (unix s); `ended` when it plays again ({"channel", "since", "ended"}).
  void notify_dead_air(const std::string& channel, long long since, bool ended);
  /// For the content admin: an item came online.
  void notify_content_published(const content::PublishedItem& item);

  /// Asks the thread for a round now (a delivery was resent or a hook switched back on). The store
  /// is asked for due deliveries only when the thread enqueued some, at the next due moment it
  /// remembers, after wake(), or at least every few seconds (deliveries another instance left).
  void wake();

  /// One round of the thread's work (tests drive it directly): writes queued events, raises the
  /// air's changes, sends the due deliveries. Returns how many were sent.
  int run_once();

 private:
  struct Pending {
    std::string event;
    std::string event_id;
    std::string body;
  };
  // Each returns how many deliveries it added.
  int watch_air(soci::session& session, const std::set<std::string>& wanted, std::int64_t now);
  int watch_content(soci::session& session, const std::set<std::string>& wanted, std::int64_t now);

  store::Database& db_;
  DispatcherOptions options_;
  Clock clock_;
  std::string instance_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::deque<Pending> queue_;
  bool poked_ = false;
  bool due_changed_ = true;                         // wake() was called: next_due_ may be stale
  std::optional<std::int64_t> next_due_;            // when claim_due() can find work next; nullopt: unknown
  std::map<std::string, std::string> seen_on_air_;  // "song:channel" -> the event id raised last
  std::optional<std::int64_t> content_seen_until_;  // scheduled content is looked at after this
  std::jthread thread_;
};

}  // namespace ether::webhooks
