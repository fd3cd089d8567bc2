#include "admin/admin_api.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>

#include "admin/api_keys.hpp"
#include "admin/audit_log.hpp"
#include "admin/request_guard.hpp"
#include "admin/second_factor.hpp"
#include "api/json_error.hpp"
#include "crypto/hmac.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
namespace {

constexpr std::string_view kBadCredentials = "E-mailadres of wachtwoord klopt niet.";
// Wrong current passwords a session may give before it is ended.
constexpr int kPasswordChangeTriesPerSession = 3;

std::optional<std::string> string_member(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string(value->get_string());
}

std::string trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return std::string(text);
}

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

json::value iso_or_null(std::optional<std::int64_t> at) {
  if (!at) return nullptr;
  return json::string(domain::format_iso_utc(*at));
}

json::array string_array(const std::vector<std::string>& items) {
  json::array out;
  for (const auto& item : items) out.emplace_back(item);
  return out;
}

json::object user_json(const User& user) {
  return json::object{{"id", user.id},
                      {"email", user.email},
                      {"name", user.display_name},
                      {"role", role_name(user.role)},
                      {"channels", string_array(user.channels)},
                      {"active", user.active},
                      {"mustChangePassword", user.must_change_password},
                      {"createdAt", domain::format_iso_utc(user.created_at)},
                      {"updatedAt", domain::format_iso_utc(user.updated_at)}};
}

json::object api_key_json(const ApiKey& key) {
  return json::object{{"id", key.id},
                      {"name", key.name},
                      {"prefix", key.prefix},
                      {"scopes", string_array(key.scopes)},
                      {"createdAt", domain::format_iso_utc(key.created_at)},
                      {"lastUsedAt", iso_or_null(key.last_used_at)},
                      {"revokedAt", iso_or_null(key.revoked_at)}};
}

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

Actor actor_of(const Principal& principal) { return {principal.user.id, principal.user.display_name}; }

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
    long long count = 0;
    session << "SELECT COUNT(*) FROM channels WHERE slug = :s", soci::into(count), soci::use(slug);
    if (count == 0) unknown.push_back(slug);
    channels.push_back(slug);
  }
  return channels;
}

std::string retry_message(std::int64_t seconds) {
  const auto minutes = (seconds + 59) / 60;
  return "Te veel mislukte pogingen. Probeer het over " + std::to_string(minutes) +
         (minutes == 1 ? " minuut" : " minuten") + " opnieuw.";
}

http::Response too_many_attempts(std::int64_t wait) {
  auto response = api::json_error(429, "too_many_attempts", retry_message(wait));
  response.set_header("Retry-After", std::to_string(wait));
  return response;
}

// The account a beheerder acts on by id: not their own (`own_message` then), 404 when none.
std::variant<User, http::Response> other_account(soci::session& session, const Principal& principal,
                                                 const std::string& id_text, std::string_view own_message) {
  auto id = api::parse_id(id_text);
  auto found = id ? UserRepository(session).find_by_id(*id) : std::nullopt;
  if (!found) return api::json_error(404, "not_found", "Deze gebruiker bestaat niet.");
  if (found->id == principal.user.id) return api::json_error(409, "own_account", std::string(own_message));
  return std::move(*found);
}

}  // namespace

AdminApi::AdminApi(store::Database& db, AdminOptions options, std::function<std::int64_t()> now)
    : db_(db),
      options_(std::move(options)),
      now_(std::move(now)),
      site_origin_(origin_of(options_.base_url)),
      secure_cookies_(options_.base_url.starts_with("https://")),
      dummy_hash_(hash_password(random_hex(16), options_.password_cost)) {
  if (!now_) {
    now_ = [] {
      return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}

void AdminApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/session", [this](const http::Request& r, const Params&) { return get_session(r); });
  router.add("POST", "/api/admin/session", [this](const http::Request& r, const Params&) { return login(r); });
  router.add("DELETE", "/api/admin/session", [this](const http::Request& r, const Params&) { return logout(r); });
  router.add("POST", "/api/admin/session/second-factor",
             [this](const http::Request& r, const Params&) { return complete_login(r); });
  router.add("GET", "/api/admin/second-factor",
             [this](const http::Request& r, const Params&) { return second_factor_status(r); });
  router.add("POST", "/api/admin/second-factor/enrolment",
             [this](const http::Request& r, const Params&) { return start_enrolment(r); });
  router.add("POST", "/api/admin/second-factor/confirmation",
             [this](const http::Request& r, const Params&) { return confirm_enrolment(r); });
  router.add("DELETE", "/api/admin/second-factor",
             [this](const http::Request& r, const Params&) { return disable_second_factor(r); });
  router.add("DELETE", "/api/admin/users/{id}/second-factor",
             [this](const http::Request& r, const Params& p) { return reset_second_factor(r, p.at("id")); });
  router.add("POST", "/api/admin/password",
             [this](const http::Request& r, const Params&) { return change_password(r); });
  router.add("GET", "/api/admin/users", [this](const http::Request& r, const Params&) { return list_users(r); });
  router.add("POST", "/api/admin/users", [this](const http::Request& r, const Params&) { return create_user(r); });
  router.add("PATCH", "/api/admin/users/{id}",
             [this](const http::Request& r, const Params& p) { return update_user(r, p.at("id")); });
  router.add("POST", "/api/admin/users/{id}/password",
             [this](const http::Request& r, const Params& p) { return reset_password(r, p.at("id")); });
  router.add("GET", "/api/admin/api-keys", [this](const http::Request& r, const Params&) { return list_api_keys(r); });
  router.add("POST", "/api/admin/api-keys",
             [this](const http::Request& r, const Params&) { return create_api_key(r); });
  router.add("DELETE", "/api/admin/api-keys/{id}",
             [this](const http::Request& r, const Params& p) { return revoke_api_key(r, p.at("id")); });
  router.add("GET", "/api/admin/audit", [this](const http::Request& r, const Params&) { return audit(r); });
}

std::variant<Principal, http::Response> AdminApi::authorize(const http::Request& request, const Guard& guard) const {
  const bool changing = is_state_changing(request.method);
  if (changing && !origin_allowed(request, site_origin_)) {
    return api::json_error(403, "bad_origin", "Dit verzoek komt niet van deze site.");
  }
  auto cookie = request.cookie(kSessionCookie);
  if (!cookie) return api::json_error(401, "unauthenticated", "Je bent niet ingelogd.");
  Principal principal;
  bool needs_setup = false;
  {
    auto lease = db_.lease();
    auto session = SessionRepository(*lease).find(*cookie, now_());
    if (!session) return api::json_error(401, "unauthenticated", "Je sessie is verlopen. Log opnieuw in.");
    auto user = UserRepository(*lease).find_by_id(session->user_id);
    if (!user || !user->active) {
      SessionRepository(*lease).remove(*cookie);
      return api::json_error(401, "unauthenticated", "Je bent niet ingelogd.");
    }
    principal = Principal{std::move(*user), std::move(*session), std::string(*cookie)};
    needs_setup = !principal.user.must_change_password && setup_required(*lease, principal.user);
  }
  // The session cache must not take such a session as ready either (uploads, draft audio).
  if (needs_setup) SessionCache::instance().refresh_user(principal.user.id, principal.user.role, false);
  if (changing && !crypto::equal_in_constant_time(request.header(kCsrfHeader), csrf_token_for(principal.session_id))) {
    return api::json_error(403, "bad_csrf_token",
                           "De beveiligingscode ontbreekt of klopt niet. Laad de pagina opnieuw.");
  }
  if (principal.user.must_change_password && !guard.while_must_change) {
    return api::json_error(403, "password_change_required", "Kies eerst een nieuw wachtwoord.");
  }
  if (needs_setup && !guard.while_setting_up) {
    return api::json_error(403, "second_factor_setup_required", "Stel eerst tweestapsverificatie in.");
  }
  if (guard.permission && !allows(principal.user.role, *guard.permission)) {
    return api::json_error(403, "forbidden", "Je rol heeft geen toegang tot deze actie.");
  }
  return principal;
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

http::Response AdminApi::second_factor_status(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto lease = db_.lease();
  SecondFactorRepository factors(*lease);
  auto factor = factors.find(principal.user.id);
  const bool enabled = factor && factor->enabled_at;
  return api::private_json(
      200, json::object{{"enabled", enabled},
                        {"enabledAt", iso_or_null(enabled ? factor->enabled_at : std::nullopt)},
                        {"recoveryCodesLeft", enabled ? factors.recovery_codes_left(principal.user.id) : 0},
                        {"required", options_.require_totp_for_beheerders && principal.user.role == Role::beheerder}});
}

http::Response AdminApi::start_enrolment(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  // Who holds a session only (a tab left open) must not tie the account to their own phone.
  const auto password = string_member(std::get<json::object>(body), "password").value_or("");
  if (password.empty()) return api::field_errors(json::object{{"password", "Vul je wachtwoord in."}});
  const auto now = now_();
  if (auto refused = check_own_password(principal, password, now)) return std::move(*refused);
  auto lease = db_.lease();
  SecondFactorRepository factors(*lease);
  if (factors.enabled(principal.user.id)) {
    return api::json_error(409, "already_enabled", "Tweestapsverificatie staat al aan. Zet haar eerst uit.");
  }
  const auto secret = generate_totp_secret();
  factors.start_enrolment(principal.user.id, secret, now);
  return api::private_json(200, json::object{{"secret", secret}, {"uri", otpauth_uri(secret, principal.user.email)}});
}

http::Response AdminApi::confirm_enrolment(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto code = trimmed(string_member(std::get<json::object>(body), "code").value_or(""));
  if (code.empty()) return api::field_errors(json::object{{"code", "Vul de code uit je app in."}});
  const auto now = now_();
  const auto keys = second_factor_keys(principal);
  auto lease = db_.lease();
  LoginThrottle throttle(*lease, options_.throttle);
  SecondFactorRepository factors(*lease);
  auto factor = factors.find(principal.user.id);
  if (!factor) return api::json_error(409, "no_enrolment", "Begin opnieuw met het instellen.");
  if (factor->enabled_at) return api::json_error(409, "already_enabled", "Tweestapsverificatie staat al aan.");
  const auto attempt = throttle.begin_attempt(keys, now);
  if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  const auto step = totp_matching_step(factor->secret, code, now);
  if (!step) {
    return api::field_errors(json::object{
        {"code", "Deze code klopt niet. Controleer de tijd op je telefoon en typ de code die nu in je app staat."}});
  }
  const auto codes = generate_recovery_codes();
  store::Transaction tx(*lease);
  factors.enable(principal.user.id, *step, now, codes);
  json::object changes;
  add_change(changes, "secondFactor", false, true);
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(principal.user.id), "enable_second_factor",
                          changes);
  throttle.attempt_passed(attempt);
  tx.commit();
  spdlog::info("admin: {} set up a second factor", principal.user.email);
  return api::private_json(200, json::object{{"recoveryCodes", string_array(codes)}});
}

http::Response AdminApi::disable_second_factor(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto& object = std::get<json::object>(body);
  const auto code = trimmed(string_member(object, "code").value_or(""));
  const auto password = string_member(object, "password").value_or("");
  // Both: a session alone, or a password alone (read over a shoulder), must not switch it off.
  json::object missing;
  if (code.empty()) missing["code"] = "Vul een code uit je app of een herstelcode in.";
  if (password.empty()) missing["password"] = "Vul je wachtwoord in.";
  if (!missing.empty()) return api::field_errors(missing);
  const auto now = now_();
  if (auto refused = check_own_password(principal, password, now)) return std::move(*refused);
  const auto keys = second_factor_keys(principal);
  auto lease = db_.lease();
  SecondFactorRepository factors(*lease);
  auto factor = factors.find(principal.user.id);
  if (!factor || !factor->enabled_at) {
    return api::json_error(409, "not_enabled", "Tweestapsverificatie staat niet aan.");
  }
  LoginThrottle throttle(*lease, options_.throttle);
  const auto attempt = throttle.begin_attempt(keys, now);
  if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  bool accepted = false;
  if (looks_like_totp_code(code)) {
    const auto step = totp_matching_step(factor->secret, code, now);
    accepted = step && factors.use_step(principal.user.id, *step);
  } else {
    accepted = factors.use_recovery_code(principal.user.id, code, now);
  }
  if (!accepted) {
    spdlog::warn("admin: wrong code of {} to switch the second factor off", principal.user.email);
    return api::field_errors(json::object{{"code", "Deze code klopt niet of is al gebruikt."}});
  }
  store::Transaction tx(*lease);
  factors.remove(principal.user.id);
  json::object changes;
  add_change(changes, "secondFactor", true, false);
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(principal.user.id), "disable_second_factor",
                          changes);
  throttle.attempt_passed(attempt);
  tx.commit();
  return api::no_content();
}

LoginKeys AdminApi::second_factor_keys(const Principal& principal) const {
  return LoginKeys::account_check("second-factor:" + std::to_string(principal.user.id),
                                  options_.throttle.account_threshold);
}

std::optional<http::Response> AdminApi::check_own_password(const Principal& principal, const std::string& password,
                                                           std::int64_t now) const {
  const auto keys = LoginKeys::account_check("reauthenticate:" + std::to_string(principal.user.id),
                                             options_.throttle.account_threshold);
  LoginAttempt attempt;
  {
    auto lease = db_.lease();
    attempt = LoginThrottle(*lease, options_.throttle).begin_attempt(keys, now);
  }
  if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  // The password check runs without a lease: argon2 may wait for its turn.
  const bool right = verify_password(principal.user.password_hash, password);
  auto lease = db_.lease();
  if (!right) {
    spdlog::warn("admin: wrong password of {} to change the second factor", principal.user.email);
    return api::field_errors(json::object{{"password", "Het wachtwoord klopt niet."}});
  }
  LoginThrottle(*lease, options_.throttle).attempt_passed(attempt);
  return std::nullopt;
}

http::Response AdminApi::reset_second_factor(const http::Request& request, const std::string& id_text) const {
  auto who = authorize(request, Guard{.permission = Permission::manage_users});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto lease = db_.lease();
  auto target =
      other_account(*lease, principal, id_text, "Zet je eigen tweestapsverificatie uit op 'Tweestapsverificatie'.");
  if (auto* refused = std::get_if<http::Response>(&target)) return std::move(*refused);
  const auto found = std::get<User>(std::move(target));
  const auto now = now_();
  store::Transaction tx(*lease);
  if (!SecondFactorRepository(*lease).remove(found.id)) {
    return api::json_error(409, "not_enabled", "Deze gebruiker heeft geen tweestapsverificatie.");
  }
  // Whoever lost the phone may not be the only one holding the account: its sessions end too.
  SessionRepository(*lease).remove_for_user(found.id);
  json::object changes;
  add_change(changes, "secondFactor", true, false);
  AuditLog(*lease).record(actor_of(principal), now, "user", std::to_string(found.id), "reset_second_factor", changes);
  tx.commit();
  spdlog::info("admin: {} reset the second factor of {}", principal.user.email, found.email);
  return api::private_json(200, json::object{{"user", user_json(found)}});
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

// A name to search the audit log by is a part of a display name, never longer than one.
constexpr std::size_t kLongestAuditName = 100;

http::Response AdminApi::audit(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = Permission::read_audit});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  AuditFilter filter;
  filter.channels = std::get<Principal>(who).user.channels;
  std::int64_t page = 1;
  if (auto user = request.param("user"); user && !user->empty()) {
    auto id = api::parse_id(*user);
    if (!id) return api::json_error(400, "bad_parameter", "De parameter 'user' moet een gebruikersnummer zijn.");
    filter.user_id = *id;
  }
  if (auto type = request.param("type")) filter.item_type = trimmed(*type);
  if (auto id = request.param("id")) filter.item_id = trimmed(*id);
  if (auto name = request.param("name")) {
    filter.user_name = trimmed(*name);
    if (filter.user_name.size() > kLongestAuditName) {
      return api::json_error(400, "bad_parameter", "De naam om op te zoeken is te lang (hoogstens 100 tekens).");
    }
  }
  if (auto page_text = request.param("page"); page_text && !page_text->empty()) {
    auto parsed = api::parse_id(*page_text);
    if (!parsed || *parsed > 1'000'000)
      return api::json_error(400, "bad_parameter", "De parameter 'page' moet een paginanummer zijn.");
    page = *parsed;
  }
  AuditPage result;
  {
    auto lease = db_.lease();
    result = AuditLog(*lease).query(filter, page, kAuditPageSize);
  }
  json::array entries;
  for (const auto& entry : result.entries) {
    entries.push_back(json::object{{"id", entry.id},
                                   {"at", domain::format_iso_utc(entry.at)},
                                   {"userId", entry.user_id == 0 ? json::value(nullptr) : json::value(entry.user_id)},
                                   {"userName", entry.user_name},
                                   {"itemType", entry.item_type},
                                   {"itemId", entry.item_id},
                                   {"action", entry.action},
                                   {"changes", entry.changes}});
  }
  return api::private_json(
      200, json::object{
               {"entries", std::move(entries)}, {"page", page}, {"pageSize", kAuditPageSize}, {"total", result.total}});
}

}  // namespace ether::admin
