// The API keys a beheerder manages: listing with the known scopes, creating (shown once), revoking.
#include "admin/admin_api.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/api_keys.hpp"
#include "admin/audit_log.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "store/database.hpp"

namespace ether::admin {
namespace json = boost::json;
using detail::iso_or_null;
using detail::string_array;
using detail::string_member;
using detail::trimmed;

namespace {

json::object api_key_json(const ApiKey& key) {
  return json::object{{"id", key.id},
                      {"name", key.name},
                      {"prefix", key.prefix},
                      {"scopes", string_array(key.scopes)},
                      {"createdAt", domain::format_iso_utc(key.created_at)},
                      {"lastUsedAt", iso_or_null(key.last_used_at)},
                      {"revokedAt", iso_or_null(key.revoked_at)}};
}

}  // namespace

void AdminApi::add_api_key_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/api-keys", [this](const http::Request& r, const Params&) { return list_api_keys(r); });
  router.add("POST", "/api/admin/api-keys",
             [this](const http::Request& r, const Params&) { return create_api_key(r); });
  router.add("DELETE", "/api/admin/api-keys/{id}",
             [this](const http::Request& r, const Params& p) { return revoke_api_key(r, p.at("id")); });
}

http::Response AdminApi::list_api_keys(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_api_keys});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  json::array keys;
  auto lease = db_.lease();
  for (const auto& key : ApiKeyRepository(*lease).list()) keys.push_back(api_key_json(key));
  json::array scopes;
  for (auto scope : kApiKeyScopes) scopes.emplace_back(scope);
  return api::private_json(200, json::object{{"apiKeys", std::move(keys)}, {"scopes", std::move(scopes)}});
}

http::Response AdminApi::create_api_key(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_api_keys});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  auto name = trimmed(string_member(object, "name").value_or(""));
  std::vector<std::string> scopes;
  json::object fields;
  if (name.empty() || name.size() > 200) fields["name"] = "Vul een naam in.";
  const auto* scope_list = object.if_contains("scopes");
  if (scope_list == nullptr || !scope_list->is_array() || scope_list->get_array().empty()) {
    fields["scopes"] = "Kies minstens een bevoegdheid.";
  } else {
    for (const auto& item : scope_list->get_array()) {
      if (!item.is_string() || !is_known_scope(item.get_string())) {
        fields["scopes"] = "Kies bevoegdheden uit de lijst.";
        break;
      }
      std::string scope(item.get_string());
      if (std::find(scopes.begin(), scopes.end(), scope) == scopes.end()) scopes.push_back(scope);
    }
  }
  if (!fields.empty()) return api::field_errors(fields);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  auto created = ApiKeyRepository(*lease).create(name, scopes, principal.user.id, now);
  json::object changes;
  add_change(changes, "name", nullptr, json::string(name));
  add_change(changes, "scopes", nullptr, string_array(scopes));
  AuditLog(*lease).record(actor_of(principal), now, "api_key", std::to_string(created.key.id), "create", changes);
  tx.commit();
  return api::private_json(201, json::object{{"apiKey", api_key_json(created.key)}, {"key", created.secret}});
}

http::Response AdminApi::revoke_api_key(const http::Request& request, const std::string& id_text) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_api_keys});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto id = api::parse_id(id_text);
  if (!id) return api::json_error(404, "not_found", "Deze sleutel bestaat niet.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ApiKeyRepository keys(*lease);
  if (!keys.find(*id)) return api::json_error(404, "not_found", "Deze sleutel bestaat niet.");
  if (!keys.revoke(*id, now)) return api::json_error(409, "already_revoked", "Deze sleutel is al ingetrokken.");
  json::object changes;
  add_change(changes, "revokedAt", nullptr, json::string(domain::format_iso_utc(now)));
  AuditLog(*lease).record(actor_of(principal), now, "api_key", std::to_string(*id), "revoke", changes);
  auto key = keys.find(*id);
  tx.commit();
  return api::private_json(200, json::object{{"apiKey", api_key_json(*key)}});
}

}  // namespace ether::admin
