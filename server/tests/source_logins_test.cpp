// Presenters' own source logins: the admin routes that set and clear them (beheerder only, the
// password stored as a hash and never in the audit log) and the check a source's login goes
// through (the channels of the presenter's programmes; with only_in_slots, the broadcasts on
// air), on SQLite and on PostgreSQL. The same logins against the real server and ffmpeg's Icecast
// output are in live_source_test.cpp.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <memory>
#include <string>
#include <vector>

#include "admin/admin_api.hpp"
#include "admin/bootstrap.hpp"
#include "http/router.hpp"
#include "ingest/presenter_logins.hpp"
#include "ingest/source_login_api.hpp"
#include "store_test_support.hpp"
#include "support/admin_server.hpp"
#include "support/live_store.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::ingest {
namespace {
namespace json = boost::json;

constexpr const char* kOrigin = "https://radio.example";
const std::string kStudioPassword = "eigen-studio-wachtwoord";

struct Login {
  std::string cookie;
  std::string csrf;
};

// The admin API with the source-login routes on `db`, as the station routes them.
class AdminRoutes {
 public:
  explicit AdminRoutes(store::Database& db) : db_(db) {
    admin_ = std::make_unique<admin::AdminApi>(
        db, admin::AdminOptions{.base_url = kOrigin, .password_cost = admin::kMinimumCost, .throttle = {}},
        [] { return noon; });
    admin_->add_routes(router_);
    api_ = std::make_unique<SourceLoginApi>(
        db, *admin_, [] { return noon; }, admin::kMinimumCost);
    api_->add_routes(router_);
  }

  http::Response call(const std::string& method, const std::string& target, const json::value& body, const Login& who) {
    http::Request request;
    request.method = method;
    EXPECT_TRUE(http::parse_target(target, request));
    request.body = body.is_null() ? "" : json::serialize(body);
    request.remote_address = "192.0.2.10";
    request.headers["Host"] = "radio.example";
    request.headers["Origin"] = kOrigin;
    request.headers["Content-Type"] = "application/json";
    if (!who.cookie.empty()) request.headers["Cookie"] = "ether_session=" + who.cookie;
    if (!who.csrf.empty()) request.headers["X-CSRF-Token"] = who.csrf;
    auto response = router_.dispatch(request);
    EXPECT_EQ(response.header("Cache-Control"), "no-store") << method << " " << target;
    return response;
  }

  Login login(const std::string& email, admin::Role role) {
    auto created = admin::create_account(db_, email, "Beheer", role, noon, admin::kMinimumCost);
    {
      auto lease = db_.lease();
      const long long id = created.user.id;
      *lease << "UPDATE admin_users SET must_change_password = 0 WHERE id = :id", soci::use(id);
    }
    auto answer =
        call("POST", "/api/admin/session", json::object{{"email", email}, {"password", created.password}}, Login{});
    EXPECT_EQ(answer.status, 200U) << answer.body;
    std::string cookie(answer.header("Set-Cookie"));
    const auto start = cookie.find('=') + 1;
    return {cookie.substr(start, cookie.find(';') - start),
            std::string(json::parse(answer.body).at("csrfToken").as_string())};
  }

 private:
  store::Database& db_;
  http::Router router_;
  std::unique_ptr<admin::AdminApi> admin_;
  std::unique_ptr<SourceLoginApi> api_;
};

json::value body_of(const http::Response& response) { return json::parse(response.body); }

// The live store has presenters 1 (Mira) and 2 (Kees) in De Middagshow on radio2, on air from an
// hour before `noon` to an hour after; presenter 3 (Anna) gets a programme on radio4 that is never on air.
void a_beheerder_sets_and_clears_a_presenters_source_login(store::Database& db) {
  seed_live_store(db);
  {
    auto lease = db.lease();
    *lease << "INSERT INTO presenters (id, slug, name) VALUES (3, 'anna', 'Anna Bos')";
    *lease
        << "INSERT INTO programmes (id, slug, name, channel_slug) VALUES (2, 'avondconcert', 'Avondconcert', 'radio4')";
    *lease << "INSERT INTO programme_presenters (programme_id, presenter_id, position) VALUES (2, 3, 0)";
  }
  AdminRoutes routes(db);
  const auto beheerder = routes.login("beheer@radio.example", admin::Role::beheerder);
  const auto redacteur = routes.login("redactie@radio.example", admin::Role::redacteur);
  const json::object mira_login{{"username", "mira.studio"}, {"password", kStudioPassword}, {"onlyInSlots", true}};

  // A redacteur may neither see nor set them.
  EXPECT_EQ(routes.call("GET", "/api/admin/source-logins", nullptr, redacteur).status, 403U);
  EXPECT_EQ(routes.call("PUT", "/api/admin/source-logins/1", mira_login, redacteur).status, 403U);
  EXPECT_EQ(routes.call("DELETE", "/api/admin/source-logins/1", nullptr, redacteur).status, 403U);
  // Without the CSRF token a change is refused too.
  EXPECT_EQ(routes.call("PUT", "/api/admin/source-logins/1", mira_login, Login{beheerder.cookie, ""}).status, 403U);

  auto listed = routes.call("GET", "/api/admin/source-logins", nullptr, beheerder);
  ASSERT_EQ(listed.status, 200U) << listed.body;
  const auto listed_body = body_of(listed);
  const auto& presenters = listed_body.at("presenters").as_array();
  ASSERT_EQ(presenters.size(), 3U);
  for (const auto& presenter : presenters) {
    EXPECT_TRUE(presenter.at("login").is_null());
    if (presenter.at("id").as_int64() == 1) EXPECT_EQ(presenter.at("channels"), (json::array{"radio2"}));
    if (presenter.at("id").as_int64() == 3) EXPECT_EQ(presenter.at("channels"), (json::array{"radio4"}));
  }

  // Refused: a new login without password, a bad or reserved username, a short password, no such presenter.
  auto refused = routes.call("PUT", "/api/admin/source-logins/1", json::object{{"username", "mira.studio"}}, beheerder);
  EXPECT_EQ(refused.status, 422U);
  EXPECT_TRUE(body_of(refused).at("error").at("fields").as_object().contains("password")) << refused.body;
  for (const auto* username : {"Mira!", "source", "mi", ""}) {
    auto answer = routes.call("PUT", "/api/admin/source-logins/1",
                              json::object{{"username", username}, {"password", kStudioPassword}}, beheerder);
    EXPECT_EQ(answer.status, 422U) << username;
    EXPECT_TRUE(body_of(answer).at("error").at("fields").as_object().contains("username")) << answer.body;
  }
  EXPECT_EQ(routes
                .call("PUT", "/api/admin/source-logins/1",
                      json::object{{"username", "mira.studio"}, {"password", "kort"}}, beheerder)
                .status,
            422U);
  EXPECT_EQ(routes.call("PUT", "/api/admin/source-logins/99", mira_login, beheerder).status, 404U);
  EXPECT_EQ(routes.call("PUT", "/api/admin/source-logins/abc", mira_login, beheerder).status, 404U);

  auto saved = routes.call("PUT", "/api/admin/source-logins/1", mira_login, beheerder);
  ASSERT_EQ(saved.status, 200U) << saved.body;
  const auto saved_body = body_of(saved);
  const auto& login = saved_body.at("presenter").at("login");
  EXPECT_EQ(login.at("username"), "mira.studio");
  EXPECT_EQ(login.at("onlyInSlots"), true);
  EXPECT_EQ(saved.body.find(kStudioPassword), std::string::npos);
  // Stored as an argon2id hash, never as text.
  std::string hash;
  {
    auto lease = db.lease();
    *lease << "SELECT password_hash FROM presenter_source_logins WHERE presenter_id = 1", soci::into(hash);
  }
  EXPECT_TRUE(hash.starts_with("$argon2id$")) << hash;
  EXPECT_EQ(hash.find(kStudioPassword), std::string::npos);
  // A username belongs to one presenter.
  auto taken = routes.call("PUT", "/api/admin/source-logins/3",
                           json::object{{"username", "mira.studio"}, {"password", kStudioPassword}}, beheerder);
  EXPECT_EQ(taken.status, 422U);

  // The check: radio2 during De Middagshow; not radio4, not after the show, not a wrong password.
  long long now = noon;
  const PresenterSourceAuth auth(
      db, [&now] { return now; }, admin::kMinimumCost);
  EXPECT_TRUE(auth.may_send("radio2", "mira.studio", kStudioPassword));
  EXPECT_FALSE(auth.may_send("radio4", "mira.studio", kStudioPassword));
  EXPECT_FALSE(auth.may_send("radio2", "mira.studio", kStudioPassword + "x"));
  EXPECT_FALSE(auth.may_send("radio2", "onbekend", kStudioPassword));
  now = noon + 3600;  // the show has ended
  EXPECT_FALSE(auth.may_send("radio2", "mira.studio", kStudioPassword));

  // Switching the flag off without a password keeps the password: radio2 at any hour.
  auto changed = routes.call("PUT", "/api/admin/source-logins/1",
                             json::object{{"username", "mira.studio"}, {"onlyInSlots", false}}, beheerder);
  ASSERT_EQ(changed.status, 200U) << changed.body;
  EXPECT_TRUE(auth.may_send("radio2", "mira.studio", kStudioPassword));
  EXPECT_FALSE(auth.may_send("radio4", "mira.studio", kStudioPassword));
  // Anna's programme is never on air: with the flag she never gets on, without it on radio4 only.
  ASSERT_EQ(
      routes
          .call("PUT", "/api/admin/source-logins/3",
                json::object{{"username", "anna"}, {"password", kStudioPassword}, {"onlyInSlots", true}}, beheerder)
          .status,
      200U);
  now = noon;
  EXPECT_FALSE(auth.may_send("radio4", "anna", kStudioPassword));
  ASSERT_EQ(routes
                .call("PUT", "/api/admin/source-logins/3", json::object{{"username", "anna"}, {"onlyInSlots", false}},
                      beheerder)
                .status,
            200U);
  EXPECT_TRUE(auth.may_send("radio4", "anna", kStudioPassword));
  EXPECT_FALSE(auth.may_send("radio2", "anna", kStudioPassword));

  // Cleared: the login no longer works; a second clear finds nothing.
  EXPECT_EQ(routes.call("DELETE", "/api/admin/source-logins/1", nullptr, beheerder).status, 204U);
  EXPECT_FALSE(auth.may_send("radio2", "mira.studio", kStudioPassword));
  EXPECT_EQ(routes.call("DELETE", "/api/admin/source-logins/1", nullptr, beheerder).status, 404U);
  listed = routes.call("GET", "/api/admin/source-logins", nullptr, beheerder);
  const auto cleared_body = body_of(listed);
  for (const auto& presenter : cleared_body.at("presenters").as_array()) {
    if (presenter.at("id").as_int64() == 1) EXPECT_TRUE(presenter.at("login").is_null());
  }

  // Audited: create, update, delete for Mira; the password as "gewijzigd" at most, never its text.
  std::vector<std::string> actions;
  std::string changes_text;
  {
    auto lease = db.lease();
    std::string action;
    std::string changes;
    soci::statement st = (lease->prepare << "SELECT action, changes FROM admin_audit_log WHERE item_type = "
                                            "'source_login' AND item_id = '1' ORDER BY id",
                          soci::into(action), soci::into(changes));
    st.execute();
    while (st.fetch()) {
      actions.push_back(action);
      changes_text += changes;
    }
  }
  EXPECT_EQ(actions, (std::vector<std::string>{"create", "update", "delete"}));
  EXPECT_NE(changes_text.find("gewijzigd"), std::string::npos) << changes_text;
  EXPECT_EQ(changes_text.find(kStudioPassword), std::string::npos);
  EXPECT_EQ(changes_text.find("argon2"), std::string::npos);
}

TEST(SourceLogins, ABeheerderSetsAndClearsAPresentersSourceLoginOnSqlite) {
  testing_support::TempStore store;
  a_beheerder_sets_and_clears_a_presenters_source_login(store.db());
}

const bool registered = test::register_postgres_tests("SourceLoginsPostgres", __FILE__,
                                                      {{"ABeheerderSetsAndClearsAPresentersSourceLogin", [] {
                                                          test::FreshPostgresDatabase database("source_logins");
                                                          auto db = store::Database::open(database.url());
                                                          db->migrate();
                                                          a_beheerder_sets_and_clears_a_presenters_source_login(*db);
                                                        }}});

// Bad input to the routes of a real server: every answer is a 4xx with a JSON error, never a 500.
TEST(SourceLoginsServer, BadInputIsAnsweredWithAClientErrorInJson) {
  test::ServerProcess server("source-logins-input");
  const auto who =
      test::server_login(server, test::sqlite_url_of(server), "beheer@radio.example", admin::Role::beheerder);
  ASSERT_FALSE(who.cookie.empty());
  const auto listed = test::server_admin_send(server, "GET", "/api/admin/source-logins", "", who);
  ASSERT_EQ(listed.status, 200) << listed.body;
  const auto listed_body = json::parse(listed.body);
  const auto& presenters = listed_body.at("presenters").as_array();
  ASSERT_FALSE(presenters.empty());
  const auto one = "/api/admin/source-logins/" + std::to_string(presenters.at(0).at("id").as_int64());
  const auto login_with = [](const std::string& username, const std::string& password) {
    return json::serialize(json::object{{"username", username}, {"password", password}});
  };
  const auto valid = login_with("mira.studio", kStudioPassword);
  struct Case {
    std::string method;
    std::string target;
    std::string body;
    int status;
  };
  const std::vector<Case> cases = {
      {"PUT", one, "{", 400},
      {"PUT", one, "", 400},
      {"PUT", one, "[]", 400},
      {"PUT", one, "\"mira.studio\"", 400},
      {"PUT", one, "{\"username\":\"mira\xff\"}", 400},  // not UTF-8
      {"PUT", one, std::string(5000, ' ') + valid, 413},
      {"PUT", one, R"({"username":5,"password":7,"onlyInSlots":"ja"})", 422},
      {"PUT", one, R"({"username":["mira"],"password":{"text":"x"},"onlyInSlots":1})", 422},
      {"PUT", one, R"({"username":null,"password":null})", 422},
      {"PUT", one, login_with(std::string(65, 'm'), kStudioPassword), 422},
      {"PUT", one, login_with("Mira Studio", kStudioPassword), 422},
      {"PUT", one, login_with("source", kStudioPassword), 422},
      {"PUT", one, login_with(std::string("mira\0", 5), kStudioPassword), 422},
      {"PUT", one, login_with("mira.studio", "kort"), 422},
      {"PUT", one, login_with("mira.studio", std::string(257, 'p')), 422},
      {"PUT", one, R"({"username":"mira.studio"})", 422},  // a new login needs a password
      {"PUT", "/api/admin/source-logins/999999", valid, 404},
      {"PUT", "/api/admin/source-logins/abc", valid, 404},
      {"PUT", "/api/admin/source-logins/-1", valid, 404},
      {"PUT", "/api/admin/source-logins/0", valid, 404},
      {"PUT", "/api/admin/source-logins/1.5", valid, 404},
      {"PUT", "/api/admin/source-logins/99999999999999999999", valid, 404},
      {"DELETE", one, "", 404},  // no login yet
      {"DELETE", "/api/admin/source-logins/abc", "", 404},
      {"DELETE", "/api/admin/source-logins/99999999999999999999", "", 404},
  };
  for (const auto& call : cases) {
    const auto answer = test::server_admin_send(server, call.method, call.target, call.body, who);
    const auto what = call.method + " " + call.target + " " + call.body.substr(0, 80);
    EXPECT_EQ(answer.status, call.status) << what << ": " << answer.body;
    boost::system::error_code error;
    const auto body = json::parse(answer.body, error);
    ASSERT_FALSE(error) << what << ": " << answer.body;
    const auto* code = body.is_object() ? body.as_object().if_contains("error") : nullptr;
    ASSERT_TRUE(code != nullptr && code->is_object()) << what << ": " << answer.body;
    EXPECT_TRUE(code->as_object().at("code").is_string()) << what;
    EXPECT_TRUE(code->as_object().at("message").is_string()) << what;
  }
  // The same routes still work after all that.
  EXPECT_EQ(test::server_admin_send(server, "PUT", one, valid, who).status, 200);
  EXPECT_EQ(test::server_admin_send(server, "DELETE", one, "", who).status, 204);
}

}  // namespace
}  // namespace ether::ingest
