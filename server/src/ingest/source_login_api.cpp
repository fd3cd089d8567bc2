#include "ingest/source_login_api.hpp"

#include <boost/json/array.hpp>

#include <variant>

#include "admin/audit_log.hpp"
#include "admin/password_policy.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "ingest/presenter_logins.hpp"

namespace ether::ingest {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxBody = 4 * 1024;
constexpr std::size_t kMaxPasswordLength = 256;
constexpr const char* kAuditType = "source_login";

json::object presenter_json(const PresenterWithLogin& presenter) {
  json::array channels;
  for (const auto& channel : presenter.channels) channels.emplace_back(channel);
  json::value login = nullptr;
  if (presenter.login) {
    login = json::object{{"username", presenter.login->username},
                         {"onlyInSlots", presenter.login->only_in_slots},
                         {"updatedAt", domain::format_iso_utc(presenter.login->updated_at)}};
  }
  return json::object{{"id", presenter.presenter_id},
                      {"slug", presenter.slug},
                      {"name", presenter.name},
                      {"channels", std::move(channels)},
                      {"login", std::move(login)}};
}

http::Response no_presenter() { return api::json_error(404, "not_found", "Deze presentator bestaat niet."); }

}  // namespace

SourceLoginApi::SourceLoginApi(store::Database& db, const admin::AdminApi& admin, std::function<std::int64_t()> now,
                               admin::PasswordCost cost)
    : db_(db), admin_(admin), now_(std::move(now)), cost_(cost) {}

void SourceLoginApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/source-logins", [this](const http::Request& r, const Params&) { return list(r); });
  router.add("PUT", "/api/admin/source-logins/{id}",
             [this](const http::Request& r, const Params& p) { return save(r, p.at("id")); });
  router.add("DELETE", "/api/admin/source-logins/{id}",
             [this](const http::Request& r, const Params& p) { return remove(r, p.at("id")); });
}

http::Response SourceLoginApi::list(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  json::array presenters;
  {
    auto lease = db_.lease();
    for (const auto& presenter : PresenterLoginRepository(*lease).list())
      presenters.push_back(presenter_json(presenter));
  }
  return api::private_json(200, json::object{{"presenters", std::move(presenters)}});
}

http::Response SourceLoginApi::save(const http::Request& request, const std::string& id) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<admin::Principal>(who);
  const auto presenter_id = api::parse_id(id);
  if (!presenter_id) return no_presenter();
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);

  json::object fields;
  std::string username;
  if (const auto* given = object.if_contains("username"); given != nullptr && given->is_string()) {
    username = std::string(given->get_string());
  }
  if (!is_valid_source_username(username)) {
    fields["username"] = "Kies 3 tot 64 tekens: kleine letters, cijfers, '.', '_' of '-' (niet 'source').";
  }
  std::string password;
  if (const auto* given = object.if_contains("password"); given != nullptr && !given->is_null()) {
    if (given->is_string()) {
      password = std::string(given->get_string());
    } else {
      fields["password"] = "Het wachtwoord moet tekst zijn.";
    }
  }
  if (!password.empty() && (password.size() < admin::kMinPasswordLength || password.size() > kMaxPasswordLength)) {
    fields["password"] = "Het wachtwoord moet 12 tot 256 tekens lang zijn.";
  } else if (!password.empty()) {
    if (auto refusal = admin::password_refusal(password, {})) fields["password"] = *refusal;
  }
  bool only_in_slots = false;
  if (const auto* given = object.if_contains("onlyInSlots"); given != nullptr && !given->is_null()) {
    if (given->is_bool()) {
      only_in_slots = given->get_bool();
    } else {
      fields["onlyInSlots"] = "Kies aan of uit.";
    }
  }

  std::optional<PresenterWithLogin> before;
  {
    auto lease = db_.lease();
    PresenterLoginRepository logins(*lease);
    before = logins.find(*presenter_id);
    if (!before) return no_presenter();
    if (!before->login && password.empty() && !fields.contains("password")) {
      fields["password"] = "Geef een wachtwoord voor de nieuwe login.";
    }
    if (!fields.contains("username")) {
      if (auto owner = logins.owner_of(username); owner && *owner != *presenter_id) {
        fields["username"] = "Deze gebruikersnaam is al in gebruik.";
      }
    }
  }
  if (!fields.empty()) return api::field_errors(fields);

  // The hash takes about a tenth of a second: made before the transaction, not inside it.
  const auto hash = password.empty() ? std::string() : admin::hash_password(password, cost_);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  PresenterLoginRepository logins(*lease);
  logins.save(*presenter_id, username, hash, only_in_slots, now);
  json::object changes;
  const auto& old = before->login;
  admin::add_change(changes, "username", old ? json::value(old->username) : json::value(nullptr),
                    json::string(username));
  admin::add_change(changes, "onlyInSlots", old ? json::value(old->only_in_slots) : json::value(nullptr),
                    only_in_slots);
  // That the password changed, never the password or its hash.
  if (!password.empty()) admin::add_change(changes, "password", nullptr, "gewijzigd");
  admin::AuditLog(*lease).record(actor_of(principal), now, kAuditType, id, old ? "update" : "create", changes);
  auto after = logins.find(*presenter_id);
  tx.commit();
  return api::private_json(200, json::object{{"presenter", presenter_json(*after)}});
}

http::Response SourceLoginApi::remove(const http::Request& request, const std::string& id) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_settings});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<admin::Principal>(who);
  const auto presenter_id = api::parse_id(id);
  if (!presenter_id) return no_presenter();
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  PresenterLoginRepository logins(*lease);
  const auto before = logins.find(*presenter_id);
  if (!before || !before->login) {
    return api::json_error(404, "not_found", "Deze presentator heeft geen bronlogin.");
  }
  logins.remove(*presenter_id);
  json::object changes;
  admin::add_change(changes, "username", json::string(before->login->username), nullptr);
  admin::AuditLog(*lease).record(actor_of(principal), now, kAuditType, id, "delete", changes);
  tx.commit();
  return api::no_content();
}

}  // namespace ether::ingest
