#pragma once
// The admin routes of a real ether-server process (support/server_process.hpp) called with curl as
// the admin web app in a browser calls them (the server's Origin, the session cookie, the CSRF
// header), and an account made in that server's store that logged in through the real login route.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/roles.hpp"
#include "admin/second_factor.hpp"
#include "admin_client.hpp"
#include "server_process.hpp"
#include "store/database.hpp"

namespace ether::test {

/// An admin call with curl, as the signed-in `who` (none when its cookie is empty); `body` is sent
/// as it is, as application/json from a file (no shell quoting): malformed bodies too.
inline ServerProcess::Answer server_admin_send(const ServerProcess& server, const std::string& method,
                                               const std::string& target, const std::string& body,
                                               const AdminLogin& who = {}) {
  const auto file = server.dir() / "request.json";
  std::ofstream(file, std::ios::binary) << body;
  std::string options = "-X " + method + " -H 'Origin: " + server.base_url() +
                        "' -H 'Content-Type: application/json' --data-binary @" + file.string();
  if (!who.cookie.empty()) {
    options += " -H 'Cookie: ether_session=" + who.cookie + "' -H 'X-CSRF-Token: " + who.csrf + "'";
  }
  return server.get(target, options);
}

/// server_admin_send with `body` as JSON (none when null).
inline ServerProcess::Answer server_admin_call(const ServerProcess& server, const std::string& method,
                                               const std::string& target, const boost::json::value& body,
                                               const AdminLogin& who = {}) {
  return server_admin_send(server, method, target, body.is_null() ? std::string() : boost::json::serialize(body), who);
}

/// An account of `role` made in the server's store (`database_url`: its DATABASE_URL, or
/// "sqlite:<data dir>/ether.db"), signed in through the real login route; empty when the login failed
/// (which is reported). A beheerder gets a second factor in the store, as the server requires by
/// default, and signs in with its current code.
inline AdminLogin server_login(const ServerProcess& server, const std::string& database_url, const std::string& email,
                               admin::Role role) {
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  auto db = store::Database::open(database_url, 1);
  auto created = admin::create_account(*db, email, "Naam", role, now, admin::kMinimumCost);
  {
    auto lease = db->lease();
    const long long id = created.user.id;
    *lease << "UPDATE admin_users SET must_change_password = 0 WHERE id = :id", soci::use(id);
  }
  std::string secret;
  if (role == admin::Role::beheerder) {
    secret = admin::generate_totp_secret();
    auto lease = db->lease();
    admin::SecondFactorRepository factors(*lease);
    factors.start_enrolment(created.user.id, secret, now);
    factors.enable(created.user.id, 0, now, {});
  }
  auto answer = server_admin_call(server, "POST", "/api/admin/session",
                                  boost::json::object{{"email", email}, {"password", created.password}}, {});
  if (!secret.empty() && answer.status == 200) {
    const auto challenge = boost::json::parse(answer.body).at("challenge");
    const auto at =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    answer =
        server_admin_call(server, "POST", "/api/admin/session/second-factor",
                          boost::json::object{{"challenge", challenge}, {"code", admin::totp_code(secret, at)}}, {});
  }
  EXPECT_EQ(answer.status, 200) << answer.body;
  const auto at = answer.headers.find("ether_session=");
  if (answer.status != 200 || at == std::string::npos) return {};
  const auto start = at + std::string("ether_session=").size();
  return {answer.headers.substr(start, answer.headers.find(';', start) - start),
          std::string(boost::json::parse(answer.body).at("csrfToken").as_string())};
}

}  // namespace ether::test
