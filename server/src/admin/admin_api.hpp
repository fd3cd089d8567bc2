#pragma once
// The JSON API of the admin under /api/admin/ (every answer Cache-Control: no-store, never CORS;
// errors {"error":{"code","message"}} with Dutch messages; form errors 422 invalid_fields with "fields"):
//   GET    /api/admin/session              who is logged in, the CSRF token, the permissions (401)
//   POST   /api/admin/session              log in {email, password}; sets the ether_session cookie
//   DELETE /api/admin/session              log out
//   POST   /api/admin/password             {currentPassword, newPassword}; ends the other sessions. Wrong
//                                          current passwords: 5 per account lock it as a login (429), the
//                                          3rd of one session ends that session (401)
//   GET    /api/admin/users                (beheerder) the accounts
//   POST   /api/admin/users                (beheerder) {name, email, role, channels} -> one-time password
//   PATCH  /api/admin/users/{id}           (beheerder) {name?, role?, channels?, active?}
//   POST   /api/admin/users/{id}/password  (beheerder) a new one-time password
//   GET    /api/admin/api-keys             (beheerder) the keys and the known scopes
//   POST   /api/admin/api-keys             (beheerder) {name, scopes} -> the key, shown once
//   DELETE /api/admin/api-keys/{id}        (beheerder) revoke
//   GET    /api/admin/audit?user=&type=&id=&page=  (beheerder, eindredacteur) 50 entries a page
// Every state-changing call checks the Origin (request_guard.hpp), the session, the CSRF token
// (X-CSRF-Token) and the role, in that order; authorize() gives later content routes the same.

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
#include "store/database.hpp"

namespace ether::admin {

struct AdminOptions {
  std::string base_url;  // ETHER_BASE_URL: the site's own origin, and Secure cookies when https
  PasswordCost password_cost = kInteractiveCost;
  ThrottlePolicy throttle;
};

/// A logged-in user on a request.
struct Principal {
  User user;
  SessionInfo session;
  std::string session_id;  // the raw cookie value
};

/// How a route is guarded.
struct Guard {
  std::optional<Permission> permission;  // nullopt: any logged-in user
  bool while_must_change = false;        // allowed before the first password change
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
  http::Response get_session(const http::Request& request) const;
  http::Response login(const http::Request& request) const;
  http::Response logout(const http::Request& request) const;
  http::Response change_password(const http::Request& request) const;
  http::Response list_users(const http::Request& request) const;
  http::Response create_user(const http::Request& request) const;
  http::Response update_user(const http::Request& request, const std::string& id) const;
  http::Response reset_password(const http::Request& request, const std::string& id) const;
  http::Response list_api_keys(const http::Request& request) const;
  http::Response create_api_key(const http::Request& request) const;
  http::Response revoke_api_key(const http::Request& request, const std::string& id) const;
  http::Response audit(const http::Request& request) const;

  store::Database& db_;
  AdminOptions options_;
  std::function<std::int64_t()> now_;
  std::string site_origin_;
  bool secure_cookies_;
  std::string dummy_hash_;  // verified when no account matches, so that timing tells nothing
};

}  // namespace ether::admin
