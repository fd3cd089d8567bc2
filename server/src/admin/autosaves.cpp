#include "admin/autosaves.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <utility>
#include <variant>

#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxBody = 1024 * 1024;
constexpr std::size_t kLongestKey = 200;

// An item's key as content routes name it (an id or a slug), or "new".
bool valid_key(std::string_view key) {
  return !key.empty() && key.size() <= kLongestKey && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
  });
}

http::Response not_found() { return api::json_error(404, "not_found", "Dit soort inhoud bestaat niet."); }

// The signed-in user who may keep autosaves of `type` and `key`, or the answer.
std::variant<Principal, http::Response> begin(const AdminApi& admin, const http::Request& request,
                                              const std::string& type, const std::string& key) {
  if (content::find_type(type) == nullptr || !valid_key(key)) return not_found();
  auto who = admin.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  return std::get<Principal>(std::move(who));
}

}  // namespace

std::optional<Autosave> AutosaveRepository::find(std::int64_t user_id, const std::string& type,
                                                 const std::string& key) const {
  Autosave found;
  long long user = user_id;
  long long version = 0;
  long long saved_at = 0;
  std::string base;
  soci::indicator base_indicator = soci::i_null;
  session_ << "SELECT values_json, item_version, base_json, saved_at FROM content_autosaves "
              "WHERE user_id = :u AND content_type = :t AND item_key = :k",
      soci::use(user), soci::use(type), soci::use(key), soci::into(found.values_json), soci::into(version),
      soci::into(base, base_indicator), soci::into(saved_at);
  if (!session_.got_data()) return std::nullopt;
  found.item_version = version;
  if (base_indicator == soci::i_ok) found.base_json = std::move(base);
  found.saved_at = saved_at;
  return found;
}

void AutosaveRepository::put(std::int64_t user_id, const std::string& type, const std::string& key,
                             const Autosave& autosave) const {
  long long user = user_id;
  long long version = autosave.item_version;
  long long saved_at = autosave.saved_at;
  const std::string base = autosave.base_json.value_or("");
  soci::indicator base_indicator = autosave.base_json ? soci::i_ok : soci::i_null;
  session_ << "INSERT INTO content_autosaves (user_id, content_type, item_key, item_version, values_json, base_json, "
              "saved_at) VALUES (:u, :t, :k, :v, :j, :b, :s) ON CONFLICT (user_id, content_type, item_key) DO UPDATE "
              "SET item_version = excluded.item_version, values_json = excluded.values_json, "
              "base_json = excluded.base_json, saved_at = excluded.saved_at",
      soci::use(user), soci::use(type), soci::use(key), soci::use(version), soci::use(autosave.values_json),
      soci::use(base, base_indicator), soci::use(saved_at);
}

void AutosaveRepository::keep_newest(std::int64_t user_id, std::size_t count) const {
  long long user = user_id;
  long long keep = static_cast<long long>(count);
  session_ << "DELETE FROM content_autosaves WHERE user_id = :u AND saved_at < (SELECT MIN(saved_at) FROM (SELECT "
              "saved_at FROM content_autosaves WHERE user_id = :u2 ORDER BY saved_at DESC LIMIT :n) AS newest)",
      soci::use(user), soci::use(user), soci::use(keep);
}

void AutosaveRepository::remove(std::int64_t user_id, const std::string& type, const std::string& key) const {
  long long user = user_id;
  session_ << "DELETE FROM content_autosaves WHERE user_id = :u AND content_type = :t AND item_key = :k",
      soci::use(user), soci::use(type), soci::use(key);
}

AutosaveApi::AutosaveApi(store::Database& db, const AdminApi& admin, std::function<std::int64_t()> now)
    : db_(db), admin_(admin), now_(std::move(now)) {}

void AutosaveApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/autosaves/{type}/{id}",
             [this](const http::Request& r, const Params& p) { return get(r, p.at("type"), p.at("id")); });
  router.add("PUT", "/api/admin/autosaves/{type}/{id}",
             [this](const http::Request& r, const Params& p) { return put(r, p.at("type"), p.at("id")); });
  router.add("DELETE", "/api/admin/autosaves/{type}/{id}",
             [this](const http::Request& r, const Params& p) { return remove(r, p.at("type"), p.at("id")); });
}

http::Response AutosaveApi::get(const http::Request& request, const std::string& type, const std::string& key) const {
  auto who = begin(admin_, request, type, key);
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto lease = db_.lease();
  auto found = AutosaveRepository(*lease).find(principal.user.id, type, key);
  if (!found) return api::private_json(200, json::object{{"autosave", nullptr}});
  boost::system::error_code error;
  auto values = json::parse(found->values_json, error);
  if (error || !values.is_object()) return api::private_json(200, json::object{{"autosave", nullptr}});
  json::value base = nullptr;
  if (found->base_json) {
    auto parsed = json::parse(*found->base_json, error);
    if (!error && parsed.is_object()) base = std::move(parsed);
  }
  return api::private_json(
      200, json::object{{"autosave", json::object{{"values", std::move(values)},
                                                  {"itemVersion", found->item_version},
                                                  {"baseValues", std::move(base)},
                                                  {"savedAt", domain::format_iso_utc(found->saved_at)}}}});
}

http::Response AutosaveApi::put(const http::Request& request, const std::string& type, const std::string& key) const {
  auto who = begin(admin_, request, type, key);
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  const auto* values = object.if_contains("values");
  if (values == nullptr || !values->is_object()) return api::json_error(400, "bad_json", "De velden ontbreken.");
  Autosave autosave{.values_json = json::serialize(*values), .item_version = 0, .saved_at = now_()};
  if (const auto* version = object.if_contains("itemVersion"); version != nullptr && version->is_int64()) {
    autosave.item_version = std::max<std::int64_t>(0, version->get_int64());
  }
  if (const auto* base = object.if_contains("baseValues"); base != nullptr && !base->is_null()) {
    if (!base->is_object()) return api::json_error(400, "bad_json", "De velden van de versie ontbreken.");
    autosave.base_json = json::serialize(*base);
  }
  auto lease = db_.lease();
  // Only a form of an item that is there, or a new item's, is kept: a request must not grow the
  // store with keys of nothing.
  if (key != kNewItemKey && !content::ContentStore(*lease, *content::find_type(type)).find(key)) {
    return api::json_error(404, "not_found", "Dit item bestaat niet (meer).");
  }
  store::Transaction tx(*lease);
  AutosaveRepository autosaves(*lease);
  autosaves.put(principal.user.id, type, key, autosave);
  autosaves.keep_newest(principal.user.id, kAutosavesPerUser);
  tx.commit();
  return api::private_json(200, json::object{{"savedAt", domain::format_iso_utc(autosave.saved_at)}});
}

http::Response AutosaveApi::remove(const http::Request& request, const std::string& type,
                                   const std::string& key) const {
  auto who = begin(admin_, request, type, key);
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto lease = db_.lease();
  AutosaveRepository(*lease).remove(principal.user.id, type, key);
  return api::no_content();
}

}  // namespace ether::admin
