// The second factor (TOTP) of one's own account: its status, enrolment, confirmation, new recovery
// codes and switching it off; and a beheerder's reset of another account's.
#include "admin/admin_api.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/audit_log.hpp"
#include "admin/second_factor.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "store/database.hpp"

namespace ether::admin {
namespace json = boost::json;
using detail::iso_or_null;
using detail::other_account;
using detail::string_array;
using detail::string_member;
using detail::too_many_attempts;
using detail::trimmed;
using detail::user_json;

void AdminApi::add_second_factor_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/second-factor",
             [this](const http::Request& r, const Params&) { return second_factor_status(r); });
  router.add("POST", "/api/admin/second-factor/enrolment",
             [this](const http::Request& r, const Params&) { return start_enrolment(r); });
  router.add("POST", "/api/admin/second-factor/confirmation",
             [this](const http::Request& r, const Params&) { return confirm_enrolment(r); });
  router.add("DELETE", "/api/admin/second-factor",
             [this](const http::Request& r, const Params&) { return disable_second_factor(r); });
  router.add("POST", "/api/admin/second-factor/recovery-codes",
             [this](const http::Request& r, const Params&) { return renew_recovery_codes(r); });
  router.add("DELETE", "/api/admin/users/{id}/second-factor",
             [this](const http::Request& r, const Params& p) { return reset_second_factor(r, p.at("id")); });
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

std::variant<http::Response, SecondFactorProof> AdminApi::prove_second_factor(const http::Request& request) const {
  auto who = authorize(request, Guard{.permission = std::nullopt, .while_setting_up = true});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  auto read = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&read)) return std::move(*refused);
  const auto& body = std::get<json::object>(read);
  const auto now = now_();
  const auto code = trimmed(string_member(body, "code").value_or(""));
  const auto password = string_member(body, "password").value_or("");
  // Both: a session alone, or a password alone (read over a shoulder), must not change it.
  json::object missing;
  if (code.empty()) missing["code"] = "Vul een code uit je app of een herstelcode in.";
  if (password.empty()) missing["password"] = "Vul je wachtwoord in.";
  if (!missing.empty()) return api::field_errors(missing);
  if (auto refused = check_own_password(principal, password, now)) return std::move(*refused);
  auto lease = db_.lease();
  SecondFactorRepository factors(*lease);
  auto factor = factors.find(principal.user.id);
  if (!factor || !factor->enabled_at) {
    return api::json_error(409, "not_enabled", "Tweestapsverificatie staat niet aan.");
  }
  auto attempt = LoginThrottle(*lease, options_.throttle).begin_attempt(second_factor_keys(principal), now);
  if (attempt.refused_for > 0) return too_many_attempts(attempt.refused_for);
  bool accepted = false;
  if (looks_like_totp_code(code)) {
    const auto step = totp_matching_step(factor->secret, code, now);
    accepted = step && factors.use_step(principal.user.id, *step);
  } else {
    accepted = factors.use_recovery_code(principal.user.id, code, now);
  }
  if (!accepted) {
    spdlog::warn("admin: wrong code of {} to change the second factor", principal.user.email);
    return api::field_errors(json::object{{"code", "Deze code klopt niet of is al gebruikt."}});
  }
  return SecondFactorProof{.principal = principal, .attempt = attempt, .now = now};
}

http::Response AdminApi::disable_second_factor(const http::Request& request) const {
  auto proved = prove_second_factor(request);
  if (auto* refused = std::get_if<http::Response>(&proved)) return std::move(*refused);
  const auto& proof = std::get<SecondFactorProof>(proved);
  const auto& user = proof.principal.user;
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  SecondFactorRepository(*lease).remove(user.id);
  json::object changes;
  add_change(changes, "secondFactor", true, false);
  AuditLog(*lease).record(actor_of(proof.principal), proof.now, "user", std::to_string(user.id),
                          "disable_second_factor", changes);
  LoginThrottle(*lease, options_.throttle).attempt_passed(proof.attempt);
  tx.commit();
  return api::no_content();
}

http::Response AdminApi::renew_recovery_codes(const http::Request& request) const {
  auto proved = prove_second_factor(request);
  if (auto* refused = std::get_if<http::Response>(&proved)) return std::move(*refused);
  const auto& proof = std::get<SecondFactorProof>(proved);
  const auto& user = proof.principal.user;
  auto lease = db_.lease();
  const auto codes = generate_recovery_codes();
  store::Transaction tx(*lease);
  SecondFactorRepository(*lease).replace_recovery_codes(user.id, codes);
  AuditLog(*lease).record(actor_of(proof.principal), proof.now, "user", std::to_string(user.id), "renew_recovery_codes",
                          json::object{});
  LoginThrottle(*lease, options_.throttle).attempt_passed(proof.attempt);
  tx.commit();
  spdlog::info("admin: {} made new recovery codes", user.email);
  return api::private_json(200, json::object{{"recoveryCodes", string_array(codes)}});
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

}  // namespace ether::admin
