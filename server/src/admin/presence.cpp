#include "admin/presence.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <utility>
#include <variant>

#include "admin/roles.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"

namespace ether::admin {
namespace json = boost::json;

namespace {

constexpr std::size_t kLongestKey = 200;
// Rows this old are nobody's open form any more; removing them on a heartbeat keeps the table small
// without a sweeper.
constexpr std::int64_t kPruneAfterSeconds = 24 * 60 * 60;

bool valid_key(std::string_view key) {
  return !key.empty() && key.size() <= kLongestKey && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
  });
}

// The signed-in user who may read item `key` of `type`, or the answer. The item is looked up so
// that nobody is told of editors of an item they could not open.
std::variant<Principal, http::Response> begin(const AdminApi& admin, store::Database& db, const http::Request& request,
                                              const std::string& type_name, const std::string& key) {
  const auto* type = content::find_type(type_name);
  if (type == nullptr) return api::json_error(404, "not_found", "Dit soort inhoud bestaat niet.");
  auto who = admin.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  auto principal = std::get<Principal>(std::move(who));
  if (!valid_key(key)) return api::json_error(400, "bad_parameter", "Dit is geen geldige sleutel van een item.");
  auto lease = db.lease();
  auto item = content::ContentStore(*lease, *type).find(key);
  if (!item) return api::json_error(404, "not_found", type->label_singular + " bestaat niet (meer).");
  if (!type->channel_field.empty() && !principal.user.channels.empty()) {
    const auto* channel = item->values.if_contains(type->channel_field);
    if (!channel_allowed(principal.user.channels, channel != nullptr && channel->is_string()
                                                      ? std::string_view(channel->get_string())
                                                      : std::string_view())) {
      return api::json_error(403, "forbidden_channel", "Je hebt geen toegang tot dit kanaal.");
    }
  }
  return principal;
}

}  // namespace

void PresenceRepository::beat(const std::string& type, const std::string& key, std::int64_t user_id,
                              std::int64_t now) const {
  long long user = user_id;
  long long seen = now;
  long long stale = now - kPruneAfterSeconds;
  session_ << "DELETE FROM content_presence WHERE seen_at < :s", soci::use(stale);
  session_ << "INSERT INTO content_presence (content_type, item_key, user_id, seen_at) VALUES (:t, :k, :u, :s) "
              "ON CONFLICT (content_type, item_key, user_id) DO UPDATE SET seen_at = excluded.seen_at",
      soci::use(type), soci::use(key), soci::use(user), soci::use(seen);
}

void PresenceRepository::leave(const std::string& type, const std::string& key, std::int64_t user_id) const {
  long long user = user_id;
  session_ << "DELETE FROM content_presence WHERE content_type = :t AND item_key = :k AND user_id = :u",
      soci::use(type), soci::use(key), soci::use(user);
}

std::vector<PresentEditor> PresenceRepository::others(const std::string& type, const std::string& key,
                                                      std::int64_t user_id, std::int64_t since) const {
  long long user = user_id;
  long long from = since;
  long long id = 0;
  std::string name;
  soci::statement st =
      (session_.prepare << "SELECT u.id, u.display_name FROM content_presence p "
                           "JOIN admin_users u ON u.id = p.user_id "
                           "WHERE p.content_type = :t AND p.item_key = :k AND p.user_id <> :u "
                           "AND p.seen_at >= :s AND u.active = 1 ORDER BY u.display_name, u.id",
       soci::into(id), soci::into(name), soci::use(type), soci::use(key), soci::use(user), soci::use(from));
  st.execute();
  std::vector<PresentEditor> out;
  while (st.fetch()) out.push_back({id, name});
  return out;
}

PresenceApi::PresenceApi(store::Database& db, const AdminApi& admin, std::function<std::int64_t()> now)
    : db_(db), admin_(admin), now_(std::move(now)) {}

void PresenceApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("PUT", "/api/admin/presence/{type}/{id}",
             [this](const http::Request& r, const Params& p) { return beat(r, p.at("type"), p.at("id")); });
  router.add("DELETE", "/api/admin/presence/{type}/{id}",
             [this](const http::Request& r, const Params& p) { return leave(r, p.at("type"), p.at("id")); });
}

http::Response PresenceApi::beat(const http::Request& request, const std::string& type, const std::string& key) const {
  auto who = begin(admin_, db_, request, type, key);
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  const auto now = now_();
  auto lease = db_.lease();
  PresenceRepository presence(*lease);
  presence.beat(type, key, principal.user.id, now);
  json::array others;
  for (const auto& editor : presence.others(type, key, principal.user.id, now - kPresenceWindowSeconds)) {
    others.push_back(json::object{{"userId", editor.user_id}, {"name", editor.name}});
  }
  return api::private_json(200, json::object{{"others", std::move(others)}});
}

http::Response PresenceApi::leave(const http::Request& request, const std::string& type, const std::string& key) const {
  auto who = begin(admin_, db_, request, type, key);
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  auto lease = db_.lease();
  PresenceRepository(*lease).leave(type, key, std::get<Principal>(who).user.id);
  return api::no_content();
}

}  // namespace ether::admin
