#include "webhooks/webhook_store.hpp"

#include <algorithm>

#include "admin/password.hpp"

namespace ether::webhooks {
namespace {

std::vector<std::string> split_events(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    if (comma > start) out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

std::string join_events(const std::vector<std::string>& events) {
  std::string out;
  for (const auto& event : events) out += (out.empty() ? "" : ",") + event;
  return out;
}

constexpr const char* kHookColumns =
    "SELECT id, url, events, secret, active, disabled_reason, consecutive_failures, created_at FROM webhooks ";

struct HookRow {
  long long id = 0;
  std::string url;
  std::string events;
  std::string secret;
  int active = 0;
  std::string reason;
  int failures = 0;
  long long created_at = 0;

  [[nodiscard]] Webhook hook() const {
    return Webhook{id, url, split_events(events), secret, active != 0, reason, failures, created_at};
  }
};

constexpr const char* kDeliveryColumns =
    "SELECT id, webhook_id, event_id, event, body, state, attempts, next_attempt_at, last_status, last_error, "
    "last_attempt_at, created_at FROM webhook_deliveries ";

struct DeliveryRow {
  long long id = 0;
  long long webhook_id = 0;
  std::string event_id;
  std::string event;
  std::string body;
  std::string state;
  int attempts = 0;
  long long next_attempt_at = 0;
  int last_status = 0;
  std::string last_error;
  long long last_attempt_at = 0;
  soci::indicator last_attempt_ind = soci::i_null;
  long long created_at = 0;

  [[nodiscard]] Delivery delivery() const {
    Delivery d;
    d.id = id;
    d.webhook_id = webhook_id;
    d.event_id = event_id;
    d.event = event;
    d.body = body;
    d.state = state;
    d.attempts = attempts;
    d.next_attempt_at = next_attempt_at;
    d.last_status = last_status;
    d.last_error = last_error;
    if (last_attempt_ind == soci::i_ok) d.last_attempt_at = last_attempt_at;
    d.created_at = created_at;
    return d;
  }
};

}  // namespace

bool is_known_event(std::string_view event) {
  return std::find(kEvents.begin(), kEvents.end(), event) != kEvents.end();
}

Webhook WebhookStore::create(const std::string& url, const std::vector<std::string>& events, std::int64_t created_by,
                             std::int64_t now) {
  Webhook hook;
  hook.url = url;
  hook.events = events;
  hook.secret = "whsec_" + admin::random_hex(32);
  hook.created_at = now;
  const auto joined = join_events(events);
  const long long by = created_by;
  const long long at = now;
  long long id = 0;
  session_ << "INSERT INTO webhooks (url, events, secret, active, created_by, created_at) "
              "VALUES (:u, :e, :s, 1, :b, :a) RETURNING id",
      soci::use(url), soci::use(joined), soci::use(hook.secret), soci::use(by), soci::use(at), soci::into(id);
  hook.id = id;
  return hook;
}

std::vector<Webhook> WebhookStore::list() {
  std::vector<Webhook> hooks;
  HookRow row;
  soci::statement st =
      (session_.prepare << std::string(kHookColumns) + "WHERE deleted_at IS NULL ORDER BY id DESC", soci::into(row.id),
       soci::into(row.url), soci::into(row.events), soci::into(row.secret), soci::into(row.active),
       soci::into(row.reason), soci::into(row.failures), soci::into(row.created_at));
  st.execute();
  while (st.fetch()) hooks.push_back(row.hook());
  return hooks;
}

std::optional<Webhook> WebhookStore::find(std::int64_t id) {
  HookRow row;
  const long long key = id;
  session_ << std::string(kHookColumns) + "WHERE id = :id AND deleted_at IS NULL", soci::into(row.id),
      soci::into(row.url), soci::into(row.events), soci::into(row.secret), soci::into(row.active),
      soci::into(row.reason), soci::into(row.failures), soci::into(row.created_at), soci::use(key);
  if (!session_.got_data()) return std::nullopt;
  return row.hook();
}

bool WebhookStore::remove(std::int64_t id, std::int64_t now) {
  const long long key = id;
  const long long at = now;
  soci::statement st = (session_.prepare << "UPDATE webhooks SET deleted_at = :a, active = 0 WHERE id = :id AND "
                                            "deleted_at IS NULL",
                        soci::use(at), soci::use(key));
  st.execute(true);
  if (st.get_affected_rows() == 0) return false;
  // Nothing more goes out to a deleted hook.
  session_ << "UPDATE webhook_deliveries SET state = 'failed', last_error = 'webhook verwijderd' WHERE webhook_id = "
              ":id AND state = 'pending'",
      soci::use(key);
  return true;
}

bool WebhookStore::enable(std::int64_t id) {
  const long long key = id;
  soci::statement st = (session_.prepare << "UPDATE webhooks SET active = 1, disabled_reason = '', "
                                            "consecutive_failures = 0 WHERE id = :id AND deleted_at IS NULL",
                        soci::use(key));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

int WebhookStore::enqueue(const std::string& event_id, const std::string& event, const std::string& body,
                          std::int64_t now) {
  std::vector<long long> targets;
  for (const auto& hook : list()) {
    if (hook.active && std::find(hook.events.begin(), hook.events.end(), event) != hook.events.end()) {
      targets.push_back(hook.id);
    }
  }
  int added = 0;
  long long hook_id = 0;
  const long long at = now;
  soci::statement st =
      (session_.prepare << "INSERT INTO webhook_deliveries (webhook_id, event_id, event, body, state, attempts, "
                           "next_attempt_at, created_at) VALUES (:h, :i, :e, :b, 'pending', 0, :n, :c) "
                           "ON CONFLICT (webhook_id, event_id) DO NOTHING",
       soci::use(hook_id), soci::use(event_id), soci::use(event), soci::use(body), soci::use(at), soci::use(at));
  for (auto target : targets) {
    hook_id = target;
    st.execute(true);
    added += static_cast<int>(st.get_affected_rows());
  }
  return added;
}

std::set<std::string> WebhookStore::wanted_events() {
  std::set<std::string> wanted;
  for (const auto& hook : list()) {
    if (hook.active) wanted.insert(hook.events.begin(), hook.events.end());
  }
  return wanted;
}

std::optional<std::int64_t> WebhookStore::next_due_at() {
  long long due = 0;
  soci::indicator due_ind = soci::i_null;
  // claim_due() takes a row once next_attempt_at <= now and claimed_until < now.
  session_ << "SELECT MIN(CASE WHEN d.claimed_until >= d.next_attempt_at THEN d.claimed_until + 1 "
              "ELSE d.next_attempt_at END) FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id "
              "WHERE d.state = 'pending' AND w.active = 1",
      soci::into(due, due_ind);
  if (due_ind != soci::i_ok) return std::nullopt;
  return static_cast<std::int64_t>(due);
}

std::vector<std::pair<Delivery, Webhook>> WebhookStore::claim_due(const std::string& instance, std::int64_t now,
                                                                  std::int64_t lease_seconds, int limit) {
  std::vector<long long> candidates;
  {
    long long id = 0;
    const long long at = now;
    const int count = limit;
    soci::statement st =
        (session_.prepare << "SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id "
                             "WHERE d.state = 'pending' AND d.next_attempt_at <= :n AND d.claimed_until < :n2 "
                             "AND w.active = 1 ORDER BY d.next_attempt_at, d.id LIMIT :l",
         soci::into(id), soci::use(at), soci::use(at), soci::use(count));
    st.execute();
    while (st.fetch()) candidates.push_back(id);
  }
  std::vector<std::pair<Delivery, Webhook>> claimed;
  const long long at = now;
  const long long until = now + lease_seconds;
  for (auto id : candidates) {
    // Of several instances racing for a row, the one whose UPDATE still matches takes it.
    soci::statement st = (session_.prepare << "UPDATE webhook_deliveries SET claimed_by = :me, claimed_until = :u "
                                              "WHERE id = :id AND state = 'pending' AND claimed_until < :n",
                          soci::use(instance), soci::use(until), soci::use(id), soci::use(at));
    st.execute(true);
    if (st.get_affected_rows() != 1) continue;
    auto delivery = find_delivery(id);
    if (!delivery) continue;
    HookRow row;
    const long long hook_id = delivery->webhook_id;
    session_ << std::string(kHookColumns) + "WHERE id = :id", soci::into(row.id), soci::into(row.url),
        soci::into(row.events), soci::into(row.secret), soci::into(row.active), soci::into(row.reason),
        soci::into(row.failures), soci::into(row.created_at), soci::use(hook_id);
    if (!session_.got_data()) continue;
    claimed.emplace_back(std::move(*delivery), row.hook());
  }
  return claimed;
}

bool WebhookStore::record_attempt(const Delivery& delivery, const AttemptResult& result, std::int64_t now,
                                  const RetryPolicy& policy) {
  const int attempt = delivery.attempts + 1;
  const long long at = now;
  const long long id = delivery.id;
  const int status = result.status;
  const int duration = result.duration_ms;
  session_ << "INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, duration_ms) "
              "VALUES (:d, :a, :t, :s, :e, :m)",
      soci::use(id), soci::use(attempt), soci::use(at), soci::use(status), soci::use(result.error), soci::use(duration);
  std::string state = "delivered";
  long long next = now;
  if (!result.ok()) {
    if (attempt >= policy.attempts_per_delivery) {
      state = "failed";
    } else {
      state = "pending";
      std::int64_t delay = policy.first_delay_seconds;
      for (int i = 1; i < attempt && delay < policy.longest_delay_seconds; ++i) delay *= 2;
      next = now + std::min(delay, policy.longest_delay_seconds);
    }
  }
  const long long released = 0;
  session_ << "UPDATE webhook_deliveries SET state = :st, attempts = :a, next_attempt_at = :n, last_status = :s, "
              "last_error = :e, last_attempt_at = :t, last_duration_ms = :m, claimed_until = :r WHERE id = :id",
      soci::use(state), soci::use(attempt), soci::use(next), soci::use(status), soci::use(result.error), soci::use(at),
      soci::use(duration), soci::use(released), soci::use(id);

  const long long hook = delivery.webhook_id;
  if (result.ok()) {
    session_ << "UPDATE webhooks SET consecutive_failures = 0 WHERE id = :id", soci::use(hook);
    return false;
  }
  session_ << "UPDATE webhooks SET consecutive_failures = consecutive_failures + 1 WHERE id = :id", soci::use(hook);
  int failures = 0;
  session_ << "SELECT consecutive_failures FROM webhooks WHERE id = :id", soci::into(failures), soci::use(hook);
  if (failures >= policy.failures_to_disable) {
    const std::string reason = std::to_string(failures) + " mislukte pogingen achter elkaar";
    soci::statement st = (session_.prepare << "UPDATE webhooks SET active = 0, disabled_reason = :r WHERE id = :id "
                                              "AND active = 1",
                          soci::use(reason), soci::use(hook));
    st.execute(true);
    return st.get_affected_rows() > 0;
  }
  return false;
}

void WebhookStore::release(std::int64_t delivery_id) {
  const long long id = delivery_id;
  session_ << "UPDATE webhook_deliveries SET claimed_until = 0 WHERE id = :id", soci::use(id);
}

bool WebhookStore::resend(std::int64_t delivery_id, std::int64_t now) {
  const long long id = delivery_id;
  const long long at = now;
  soci::statement st = (session_.prepare << "UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = :n, "
                                            "claimed_until = 0 WHERE id = :id",
                        soci::use(at), soci::use(id));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

std::optional<Delivery> WebhookStore::find_delivery(std::int64_t id) {
  DeliveryRow row;
  const long long key = id;
  session_ << std::string(kDeliveryColumns) + "WHERE id = :id", soci::into(row.id), soci::into(row.webhook_id),
      soci::into(row.event_id), soci::into(row.event), soci::into(row.body), soci::into(row.state),
      soci::into(row.attempts), soci::into(row.next_attempt_at), soci::into(row.last_status),
      soci::into(row.last_error), soci::into(row.last_attempt_at, row.last_attempt_ind), soci::into(row.created_at),
      soci::use(key);
  if (!session_.got_data()) return std::nullopt;
  return row.delivery();
}

std::vector<Delivery> WebhookStore::deliveries(std::int64_t webhook_id, int limit) {
  std::vector<Delivery> out;
  {
    DeliveryRow row;
    const long long hook = webhook_id;
    const int count = limit;
    soci::statement st =
        (session_.prepare << std::string(kDeliveryColumns) + "WHERE webhook_id = :h ORDER BY id DESC LIMIT :l",
         soci::into(row.id), soci::into(row.webhook_id), soci::into(row.event_id), soci::into(row.event),
         soci::into(row.body), soci::into(row.state), soci::into(row.attempts), soci::into(row.next_attempt_at),
         soci::into(row.last_status), soci::into(row.last_error), soci::into(row.last_attempt_at, row.last_attempt_ind),
         soci::into(row.created_at), soci::use(hook), soci::use(count));
    st.execute();
    while (st.fetch()) out.push_back(row.delivery());
  }
  for (auto& delivery : out) {
    Attempt attempt;
    long long at = 0;
    const long long id = delivery.id;
    soci::statement st = (session_.prepare << "SELECT attempt, at, status, error, duration_ms FROM webhook_attempts "
                                              "WHERE delivery_id = :d ORDER BY attempt, id",
                          soci::into(attempt.attempt), soci::into(at), soci::into(attempt.status),
                          soci::into(attempt.error), soci::into(attempt.duration_ms), soci::use(id));
    st.execute();
    while (st.fetch()) {
      attempt.at = at;
      delivery.log.push_back(attempt);
    }
  }
  return out;
}

}  // namespace ether::webhooks
