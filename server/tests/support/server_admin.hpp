#pragma once
// Requests to the admin routes of a real server (ServerProcess) with curl, as the admin web app
// sends them, and an account signed in through the real login route.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <fstream>
#include <string>

#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/roles.hpp"
#include "server_process.hpp"
#include "store/database.hpp"

namespace ether::test {

/// The session cookie and CSRF token of an account signed in on a real server.
struct ServerLogin {
  std::string cookie;
  std::string csrf;
};

/// `method` on `target` with `body` sent as it is (from a file: no shell quoting) as
/// application/json, as `who` when signed in.
inline ServerProcess::Answer server_admin_call(const ServerProcess& server, const std::string& method,
                                               const std::string& target, const std::string& body,
                                               const ServerLogin& who = {}) {
  const auto file = server.dir() / "request.json";
  std::ofstream(file, std::ios::binary) << body;
  std::string options = "-X " + method + " -H 'Origin: " + server.base_url() +
                        "' -H 'Content-Type: application/json' --data-binary @" + file.string();
  if (!who.cookie.empty()) {
    options += " -H 'Cookie: ether_session=" + who.cookie + "' -H 'X-CSRF-Token: " + who.csrf + "'";
  }
  return server.get(target, options);
}

/// An account of `role` made in the server's store (`database_url`), signed in through the real
/// login route; empty when the login failed (which is reported).
inline ServerLogin server_sign_in(const ServerProcess& server, const std::string& database_url,
                                  const std::string& email, admin::Role role) {
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  auto db = store::Database::open(database_url, 1);
  auto created = admin::create_account(*db, email, "Naam", role, now, admin::kMinimumCost);
  {
    auto lease = db->lease();
    const long long id = created.user.id;
    *lease << "UPDATE admin_users SET must_change_password = 0 WHERE id = :id", soci::use(id);
  }
  const auto answer =
      server_admin_call(server, "POST", "/api/admin/session",
                        boost::json::serialize(boost::json::object{{"email", email}, {"password", created.password}}));
  EXPECT_EQ(answer.status, 200) << answer.body;
  const auto at = answer.headers.find("ether_session=");
  if (answer.status != 200 || at == std::string::npos) return {};
  const auto start = at + std::string("ether_session=").size();
  return {answer.headers.substr(start, answer.headers.find(';', start) - start),
          std::string(boost::json::parse(answer.body).at("csrfToken").as_string())};
}

}  // namespace ether::test
