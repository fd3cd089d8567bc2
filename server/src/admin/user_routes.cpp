// The accounts a beheerder manages: listing, creating, changing and a new one-time password.
#include "admin/admin_api.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/audit_log.hpp"
#include "admin/second_factor.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "store/database.hpp"
#include "store/station_repository.hpp"

namespace ether::admin {
namespace json = boost::json;
using detail::other_account;
using detail::string_array;
using detail::string_member;
using detail::trimmed;
using detail::user_json;

namespace {

bool plausible_email(std::string_view email) {
  auto at = email.find('@');
  if (email.size() > 254 || at == std::string_view::npos || at == 0 ||
      email.find('@', at + 1) != std::string_view::npos) {
    return false;
  }
  auto domain = email.substr(at + 1);
  if (domain.size() < 3 || domain.find('.') == std::string_view::npos || domain.front() == '.' ||
      domain.back() == '.') {
    return false;
  }
  for (char c : email) {
    if (static_cast<unsigned char>(c) <= ' ') return false;
  }
  return true;
}

// The channel slugs of a request's "channels" member that do not exist, or nullopt when the
// member is not an array of strings.
std::optional<std::vector<std::string>> read_channels(soci::session& session, const json::value& value,
                                                      std::vector<std::string>& unknown) {
  if (!value.is_array()) return std::nullopt;
  std::vector<std::string> channels;
  for (const auto& item : value.get_array()) {
    if (!item.is_string()) return std::nullopt;
    std::string slug(item.get_string());
    if (std::find(channels.begin(), channels.end(), slug) != channels.end()) continue;
    if (!store::StationRepository(session).has_channel(slug)) unknown.push_back(slug);
    channels.push_back(slug);
  }
  return channels;
}

}  // namespace

void AdminApi::add_user_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/users", [this](const http::Request& r, const Params&) { return list_users(r); });
  router.add("POST", "/api/admin/users", [this](const http::Request& r, const Params&) { return create_user(r); });
  router.add("PATCH", "/api/admin/users/{id}",
             [this](const http::Request& r, const Params& p) { return update_user(r, p.at("id")); });
  router.add("POST", "/api/admin/users/{id}/password",
             [this](const http::Request& r, const Params& p) { return reset_password(r, p.at("id")); });
}

http::Response AdminApi::list_users(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_users});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  json::array items;
  auto lease = db_.lease();
  SecondFactorRepository factors(*lease);
  for (const auto& user : UserRepository(*lease).list()) {
    auto item = user_json(user);
    item["secondFactor"] = factors.enabled(user.id);
    items.push_back(std::move(item));
  }
  return api::private_json(200, json::object{{"users", std::move(items)}});
}

http::Response AdminApi::create_user(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_users});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  User user;
  user.display_name = trimmed(string_member(object, "name").value_or(""));
  user.email = trimmed(string_member(object, "email").value_or(""));
  auto role = parse_role(string_member(object, "role").value_or(""));
  auto lease = db_.lease();
  json::object fields;
  if (user.display_name.empty()) fields["name"] = "Vul een naam in.";
  if (user.display_name.size() > 200) fields["name"] = "Een naam is hoogstens 200 tekens.";
  if (!plausible_email(user.email)) {
    fields["email"] = "Vul een geldig e-mailadres in.";
  } else if (UserRepository(*lease).find_by_email(user.email)) {
    fields["email"] = "Dit e-mailadres is al in gebruik.";
  }
  if (!role) fields["role"] = "Kies een rol.";
  std::vector<std::string> unknown;
  if (const auto* channels = object.if_contains("channels")) {
    auto parsed = read_channels(*lease, *channels, unknown);
    if (!parsed) {
      fields["channels"] = "Kies kanalen uit de lijst.";
    } else {
      user.channels = std::move(*parsed);
    }
    if (!unknown.empty()) fields["channels"] = "Onbekend kanaal: " + unknown.front() + ".";
  }
  if (!fields.empty()) return api::field_errors(fields);
  user.role = *role;
  const auto now = now_();
  const std::string password = generate_password();
  user.password_hash = hash_password(password, options_.password_cost);
  user.active = true;
  user.must_change_password = true;
  user.created_at = now;
  user.updated_at = now;
  store::Transaction tx(*lease);
  user.id = UserRepository(*lease).insert(user);
  json::object changes;
  add_change(changes, "name", nullptr, json::string(user.display_name));
  add_change(changes, "email", nullptr, json::string(user.email));
  add_change(changes, "role", nullptr, json::string(role_name(user.role)));
  add_change(changes, "channels", nullptr, string_array(user.channels));
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(user.id), "create", changes);
  tx.commit();
  return api::private_json(201, json::object{{"user", user_json(user)}, {"oneTimePassword", password}});
}

http::Response AdminApi::update_user(const http::Request& request, const std::string& id_text) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_users});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto id = api::parse_id(id_text);
  if (!id) return api::json_error(404, "not_found", "Deze gebruiker bestaat niet.");
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  auto lease = db_.lease();
  auto found = UserRepository(*lease).find_by_id(*id);
  if (!found) return api::json_error(404, "not_found", "Deze gebruiker bestaat niet.");
  User user = *found;
  json::object fields;
  if (const auto* name = object.if_contains("name")) {
    user.display_name = name->is_string() ? trimmed(name->get_string()) : "";
    if (user.display_name.empty() || user.display_name.size() > 200) fields["name"] = "Vul een naam in.";
  }
  if (const auto* role = object.if_contains("role")) {
    auto parsed = role->is_string() ? parse_role(role->get_string()) : std::nullopt;
    if (!parsed) {
      fields["role"] = "Kies een rol.";
    } else {
      user.role = *parsed;
    }
  }
  if (const auto* channels = object.if_contains("channels")) {
    std::vector<std::string> unknown;
    auto parsed = read_channels(*lease, *channels, unknown);
    if (!parsed) {
      fields["channels"] = "Kies kanalen uit de lijst.";
    } else {
      user.channels = std::move(*parsed);
    }
    if (!unknown.empty()) fields["channels"] = "Onbekend kanaal: " + unknown.front() + ".";
  }
  if (const auto* active = object.if_contains("active")) {
    if (!active->is_bool()) {
      fields["active"] = "Kies actief of uitgeschakeld.";
    } else {
      user.active = active->get_bool();
    }
  }
  if (!fields.empty()) return api::field_errors(fields);
  // A beheerder who demotes or switches off their own account could leave the station without one.
  if (user.id == principal.user.id && (user.role != found->role || !user.active)) {
    return api::json_error(409, "own_account",
                           "Je kunt je eigen rol niet wijzigen en je eigen account niet uitschakelen.");
  }
  const auto now = now_();
  json::object changes;
  add_change(changes, "name", json::string(found->display_name), json::string(user.display_name));
  add_change(changes, "role", json::string(role_name(found->role)), json::string(role_name(user.role)));
  add_change(changes, "channels", string_array(found->channels), string_array(user.channels));
  add_change(changes, "active", found->active, user.active);
  if (changes.empty()) return api::private_json(200, json::object{{"user", user_json(*found)}});
  user.updated_at = now;
  const std::string action = found->active && !user.active ? "deactivate" : "update";
  store::Transaction tx(*lease);
  UserRepository(*lease).update(user);
  if (!user.active) SessionRepository(*lease).remove_for_user(user.id);
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(user.id), action, changes);
  tx.commit();
  return api::private_json(200, json::object{{"user", user_json(user)}});
}

http::Response AdminApi::reset_password(const http::Request& request, const std::string& id_text) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_users});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto lease = db_.lease();
  auto target = other_account(*lease, principal, id_text, "Wijzig je eigen wachtwoord met 'Wachtwoord wijzigen'.");
  if (auto* refused = std::get_if<http::Response>(&target)) return std::move(*refused);
  const auto found = std::get<User>(std::move(target));
  const auto now = now_();
  const std::string password = generate_password();
  User user = found;
  user.password_hash = hash_password(password, options_.password_cost);
  user.must_change_password = true;
  user.updated_at = now;
  store::Transaction tx(*lease);
  UserRepository(*lease).update(user);
  SessionRepository(*lease).remove_for_user(user.id);
  json::object changes;
  add_change(changes, "mustChangePassword", found.must_change_password, true);
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(user.id), "reset_password", changes);
  tx.commit();
  return api::private_json(200, json::object{{"user", user_json(user)}, {"oneTimePassword", password}});
}

}  // namespace ether::admin
