#pragma once
// The store side of webhooks (migration 011): hooks (URL, events, secret, switched on or off),
// deliveries (one per event and hook, claimed by one instance at a time) and their attempts, for
// the admin's delivery log. Works on a session the caller leases.

#include <soci/soci.h>

#include <array>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ether::webhooks {

/// The events a hook may subscribe to.
inline constexpr std::array<std::string_view, 7> kEvents{"song.changed",        "programme.changed", "source.connected",
                                                         "source.disconnected", "content.published", "channel.dead_air",
                                                         "backup.failed"};
bool is_known_event(std::string_view event);

struct Webhook {
  std::int64_t id = 0;
  std::string url;
  std::vector<std::string> events;
  std::string secret;
  bool active = true;
  std::string disabled_reason;
  int consecutive_failures = 0;
  std::int64_t created_at = 0;
};

struct Attempt {
  int attempt = 0;
  std::int64_t at = 0;
  int status = 0;  // HTTP status, 0 when none came
  std::string error;
  int duration_ms = 0;
};

struct Delivery {
  std::int64_t id = 0;
  std::int64_t webhook_id = 0;
  std::string event_id;
  std::string event;
  std::string body;
  std::string state;  // pending, delivered, failed
  int attempts = 0;
  std::int64_t next_attempt_at = 0;
  int last_status = 0;
  std::string last_error;
  std::optional<std::int64_t> last_attempt_at;
  std::int64_t created_at = 0;
  std::vector<Attempt> log;
};

/// The result of one attempt, as the dispatcher reports it.
struct AttemptResult {
  int status = 0;
  std::string error;
  int duration_ms = 0;
  [[nodiscard]] bool ok() const { return status >= 200 && status < 300; }
};

/// How retries and switch-off go.
struct RetryPolicy {
  std::int64_t first_delay_seconds = 10;  // doubled after each failure
  std::int64_t longest_delay_seconds = 3600;
  int attempts_per_delivery = 10;  // then the delivery is 'failed' (resendable)
  int failures_to_disable = 10;    // consecutive failed attempts that switch a hook off
};

class WebhookStore {
 public:
  explicit WebhookStore(soci::session& session) : session_(session) {}

  /// A new hook with a fresh secret (the caller shows it once).
  Webhook create(const std::string& url, const std::vector<std::string>& events, std::int64_t created_by,
                 std::int64_t now);
  /// Hooks not deleted, newest first.
  std::vector<Webhook> list();
  std::optional<Webhook> find(std::int64_t id);
  /// Deletes a hook (it stays for its delivery log); false when unknown or deleted before.
  bool remove(std::int64_t id, std::int64_t now);
  /// Switches a hook back on and forgets its failures; false when unknown.
  bool enable(std::int64_t id);

  /// A delivery of `event` for every active hook subscribed to it; an event id a hook already
  /// has is not added again (several instances may see the same event). Returns how many.
  int enqueue(const std::string& event_id, const std::string& event, const std::string& body, std::int64_t now);
  /// The events some active hook subscribes to (to skip work nobody asked for).
  std::set<std::string> wanted_events();

  /// Claims up to `limit` due deliveries for `instance` until `now + lease_seconds`: only one
  /// instance gets each (a conditional UPDATE). Returns them with their hook.
  std::vector<std::pair<Delivery, Webhook>> claim_due(const std::string& instance, std::int64_t now,
                                                      std::int64_t lease_seconds, int limit);
  /// Records an attempt: delivered, or failed with the next attempt after the backoff, or given
  /// up; counts the hook's consecutive failures and switches it off at the policy's limit.
  /// Returns true when this attempt switched the hook off.
  bool record_attempt(const Delivery& delivery, const AttemptResult& result, std::int64_t now,
                      const RetryPolicy& policy);
  /// The earliest moment claim_due() could find a delivery (a pending one of an active hook, once
  /// its next attempt is due and any claim on it lapsed); nullopt when there is none.
  std::optional<std::int64_t> next_due_at();
  /// Gives a claimed delivery back unsent (its hook was switched off meanwhile).
  void release(std::int64_t delivery_id);
  /// Sends a delivery again as soon as possible; false when unknown.
  bool resend(std::int64_t delivery_id, std::int64_t now);

  /// A hook's newest deliveries with their attempts.
  std::vector<Delivery> deliveries(std::int64_t webhook_id, int limit);
  std::optional<Delivery> find_delivery(std::int64_t id);

 private:
  soci::session& session_;
};

}  // namespace ether::webhooks
