// The admin's session: logging in (with the second step for an account with a second factor),
// who is logged in, logging out.
#include "admin/admin_api.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/request_guard.hpp"
#include "admin/second_factor.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
using detail::string_member;
using detail::too_many_attempts;
using detail::trimmed;
using detail::user_json;

namespace {

constexpr std::string_view kBadCredentials = "E-mailadres of wachtwoord klopt niet.";

json::object session_json(const User& user, std::string_view session_id, const SessionInfo& session,
                          json::object second_factor) {
  json::array permissions;
  for (Permission permission : all_permissions()) {
    if (allows(user.role, permission)) permissions.emplace_back(permission_name(permission));
  }
  return json::object{{"user", user_json(user)},
                      {"csrfToken", csrf_token_for(session_id)},
                      {"permissions", std::move(permissions)},
                      {"expiresAt", domain::format_iso_utc(session.expires_at)},
                      {"secondFactor", std::move(second_factor)}};
}

}  // namespace

void AdminApi::add_session_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/session", [this](const http::Request& r, const Params&) { return get_session(r); });
  router.add("POST", "/api/admin/session", [this](const http::Request& r, const Params&) { return login(r); });
  router.add("DELETE", "/api/admin/session", [this](const http::Request& r, const Params&) { return logout(r); });
  router.add("POST", "/api/admin/session/second-factor",
             [this](const http::Request& r, const Params&) { return complete_login(r); });
}

http::Response AdminApi::get_session(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_must_change = true, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto lease = db_.lease();
  return api::private_json(200, session_answer(*lease, principal.user, principal.session_id, principal.session));
}

http::Response AdminApi::login(const http::Request& request) const {
  if (!origin_allowed(request, site_origin_))
    return api::json_error(403, "bad_origin", "Dit verzoek komt niet van deze site.");
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  auto email = trimmed(string_member(object, "email").value_or(""));
  auto password = string_member(object, "password").value_or("");
  json::object fields;
  if (email.empty()) fields["email"] = "Vul je e-mailadres in.";
  if (password.empty()) fields["password"] = "Vul je wachtwoord in.";
  if (!fields.empty()) return api::field_errors(fields);

  const auto now = now_();
  const auto keys = LoginKeys::admin(email, request.remote_address, options_.throttle);
  auto lease = db_.lease();
  LoginThrottle throttle(*lease, options_.throttle);
  const auto attempt = throttle.begin_attempt(keys, now);
  if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  UserRepository users(*lease);
  auto user = users.find_by_email(email);
  // Without an account the dummy hash is verified all the same: the answer takes as long.
  const bool matches = verify_password(user ? user->password_hash : dummy_hash_, password);
  if (!user || !matches || !user->active) {
    spdlog::warn("admin: failed login from {}", request.remote_address);
    if (const auto wait = throttle.attempt_failed(attempt, now); wait > 0) return too_many_attempts(wait);
    return api::json_error(401, "invalid_credentials", kBadCredentials);
  }
  if (SecondFactorRepository(*lease).enabled(user->id)) {
    // The failure counts stay until the second step succeeds: who knows the password must not
    // reset the count of wrong codes by giving it again.
    throttle.attempt_passed(attempt, false);
    const auto challenge = LoginChallengeRepository(*lease).create(user->id, now);
    return api::private_json(200, json::object{{"secondFactorRequired", true}, {"challenge", challenge}});
  }
  throttle.attempt_passed(attempt);
  return start_session(*lease, *user, now);
}

http::Response AdminApi::start_session(soci::session& session, const User& user, std::int64_t now) const {
  SessionRepository sessions(session);
  const std::string session_id = sessions.create(user.id, now);
  auto info = sessions.find(session_id, now);
  if (setup_required(session, user)) SessionCache::instance().refresh_user(user.id, user.role, false);
  auto response = api::private_json(200, session_answer(session, user, session_id, *info));
  response.set_header("Set-Cookie", session_cookie(session_id, secure_cookies_));
  spdlog::info("admin: {} logged in", user.email);
  return response;
}

json::object AdminApi::session_answer(soci::session& session, const User& user, std::string_view session_id,
                                      const SessionInfo& info) const {
  const bool enabled = SecondFactorRepository(session).enabled(user.id);
  const bool required = options_.require_totp_for_beheerders && user.role == Role::beheerder;
  return session_json(
      user, session_id, info,
      json::object{{"enabled", enabled}, {"required", required}, {"setupRequired", required && !enabled}});
}

bool AdminApi::setup_required(soci::session& session, const User& user) const {
  return options_.require_totp_for_beheerders && user.role == Role::beheerder &&
         !SecondFactorRepository(session).enabled(user.id);
}

http::Response AdminApi::complete_login(const http::Request& request) const {
  if (!origin_allowed(request, site_origin_))
    return api::json_error(403, "bad_origin", "Dit verzoek komt niet van deze site.");
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  const auto challenge = string_member(object, "challenge").value_or("");
  const auto code = trimmed(string_member(object, "code").value_or(""));
  if (code.empty()) return api::field_errors(json::object{{"code", "Vul de code in."}});
  const auto now = now_();
  auto lease = db_.lease();
  LoginChallengeRepository challenges(*lease);
  const auto user_id = challenges.user_of(challenge, now);
  auto user = user_id ? UserRepository(*lease).find_by_id(*user_id) : std::nullopt;
  if (!user || !user->active) {
    return api::json_error(401, "challenge_expired", "Je inlogpoging is verlopen. Log opnieuw in.");
  }
  const auto keys = LoginKeys::admin(user->email, request.remote_address, options_.throttle);
  LoginThrottle throttle(*lease, options_.throttle);
  const auto attempt = throttle.begin_attempt(keys, now);
  if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  SecondFactorRepository factors(*lease);
  auto factor = factors.find(user->id);
  bool accepted = false;
  if (factor && factor->enabled_at) {
    if (looks_like_totp_code(code)) {
      const auto step = totp_matching_step(factor->secret, code, now);
      // A code seen once (by a shoulder or a proxy) is not good again within its step.
      accepted = step && factors.use_step(user->id, *step);
    } else {
      accepted = factors.use_recovery_code(user->id, code, now);
      if (accepted) spdlog::info("admin: {} used a recovery code", user->email);
    }
  }
  if (!accepted) {
    spdlog::warn("admin: wrong second-factor code of {} from {}", user->email, request.remote_address);
    if (const auto wait = throttle.attempt_failed(attempt, now); wait > 0) return too_many_attempts(wait);
    return api::field_errors(json::object{{"code", "Deze code klopt niet of is al gebruikt."}});
  }
  challenges.remove(challenge);
  throttle.attempt_passed(attempt);
  return start_session(*lease, *user, now);
}

http::Response AdminApi::logout(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_must_change = true, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  {
    auto lease = db_.lease();
    SessionRepository(*lease).remove(std::get<Principal>(who).session_id);
  }
  auto response = api::no_content();
  response.set_header("Set-Cookie", clear_session_cookie(secure_cookies_));
  return response;
}

}  // namespace ether::admin
