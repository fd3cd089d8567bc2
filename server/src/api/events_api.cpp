#include "api/events_api.hpp"

#include <boost/json.hpp>
#include <chrono>
#include <string>

#include "api/json_error.hpp"
#include "http/client_group.hpp"

namespace ether::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxNameLength = 200;

bool slug_character(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

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

bool is_valid_event_name(std::string_view name) {
  if (name.size() > kMaxNameLength || !name.starts_with(kEventNamePrefix)) return false;
  name.remove_prefix(kEventNamePrefix.size());
  // The web app cuts the name at 200 characters, which may leave the title without its "_{slug}".
  bool separator = false;
  for (char c : name) {
    if (c == '_' && !separator) {
      separator = true;
    } else if (!slug_character(c)) {
      return false;
    }
  }
  return true;
}

EventsApi::EventsApi(store::Database& db, std::function<std::int64_t()> now, EventsOptions options)
    : db_(db), now_(std::move(now)), options_(options), limiter_(options.per_minute, 60, options.max_addresses) {
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
  const long long now = now_();
  if (auto wait = limiter_.admit(http::client_group(request.remote_address), now); wait > 0) {
    auto response = json_error(429, "too_many_requests",
                               "At most " + std::to_string(options_.per_minute) + " events a minute per client.");
    response.set_header("Retry-After", std::to_string(wait));
    return response;
  }
  if (request.body.size() > kMaxEventBodyBytes) {
    return json_error(413, "payload_too_large", "Een gebeurtenis is hoogstens 1 KiB JSON.");
  }
  boost::system::error_code ec;
  auto value = json::parse(request.body, ec);
  if (ec || !value.is_object()) {
    return json_error(400, "bad_json", "Stuur een JSON-object {\"name\": ..., \"type\": ...}.");
  }
  const auto& object = value.get_object();
  auto name = string_member(object, "name");
  auto type = string_member(object, "type");
  if (!is_valid_event_name(name)) {
    return json_error(400, "bad_parameter",
                      "name must be player_radioblok_counter_{title}_{slug}: at most 200 lower-case letters, "
                      "digits and hyphens.");
  }
  if (!valid_type(type)) return json_error(400, "bad_parameter", "type must be navigation, exit or click.");
  std::string name_text(name);
  std::string type_text(type);
  auto lease = db_.lease();
  auto& sql = *lease;
  soci::statement update = (sql.prepare << "UPDATE analytics_events SET count = count + 1, last_at = :now "
                                           "WHERE name = :n AND type = :t",
                            soci::use(now), soci::use(name_text), soci::use(type_text));
  update.execute(true);
  if (update.get_affected_rows() == 0) {
    // A new row: its name must be known already, or the store must have room for another name.
    long long known = 0;
    sql << "SELECT COUNT(*) FROM analytics_events WHERE name = :n", soci::into(known), soci::use(name_text);
    if (known == 0) {
      long long names = 0;
      sql << "SELECT COUNT(DISTINCT name) FROM analytics_events", soci::into(names);
      if (names >= static_cast<long long>(options_.max_names)) {
        return json_error(422, "too_many_names",
                          "De site telt hoogstens " + std::to_string(options_.max_names) +
                              " namen van gebeurtenissen; deze nieuwe naam wordt niet geteld.");
      }
    }
    // Two first events of one name at once both insert: the upsert lets the second one count.
    sql << "INSERT INTO analytics_events (name, type, count, last_at) VALUES (:n, :t, 1, :now) "
           "ON CONFLICT (name, type) DO UPDATE SET count = analytics_events.count + 1, last_at = :now2",
        soci::use(name_text), soci::use(type_text), soci::use(now), soci::use(now);
  }
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
