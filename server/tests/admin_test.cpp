// The admin foundation (server/src/admin/): password hashes, the permission table, the Origin and
// CSRF guard, login slow-down, session expiry, the users and API-key routes with their audit rows,
// and the first account of a fresh store. The store tests run on SQLite and, when
// ETHER_TEST_DATABASE_URL names one, on PostgreSQL (each test in a schema of its own).

#include <gtest/gtest.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <boost/json.hpp>
#include <cstdlib>
#include <fstream>
#include <future>
#include <iostream>
#include <sstream>

#include "admin/admin_api.hpp"
#include "admin/admin_pages.hpp"
#include "admin/api_keys.hpp"
#include "admin/audit_log.hpp"
#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/request_guard.hpp"
#include "admin/roles.hpp"
#include "admin/second_factor.hpp"
#include "admin/sessions.hpp"
#include "crypto/sealed_text.hpp"
#include "domain/time.hpp"
#include "http/router.hpp"
#include "store_test_support.hpp"
#include "support/test_paths.hpp"

namespace ether::admin {
namespace {
namespace json = boost::json;

constexpr const char* kBase = "https://radio.example";
constexpr const char* kOrigin = "https://radio.example";
constexpr std::int64_t kStart = 1'795'258'800;  // 2026-11-21 11:00 UTC

// ---- pure logic -------------------------------------------------------------------------------

TEST(AdminPassword, HashesWithArgon2idAndVerifies) {
  const auto hash = hash_password("correct horse battery", kInteractiveCost);
  EXPECT_TRUE(hash.starts_with("$argon2id$v=19$")) << hash;
  EXPECT_TRUE(verify_password(hash, "correct horse battery"));
  EXPECT_FALSE(verify_password(hash, "correct horse batterY"));
  EXPECT_FALSE(verify_password(hash, ""));
  // Salted: the same password never gives the same hash.
  EXPECT_NE(hash_password("correct horse battery", kMinimumCost), hash_password("correct horse battery", kMinimumCost));
  // A hash made at another cost verifies all the same; malformed hashes never do.
  EXPECT_TRUE(verify_password(hash_password("x", kMinimumCost), "x"));
  EXPECT_FALSE(verify_password("", "x"));
  EXPECT_FALSE(verify_password("$argon2id$v=19$m=8,t=1,p=1$broken", "x"));
  EXPECT_FALSE(verify_password(std::string(500, 'a'), "x"));
}

// The stand-in verified for a name with no account must cost what an account's hash costs: the
// same argon2id parameters as the hashes made at that cost, or a login would tell which names
// exist by how long it took.
TEST(AdminPassword, AStandInHashCostsWhatAnAccountsHashCosts) {
  for (const auto& cost : {kInteractiveCost, kMinimumCost, PasswordCost{3, kMinimumCost.mem_limit * 2}}) {
    const auto& stand_in = stand_in_hash(cost);
    EXPECT_TRUE(stand_in.starts_with("$argon2id$"));
    EXPECT_EQ(crypto_pwhash_str_needs_rehash(stand_in.c_str(), cost.ops_limit, cost.mem_limit), 0) << stand_in;
    // The same parameters as an account's hash at that cost.
    const auto account = hash_password("x", cost);
    EXPECT_EQ(stand_in.substr(0, stand_in.find('$', 20)), account.substr(0, account.find('$', 20)));
    EXPECT_EQ(&stand_in_hash(cost), &stand_in);  // made once
    EXPECT_FALSE(verify_password(stand_in, ""));
  }
  EXPECT_NE(stand_in_hash(kMinimumCost), stand_in_hash(PasswordCost{3, kMinimumCost.mem_limit * 2}));
}

TEST(AdminPassword, OneTimePasswordsAndTokensAreRandom) {
  const auto a = generate_password();
  const auto b = generate_password();
  EXPECT_EQ(a.size(), 20U);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.find_first_of("0O1lI"), std::string::npos);
  EXPECT_EQ(random_hex(32).size(), 64U);
  EXPECT_NE(random_hex(32), random_hex(32));
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(AdminRoles, PermissionTable) {
  // Rows: beheerder, eindredacteur, redacteur; columns in all_permissions() order.
  const std::vector<std::pair<Role, std::vector<bool>>> table{
      {Role::beheerder, {true, true, true, true, true, true, true, true, true, true}},
      {Role::eindredacteur, {true, true, true, true, false, true, false, false, true, false}},
      {Role::redacteur, {true, false, false, false, false, false, false, false, true, false}},
  };
  ASSERT_EQ(all_permissions().size(), 10U);
  for (const auto& [role, row] : table) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      EXPECT_EQ(allows(role, all_permissions()[i]), row[i])
          << role_name(role) << " " << permission_name(all_permissions()[i]);
    }
  }
  EXPECT_EQ(parse_role("eindredacteur"), Role::eindredacteur);
  EXPECT_EQ(parse_role("Beheerder"), std::nullopt);
  EXPECT_EQ(parse_role(""), std::nullopt);
  EXPECT_TRUE(channel_allowed({}, "radio2"));
  EXPECT_TRUE(channel_allowed({"radio2", "radio4"}, "radio4"));
  EXPECT_FALSE(channel_allowed({"radio2"}, "radio4"));
}

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, with the last six digits
// of its published codes.
TEST(AdminSecondFactor, TotpCodesFollowRfc6238) {
  const std::string secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  EXPECT_EQ(totp_code(secret, 59), "287082");
  EXPECT_EQ(totp_code(secret, 1111111109), "081804");
  EXPECT_EQ(totp_code(secret, 1234567890), "005924");
  // A code is good in its own step and one either side, as the step it belongs to.
  const std::int64_t now = 1234567890;
  const std::int64_t step = now / kTotpStepSeconds;
  EXPECT_EQ(totp_matching_step(secret, "005924", now), step);
  EXPECT_EQ(totp_matching_step(secret, "005 924", now), step);
  EXPECT_EQ(totp_matching_step(secret, totp_code(secret, now - 30), now), step - 1);
  EXPECT_EQ(totp_matching_step(secret, totp_code(secret, now + 30), now), step + 1);
  EXPECT_EQ(totp_matching_step(secret, totp_code(secret, now - 60), now), std::nullopt);
  EXPECT_EQ(totp_matching_step(secret, totp_code(secret, now + 60), now), std::nullopt);
  EXPECT_EQ(totp_matching_step(secret, "00592", now), std::nullopt);
  EXPECT_EQ(totp_matching_step(secret, "00592a", now), std::nullopt);
  EXPECT_EQ(totp_matching_step(secret, "", now), std::nullopt);
  EXPECT_THROW((void)totp_code("not base32!", now), std::invalid_argument);
}

TEST(AdminSecondFactor, SecretsUrisAndRecoveryCodes) {
  const auto secret = generate_totp_secret();
  EXPECT_EQ(secret.size(), 32U);  // 20 bytes
  EXPECT_EQ(secret.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), std::string::npos) << secret;
  EXPECT_NE(generate_totp_secret(), secret);
  EXPECT_EQ(otpauth_uri("ABC", "mira+x@ether.local"),
            "otpauth://totp/Ether:mira%2Bx@ether.local?secret=ABC&issuer=Ether&algorithm=SHA1&digits=6&period=30");
  const auto codes = generate_recovery_codes();
  ASSERT_EQ(codes.size(), 10U);
  for (const auto& code : codes) {
    EXPECT_EQ(code.size(), 11U) << code;
    EXPECT_EQ(code[5], '-');
    EXPECT_EQ(code.find_first_of("01ilo"), std::string::npos) << code;
    EXPECT_FALSE(looks_like_totp_code(code));
  }
  EXPECT_NE(codes[0], codes[1]);
  // Typed in capitals, with spaces or without the dash: the same code.
  EXPECT_EQ(recovery_code_hash("abcde-fghjk"), recovery_code_hash("ABCDE FGHJK"));
  EXPECT_EQ(recovery_code_hash("abcde-fghjk"), recovery_code_hash("abcdefghjk"));
  EXPECT_NE(recovery_code_hash("abcde-fghjk"), recovery_code_hash("abcde-fghjm"));
}

http::Request with_headers(std::string method, std::initializer_list<std::pair<const char*, const char*>> headers) {
  http::Request request;
  request.method = std::move(method);
  for (const auto& [name, value] : headers) request.headers[name] = value;
  return request;
}

TEST(AdminGuard, OriginOfAUrl) {
  EXPECT_EQ(origin_of("https://Radio.Example/path?x"), "https://radio.example");
  EXPECT_EQ(origin_of("http://localhost:8080"), "http://localhost:8080");
  EXPECT_EQ(origin_of("https://radio.example:443/"), "https://radio.example");
  EXPECT_EQ(origin_of("http://radio.example:80"), "http://radio.example");
  EXPECT_EQ(origin_of("ftp://radio.example"), "");
  EXPECT_EQ(origin_of("https://user@radio.example"), "");
}

TEST(AdminGuard, OnlyTheSitesOwnOriginOrALoopbackHostPasses) {
  const std::string site = "https://radio.example";
  EXPECT_TRUE(origin_allowed(with_headers("POST", {{"Origin", "https://radio.example"}}), site));
  EXPECT_TRUE(origin_allowed(with_headers("POST", {{"Origin", "https://RADIO.example"}}), site));
  EXPECT_FALSE(origin_allowed(with_headers("POST", {}), site));
  EXPECT_FALSE(origin_allowed(with_headers("POST", {{"Origin", "null"}}), site));
  EXPECT_FALSE(origin_allowed(with_headers("POST", {{"Origin", "https://evil.example"}}), site));
  EXPECT_FALSE(origin_allowed(with_headers("POST", {{"Origin", "http://radio.example"}}), site));
  EXPECT_FALSE(origin_allowed(with_headers("POST", {{"Origin", "https://radio.example.evil.example"}}), site));
  // Local use: the request's own loopback Host.
  EXPECT_TRUE(
      origin_allowed(with_headers("POST", {{"Origin", "http://127.0.0.1:9000"}, {"Host", "127.0.0.1:9000"}}), site));
  EXPECT_TRUE(
      origin_allowed(with_headers("POST", {{"Origin", "http://localhost:9000"}, {"Host", "localhost:9000"}}), site));
  EXPECT_TRUE(origin_allowed(with_headers("POST", {{"Origin", "http://[::1]:9000"}, {"Host", "[::1]:9000"}}), site));
  EXPECT_FALSE(
      origin_allowed(with_headers("POST", {{"Origin", "http://127.0.0.1:9001"}, {"Host", "127.0.0.1:9000"}}), site));
  // A DNS-rebinding page: Origin and Host agree, but the host is not loopback.
  EXPECT_FALSE(origin_allowed(
      with_headers("POST", {{"Origin", "http://evil.example:9000"}, {"Host", "evil.example:9000"}}), site));
  EXPECT_TRUE(is_state_changing("PATCH"));
  EXPECT_FALSE(is_state_changing("GET"));
}

TEST(AdminGuard, SessionCookie) {
  EXPECT_EQ(session_cookie("abc", false), "ether_session=abc; Path=/; HttpOnly; SameSite=Strict");
  EXPECT_EQ(session_cookie("abc", true), "ether_session=abc; Path=/; HttpOnly; SameSite=Strict; Secure");
  EXPECT_NE(clear_session_cookie(false).find("Max-Age=0"), std::string::npos);
  auto request = with_headers("GET", {{"Cookie", "a=1; ether_session=xyz; b=2"}});
  EXPECT_EQ(request.cookie("ether_session"), "xyz");
  EXPECT_EQ(request.cookie("c"), std::nullopt);
  EXPECT_EQ(request.cookie("ether"), std::nullopt);
}

TEST(AdminPages, AnswersTheAdminHtmlNeverIndexedOrCached) {
  auto dir = std::filesystem::path(ETHER_TEST_TMP) / ("admin-pages-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "beheer.html") << "<!doctype html><title>Beheer</title>";
  AdminPages pages(dir);
  http::Router router;
  pages.add_routes(router);
  for (const char* path : {"/beheer", "/beheer/gebruikers", "/beheer/a/b"}) {
    http::Request request;
    request.method = "GET";
    ASSERT_TRUE(http::parse_target(path, request));
    auto response = router.dispatch(request);
    EXPECT_EQ(response.status, 200U) << path;
    EXPECT_EQ(response.payload(), "<!doctype html><title>Beheer</title>");
    EXPECT_EQ(response.header("Cache-Control"), "no-store");
    EXPECT_EQ(response.header("X-Robots-Tag"), "noindex, nofollow");
  }
  AdminPages missing(dir / "absent");
  EXPECT_EQ(missing.page().status, 503U);
  EXPECT_NE(missing.page().body.find("beheeromgeving"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// ---- the store-backed parts, on SQLite and PostgreSQL ------------------------------------------

std::string postgres_url() {
  const char* url = std::getenv("ETHER_TEST_DATABASE_URL");
  return url == nullptr ? "" : url;
}

// A migrated store of one backend, removed afterwards.
class BackendStore {
 public:
  explicit BackendStore(const std::string& backend) {
    if (backend == "sqlite") {
      sqlite_ = std::make_unique<testing_support::TempStore>();
      return;
    }
    static std::atomic<int> counter{0};
    schema_ = "ether_admin_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    const auto base = postgres_url();
    {
      auto admin = store::Database::open(base, 1);
      auto session = admin->lease();
      *session << "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE";
      *session << "CREATE SCHEMA " + schema_;
    }
    db_ = store::Database::open(base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
                                schema_);
    db_->migrate();
  }
  ~BackendStore() {
    if (!schema_.empty()) {
      db_.reset();
      try {
        auto admin = store::Database::open(postgres_url(), 1);
        auto session = admin->lease();
        *session << "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE";
      } catch (const std::exception& error) {
        std::cerr << "cannot drop " << schema_ << ": " << error.what() << "\n";
      }
    }
  }
  BackendStore(const BackendStore&) = delete;
  BackendStore& operator=(const BackendStore&) = delete;

  store::Database& db() { return sqlite_ ? sqlite_->db() : *db_; }

 private:
  std::unique_ptr<testing_support::TempStore> sqlite_;
  std::unique_ptr<store::Database> db_;
  std::string schema_;
};

std::vector<std::string> backends() {
  std::vector<std::string> out{"sqlite"};
  if (!postgres_url().empty()) out.emplace_back("postgresql");
  return out;
}

// A request to the admin API as a browser on the site would send it.
struct Call {
  std::string method = "GET";
  std::string target;
  std::string body;
  std::string cookie;  // the session id, when logged in
  std::string csrf;
  std::optional<std::string> origin = std::string(kOrigin);
  std::string host = "radio.example";
  std::string address = "192.0.2.10";
};

struct Answer {
  unsigned status = 0;
  json::value body;
  http::Response response;

  [[nodiscard]] std::string code() const {
    const auto* error = body.is_object() ? body.get_object().if_contains("error") : nullptr;
    return error ? std::string(error->at("code").get_string()) : "";
  }
};

class AdminStore : public ::testing::TestWithParam<std::string> {
 protected:
  AdminStore() : store_(GetParam()) {
    api_ =
        std::make_unique<AdminApi>(db(), AdminOptions{.base_url = kBase, .password_cost = kMinimumCost, .throttle = {}},
                                   [this] { return now_.load(); });
    api_->add_routes(router_);
  }

  store::Database& db() { return store_.db(); }

  Answer call(const Call& c) {
    http::Request request;
    request.method = c.method;
    EXPECT_TRUE(http::parse_target(c.target, request)) << c.target;
    request.body = c.body;
    request.remote_address = c.address;
    request.headers["Host"] = c.host;
    if (c.origin) request.headers["Origin"] = *c.origin;
    if (!c.cookie.empty()) request.headers["Cookie"] = "other=1; ether_session=" + c.cookie;
    if (!c.csrf.empty()) request.headers["X-CSRF-Token"] = c.csrf;
    Answer answer;
    answer.response = router_.dispatch(request);
    answer.status = answer.response.status;
    EXPECT_EQ(answer.response.header("Cache-Control"), "no-store") << c.method << " " << c.target;
    EXPECT_FALSE(answer.response.has_header("Access-Control-Allow-Origin"));
    if (!answer.response.body.empty()) answer.body = json::parse(answer.response.body);
    return answer;
  }

  // Creates an account (one-time password) and returns its id and password.
  std::pair<std::int64_t, std::string> account(const std::string& email, Role role) {
    auto created = create_account(db(), email, "Naam " + email.substr(0, email.find('@')), role, now_, kMinimumCost);
    return {created.user.id, created.password};
  }

  struct Login {
    std::string cookie;
    std::string csrf;
  };

  Answer login_answer(const std::string& email, const std::string& password,
                      const std::string& address = "192.0.2.10") {
    return call({.method = "POST",
                 .target = "/api/admin/session",
                 .body = json::serialize(json::object{{"email", email}, {"password", password}}),
                 .address = address});
  }

  Login login(const std::string& email, const std::string& password) {
    auto answer = login_answer(email, password);
    EXPECT_EQ(answer.status, 200U) << answer.response.body;
    std::string cookie(answer.response.header("Set-Cookie"));
    auto start = cookie.find('=') + 1;
    return {cookie.substr(start, cookie.find(';') - start), std::string(answer.body.at("csrfToken").get_string())};
  }

  // An account that logged in and changed its one-time password.
  Login ready_account(const std::string& email, Role role) {
    auto [id, password] = account(email, role);
    auto session = login(email, password);
    auto changed =
        call({.method = "POST",
              .target = "/api/admin/password",
              .body = R"({"currentPassword":")" + password + R"(","newPassword":"een lang nieuw wachtwoord"})",
              .cookie = session.cookie,
              .csrf = session.csrf});
    EXPECT_EQ(changed.status, 200U) << changed.response.body;
    return session;
  }

  Answer as(const Login& who, std::string method, std::string target, std::string body = "") {
    return call({.method = std::move(method),
                 .target = std::move(target),
                 .body = std::move(body),
                 .cookie = who.cookie,
                 .csrf = who.csrf});
  }

  long long count(const std::string& sql) {
    auto lease = db().lease();
    long long n = 0;
    *lease << sql, soci::into(n);
    return n;
  }

  std::vector<AuditEntry> audit(const std::string& type, const std::string& id) {
    auto lease = db().lease();
    return AuditLog(*lease)
        .query(AuditFilter{.user_id = std::nullopt, .item_type = type, .item_id = id}, 1, 100)
        .entries;
  }

  // The API again, with ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS on.
  void require_second_factor_for_beheerders() {
    router_ = http::Router{};
    api_ = std::make_unique<AdminApi>(
        db(),
        AdminOptions{
            .base_url = kBase, .password_cost = kMinimumCost, .throttle = {}, .require_totp_for_beheerders = true},
        [this] { return now_.load(); });
    api_->add_routes(router_);
  }

  // Enrols the signed-in `who`: the secret from the server, confirmed with its current code; returns
  // the secret and the recovery codes.
  std::pair<std::string, std::vector<std::string>> enrol(const Login& who,
                                                         const std::string& password = "een lang nieuw wachtwoord") {
    auto started =
        as(who, "POST", "/api/admin/second-factor/enrolment", json::serialize(json::object{{"password", password}}));
    EXPECT_EQ(started.status, 200U) << started.response.body;
    std::string secret(started.body.at("secret").get_string());
    auto confirmed = as(who, "POST", "/api/admin/second-factor/confirmation",
                        json::serialize(json::object{{"code", totp_code(secret, now_)}}));
    EXPECT_EQ(confirmed.status, 200U) << confirmed.response.body;
    std::vector<std::string> codes;
    for (const auto& code : confirmed.body.at("recoveryCodes").get_array()) codes.emplace_back(code.get_string());
    return {secret, codes};
  }

  Answer second_step(const std::string& challenge, const std::string& code, const std::string& address = "192.0.2.10") {
    return call({.method = "POST",
                 .target = "/api/admin/session/second-factor",
                 .body = json::serialize(json::object{{"challenge", challenge}, {"code", code}}),
                 .address = address});
  }

  // The challenge of a login whose password was right (no session yet).
  std::string first_step(const std::string& email, const std::string& password,
                         const std::string& address = "192.0.2.10") {
    auto answer = login_answer(email, password, address);
    EXPECT_EQ(answer.status, 200U) << answer.response.body;
    EXPECT_FALSE(answer.response.has_header("Set-Cookie"));
    EXPECT_EQ(answer.body.at("secondFactorRequired"), true) << answer.response.body;
    return std::string(answer.body.at("challenge").get_string());
  }

  static Login login_of(const Answer& answer) {
    std::string cookie(answer.response.header("Set-Cookie"));
    auto start = cookie.find('=') + 1;
    return {cookie.substr(start, cookie.find(';') - start), std::string(answer.body.at("csrfToken").get_string())};
  }

  BackendStore store_;
  std::atomic<std::int64_t> now_{kStart};
  std::unique_ptr<AdminApi> api_;
  http::Router router_;
};

TEST_P(AdminStore, LoginSessionAndForcedPasswordChange) {
  auto [id, password] = account("Mira@Ether.Local", Role::beheerder);
  EXPECT_EQ(call({.target = "/api/admin/session"}).status, 401U);

  // E-mail addresses match ignoring case; the cookie is HttpOnly, SameSite=Strict, Secure (https).
  auto answer = login_answer("mira@ether.local", password);
  ASSERT_EQ(answer.status, 200U) << answer.response.body;
  std::string cookie(answer.response.header("Set-Cookie"));
  EXPECT_TRUE(cookie.starts_with("ether_session=")) << cookie;
  EXPECT_NE(cookie.find("; Path=/; HttpOnly; SameSite=Strict; Secure"), std::string::npos) << cookie;
  const std::string session_id = cookie.substr(14, 64);
  EXPECT_EQ(answer.body.at("user").at("mustChangePassword"), true);
  // Only the SHA-256 of the id is stored.
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_sessions WHERE id_hash = '" + sha256_hex(session_id) + "'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_sessions WHERE id_hash = '" + session_id + "'"), 0);

  Login mira{session_id, std::string(answer.body.at("csrfToken").get_string())};
  auto session = as(mira, "GET", "/api/admin/session");
  ASSERT_EQ(session.status, 200U);
  EXPECT_EQ(session.body.at("user").at("email"), "Mira@Ether.Local");
  EXPECT_EQ(session.body.at("user").at("role"), "beheerder");
  EXPECT_EQ(session.body.at("csrfToken"), json::value(mira.csrf));
  // Before the one-time password is changed, nothing else is allowed.
  EXPECT_EQ(as(mira, "GET", "/api/admin/users").code(), "password_change_required");

  // A second session, then the change: it needs the current password and ends the other session.
  auto other = login("mira@ether.local", password);
  auto wrong = as(mira, "POST", "/api/admin/password",
                  R"({"currentPassword":"fout","newPassword":"een lang nieuw wachtwoord"})");
  EXPECT_EQ(wrong.status, 422U);
  EXPECT_EQ(wrong.body.at("error").at("fields").at("currentPassword"), "Het huidige wachtwoord klopt niet.");
  auto short_one = as(mira, "POST", "/api/admin/password",
                      json::serialize(json::object{{"currentPassword", password}, {"newPassword", "kort"}}));
  EXPECT_EQ(short_one.status, 422U);
  EXPECT_TRUE(short_one.body.at("error").at("fields").as_object().contains("newPassword"));
  // Twelve characters that any guesser tries first are refused too: a repeat, the account's name.
  for (const char* guessable : {"aaaaaaaaaaaa", "mira.ether.local!"}) {
    auto weak = as(mira, "POST", "/api/admin/password",
                   json::serialize(json::object{{"currentPassword", password}, {"newPassword", guessable}}));
    EXPECT_EQ(weak.status, 422U) << guessable;
    EXPECT_NE(std::string(weak.body.at("error").at("fields").at("newPassword").as_string()).find("te makkelijk"),
              std::string::npos)
        << weak.response.body;
  }
  auto changed =
      as(mira, "POST", "/api/admin/password",
         json::serialize(json::object{{"currentPassword", password}, {"newPassword", "een lang nieuw wachtwoord"}}));
  ASSERT_EQ(changed.status, 200U) << changed.response.body;
  EXPECT_EQ(changed.body.at("user").at("mustChangePassword"), false);
  EXPECT_EQ(as(other, "GET", "/api/admin/session").status, 401U);
  EXPECT_EQ(as(mira, "GET", "/api/admin/users").status, 200U);
  EXPECT_EQ(login_answer("mira@ether.local", password).status, 401U);
  EXPECT_EQ(login_answer("mira@ether.local", "een lang nieuw wachtwoord").status, 200U);
  auto rows = audit("user", std::to_string(id));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows.front().action, "change_password");
  EXPECT_EQ(rows.front().user_id, id);

  // Logout ends the session in the store and clears the cookie.
  auto out = as(mira, "DELETE", "/api/admin/session");
  EXPECT_EQ(out.status, 204U);
  EXPECT_NE(out.response.header("Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_sessions WHERE id_hash = '" + sha256_hex(session_id) + "'"), 0);
  EXPECT_EQ(as(mira, "GET", "/api/admin/session").status, 401U);
}

TEST_P(AdminStore, OneGenericMessageForEveryFailedLogin) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  for (const auto& [email, pw] : std::vector<std::pair<std::string, std::string>>{
           {"kees@ether.local", "fout"}, {"niemand@ether.local", "fout"}, {"niemand@ether.local", password}}) {
    auto answer = login_answer(email, pw);
    EXPECT_EQ(answer.status, 401U);
    EXPECT_EQ(answer.code(), "invalid_credentials");
    EXPECT_EQ(answer.body.at("error").at("message"), "E-mailadres of wachtwoord klopt niet.");
  }
  // A deactivated account gets the same answer with its right password.
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  ASSERT_EQ(as(boss, "PATCH", "/api/admin/users/" + std::to_string(id), R"({"active":false})").status, 200U);
  auto refused = login_answer("kees@ether.local", password);
  EXPECT_EQ(refused.status, 401U);
  EXPECT_EQ(refused.body.at("error").at("message"), "E-mailadres of wachtwoord klopt niet.");
  // Empty fields are a form error, not a failed login.
  auto empty = login_answer("", "");
  EXPECT_EQ(empty.status, 422U);
  EXPECT_EQ(empty.body.at("error").at("fields").at("email"), "Vul je e-mailadres in.");
  EXPECT_EQ(call({.method = "POST", .target = "/api/admin/session", .body = "{nope"}).code(), "bad_json");
}

TEST_P(AdminStore, FailedLoginsLockTheAccountWithADoublingWindow) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  const std::string guesser = "192.0.2.1";
  for (int i = 0; i < 4; ++i) EXPECT_EQ(login_answer("kees@ether.local", "fout", guesser).status, 401U);
  // The fifth failure from one address locks the account there for a minute, even with the right
  // password.
  EXPECT_EQ(login_answer("KEES@ether.local", "fout", guesser).status, 401U);
  auto locked = login_answer("kees@ether.local", password, guesser);
  EXPECT_EQ(locked.status, 429U);
  EXPECT_EQ(locked.code(), "too_many_attempts");
  EXPECT_EQ(locked.response.header("Retry-After"), "60");
  EXPECT_EQ(locked.body.at("error").at("message"), "Te veel mislukte pogingen. Probeer het over 1 minuut opnieuw.");
  now_ += 30;
  EXPECT_EQ(login_answer("kees@ether.local", password, guesser).response.header("Retry-After"), "30");
  // After the window one more failure locks it for twice as long.
  now_ += 30;
  EXPECT_EQ(login_answer("kees@ether.local", "fout", guesser).status, 401U);
  EXPECT_EQ(login_answer("kees@ether.local", password, guesser).response.header("Retry-After"), "120");
  now_ += 120;
  EXPECT_EQ(login_answer("kees@ether.local", "fout", guesser).status, 401U);
  EXPECT_EQ(login_answer("kees@ether.local", password, guesser).response.header("Retry-After"), "240");
  // Another account is not affected; a success clears the account's count.
  auto [other, other_password] = account("mira@ether.local", Role::redacteur);
  EXPECT_EQ(login_answer("mira@ether.local", other_password, "203.0.113.9").status, 200U);
  now_ += 240;
  EXPECT_EQ(login_answer("kees@ether.local", password, guesser).status, 200U);
  EXPECT_EQ(login_answer("kees@ether.local", "fout", guesser).status, 401U);
  EXPECT_EQ(login_answer("kees@ether.local", password, guesser).status, 200U);
  // A non-existent account is counted the same way, so a lock tells nothing about existence.
  for (int i = 0; i < 5; ++i) login_answer("niemand@ether.local", "fout", "203.0.113.1");
  EXPECT_EQ(login_answer("niemand@ether.local", "fout", "203.0.113.1").status, 429U);
}

TEST_P(AdminStore, AStrangerCannotLockTheOwnerOut) {
  auto [id, password] = account("beheer@ether.local", Role::beheerder);
  // Guesses from one address lock that address out of the account, not the owner at the station.
  for (int i = 0; i < 8; ++i) login_answer("beheer@ether.local", "fout", "198.51.100.66");
  EXPECT_EQ(login_answer("beheer@ether.local", password, "198.51.100.66").status, 429U);
  EXPECT_EQ(login_answer("beheer@ether.local", password, "192.0.2.10").status, 200U);
  // A guess spread over many addresses meets the slower cap of the account as a whole: four tries
  // from each of twelve addresses (48) leave it open, two more lock it everywhere.
  for (int a = 0; a < 12; ++a) {
    for (int i = 0; i < 4; ++i) {
      EXPECT_EQ(login_answer("beheer@ether.local", "fout", "203.0.113." + std::to_string(a)).status, 401U);
    }
  }
  EXPECT_EQ(login_answer("beheer@ether.local", password, "192.0.2.10").status, 200U);
  // Ten addresses with five wrong passwords each put the account at that cap (issue 47): the owner
  // still signs in, from an address of her own or a new one, since others' failures never refuse
  // the right password. Meanwhile a new address gets one wrong try before it is locked.
  for (int i = 0; i < 50; ++i) login_answer("beheer@ether.local", "fout", "203.0.113.2" + std::to_string(i % 10));
  auto slowed = login_answer("beheer@ether.local", "fout", "198.51.100.200");
  EXPECT_EQ(slowed.status, 429U);
  EXPECT_EQ(slowed.code(), "too_many_attempts");
  EXPECT_EQ(login_answer("beheer@ether.local", password, "198.51.100.200").status, 429U);
  EXPECT_EQ(login_answer("beheer@ether.local", password, "192.0.2.10").status, 200U);
  for (int i = 0; i < 50; ++i) login_answer("beheer@ether.local", "fout", "203.0.113.3" + std::to_string(i % 10));
  EXPECT_EQ(login_answer("beheer@ether.local", password, "198.51.100.201").status, 200U);
}

// Failure counts forgotten by age are pruned (issue 47): guesses from ever new addresses must not
// grow admin_login_failures without bound.
TEST_P(AdminStore, ForgottenFailureCountsArePruned) {
  for (int i = 0; i < 30; ++i) login_answer("gok@ether.local", "fout", "203.0.113." + std::to_string(i));
  EXPECT_GE(count("SELECT COUNT(*) FROM admin_login_failures"), 60);
  now_ += 86400 + 1;
  login_answer("gok@ether.local", "fout", "198.51.100.1");
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_login_failures WHERE last_failure_at < " + std::to_string(now_ - 86400)),
            0);
  EXPECT_LE(count("SELECT COUNT(*) FROM admin_login_failures"), 3);
}

// An IPv6 client counts by its /64: a guesser that moves through the addresses of its network
// meets the same lock as one that keeps one address.
TEST_P(AdminStore, AnIpv6GuesserIsCountedByItsNetwork) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(login_answer("kees@ether.local", "fout", "2001:db8:1:2::" + std::to_string(i + 1)).status, 401U) << i;
  }
  EXPECT_EQ(login_answer("kees@ether.local", password, "2001:db8:1:2:ffff::9").status, 429U);
  EXPECT_EQ(login_answer("kees@ether.local", password, "2001:db8:1:3::1").status, 200U);
}

// Concurrent checks cannot slip under the lock: each attempt is counted before its password is
// checked, so of many wrong passwords sent at once from one address no more than the threshold get
// an answer other than 429.
TEST_P(AdminStore, ConcurrentGuessesCannotSlipPastTheLock) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  std::vector<std::future<unsigned>> answers;
  answers.reserve(20);
  for (int i = 0; i < 20; ++i) {
    answers.push_back(std::async(std::launch::async, [&, i] {
      return login_answer("kees@ether.local", "fout" + std::to_string(i), "192.0.2.44").status;
    }));
  }
  int checked = 0;
  for (auto& answer : answers) checked += answer.get() == 401U ? 1 : 0;
  EXPECT_LE(checked, 5);
  EXPECT_EQ(login_answer("kees@ether.local", password, "192.0.2.44").status, 429U);
}

TEST_P(AdminStore, WrongCurrentPasswordsAreThrottledAndEndTheSession) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  const auto change = [&](const Login& who, const std::string& current) {
    return as(
        who, "POST", "/api/admin/password",
        json::serialize(json::object{{"currentPassword", current}, {"newPassword", "een lang nieuw wachtwoord"}}));
  };
  // The third wrong current password of a session ends it.
  auto stolen = login("kees@ether.local", password);
  EXPECT_EQ(change(stolen, "gok 1").status, 422U);
  EXPECT_EQ(change(stolen, "gok 2").status, 422U);
  auto ended = change(stolen, "gok 3");
  EXPECT_EQ(ended.status, 401U) << ended.response.body;
  EXPECT_NE(ended.response.header("Set-Cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(as(stolen, "GET", "/api/admin/session").status, 401U);
  // The fifth of the account locks the change for a minute, even with the right password.
  auto again = login("kees@ether.local", password);
  EXPECT_EQ(change(again, "gok 4").status, 422U);
  EXPECT_EQ(change(again, "gok 5").status, 422U);
  auto locked = change(again, password);
  EXPECT_EQ(locked.status, 429U) << locked.response.body;
  EXPECT_EQ(locked.code(), "too_many_attempts");
  EXPECT_EQ(locked.response.header("Retry-After"), "60");
  // The owner is not locked out of login by the guesses.
  EXPECT_EQ(login_answer("kees@ether.local", password).status, 200U);
  now_ += 60;
  EXPECT_EQ(change(again, password).status, 200U);
}

TEST_P(AdminStore, FailedLoginsLockTheAddress) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  // Twenty failures from one address, each on another account, lock the address.
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(login_answer("gok" + std::to_string(i) + "@ether.local", "fout", "192.0.2.66").status, 401U) << i;
  }
  auto locked = login_answer("kees@ether.local", password, "192.0.2.66");
  EXPECT_EQ(locked.status, 429U);
  EXPECT_EQ(locked.response.header("Retry-After"), "60");
  // The same account from another address is fine.
  EXPECT_EQ(login_answer("kees@ether.local", password, "192.0.2.67").status, 200U);
  now_ += 60;
  EXPECT_EQ(login_answer("kees@ether.local", password, "192.0.2.66").status, 200U);
}

TEST_P(AdminStore, SessionsExpireWhenIdleAndAtTheAbsoluteEnd) {
  auto [id, password] = account("kees@ether.local", Role::redacteur);
  auto idle = login("kees@ether.local", password);
  auto hash = sha256_hex(idle.cookie);
  auto last_seen = [&] { return count("SELECT last_seen_at FROM admin_sessions WHERE id_hash = '" + hash + "'"); };
  // Use refreshes the session at most once a minute.
  now_ += 30;
  EXPECT_EQ(as(idle, "GET", "/api/admin/session").status, 200U);
  EXPECT_EQ(last_seen(), kStart);
  now_ += 31;
  EXPECT_EQ(as(idle, "GET", "/api/admin/session").status, 200U);
  EXPECT_EQ(last_seen(), kStart + 61);
  // Two hours without use end it.
  now_ += kIdleSeconds - 1;
  EXPECT_EQ(as(idle, "GET", "/api/admin/session").status, 200U);
  now_ += kIdleSeconds;
  EXPECT_EQ(as(idle, "GET", "/api/admin/session").status, 401U);
  EXPECT_EQ(last_seen(), 0);  // deleted

  // A session in use every hour still ends twelve hours after login.
  const auto start = now_.load();
  auto busy = login("kees@ether.local", password);
  for (int hour = 1; hour < 12; ++hour) {
    now_ = start + hour * 3600;
    ASSERT_EQ(as(busy, "GET", "/api/admin/session").status, 200U) << hour;
  }
  now_ = start + kAbsoluteSeconds - 1;
  EXPECT_EQ(as(busy, "GET", "/api/admin/session").status, 200U);
  now_ = start + kAbsoluteSeconds;
  EXPECT_EQ(as(busy, "GET", "/api/admin/session").status, 401U);

  {
    auto lease = db().lease();
    SessionRepository sessions(*lease);
    sessions.create(id, now_);
    now_ += kAbsoluteSeconds;
    EXPECT_EQ(sessions.purge_expired(now_), 1);
  }
  // A cookie that is no session at all.
  EXPECT_EQ(as(Login{"zz", ""}, "GET", "/api/admin/session").status, 401U);
  EXPECT_EQ(as(Login{std::string(64, 'a'), ""}, "GET", "/api/admin/session").status, 401U);
}

TEST_P(AdminStore, StateChangingCallsNeedTheOriginAndTheCsrfToken) {
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  const std::string body = R"({"name":"Kees","email":"kees@ether.local","role":"redacteur"})";
  auto attempt = [&](std::optional<std::string> origin, std::string csrf, std::string host = "radio.example") {
    return call({.method = "POST",
                 .target = "/api/admin/users",
                 .body = body,
                 .cookie = boss.cookie,
                 .csrf = std::move(csrf),
                 .origin = std::move(origin),
                 .host = std::move(host)});
  };
  EXPECT_EQ(attempt(std::nullopt, boss.csrf).code(), "bad_origin");
  EXPECT_EQ(attempt(std::nullopt, boss.csrf).status, 403U);
  EXPECT_EQ(attempt("https://evil.example", boss.csrf).code(), "bad_origin");
  EXPECT_EQ(attempt("http://evil.example:80", boss.csrf, "evil.example").code(), "bad_origin");
  EXPECT_EQ(attempt(kOrigin, "").code(), "bad_csrf_token");
  EXPECT_EQ(attempt(kOrigin, std::string(64, '0')).code(), "bad_csrf_token");
  EXPECT_EQ(attempt(kOrigin, boss.csrf + "0").status, 403U);
  // Another session's token is not this session's.
  auto second = login("baas@ether.local", "een lang nieuw wachtwoord");
  EXPECT_EQ(attempt(kOrigin, second.csrf).code(), "bad_csrf_token");
  EXPECT_EQ(attempt(kOrigin, boss.csrf).status, 201U);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_users"), 1 + 1);
  // Nothing was written by the refused calls.
  EXPECT_EQ(audit("user", "").size(), 2U + 1U);  // baas: create + change_password; kees: create
  // Local use: the request's own loopback origin.
  auto local = call({.method = "PATCH",
                     .target = "/api/admin/users/2",
                     .body = R"({"name":"Kees J."})",
                     .cookie = boss.cookie,
                     .csrf = boss.csrf,
                     .origin = "http://127.0.0.1:8080",
                     .host = "127.0.0.1:8080"});
  EXPECT_EQ(local.status, 200U) << local.response.body;
  // Logging in needs the origin too (no login CSRF); reading does not.
  auto foreign_login = call({.method = "POST",
                             .target = "/api/admin/session",
                             .body = R"({"email":"baas@ether.local","password":"een lang nieuw wachtwoord"})",
                             .origin = "https://evil.example"});
  EXPECT_EQ(foreign_login.code(), "bad_origin");
  EXPECT_EQ(call({.target = "/api/admin/session", .cookie = boss.cookie, .origin = std::nullopt}).status, 200U);
  // Logout is state-changing as well.
  EXPECT_EQ(call({.method = "DELETE", .target = "/api/admin/session", .cookie = boss.cookie}).code(), "bad_csrf_token");
}

TEST_P(AdminStore, EveryRoleIsRefusedWhereItMustBe) {
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  auto editor = ready_account("eind@ether.local", Role::eindredacteur);
  auto writer = ready_account("red@ether.local", Role::redacteur);
  auto created = as(boss, "POST", "/api/admin/api-keys", R"({"name":"Playout","scopes":["nowplaying:write"]})");
  ASSERT_EQ(created.status, 201U);
  const auto key_id = std::to_string(created.body.at("apiKey").at("id").as_int64());
  const std::vector<std::tuple<std::string, std::string, std::string>> beheerder_only{
      {"GET", "/api/admin/users", ""},
      {"POST", "/api/admin/users", R"({"name":"X","email":"x@ether.local","role":"redacteur"})"},
      {"PATCH", "/api/admin/users/3", R"({"role":"beheerder"})"},
      {"POST", "/api/admin/users/3/password", ""},
      {"GET", "/api/admin/api-keys", ""},
      {"POST", "/api/admin/api-keys", R"({"name":"X","scopes":["ingest:source"]})"},
      {"DELETE", "/api/admin/api-keys/" + key_id, ""},
  };
  for (const auto* who : {&editor, &writer}) {
    for (const auto& [method, target, body] : beheerder_only) {
      auto answer = as(*who, method, target, body);
      EXPECT_EQ(answer.status, 403U) << method << " " << target;
      EXPECT_EQ(answer.code(), "forbidden") << method << " " << target;
    }
  }
  EXPECT_EQ(as(writer, "GET", "/api/admin/audit").code(), "forbidden");
  EXPECT_EQ(as(editor, "GET", "/api/admin/audit").status, 200U);
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit").status, 200U);
  // The refusals changed nothing: the redacteur is still a redacteur, the key is live.
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_users WHERE role = 'redacteur'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NULL"), 1);
  auto permissions = as(writer, "GET", "/api/admin/session").body.at("permissions");
  EXPECT_EQ(permissions, json::value(json::array{"edit_drafts", "read_listeners"}));
  // Without a session: 401 everywhere.
  for (const auto& [method, target, body] : beheerder_only) {
    EXPECT_EQ(call({.method = method, .target = target, .body = body}).status, 401U) << target;
  }
}

TEST_P(AdminStore, UsersAreCreatedChangedAndDeactivatedWithAuditRows) {
  {
    auto lease = db().lease();
    *lease << "INSERT INTO channels (slug, name) VALUES ('radio2', 'Radio 2'), ('radio4', 'Radio 4')";
  }
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  auto created = as(boss, "POST", "/api/admin/users",
                    R"({"name":" Kees Jansen ","email":"Kees@Ether.local","role":"redacteur","channels":["radio2"]})");
  ASSERT_EQ(created.status, 201U) << created.response.body;
  const auto kees = created.body.at("user");
  EXPECT_EQ(kees.at("name"), "Kees Jansen");
  EXPECT_EQ(kees.at("channels"), json::value(json::array{"radio2"}));
  EXPECT_EQ(kees.at("mustChangePassword"), true);
  const std::string one_time(created.body.at("oneTimePassword").get_string());
  EXPECT_EQ(one_time.size(), 20U);
  const auto kees_id = std::to_string(kees.at("id").as_int64());
  auto rows = audit("user", kees_id);
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].action, "create");
  EXPECT_EQ(rows[0].user_name, "Naam baas");
  EXPECT_EQ(rows[0].at, kStart);
  EXPECT_EQ(rows[0].changes.at("role").at("after"), "redacteur");
  EXPECT_TRUE(rows[0].changes.at("role").at("before").is_null());
  EXPECT_EQ(rows[0].changes.find("password"), rows[0].changes.end());

  // Form errors name their fields, in Dutch; a taken address ignores case.
  auto taken = as(boss, "POST", "/api/admin/users",
                  R"({"name":"","email":"KEES@ether.local","role":"baas","channels":["radio9"]})");
  ASSERT_EQ(taken.status, 422U);
  const auto& fields = taken.body.at("error").at("fields");
  EXPECT_EQ(fields.at("email"), "Dit e-mailadres is al in gebruik.");
  EXPECT_EQ(fields.at("name"), "Vul een naam in.");
  EXPECT_EQ(fields.at("role"), "Kies een rol.");
  EXPECT_EQ(fields.at("channels"), "Onbekend kanaal: radio9.");
  EXPECT_EQ(as(boss, "POST", "/api/admin/users", R"({"name":"X","email":"geen-adres","role":"redacteur"})")
                .body.at("error")
                .at("fields")
                .at("email"),
            "Vul een geldig e-mailadres in.");
  EXPECT_EQ(as(boss, "POST", "/api/admin/users", "[1]").code(), "bad_json");

  // The new account logs in with its one-time password and must change it.
  auto kees_login = login("kees@ether.local", one_time);

  // Role and channels change, with before and after.
  now_ += 10;
  auto changed = as(boss, "PATCH", "/api/admin/users/" + kees_id, R"({"role":"eindredacteur","channels":[]})");
  ASSERT_EQ(changed.status, 200U) << changed.response.body;
  EXPECT_EQ(changed.body.at("user").at("role"), "eindredacteur");
  rows = audit("user", kees_id);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].action, "update");
  EXPECT_EQ(rows[0].changes.at("role").at("before"), "redacteur");
  EXPECT_EQ(rows[0].changes.at("role").at("after"), "eindredacteur");
  EXPECT_EQ(rows[0].changes.at("channels").at("before"), json::value(json::array{"radio2"}));
  EXPECT_FALSE(rows[0].changes.contains("name"));
  // No change, no row.
  EXPECT_EQ(as(boss, "PATCH", "/api/admin/users/" + kees_id, R"({"role":"eindredacteur"})").status, 200U);
  EXPECT_EQ(audit("user", kees_id).size(), 2U);

  // Deactivating ends the account's sessions.
  auto off = as(boss, "PATCH", "/api/admin/users/" + kees_id, R"({"active":false})");
  ASSERT_EQ(off.status, 200U);
  EXPECT_EQ(off.body.at("user").at("active"), false);
  EXPECT_EQ(audit("user", kees_id)[0].action, "deactivate");
  EXPECT_EQ(as(kees_login, "GET", "/api/admin/session").status, 401U);

  // A new one-time password for an account.
  auto reset = as(boss, "POST", "/api/admin/users/" + kees_id + "/password");
  ASSERT_EQ(reset.status, 200U);
  EXPECT_NE(reset.body.at("oneTimePassword"), json::value(one_time));
  EXPECT_EQ(audit("user", kees_id)[0].action, "reset_password");

  // One's own role and account stay; unknown ids are 404.
  EXPECT_EQ(as(boss, "PATCH", "/api/admin/users/1", R"({"role":"redacteur"})").code(), "own_account");
  EXPECT_EQ(as(boss, "PATCH", "/api/admin/users/1", R"({"active":false})").status, 409U);
  EXPECT_EQ(as(boss, "PATCH", "/api/admin/users/999", R"({"active":false})").status, 404U);
  EXPECT_EQ(as(boss, "PATCH", "/api/admin/users/abc", R"({"active":false})").status, 404U);
  EXPECT_EQ(as(boss, "PATCH", "/api/admin/users/" + kees_id, R"({"active":"nee"})").status, 422U);

  auto list = as(boss, "GET", "/api/admin/users");
  ASSERT_EQ(list.status, 200U);
  EXPECT_EQ(list.body.at("users").as_array().size(), 2U);
  EXPECT_EQ(list.response.body.find("argon2"), std::string::npos);
}

TEST_P(AdminStore, ApiKeysAreShownOnceScopedAndRevocable) {
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  auto created = as(boss, "POST", "/api/admin/api-keys",
                    R"({"name":"Playout studio 1","scopes":["nowplaying:write","nowplaying:write"]})");
  ASSERT_EQ(created.status, 201U) << created.response.body;
  const std::string key(created.body.at("key").get_string());
  const auto id = created.body.at("apiKey").at("id").as_int64();
  EXPECT_TRUE(key.starts_with("ether_" + std::string(created.body.at("apiKey").at("prefix").get_string()) + "_"));
  EXPECT_EQ(created.body.at("apiKey").at("scopes"), json::value(json::array{"nowplaying:write"}));
  EXPECT_TRUE(created.body.at("apiKey").at("lastUsedAt").is_null());
  // Stored hashed only; the list never shows the key again.
  EXPECT_EQ(count("SELECT COUNT(*) FROM api_keys WHERE secret_hash = '" + sha256_hex(key) + "'"), 1);
  auto list = as(boss, "GET", "/api/admin/api-keys");
  ASSERT_EQ(list.status, 200U);
  EXPECT_EQ(list.response.body.find(key), std::string::npos);
  EXPECT_EQ(list.body.at("scopes"), json::value(json::array{"nowplaying:write", "ingest:source"}));

  auto machine = [&](const std::string& authorization, std::string_view scope) {
    http::Request request;
    request.method = "POST";
    if (!authorization.empty()) request.headers["Authorization"] = authorization;
    return authenticate_api_key(db(), request, scope, now_);
  };
  auto status_of = [](const std::variant<ApiKey, http::Response>& result) {
    return std::holds_alternative<ApiKey>(result) ? 200U : std::get<http::Response>(result).status;
  };
  now_ += 5;
  auto good = machine("Bearer " + key, "nowplaying:write");
  ASSERT_TRUE(std::holds_alternative<ApiKey>(good));
  EXPECT_EQ(std::get<ApiKey>(good).name, "Playout studio 1");
  EXPECT_EQ(as(boss, "GET", "/api/admin/api-keys").body.at("apiKeys").at(0).at("lastUsedAt"),
            json::value(domain::format_iso_utc(kStart + 5)));
  EXPECT_EQ(status_of(machine("bearer " + key, "nowplaying:write")), 200U);
  auto wrong_scope = machine("Bearer " + key, "ingest:source");
  ASSERT_EQ(status_of(wrong_scope), 403U);
  EXPECT_NE(std::get<http::Response>(wrong_scope).body.find("\"forbidden\""), std::string::npos);
  auto none = machine("", "nowplaying:write");
  ASSERT_EQ(status_of(none), 401U);
  EXPECT_EQ(std::get<http::Response>(none).header("WWW-Authenticate"), "Bearer realm=\"ether\"");
  EXPECT_EQ(status_of(machine("Bearer " + key.substr(0, key.size() - 1) + (key.back() == '0' ? "1" : "0"),
                              "nowplaying:write")),
            401U);
  EXPECT_EQ(status_of(machine("Basic abc", "nowplaying:write")), 401U);
  EXPECT_EQ(status_of(machine("Bearer ether_zz", "nowplaying:write")), 401U);

  // Bad input: unknown scope, no name.
  auto bad = as(boss, "POST", "/api/admin/api-keys", R"({"name":"","scopes":["root"]})");
  ASSERT_EQ(bad.status, 422U);
  EXPECT_EQ(bad.body.at("error").at("fields").at("scopes"), "Kies bevoegdheden uit de lijst.");
  EXPECT_EQ(bad.body.at("error").at("fields").at("name"), "Vul een naam in.");

  // Revoked: refused at once, and revoking twice is a conflict.
  auto revoked = as(boss, "DELETE", "/api/admin/api-keys/" + std::to_string(id));
  ASSERT_EQ(revoked.status, 200U);
  EXPECT_FALSE(revoked.body.at("apiKey").at("revokedAt").is_null());
  EXPECT_EQ(status_of(machine("Bearer " + key, "nowplaying:write")), 401U);
  EXPECT_EQ(as(boss, "DELETE", "/api/admin/api-keys/" + std::to_string(id)).status, 409U);
  EXPECT_EQ(as(boss, "DELETE", "/api/admin/api-keys/4242").status, 404U);
  auto rows = audit("api_key", std::to_string(id));
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].action, "revoke");
  EXPECT_EQ(rows[1].action, "create");
  EXPECT_EQ(rows[1].changes.at("scopes").at("after"), json::value(json::array{"nowplaying:write"}));
  EXPECT_EQ(rows[1].changes.find("key"), rows[1].changes.end());
}

// Issue 37: the log is searched by a part of the actor's name, ignoring case; % and _ are taken
// literally.
TEST_P(AdminStore, AuditLogIsFilteredByName) {
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  auto kees = ready_account("kees@ether.local", Role::beheerder);
  ASSERT_EQ(as(kees, "POST", "/api/admin/api-keys", R"({"name":"Van kees","scopes":["ingest:source"]})").status, 201U);
  const auto all = as(boss, "GET", "/api/admin/audit").body.at("total").as_int64();
  auto by_kees = as(boss, "GET", "/api/admin/audit?name=KEES");
  ASSERT_EQ(by_kees.status, 200U);
  ASSERT_GT(by_kees.body.at("total").as_int64(), 0);
  for (const auto& entry : by_kees.body.at("entries").as_array()) EXPECT_EQ(entry.at("userName"), "Naam kees");
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?name=kees&type=api_key").body.at("total"), 1);
  auto by_either = as(boss, "GET", "/api/admin/audit?name=%20naam%20");
  auto by_boss = as(boss, "GET", "/api/admin/audit?name=aam%20BA");
  EXPECT_EQ(by_either.body.at("total").as_int64(),
            by_kees.body.at("total").as_int64() + by_boss.body.at("total").as_int64());
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?name=opdracht").body.at("total").as_int64(),
            all - by_either.body.at("total").as_int64());
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?name=%25").body.at("total"), 0);
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?name=_").body.at("total"), 0);
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?name=").body.at("total"), all);
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?name=" + std::string(101, 'a')).code(), "bad_parameter");
}

TEST_P(AdminStore, AuditLogIsFilteredAndPaged) {
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  for (int i = 0; i < 60; ++i) {
    now_ += 1;
    ASSERT_EQ(as(boss, "POST", "/api/admin/api-keys",
                 R"({"name":"Sleutel )" + std::to_string(i) + R"(","scopes":["ingest:source"]})")
                  .status,
              201U);
  }
  auto first = as(boss, "GET", "/api/admin/audit?type=api_key");
  ASSERT_EQ(first.status, 200U);
  EXPECT_EQ(first.body.at("total"), 60);
  EXPECT_EQ(first.body.at("pageSize"), 50);
  ASSERT_EQ(first.body.at("entries").as_array().size(), 50U);
  EXPECT_EQ(first.body.at("entries").at(0).at("changes").at("name").at("after"), "Sleutel 59");
  EXPECT_EQ(first.body.at("entries").at(0).at("userName"), "Naam baas");
  EXPECT_EQ(first.body.at("entries").at(0).at("at"), json::value(domain::format_iso_utc(now_)));
  auto second = as(boss, "GET", "/api/admin/audit?type=api_key&page=2");
  EXPECT_EQ(second.body.at("entries").as_array().size(), 10U);
  auto one = as(boss, "GET", "/api/admin/audit?type=api_key&id=3");
  ASSERT_EQ(one.body.at("entries").as_array().size(), 1U);
  EXPECT_EQ(one.body.at("entries").at(0).at("changes").at("name").at("after"), "Sleutel 2");
  auto by_user = as(boss, "GET", "/api/admin/audit?user=1");
  EXPECT_EQ(by_user.body.at("total"), 61);  // 60 keys and the password change
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?user=2").body.at("total"), 0);
  // The command line's own row has no user.
  auto users = as(boss, "GET", "/api/admin/audit?type=user&id=1");
  ASSERT_EQ(users.body.at("total"), 2);
  EXPECT_TRUE(users.body.at("entries").at(1).at("userId").is_null());
  EXPECT_EQ(users.body.at("entries").at(1).at("userName"), "opdrachtregel");
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?page=0").code(), "bad_parameter");
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?user=x").code(), "bad_parameter");
  EXPECT_EQ(as(boss, "GET", "/api/admin/audit?page=9").body.at("entries").as_array().size(), 0U);
}

TEST_P(AdminStore, AnAuditRowIsWrittenWithItsChangeOrNotAtAll) {
  // The audit row is written in the change's transaction: when the row cannot be written (here,
  // its table is gone), the change itself is rolled back.
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  {
    auto lease = db().lease();
    *lease << "DROP TABLE admin_audit_log";
  }
  EXPECT_THROW(
      (void)as(boss, "POST", "/api/admin/users", R"({"name":"Kees","email":"kees@ether.local","role":"redacteur"})"),
      std::exception);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_users"), 1);
}

TEST_P(AdminStore, TheFirstStartMakesOneBeheerder) {
  auto dir = std::filesystem::path(ETHER_TEST_TMP) / ("admin-first-" + std::to_string(::getpid()) + GetParam());
  std::filesystem::remove_all(dir);
  auto first = ensure_first_admin(db(), dir, "http://localhost:8080/", now_, kMinimumCost);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->user.email, "beheer@ether.local");
  EXPECT_EQ(first->user.role, Role::beheerder);
  EXPECT_TRUE(first->user.must_change_password);
  struct stat info {};
  ASSERT_EQ(::stat((dir / "admin-password").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600U);
  std::string written;
  std::getline(std::ifstream(dir / "admin-password"), written);
  EXPECT_EQ(written, first->password);
  EXPECT_EQ(login("beheer@ether.local", written).cookie.size(), 64U);
  // Later starts leave the account and the file alone.
  EXPECT_FALSE(ensure_first_admin(db(), dir, "http://localhost:8080", now_, kMinimumCost));
  std::string again;
  std::getline(std::ifstream(dir / "admin-password"), again);
  EXPECT_EQ(again, written);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_users"), 1);
  std::filesystem::remove_all(dir);
}

TEST_P(AdminStore, CreateUserCommand) {
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(run_create_user(db(), {"--role", "beheerder", "Anna@Ether.local", "--name", "Anna de Boer"}), 0);
  EXPECT_EQ(run_create_user(db(), {"--role", "redacteur", "anna@ether.local"}), 1);
  EXPECT_EQ(run_create_user(db(), {"--role", "baas", "x@ether.local"}), 2);
  EXPECT_EQ(run_create_user(db(), {"x@ether.local"}), 2);
  EXPECT_EQ(run_create_user(db(), {"--role", "redacteur", "geen-adres"}), 1);
  const auto out = ::testing::internal::GetCapturedStdout();
  const auto err = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("exists"), std::string::npos) << err;
  auto last_line = out.substr(out.rfind('\n', out.size() - 2) + 1);
  last_line.pop_back();
  EXPECT_EQ(last_line.size(), 20U) << out;
  auto anna = login("anna@ether.local", last_line);
  EXPECT_EQ(as(anna, "GET", "/api/admin/session").body.at("user").at("name"), "Anna de Boer");
}

TEST_P(AdminStore, SecondFactorEnrolmentAndLoginWithACode) {
  const std::string kPassword = "een lang nieuw wachtwoord";
  auto kees = ready_account("kees@ether.local", Role::redacteur);
  const auto id = as(kees, "GET", "/api/admin/session").body.at("user").at("id").as_int64();
  auto status = as(kees, "GET", "/api/admin/second-factor");
  ASSERT_EQ(status.status, 200U) << status.response.body;
  EXPECT_EQ(status.body.at("enabled"), false);

  // Enrolment asks for the password again: a session alone (a tab left open) cannot tie the account
  // to another phone (issue 47).
  EXPECT_EQ(as(kees, "POST", "/api/admin/second-factor/enrolment", "{}").status, 422U);
  auto wrong_password = as(kees, "POST", "/api/admin/second-factor/enrolment", R"({"password":"fout"})");
  EXPECT_EQ(wrong_password.status, 422U);
  EXPECT_TRUE(wrong_password.body.at("error").at("fields").as_object().contains("password"));
  // Enrolment: a secret and its URI, not enabled until a current code confirms it.
  auto started =
      as(kees, "POST", "/api/admin/second-factor/enrolment", json::serialize(json::object{{"password", kPassword}}));
  ASSERT_EQ(started.status, 200U) << started.response.body;
  const std::string secret(started.body.at("secret").get_string());
  EXPECT_EQ(started.body.at("uri"), json::value("otpauth://totp/Ether:kees@ether.local?secret=" + secret +
                                                "&issuer=Ether&algorithm=SHA1&digits=6&period=30"));
  EXPECT_EQ(as(kees, "GET", "/api/admin/second-factor").body.at("enabled"), false);
  EXPECT_EQ(login_answer("kees@ether.local", kPassword).response.has_header("Set-Cookie"), true);
  auto wrong = as(kees, "POST", "/api/admin/second-factor/confirmation", R"({"code":"000000"})");
  EXPECT_EQ(wrong.status, 422U);
  EXPECT_TRUE(wrong.body.at("error").at("fields").as_object().contains("code"));
  auto confirmed = as(kees, "POST", "/api/admin/second-factor/confirmation",
                      json::serialize(json::object{{"code", totp_code(secret, now_)}}));
  ASSERT_EQ(confirmed.status, 200U) << confirmed.response.body;
  ASSERT_EQ(confirmed.body.at("recoveryCodes").as_array().size(), 10U);
  const std::string recovery(confirmed.body.at("recoveryCodes").as_array()[0].as_string());
  status = as(kees, "GET", "/api/admin/second-factor");
  EXPECT_EQ(status.body.at("enabled"), true);
  EXPECT_EQ(status.body.at("recoveryCodesLeft"), 10);
  EXPECT_EQ(as(kees, "GET", "/api/admin/session").body.at("secondFactor").at("enabled"), true);
  EXPECT_EQ(audit("user", std::to_string(id))[0].action, "enable_second_factor");
  // Only hashes of the recovery codes are stored; a second enrolment is refused while enabled.
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_recovery_codes WHERE code_hash = '" + recovery_code_hash(recovery) + "'"),
            1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_recovery_codes WHERE code_hash = '" + recovery + "'"), 0);
  EXPECT_EQ(
      as(kees, "POST", "/api/admin/second-factor/enrolment", json::serialize(json::object{{"password", kPassword}}))
          .code(),
      "already_enabled");

  // The password alone now makes no session: a challenge, then the code.
  now_ += 60;
  auto challenge = first_step("kees@ether.local", kPassword);
  auto bad = second_step(challenge, "123456");
  EXPECT_EQ(bad.status, 422U);
  EXPECT_FALSE(bad.response.has_header("Set-Cookie"));
  // A forged challenge: its first character changed (one in sixteen challenges starts with 'f').
  const auto forged = std::string(1, challenge[0] == 'f' ? 'e' : 'f') + challenge.substr(1);
  EXPECT_EQ(second_step(forged, totp_code(secret, now_)).code(), "challenge_expired");
  auto good = second_step(challenge, totp_code(secret, now_));
  ASSERT_EQ(good.status, 200U) << good.response.body;
  auto second = login_of(good);
  EXPECT_EQ(as(second, "GET", "/api/admin/session").body.at("user").at("email"), "kees@ether.local");
  // The challenge is spent, and the same code is refused within its step (replay), also on a new
  // challenge; the next step's code is good.
  EXPECT_EQ(second_step(challenge, totp_code(secret, now_)).code(), "challenge_expired");
  auto replay = second_step(first_step("kees@ether.local", kPassword), totp_code(secret, now_));
  EXPECT_EQ(replay.status, 422U) << replay.response.body;
  now_ += 30;
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), totp_code(secret, now_)).status, 200U);
  // A challenge lapses after five minutes.
  auto old = first_step("kees@ether.local", kPassword);
  now_ += kChallengeSeconds + 30;
  EXPECT_EQ(second_step(old, totp_code(secret, now_)).code(), "challenge_expired");

  // A recovery code signs in once, typed any way; then it is spent.
  auto with_recovery = second_step(first_step("kees@ether.local", kPassword), " " + recovery + " ");
  ASSERT_EQ(with_recovery.status, 200U) << with_recovery.response.body;
  EXPECT_EQ(as(kees, "GET", "/api/admin/second-factor").body.at("recoveryCodesLeft"), 9);
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), recovery).status, 422U);
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_recovery_codes WHERE used_at IS NOT NULL"), 1);

  // Switching it off needs the password and a current code, both (issue 47): neither alone does.
  now_ += 30;
  const auto off_with = [&](const json::object& body) {
    return as(kees, "DELETE", "/api/admin/second-factor", json::serialize(body));
  };
  EXPECT_EQ(off_with({{"code", totp_code(secret, now_)}}).status, 422U);
  EXPECT_EQ(off_with({{"password", kPassword}}).status, 422U);
  EXPECT_EQ(off_with({}).status, 422U);
  EXPECT_EQ(off_with({{"password", "fout"}, {"code", totp_code(secret, now_)}}).status, 422U);
  EXPECT_EQ(off_with({{"password", kPassword}, {"code", "000000"}}).status, 422U);
  EXPECT_EQ(as(kees, "GET", "/api/admin/second-factor").body.at("enabled"), true);
  auto off = off_with({{"password", kPassword}, {"code", totp_code(secret, now_)}});
  EXPECT_EQ(off.status, 204U) << off.response.body;
  EXPECT_EQ(audit("user", std::to_string(id))[0].action, "disable_second_factor");
  EXPECT_EQ(count("SELECT COUNT(*) FROM admin_recovery_codes"), 0);
  EXPECT_TRUE(login_answer("kees@ether.local", kPassword).response.has_header("Set-Cookie"));
}

TEST_P(AdminStore, NewRecoveryCodesTakeThePasswordAndACodeAndReplaceTheOldOnes) {
  const std::string kPassword = "een lang nieuw wachtwoord";
  auto kees = ready_account("kees@ether.local", Role::redacteur);
  const auto id = as(kees, "GET", "/api/admin/session").body.at("user").at("id").as_int64();
  auto [secret, old_codes] = enrol(kees);
  const auto renew_with = [&](const json::object& body) {
    return as(kees, "POST", "/api/admin/second-factor/recovery-codes", json::serialize(body));
  };
  // The same proof as switching it off: a session alone, or the password alone, is not enough.
  now_ += 30;
  EXPECT_EQ(renew_with({{"code", totp_code(secret, now_)}}).status, 422U);
  EXPECT_EQ(renew_with({{"password", kPassword}}).status, 422U);
  EXPECT_EQ(renew_with({{"password", "fout"}, {"code", totp_code(secret, now_)}}).status, 422U);
  auto wrong = renew_with({{"password", kPassword}, {"code", "000000"}});
  ASSERT_EQ(wrong.status, 422U) << wrong.response.body;
  EXPECT_EQ(wrong.body.at("error").at("fields").at("code"), "Deze code klopt niet of is al gebruikt.");

  auto renewed = renew_with({{"password", kPassword}, {"code", totp_code(secret, now_)}});
  ASSERT_EQ(renewed.status, 200U) << renewed.response.body;
  EXPECT_EQ(renewed.response.header("Cache-Control"), "no-store");
  std::vector<std::string> codes;
  for (const auto& code : renewed.body.at("recoveryCodes").get_array()) codes.emplace_back(code.get_string());
  ASSERT_EQ(codes.size(), 10U);
  EXPECT_EQ(std::find(codes.begin(), codes.end(), old_codes[0]), codes.end());
  EXPECT_EQ(as(kees, "GET", "/api/admin/second-factor").body.at("recoveryCodesLeft"), 10);
  EXPECT_EQ(audit("user", std::to_string(id))[0].action, "renew_recovery_codes");
  // The old codes sign in no more; a new one does, once.
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), old_codes[1]).status, 422U);
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), codes[0]).status, 200U);
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), codes[0]).status, 422U);
  // A recovery code is proof enough too (the phone is gone), and is spent by it.
  auto with_recovery = renew_with({{"password", kPassword}, {"code", codes[1]}});
  ASSERT_EQ(with_recovery.status, 200U) << with_recovery.response.body;
  EXPECT_EQ(renew_with({{"password", kPassword}, {"code", codes[1]}}).status, 422U);
  // Without a second factor there is nothing to renew.
  auto anne = ready_account("anne@ether.local", Role::redacteur);
  EXPECT_EQ(as(anne, "POST", "/api/admin/second-factor/recovery-codes",
               json::serialize(json::object{{"password", kPassword}, {"code", "123456"}}))
                .code(),
            "not_enabled");
}

TEST_P(AdminStore, WrongSecondFactorCodesAreThrottledAsPasswordsAre) {
  const std::string kPassword = "een lang nieuw wachtwoord";
  auto kees = ready_account("kees@ether.local", Role::redacteur);
  auto [secret, codes] = enrol(kees);
  const std::string guesser = "192.0.2.1";
  // Who knows the password gets five codes from one address; giving the password again does not
  // reset the count.
  for (int i = 0; i < 5; ++i) {
    auto challenge = first_step("kees@ether.local", kPassword, guesser);
    EXPECT_EQ(second_step(challenge, "000000", guesser).status, 422U);
  }
  auto locked = login_answer("kees@ether.local", kPassword, guesser);
  EXPECT_EQ(locked.status, 429U) << locked.response.body;
  EXPECT_EQ(locked.response.header("Retry-After"), "60");
  // A challenge taken before the lock is held back too, even with the right code.
  now_ += 61;
  auto challenge = first_step("kees@ether.local", kPassword, guesser);
  EXPECT_EQ(second_step(challenge, "000000", guesser).status, 422U);
  auto held = second_step(challenge, totp_code(secret, now_), guesser);
  EXPECT_EQ(held.status, 429U) << held.response.body;
  EXPECT_EQ(held.code(), "too_many_attempts");
  // The owner, from another address, still signs in.
  auto owner =
      second_step(first_step("kees@ether.local", kPassword, "198.51.100.7"), totp_code(secret, now_), "198.51.100.7");
  EXPECT_EQ(owner.status, 200U) << owner.response.body;
}

TEST_P(AdminStore, ABeheerderWithoutASecondFactorMustSetOneUpFirst) {
  require_second_factor_for_beheerders();
  const std::string kPassword = "een lang nieuw wachtwoord";
  auto [boss_id, boss_password] = account("baas@ether.local", Role::beheerder);
  auto boss = login("baas@ether.local", boss_password);
  // The one-time password comes first, then the second factor, then the rest.
  EXPECT_EQ(as(boss, "GET", "/api/admin/users").code(), "password_change_required");
  auto changed = as(boss, "POST", "/api/admin/password",
                    json::serialize(json::object{{"currentPassword", boss_password}, {"newPassword", kPassword}}));
  ASSERT_EQ(changed.status, 200U) << changed.response.body;
  EXPECT_EQ(changed.body.at("secondFactor").at("setupRequired"), true);
  auto refused = as(boss, "GET", "/api/admin/users");
  EXPECT_EQ(refused.status, 403U);
  EXPECT_EQ(refused.code(), "second_factor_setup_required");
  // Nor does the session cache take the session as ready (uploads, draft audio on the I/O thread).
  EXPECT_FALSE(SessionCache::instance().live(boss.cookie, now_)->ready);
  EXPECT_EQ(as(boss, "GET", "/api/admin/session").body.at("secondFactor").at("setupRequired"), true);
  EXPECT_EQ(as(boss, "GET", "/api/admin/second-factor").body.at("required"), true);
  auto [secret, codes] = enrol(boss);
  EXPECT_EQ(as(boss, "GET", "/api/admin/users").status, 200U);
  EXPECT_TRUE(SessionCache::instance().live(boss.cookie, now_)->ready);
  EXPECT_EQ(as(boss, "GET", "/api/admin/session").body.at("secondFactor").at("setupRequired"), false);
  // Other roles are not held to it.
  auto kees = ready_account("kees@ether.local", Role::redacteur);
  EXPECT_EQ(as(kees, "GET", "/api/admin/session").body.at("secondFactor").at("setupRequired"), false);
  EXPECT_EQ(as(kees, "GET", "/api/admin/audit").code(), "forbidden");  // its role, not the second factor
}

// Issue 47: the TOTP secrets are sealed in the store (a copy of the store or a backup does not
// reveal them) and still sign in; one kept plain by an earlier version is sealed at start; under
// another key the code cannot be checked, but a recovery code still signs in.
TEST_P(AdminStore, SecondFactorSecretsAreSealedInTheStore) {
  const std::string kPassword = "een lang nieuw wachtwoord";
  set_second_factor_key(std::string(crypto::kSealingKeyBytes, 'k'));
  auto kees = ready_account("kees@ether.local", Role::redacteur);
  auto [secret, codes] = enrol(kees);
  const auto stored = [&] {
    auto lease = db().lease();
    std::string value;
    *lease << "SELECT secret FROM admin_second_factors", soci::into(value);
    return value;
  };
  EXPECT_TRUE(stored().starts_with("sealed:v1:")) << stored();
  EXPECT_EQ(stored().find(secret), std::string::npos);
  now_ += 30;
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), totp_code(secret, now_)).status, 200U);

  {
    auto lease = db().lease();
    *lease << "UPDATE admin_second_factors SET secret = :s", soci::use(secret);
    EXPECT_EQ(SecondFactorRepository(*lease).seal_plain_secrets(), 1);
  }
  EXPECT_TRUE(stored().starts_with("sealed:v1:"));
  now_ += 30;
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), totp_code(secret, now_)).status, 200U);

  set_second_factor_key(std::string(crypto::kSealingKeyBytes, 'x'));
  now_ += 30;
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), totp_code(secret, now_)).status, 422U);
  EXPECT_EQ(second_step(first_step("kees@ether.local", kPassword), codes[0]).status, 200U);
  set_second_factor_key("");
}

TEST_P(AdminStore, ABeheerderResetsAnothersSecondFactorAndItIsAudited) {
  const std::string kPassword = "een lang nieuw wachtwoord";
  auto boss = ready_account("baas@ether.local", Role::beheerder);
  const auto boss_id = as(boss, "GET", "/api/admin/session").body.at("user").at("id").as_int64();
  auto kees = ready_account("kees@ether.local", Role::eindredacteur);
  const auto kees_id = as(kees, "GET", "/api/admin/session").body.at("user").at("id").as_int64();
  enrol(kees);
  const auto target = "/api/admin/users/" + std::to_string(kees_id) + "/second-factor";
  // Only a beheerder, never for themself; the list shows who has one.
  EXPECT_EQ(as(kees, "DELETE", target).code(), "forbidden");
  EXPECT_EQ(as(boss, "DELETE", "/api/admin/users/" + std::to_string(boss_id) + "/second-factor").code(), "own_account");
  auto users = as(boss, "GET", "/api/admin/users");
  for (const auto& user : users.body.at("users").as_array()) {
    EXPECT_EQ(user.at("secondFactor"), user.at("id") == kees_id) << json::serialize(user);
  }
  auto reset = as(boss, "DELETE", target);
  ASSERT_EQ(reset.status, 200U) << reset.response.body;
  auto rows = audit("user", std::to_string(kees_id));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0].action, "reset_second_factor");
  EXPECT_EQ(rows[0].user_id, boss_id);
  EXPECT_EQ(rows[0].changes.at("secondFactor").at("before"), true);
  EXPECT_EQ(rows[0].changes.at("secondFactor").at("after"), false);
  // The account's sessions end; its password alone signs in again.
  EXPECT_EQ(as(kees, "GET", "/api/admin/session").status, 401U);
  EXPECT_TRUE(login_answer("kees@ether.local", kPassword).response.has_header("Set-Cookie"));
  EXPECT_EQ(as(boss, "DELETE", target).code(), "not_enabled");
  EXPECT_EQ(as(boss, "DELETE", "/api/admin/users/999/second-factor").status, 404U);
}

INSTANTIATE_TEST_SUITE_P(Backends, AdminStore, ::testing::ValuesIn(backends()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace ether::admin
