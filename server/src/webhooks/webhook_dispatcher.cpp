#include "webhooks/webhook_dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/serialize.hpp>
#include <set>

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
  const auto now = clock_();
  json::object payload{
      {"id", event_id}, {"event", event}, {"createdAt", domain::format_iso_utc(now)}, {"data", std::move(data)}};
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= kMaxQueued) {
      spdlog::warn("webhooks: queue full, event {} dropped", event_id);
      return;
    }
    queue_.push_back(Pending{event, event_id, json::serialize(payload)});
  }
  wake_.notify_one();
}

void WebhookDispatcher::wake() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
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

void WebhookDispatcher::notify_content_published(const content::PublishedItem& item) {
  publish(std::string(kContentPublished), content_event_id(item), content_data(item));
}

void WebhookDispatcher::watch_content(soci::session& session, std::int64_t now) {
  // After a restart the last minutes are looked at again: what was told already has its event id.
  const auto after = content_seen_until_.value_or(now - kContentLookbackSeconds);
  if (now <= after) return;
  WebhookStore store(session);
  if (!store.anyone_wants(kContentPublished)) {
    content_seen_until_ = now;
    return;
  }
  for (const auto& item : content::published_between(session, after, now, options_.site_url)) {
    const auto event_id = content_event_id(item);
    json::object payload{{"id", event_id},
                         {"event", kContentPublished},
                         {"createdAt", domain::format_iso_utc(now)},
                         {"data", content_data(item)}};
    store.enqueue(event_id, std::string(kContentPublished), json::serialize(payload), now);
  }
  content_seen_until_ = now;
}

void WebhookDispatcher::watch_air(soci::session& session, std::int64_t now) {
  WebhookStore store(session);
  const bool songs = store.anyone_wants("song.changed");
  const bool programmes = store.anyone_wants("programme.changed");
  if (!songs && !programmes) return;
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
                 "tp.ends_at > :t2 ORDER BY tp.starts_at DESC LIMIT 1",
          soci::into(id), soci::into(starts), soci::into(ends), soci::into(title), soci::into(artist),
          soci::into(isrc, isrc_ind), soci::into(source), soci::use(channel), soci::use(at), soci::use(at);
      if (session.got_data()) {
        const auto event_id = "song.changed:" + channel + ":" + std::to_string(id);
        auto& seen = seen_on_air_["song:" + channel];
        if (seen != event_id) {
          seen = event_id;
          json::object data{{"channel", channel},
                            {"artist", artist},
                            {"title", title},
                            {"isrc", isrc_ind == soci::i_ok ? json::value(isrc) : json::value(nullptr)},
                            {"startsAt", domain::format_iso_utc(starts)},
                            {"endsAt", domain::format_iso_utc(ends)},
                            {"source", source}};
          json::object payload{{"id", event_id},
                               {"event", "song.changed"},
                               {"createdAt", domain::format_iso_utc(now)},
                               {"data", std::move(data)}};
          store.enqueue(event_id, "song.changed", json::serialize(payload), now);
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
          json::object payload{{"id", event_id},
                               {"event", "programme.changed"},
                               {"createdAt", domain::format_iso_utc(now)},
                               {"data", json::object{{"channel", channel},
                                                     {"broadcastId", id},
                                                     {"title", title},
                                                     {"slug", slug},
                                                     {"startsAt", domain::format_iso_utc(starts)},
                                                     {"endsAt", domain::format_iso_utc(ends)}}}};
          store.enqueue(event_id, "programme.changed", json::serialize(payload), now);
        }
      }
    }
  }
}

int WebhookDispatcher::run_once() {
  const auto now = clock_();
  std::deque<Pending> batch;
  {
    std::lock_guard lock(mutex_);
    batch.swap(queue_);
  }
  std::vector<std::pair<Delivery, Webhook>> due;
  {
    auto lease = db_.lease();
    try {
      WebhookStore store(*lease);
      for (const auto& pending : batch) store.enqueue(pending.event_id, pending.event, pending.body, now);
    } catch (...) {
      // Not lost while the store is away: back to the front of the queue for the next round.
      std::lock_guard lock(mutex_);
      for (auto it = batch.rbegin(); it != batch.rend(); ++it) {
        if (queue_.size() < kMaxQueued) queue_.push_front(*it);
      }
      throw;
    }
    if (options_.watch_air) watch_air(*lease, now);
    if (options_.watch_content) watch_content(*lease, now);
    due = WebhookStore(*lease).claim_due(instance_, now, kClaimSeconds, kClaimBatch);
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
    soci::transaction tx(*lease);
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
  return static_cast<int>(due.size());
}

}  // namespace ether::webhooks
