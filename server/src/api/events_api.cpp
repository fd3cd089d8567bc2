#include "api/events_api.hpp"

#include <boost/json.hpp>
#include <chrono>
#include <string>

#include "api/json_error.hpp"

namespace ether::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxNameLength = 200;

bool valid_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

bool valid_type(std::string_view type) {
  for (auto known : kEventTypes) {
    if (type == known) return true;
  }
  return false;
}

std::string_view string_member(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string_view(value->get_string()) : std::string_view();
}

}  // namespace

EventsApi::EventsApi(store::Database& db, std::function<std::int64_t()> now) : db_(db), now_(std::move(now)) {
  if (!now_) {
    now_ = [] {
      return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}

void EventsApi::add_routes(http::Router& router) {
  router.add("POST", "/api/events",
             [this](const http::Request& request, const http::RouteParams&) { return post(request); });
}

http::Response EventsApi::post(const http::Request& request) const {
  if (request.body.size() > kMaxEventBodyBytes) {
    return json_error(413, "payload_too_large", "An event is at most 1 KiB of JSON.");
  }
  boost::system::error_code ec;
  auto value = json::parse(request.body, ec);
  if (ec || !value.is_object()) {
    return json_error(400, "bad_json", "The body must be a JSON object {\"name\": ..., \"type\": ...}.");
  }
  const auto& object = value.get_object();
  auto name = string_member(object, "name");
  auto type = string_member(object, "type");
  if (!valid_name(name)) {
    return json_error(400, "bad_parameter",
                      "name must be 1 to 200 lower-case letters, digits, underscores or hyphens.");
  }
  if (!valid_type(type)) return json_error(400, "bad_parameter", "type must be navigation, exit or click.");
  std::string name_text(name);
  std::string type_text(type);
  long long now = now_();
  auto lease = db_.lease();
  // One statement for both backends: SQLite (3.24+) and PostgreSQL share this upsert form.
  *lease << "INSERT INTO analytics_events (name, type, count, last_at) VALUES (:n, :t, 1, :now) "
            "ON CONFLICT (name, type) DO UPDATE SET count = analytics_events.count + 1, last_at = :now2",
      soci::use(name_text), soci::use(type_text), soci::use(now), soci::use(now);
  http::Response response;
  response.status = 204;
  response.set_header("Cache-Control", "no-store");
  return response;
}

std::int64_t EventsApi::count(std::string_view name, std::string_view type) const {
  std::string name_text(name);
  std::string type_text(type);
  long long value = 0;
  soci::indicator ind = soci::i_null;
  auto lease = db_.lease();
  *lease << "SELECT count FROM analytics_events WHERE name = :n AND type = :t", soci::into(value, ind),
      soci::use(name_text), soci::use(type_text);
  return lease->got_data() && ind == soci::i_ok ? value : 0;
}

}  // namespace ether::api
