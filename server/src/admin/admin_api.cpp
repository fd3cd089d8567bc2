// The admin API's core: its options and clock, and the guard every admin route passes through
// (authorize). The routes themselves live one resource a file: session_routes.cpp,
// second_factor_routes.cpp, password_routes.cpp, user_routes.cpp, api_key_routes.cpp, audit_routes.cpp.
#include "admin/admin_api.hpp"

#include <chrono>

#include "admin/request_guard.hpp"
#include "admin/second_factor.hpp"
#include "api/json_error.hpp"
#include "crypto/hmac.hpp"

namespace ether::admin {

AdminApi::AdminApi(store::Database& db, AdminOptions options, std::function<std::int64_t()> now)
    : db_(db),
      options_(std::move(options)),
      now_(std::move(now)),
      site_origin_(origin_of(options_.base_url)),
      secure_cookies_(options_.base_url.starts_with("https://")),
      dummy_hash_(stand_in_hash(options_.password_cost)) {
  if (!now_) {
    now_ = [] {
      return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}
void AdminApi::add_routes(http::Router& router) {
  // In the order they were always added: the router tries patterns in turn.
  add_session_routes(router);
  add_second_factor_routes(router);
  add_password_routes(router);
  add_user_routes(router);
  add_api_key_routes(router);
  add_audit_routes(router);
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

}  // namespace ether::admin
