#pragma once
// Requests to the admin routes on a router, as the admin web app in a browser on kAdminOrigin sends
// them (Host, Origin, the session cookie and the CSRF header), and an account that logged in.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <cstdint>
#include <string>

#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/roles.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::test {

inline constexpr const char* kAdminOrigin = "https://radio.example";

/// A response: its status, its text, its JSON body (when it is JSON) and its Set-Cookie.
struct AdminAnswer {
  unsigned status = 0;
  boost::json::value body;
  std::string text;
  std::string set_cookie;

  /// The error's code and message ({"error":{"code","message"}}), or "" when there is none.
  [[nodiscard]] std::string code() const { return error_text("code"); }
  [[nodiscard]] std::string message() const { return error_text("message"); }
  /// The form error of field `name` (422 invalid_fields), or "".
  [[nodiscard]] std::string field_error(const std::string& name) const {
    const auto* error = error_object();
    const auto* fields = error ? error->as_object().if_contains("fields") : nullptr;
    if (fields == nullptr || !fields->as_object().contains(name)) return "";
    return std::string(fields->at(name).as_string());
  }
  /// The content API's {"item"}: the item, its id and its version.
  [[nodiscard]] const boost::json::object& item() const { return body.at("item").as_object(); }
  [[nodiscard]] std::string id() const { return std::string(item().at("id").as_string()); }
  [[nodiscard]] std::int64_t version() const { return item().at("version").as_int64(); }
  /// The numeric id of the object `what` of the body, e.g. id("slot").
  [[nodiscard]] std::int64_t id(const char* what) const { return body.at(what).at("id").as_int64(); }

 private:
  [[nodiscard]] const boost::json::value* error_object() const {
    return body.is_object() ? body.get_object().if_contains("error") : nullptr;
  }
  [[nodiscard]] std::string error_text(const char* name) const {
    const auto* error = error_object();
    return error ? std::string(error->at(name).as_string()) : "";
  }
};

/// The session cookie and CSRF token of a signed-in account.
struct AdminLogin {
  std::string cookie;
  std::string csrf;
};

/// Dispatches one request on `router`, signed in as `who` when given.
inline AdminAnswer admin_call(http::Router& router, const std::string& method, const std::string& target,
                              const std::string& body = "", const AdminLogin* who = nullptr,
                              const std::string& origin = kAdminOrigin) {
  http::Request request;
  request.method = method;
  EXPECT_TRUE(http::parse_target(target, request)) << target;
  request.body = body;
  request.remote_address = "192.0.2.10";
  request.headers["Host"] = "radio.example";
  request.headers["Origin"] = origin;
  if (who != nullptr) {
    request.headers["Cookie"] = "ether_session=" + who->cookie;
    request.headers["X-CSRF-Token"] = who->csrf;
  }
  auto response = router.dispatch(request);
  AdminAnswer answer;
  answer.status = response.status;
  answer.text = response.body;
  answer.set_cookie = std::string(response.header("Set-Cookie"));
  if (!response.body.empty() && response.header("Content-Type").find("json") != std::string_view::npos) {
    answer.body = boost::json::parse(response.body);
  }
  return answer;
}

/// Dispatches one request as `who` with `body` as JSON (none when null).
inline AdminAnswer admin_as(http::Router& router, const AdminLogin& who, const std::string& method,
                            const std::string& target, const boost::json::value& body = nullptr) {
  return admin_call(router, method, target, body.is_null() ? "" : boost::json::serialize(body), &who);
}

/// An account of `role`, created at `now`, that logged in and chose its own password.
inline AdminLogin admin_user(store::Database& db, http::Router& router, std::int64_t now, const std::string& email,
                             admin::Role role) {
  namespace json = boost::json;
  auto created =
      admin::create_account(db, email, "Naam " + email.substr(0, email.find('@')), role, now, admin::kMinimumCost);
  auto answer = admin_call(router, "POST", "/api/admin/session",
                           json::serialize(json::object{{"email", email}, {"password", created.password}}));
  EXPECT_EQ(answer.status, 200U) << answer.text;
  const auto start = answer.set_cookie.find('=') + 1;
  AdminLogin login{answer.set_cookie.substr(start, answer.set_cookie.find(';') - start),
                   std::string(answer.body.at("csrfToken").as_string())};
  auto changed =
      admin_as(router, login, "POST", "/api/admin/password",
               json::object{{"currentPassword", created.password}, {"newPassword", "een lang nieuw wachtwoord"}});
  EXPECT_EQ(changed.status, 200U) << changed.text;
  return login;
}

}  // namespace ether::test
