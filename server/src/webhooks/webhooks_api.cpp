#include "webhooks/webhooks_api.hpp"

#include <boost/json/array.hpp>

#include <variant>

#include "admin/audit_log.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "webhooks/url_policy.hpp"
#include "webhooks/webhook_store.hpp"

namespace ether::webhooks {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxBody = 16 * 1024;
constexpr int kDeliveryPage = 50;

json::value instant(std::optional<std::int64_t> at) {
  return at ? json::value(domain::format_iso_utc(*at)) : json::value(nullptr);
}

json::object hook_json(const Webhook& hook) {
  json::array events;
  for (const auto& event : hook.events) events.emplace_back(event);
  return json::object{{"id", hook.id},
                      {"url", hook.url},
                      {"events", std::move(events)},
                      {"active", hook.active},
                      {"disabledReason", hook.disabled_reason},
                      {"consecutiveFailures", hook.consecutive_failures},
                      {"createdAt", domain::format_iso_utc(hook.created_at)}};
}

json::object delivery_json(const Delivery& delivery) {
  json::array log;
  for (const auto& attempt : delivery.log) {
    log.push_back(json::object{{"attempt", attempt.attempt},
                               {"at", domain::format_iso_utc(attempt.at)},
                               {"status", attempt.status},
                               {"error", attempt.error},
                               {"durationMs", attempt.duration_ms}});
  }
  return json::object{
      {"id", delivery.id},
      {"eventId", delivery.event_id},
      {"event", delivery.event},
      {"state", delivery.state},
      {"attempts", delivery.attempts},
      {"lastStatus", delivery.last_status},
      {"lastError", delivery.last_error},
      {"lastAttemptAt", instant(delivery.last_attempt_at)},
      {"nextAttemptAt", delivery.state == "pending" ? instant(delivery.next_attempt_at) : json::value(nullptr)},
      {"createdAt", domain::format_iso_utc(delivery.created_at)},
      {"attemptLog", std::move(log)}};
}

}  // namespace

WebhooksApi::WebhooksApi(store::Database& db, const admin::AdminApi& admin, std::function<std::int64_t()> now,
                         std::function<void()> wake)
    : db_(db), admin_(admin), now_(std::move(now)), wake_(std::move(wake)) {}

void WebhooksApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/webhooks", [this](const http::Request& r, const Params&) { return list(r); });
  router.add("POST", "/api/admin/webhooks", [this](const http::Request& r, const Params&) { return create(r); });
  router.add("POST", "/api/admin/webhooks/deliveries/{id}/resend",
             [this](const http::Request& r, const Params& p) { return resend(r, p.at("id")); });
  router.add("DELETE", "/api/admin/webhooks/{id}",
             [this](const http::Request& r, const Params& p) { return remove(r, p.at("id")); });
  router.add("POST", "/api/admin/webhooks/{id}/enable",
             [this](const http::Request& r, const Params& p) { return enable(r, p.at("id")); });
  router.add("GET", "/api/admin/webhooks/{id}/deliveries",
             [this](const http::Request& r, const Params& p) { return deliveries(r, p.at("id")); });
}

http::Response WebhooksApi::list(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  json::array hooks;
  {
    auto lease = db_.lease();
    for (const auto& hook : WebhookStore(*lease).list()) hooks.push_back(hook_json(hook));
  }
  json::array events;
  for (auto event : kEvents) events.emplace_back(event);
  return api::private_json(200, json::object{{"webhooks", std::move(hooks)}, {"events", std::move(events)}});
}

http::Response WebhooksApi::create(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<admin::Principal>(who);
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  json::object fields;
  std::string url;
  if (const auto* given = object.if_contains("url"); given != nullptr && given->is_string()) {
    url = std::string(given->get_string());
  }
  if (auto verdict = check_url(url); !verdict.target) fields["url"] = verdict.problem;
  std::vector<std::string> events;
  const auto* list = object.if_contains("events");
  if (list == nullptr || !list->is_array() || list->get_array().empty()) {
    fields["events"] = "Kies minstens een gebeurtenis.";
  } else {
    for (const auto& item : list->get_array()) {
      if (!item.is_string() || !is_known_event(item.get_string())) {
        fields["events"] = "Kies gebeurtenissen uit de lijst.";
        break;
      }
      std::string event(item.get_string());
      if (std::find(events.begin(), events.end(), event) == events.end()) events.push_back(event);
    }
  }
  if (!fields.empty()) return api::field_errors(fields);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  auto hook = WebhookStore(*lease).create(url, events, principal.user.id, now);
  json::object changes;
  json::array event_list;
  for (const auto& event : events) event_list.emplace_back(event);
  admin::add_change(changes, "url", nullptr, json::string(url));
  admin::add_change(changes, "events", nullptr, event_list);
  admin::AuditLog(*lease).record(actor_of(principal), now, "webhook", std::to_string(hook.id), "create", changes);
  tx.commit();
  return api::private_json(201, json::object{{"webhook", hook_json(hook)}, {"secret", hook.secret}});
}

http::Response WebhooksApi::remove(const http::Request& request, const std::string& id) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<admin::Principal>(who);
  auto key = api::parse_id(id);
  if (!key) return api::json_error(404, "not_found", "Deze webhook bestaat niet.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  if (!WebhookStore(*lease).remove(*key, now)) return api::json_error(404, "not_found", "Deze webhook bestaat niet.");
  admin::AuditLog(*lease).record(actor_of(principal), now, "webhook", id, "delete");
  tx.commit();
  return api::no_content();
}

http::Response WebhooksApi::enable(const http::Request& request, const std::string& id) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<admin::Principal>(who);
  auto key = api::parse_id(id);
  if (!key) return api::json_error(404, "not_found", "Deze webhook bestaat niet.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  WebhookStore store(*lease);
  if (!store.enable(*key)) return api::json_error(404, "not_found", "Deze webhook bestaat niet.");
  admin::AuditLog(*lease).record(actor_of(principal), now, "webhook", id, "enable");
  auto hook = store.find(*key);
  tx.commit();
  if (wake_) wake_();
  return api::private_json(200, json::object{{"webhook", hook_json(*hook)}});
}

http::Response WebhooksApi::deliveries(const http::Request& request, const std::string& id) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  auto key = api::parse_id(id);
  if (!key) return api::json_error(404, "not_found", "Deze webhook bestaat niet.");
  auto lease = db_.lease();
  WebhookStore store(*lease);
  auto hook = store.find(*key);
  if (!hook) return api::json_error(404, "not_found", "Deze webhook bestaat niet.");
  json::array list;
  for (const auto& delivery : store.deliveries(*key, kDeliveryPage)) list.push_back(delivery_json(delivery));
  return api::private_json(200, json::object{{"webhook", hook_json(*hook)}, {"deliveries", std::move(list)}});
}

http::Response WebhooksApi::resend(const http::Request& request, const std::string& id) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<admin::Principal>(who);
  auto key = api::parse_id(id);
  if (!key) return api::json_error(404, "not_found", "Deze levering bestaat niet.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  WebhookStore store(*lease);
  if (!store.resend(*key, now)) return api::json_error(404, "not_found", "Deze levering bestaat niet.");
  admin::AuditLog(*lease).record(actor_of(principal), now, "webhook_delivery", id, "resend");
  auto delivery = store.find_delivery(*key);
  tx.commit();
  if (wake_) wake_();
  return api::private_json(200, json::object{{"delivery", delivery_json(*delivery)}});
}

}  // namespace ether::webhooks
