#include "webhooks/webhook_dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <set>
#include <utility>

#include "admin/password.hpp"
#include "domain/time.hpp"

namespace ether::webhooks {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxQueued = 10'000;
constexpr int kClaimBatch = 20;
// A claim outlives one send (5 s) with room to spare; a crashed instance's claims lapse after it.
constexpr std::int64_t kClaimSeconds = 60;

constexpr std::string_view kContentPublished = "content.published";
// How far back the first look for scheduled content goes (an instance that was down meanwhile).
constexpr std::int64_t kContentLookbackSeconds = 600;
// With nothing due the store is still asked this often, for deliveries that another instance
// enqueued and left unclaimed (it stopped).
constexpr std::int64_t kIdleRecheckSeconds = 10;

// One publication is one event, whoever raises it: the admin at a publish or a dispatcher when a
// scheduled moment comes.
std::string content_event_id(const content::PublishedItem& item) {
  return "content.published:" + item.type + ":" + item.id + ":" + std::to_string(item.online_at);
}

json::object content_data(const content::PublishedItem& item) {
  return json::object{{"type", item.type},
                      {"id", item.id},
                      {"title", item.title},
                      {"url", item.url},
                      {"publishedAt", domain::format_iso_utc(item.online_at)}};
}

// The body of every delivery: {"id", "event", "createdAt", "data"}.
std::string envelope(std::string_view event, std::string_view event_id, std::int64_t created_at, json::object data) {
  return json::serialize(json::object{{"id", event_id},
                                      {"event", event},
                                      {"createdAt", domain::format_iso_utc(created_at)},
                                      {"data", std::move(data)}});
}

int raise(WebhookStore& store, std::string_view event, const std::string& event_id, std::int64_t now,
          json::object data) {
  return store.enqueue(event_id, std::string(event), envelope(event, event_id, now, std::move(data)), now);
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

WebhookDispatcher::WebhookDispatcher(store::Database& db, DispatcherOptions options, Clock clock)
    : db_(db),
      options_(std::move(options)),
      clock_(clock ? std::move(clock) : Clock(unix_now)),
      instance_(admin::random_hex(8)) {}

WebhookDispatcher::~WebhookDispatcher() { stop(); }

void WebhookDispatcher::start() {
  if (thread_.joinable()) return;
  thread_ = std::jthread([this](const std::stop_token& stop) {
    bool failing = false;
    while (!stop.stop_requested()) {
      try {
        run_once();
        if (failing) spdlog::info("webhooks: the store answers again");
        failing = false;
      } catch (const std::exception& error) {
        if (!failing) spdlog::warn("webhooks: a round failed (retrying): {}", error.what());
        failing = true;
      }
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, options_.poll, [this] { return !queue_.empty() || poked_; });
      poked_ = false;
    }
  });
}

void WebhookDispatcher::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
}

void WebhookDispatcher::publish(const std::string& event, const std::string& event_id, json::object data) {
  auto body = envelope(event, event_id, clock_(), std::move(data));
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= kMaxQueued) {
      spdlog::warn("webhooks: queue full, event {} dropped", event_id);
      return;
    }
    queue_.push_back(Pending{event, event_id, std::move(body)});
  }
  wake_.notify_one();
}

void WebhookDispatcher::wake() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
    due_changed_ = true;
  }
  wake_.notify_one();
}

void WebhookDispatcher::notify_source_connected(const std::string& channel) {
  publish("source.connected", "source.connected:" + channel + ":" + admin::random_hex(8),
          json::object{{"channel", channel}});
}

void WebhookDispatcher::notify_source_disconnected(const std::string& channel) {
  publish("source.disconnected", "source.disconnected:" + channel + ":" + admin::random_hex(8),
          json::object{{"channel", channel}});
}

void WebhookDispatcher::notify_dead_air(const std::string& channel, long long since, bool ended) {
  // One event id per stretch of dead air and its end, so that a retried delivery is recognised.
  publish("channel.dead_air", "channel.dead_air:" + channel + ":" + std::to_string(since) + (ended ? ":ended" : ""),
          json::object{{"channel", channel}, {"since", since}, {"ended", ended}});
}

void WebhookDispatcher::notify_content_published(const content::PublishedItem& item) {
  publish(std::string(kContentPublished), content_event_id(item), content_data(item));
}

int WebhookDispatcher::watch_content(soci::session& session, const std::set<std::string>& wanted, std::int64_t now) {
  // After a restart the last minutes are looked at again: what was told already has its event id.
  const auto after = content_seen_until_.value_or(now - kContentLookbackSeconds);
  if (now <= after) return 0;
  int added = 0;
  if (wanted.contains(std::string(kContentPublished))) {
    WebhookStore store(session);
    for (const auto& item : content::published_between(session, after, now, options_.site_url)) {
      added += raise(store, kContentPublished, content_event_id(item), now, content_data(item));
    }
  }
  content_seen_until_ = now;
  return added;
}

int WebhookDispatcher::watch_air(soci::session& session, const std::set<std::string>& wanted, std::int64_t now) {
  const bool songs = wanted.contains("song.changed");
  const bool programmes = wanted.contains("programme.changed");
  if (!songs && !programmes) return 0;
  WebhookStore store(session);
  int added = 0;
  const long long at = now;
  std::vector<std::string> channels;
  {
    std::string slug;
    soci::statement st = (session.prepare << "SELECT slug FROM channels ORDER BY sort_order, id", soci::into(slug));
    st.execute();
    while (st.fetch()) channels.push_back(slug);
  }
  for (const auto& channel : channels) {
    if (songs) {
      long long id = 0;
      long long starts = 0;
      long long ends = 0;
      std::string title;
      std::string artist;
      std::string isrc;
      soci::indicator isrc_ind = soci::i_null;
      std::string source;
      session << "SELECT tp.id, tp.starts_at, tp.ends_at, s.title, s.artist, s.isrc, tp.source FROM track_plays tp "
                 "JOIN songs s ON s.id = tp.song_id WHERE tp.channel_slug = :c AND tp.starts_at <= :t AND "
                 "tp.ends_at > :t2 AND tp.hidden_at IS NULL ORDER BY tp.starts_at DESC LIMIT 1",
          soci::into(id), soci::into(starts), soci::into(ends), soci::into(title), soci::into(artist),
          soci::into(isrc, isrc_ind), soci::into(source), soci::use(channel), soci::use(at), soci::use(at);
      if (session.got_data()) {
        const auto event_id = "song.changed:" + channel + ":" + std::to_string(id);
        auto& seen = seen_on_air_["song:" + channel];
        if (seen != event_id) {
          seen = event_id;
          added += raise(store, "song.changed", event_id, now,
                         json::object{{"channel", channel},
                                      {"artist", artist},
                                      {"title", title},
                                      {"isrc", isrc_ind == soci::i_ok ? json::value(isrc) : json::value(nullptr)},
                                      {"startsAt", domain::format_iso_utc(starts)},
                                      {"endsAt", domain::format_iso_utc(ends)},
                                      {"source", source}});
        }
      }
    }
    if (programmes) {
      long long id = 0;
      long long starts = 0;
      long long ends = 0;
      std::string title;
      std::string slug;
      session << "SELECT id, starts_at, ends_at, title, slug FROM broadcasts WHERE channel_slug = :c AND starts_at <= "
                 ":t AND ends_at > :t2 ORDER BY starts_at DESC LIMIT 1",
          soci::into(id), soci::into(starts), soci::into(ends), soci::into(title), soci::into(slug), soci::use(channel),
          soci::use(at), soci::use(at);
      if (session.got_data()) {
        const auto event_id = "programme.changed:" + channel + ":" + std::to_string(id);
        auto& seen = seen_on_air_["programme:" + channel];
        if (seen != event_id) {
          seen = event_id;
          added += raise(store, "programme.changed", event_id, now,
                         json::object{{"channel", channel},
                                      {"broadcastId", id},
                                      {"title", title},
                                      {"slug", slug},
                                      {"startsAt", domain::format_iso_utc(starts)},
                                      {"endsAt", domain::format_iso_utc(ends)}});
        }
      }
    }
  }
  return added;
}

int WebhookDispatcher::run_once() {
  const auto now = clock_();
  std::deque<Pending> batch;
  bool due_changed = false;
  {
    std::lock_guard lock(mutex_);
    batch.swap(queue_);
    due_changed = std::exchange(due_changed_, false);
  }
  std::vector<std::pair<Delivery, Webhook>> due;
  bool looked = false;
  {
    auto lease = db_.lease();
    int added = 0;
    try {
      WebhookStore store(*lease);
      for (const auto& pending : batch) added += store.enqueue(pending.event_id, pending.event, pending.body, now);
    } catch (...) {
      // Not lost while the store is away: back to the front of the queue for the next round.
      std::lock_guard lock(mutex_);
      for (auto it = batch.rbegin(); it != batch.rend(); ++it) {
        if (queue_.size() < kMaxQueued) queue_.push_front(*it);
      }
      due_changed_ = due_changed_ || due_changed;
      throw;
    }
    if (options_.watch_air || options_.watch_content) {
      const auto wanted = WebhookStore(*lease).wanted_events();
      if (options_.watch_air) added += watch_air(*lease, wanted, now);
      if (options_.watch_content) added += watch_content(*lease, wanted, now);
    }
    if (added > 0 || due_changed) next_due_.reset();
    looked = !next_due_ || *next_due_ <= now;
    if (looked) due = WebhookStore(*lease).claim_due(instance_, now, kClaimSeconds, kClaimBatch);
  }
  // Sent without holding a store session: a slow receiver must not keep a connection of the pool.
  std::set<std::int64_t> switched_off;
  for (const auto& [delivery, hook] : due) {
    if (switched_off.contains(hook.id)) {
      auto lease = db_.lease();
      WebhookStore(*lease).release(delivery.id);
      continue;
    }
    const auto result = send_delivery(hook, delivery, clock_(), options_.send);
    auto lease = db_.lease();
    store::Transaction tx(*lease);
    if (WebhookStore(*lease).record_attempt(delivery, result, clock_(), options_.retry)) {
      switched_off.insert(hook.id);
      spdlog::warn("webhooks: hook {} ({}) switched off after repeated failures", hook.id, hook.url);
    }
    tx.commit();
    if (!result.ok()) {
      spdlog::info("webhooks: delivery {} to hook {} failed (attempt {}): {}", delivery.event_id, hook.id,
                   delivery.attempts + 1, result.error);
    }
  }
  if (looked) {
    // The attempts above moved their deliveries' next moments: ask once, then rest until then.
    auto lease = db_.lease();
    const auto next = WebhookStore(*lease).next_due_at().value_or(now + kIdleRecheckSeconds);
    next_due_ = std::min(next, now + kIdleRecheckSeconds);
  }
  return static_cast<int>(due.size());
}

}  // namespace ether::webhooks
