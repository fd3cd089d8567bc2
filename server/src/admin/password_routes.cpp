// Changing one's own password, throttled per account and per session.
#include "admin/admin_api.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/audit_log.hpp"
#include "admin/request_guard.hpp"
#include "api/json_error.hpp"
#include "store/database.hpp"

namespace ether::admin {
namespace json = boost::json;
using detail::string_member;
using detail::too_many_attempts;

namespace {

// Wrong current passwords a session may give before it is ended.
constexpr int kPasswordChangeTriesPerSession = 3;

}  // namespace

void AdminApi::add_password_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("POST", "/api/admin/password",
             [this](const http::Request& r, const Params&) { return change_password(r); });
}

http::Response AdminApi::change_password(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_must_change = true, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  auto principal = std::get<Principal>(std::move(who));
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  auto current = string_member(object, "currentPassword").value_or("");
  auto next = string_member(object, "newPassword").value_or("");
  json::object fields;
  if (current.empty()) fields["currentPassword"] = "Vul je huidige wachtwoord in.";
  if (next == current && !next.empty()) {
    fields["newPassword"] = "Kies een ander wachtwoord dan je huidige.";
  } else if (auto refusal = password_refusal(next, {principal.user.email, principal.user.display_name})) {
    fields["newPassword"] = *refusal;
  }
  if (!fields.empty()) return api::field_errors(fields);
  const auto now = now_();
  // A stolen session must not become a free password oracle: the tries are throttled per account
  // as logins are (apart from the login's count, so a guesser cannot lock the owner out of login),
  // and a few wrong ones end the session.
  const std::string user_key = "password-change:" + std::to_string(principal.user.id);
  const std::string session_key = "password-change-session:" + principal.session.id_hash;
  const auto keys = LoginKeys::account_check(user_key, options_.throttle.account_threshold);
  {
    auto lease = db_.lease();
    const auto attempt = LoginThrottle(*lease, options_.throttle).begin_attempt(keys, now);
    if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  }
  if (!verify_password(principal.user.password_hash, current)) {
    auto lease = db_.lease();
    LoginThrottle throttle(*lease, options_.throttle);
    const auto tries = throttle.record_failure(session_key, kPasswordChangeTriesPerSession, now);
    spdlog::warn("admin: wrong current password of {} from {}", principal.user.email, request.remote_address);
    if (tries >= kPasswordChangeTriesPerSession) {
      throttle.clear(session_key);
      SessionRepository(*lease).remove(principal.session_id);
      auto response = api::json_error(401, "unauthenticated",
                                      "Te vaak een verkeerd huidig wachtwoord. Je bent uitgelogd; log opnieuw in.");
      response.set_header("Set-Cookie", clear_session_cookie(secure_cookies_));
      return response;
    }
    return api::field_errors(json::object{{"currentPassword", "Het huidige wachtwoord klopt niet."}});
  }
  User updated = principal.user;
  updated.password_hash = hash_password(next, options_.password_cost);
  updated.must_change_password = false;
  updated.updated_at = now;
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  UserRepository(*lease).update(updated);
  SessionRepository(*lease).remove_for_user(updated.id, principal.session.id_hash);
  json::object changes;
  add_change(changes, "mustChangePassword", principal.user.must_change_password, false);
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(updated.id), "change_password", changes);
  LoginThrottle throttle(*lease, options_.throttle);
  throttle.clear(user_key);
  throttle.clear(session_key);
  tx.commit();
  return api::private_json(200, session_answer(*lease, updated, principal.session_id, principal.session));
}

}  // namespace ether::admin
