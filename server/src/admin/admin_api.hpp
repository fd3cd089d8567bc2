#pragma once
// The JSON API of the admin under /api/admin/ (every answer Cache-Control: no-store, never CORS;
// errors {"error":{"code","message"}} with Dutch messages; form errors 422 invalid_fields with "fields"):
//   GET    /api/admin/session              who is logged in, the CSRF token, the permissions (401)
//   POST   /api/admin/session              log in {email, password}; sets the ether_session cookie, or,
//                                          for an account with a second factor, answers 200
//                                          {secondFactorRequired: true, challenge} and sets none
//   POST   /api/admin/session/second-factor {challenge, code}: the second step, a TOTP code or an unused
//                                          recovery code; throttled as the password is; sets the cookie
//   DELETE /api/admin/session              log out
//   POST   /api/admin/password             {currentPassword, newPassword}; ends the other sessions. Wrong
//                                          current passwords: 5 per account lock it as a login (429), the
//                                          3rd of one session ends that session (401)
//   GET    /api/admin/second-factor        the signed-in user's second factor {enabled, recoveryCodesLeft}
//   POST   /api/admin/second-factor/enrolment  {password} -> a new secret {secret, uri} to confirm (not
//                                          yet enabled)
//   POST   /api/admin/second-factor/confirmation {code}: enables it -> ten recovery codes, shown once
//   DELETE /api/admin/second-factor        {password, code}: switches one's own off (a TOTP or recovery
//                                          code); the password and the codes are throttled per account
//   POST   /api/admin/second-factor/recovery-codes {password, code}: ten new recovery codes, shown
//                                          once, in place of the old ones (the same proof as switching off)
//   GET    /api/admin/users                (beheerder) the accounts
//   POST   /api/admin/users                (beheerder) {name, email, role, channels} -> one-time password
//   PATCH  /api/admin/users/{id}           (beheerder) {name?, role?, channels?, active?}
//   POST   /api/admin/users/{id}/password  (beheerder) a new one-time password
//   DELETE /api/admin/users/{id}/second-factor (beheerder) resets another's second factor (audited)
//   GET    /api/admin/api-keys             (beheerder) the keys and the known scopes
//   POST   /api/admin/api-keys             (beheerder) {name, scopes} -> the key, shown once
//   DELETE /api/admin/api-keys/{id}        (beheerder) revoke
//   GET    /api/admin/audit?user=&type=&id=&page=  (beheerder, eindredacteur) 50 entries a page
// Every state-changing call checks the Origin (request_guard.hpp), the session, the CSRF token
// (X-CSRF-Token) and the role, in that order; authorize() gives later content routes the same. With
// require_totp_for_beheerders, a beheerder without a second factor may only set one up (403
// second_factor_setup_required elsewhere), as one with a one-time password may only change it.

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>

#include "admin/login_throttle.hpp"
#include "admin/password.hpp"
#include "admin/password_policy.hpp"
#include "admin/roles.hpp"
#include "admin/sessions.hpp"
#include "admin/user_repository.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "store/audit_entries.hpp"
#include "store/database.hpp"

namespace ether::admin {

struct AdminOptions {
  std::string base_url;  // ETHER_BASE_URL: the site's own origin, and Secure cookies when https
  PasswordCost password_cost = kInteractiveCost;
  ThrottlePolicy throttle;
  bool require_totp_for_beheerders = false;  // ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS (on by default there)
};

/// A logged-in user on a request.
struct Principal {
  User user;
  SessionInfo session;
  std::string session_id;  // the raw cookie value
};

/// Who the audit log names for a change `principal` makes.
[[nodiscard]] inline store::Actor actor_of(const Principal& principal) {
  return {principal.user.id, principal.user.display_name};
}

/// A signed-in user who has just proved their own enabled second factor again (the password and a
/// code): the change may be stored, and then `attempt` marked passed.
struct SecondFactorProof {
  Principal principal;
  LoginAttempt attempt;
  std::int64_t now = 0;
};

/// How a route is guarded.
struct Guard {
  std::optional<Permission> permission;  // nullopt: any logged-in user
  bool while_must_change = false;        // allowed before the first password change
  bool while_setting_up = false;         // allowed to a beheerder who must still set up a second factor
};

inline constexpr std::size_t kMaxAdminBodyBytes = 64 * 1024;
inline constexpr std::int64_t kAuditPageSize = 50;

class AdminApi {
 public:
  /// `now` gives unix seconds; tests control it.
  AdminApi(store::Database& db, AdminOptions options, std::function<std::int64_t()> now = {});

  /// Adds the routes above to `router`.
  void add_routes(http::Router& router);

  /// The principal of a request that passes `guard` (and, for POST/PUT/PATCH/DELETE, the Origin
  /// and CSRF checks), or the JSON error to answer: 401, 403 or 503 when the store fails.
  [[nodiscard]] std::variant<Principal, http::Response> authorize(const http::Request& request,
                                                                  const Guard& guard) const;

 private:
  // Each group is defined, with the routes it adds, in its own file (named beside it).
  // session_routes.cpp
  void add_session_routes(http::Router& router);
  http::Response get_session(const http::Request& request) const;
  http::Response login(const http::Request& request) const;
  http::Response complete_login(const http::Request& request) const;
  http::Response logout(const http::Request& request) const;
  http::Response start_session(soci::session& session, const User& user, std::int64_t now) const;
  boost::json::object session_answer(soci::session& session, const User& user, std::string_view session_id,
                                     const SessionInfo& info) const;
  [[nodiscard]] bool setup_required(soci::session& session, const User& user) const;

  // second_factor_routes.cpp
  void add_second_factor_routes(http::Router& router);
  http::Response second_factor_status(const http::Request& request) const;
  http::Response start_enrolment(const http::Request& request) const;
  http::Response confirm_enrolment(const http::Request& request) const;
  http::Response disable_second_factor(const http::Request& request) const;
  http::Response renew_recovery_codes(const http::Request& request) const;
  /// The proof a change of one's own enabled second factor takes, read from a request of the
  /// signed-in user: the password and a current code (or an unused recovery code, which it spends).
  /// Else the answer (401/403 from the guard, 400 on the body, 422 on the fields, 409 when not
  /// enabled, 429 while throttled). Call it holding no lease: it checks the password without one.
  [[nodiscard]] std::variant<http::Response, SecondFactorProof> prove_second_factor(const http::Request& request) const;
  /// The throttle of a signed-in account's second-factor codes.
  [[nodiscard]] LoginKeys second_factor_keys(const Principal& principal) const;
  /// Checks a signed-in account's own password again before it changes its second factor:
  /// nullopt when right, else the answer (422 on the field, 429 while throttled).
  [[nodiscard]] std::optional<http::Response> check_own_password(const Principal& principal,
                                                                 const std::string& password, std::int64_t now) const;
  http::Response reset_second_factor(const http::Request& request, const std::string& id) const;

  // password_routes.cpp
  void add_password_routes(http::Router& router);
  http::Response change_password(const http::Request& request) const;

  // user_routes.cpp
  void add_user_routes(http::Router& router);
  http::Response list_users(const http::Request& request) const;
  http::Response create_user(const http::Request& request) const;
  http::Response update_user(const http::Request& request, const std::string& id) const;
  http::Response reset_password(const http::Request& request, const std::string& id) const;

  // api_key_routes.cpp
  void add_api_key_routes(http::Router& router);
  http::Response list_api_keys(const http::Request& request) const;
  http::Response create_api_key(const http::Request& request) const;
  http::Response revoke_api_key(const http::Request& request, const std::string& id) const;

  // audit_routes.cpp
  void add_audit_routes(http::Router& router);
  http::Response audit(const http::Request& request) const;

  store::Database& db_;
  AdminOptions options_;
  std::function<std::int64_t()> now_;
  std::string site_origin_;
  bool secure_cookies_;
  std::string dummy_hash_;  // verified when no account matches, so that timing tells nothing
};

}  // namespace ether::admin
