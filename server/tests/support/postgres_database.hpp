#pragma once
// PostgreSQL for the tests that need one: the server named by ETHER_TEST_DATABASE_URL, a fresh
// database of its own on that server (dropped afterwards), and the registration rule of
// store_postgresql_test.cpp (tests exist only with the URL; ETHER_REQUIRE_POSTGRES=1 without it
// registers one failing test instead).

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>
#include <cstdio>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "crypto/hmac.hpp"
#include "store/database.hpp"
#include "store/migrations.hpp"

namespace ether::test {

/// ETHER_TEST_DATABASE_URL, or "" when unset.
inline std::string postgres_test_url() {
  const char* url = std::getenv("ETHER_TEST_DATABASE_URL");
  return url == nullptr ? "" : url;
}

/// `url` with its database name replaced by `name` (query parameters kept).
inline std::string with_database(const std::string& url, const std::string& name) {
  const auto scheme = url.find("://");
  const auto slash = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (scheme == std::string::npos || slash == std::string::npos) {
    throw std::invalid_argument("not a postgresql://host/db URL: " + url);
  }
  const auto query = url.find('?', slash);
  return url.substr(0, slash + 1) + name + (query == std::string::npos ? "" : url.substr(query));
}

/// What a fresh database holds: nothing, or the store's schema as migrate() leaves it.
enum class Schema { empty, current };

/// A new database on the test server, named after `label` and this process, empty or with the
/// current schema; dropped (with any connection left to it) when the object goes.
class FreshPostgresDatabase {
 public:
  explicit FreshPostgresDatabase(const std::string& label, Schema schema = Schema::empty)
      : name_("ether_" + label + "_" + std::to_string(::getpid()) + "_" + std::to_string(next_number())),
        url_(with_database(postgres_test_url(), name_)) {
    run("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    run("CREATE DATABASE " + name_ + (schema == Schema::current ? " TEMPLATE " + current_schema_template() : ""));
  }
  ~FreshPostgresDatabase() {
    try {
      run("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    } catch (const std::exception&) {  // left for the next run's DROP
    }
  }
  FreshPostgresDatabase(const FreshPostgresDatabase&) = delete;
  FreshPostgresDatabase& operator=(const FreshPostgresDatabase&) = delete;

  [[nodiscard]] const std::string& url() const { return url_; }

 private:
  // Several in one process (a suite's tests run one after another) have names of their own.
  static int next_number() {
    static std::atomic<int> counter{0};
    return counter++;
  }
  // One connection per test process for creating and dropping databases: a connection is a
  // PostgreSQL backend forked and torn down, and with one per statement they were a third of the
  // connections a store test made (922 for 107 tests), most of PostgreSQL's CPU in the kernel.
  // Plain libpq, not a store::Database: that would add a health monitor to the ones tests count.
  // Never closed, so that a database dropped at exit still has it.
  static std::string run(const std::string& statement) {
    static std::mutex mutex;
    static PGconn* connection = nullptr;
    const std::lock_guard guard(mutex);
    for (int attempt = 0;; ++attempt) {
      if (connection == nullptr || PQstatus(connection) != CONNECTION_OK) {
        if (connection != nullptr) PQfinish(connection);
        connection = PQconnectdb(postgres_test_url().c_str());
      }
      PGresult* result = PQexec(connection, statement.c_str());
      const auto status = PQresultStatus(result);
      std::string value = status == PGRES_TUPLES_OK && PQntuples(result) > 0 ? PQgetvalue(result, 0, 0) : std::string();
      PQclear(result);
      if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return value;
      // A server restarted since the last statement: once more on a new connection.
      if (attempt == 0 && PQstatus(connection) != CONNECTION_OK) continue;
      throw std::runtime_error(statement + ": " + PQerrorMessage(connection));
    }
  }
  // A database migrated once per test server and schema, which each Schema::current database is
  // copied from: the 47 page tests' PostgreSQL variants cost PostgreSQL 8 s of CPU migrating a
  // database each, 4.5 s copying this one (scripts/test-all's server, in memory). Named after the
  // migrations' text, so that a changed schema gets a template of its own; made under an advisory
  // lock, since ctest runs several test processes at once, and renamed into place only once whole,
  // so that a process killed while migrating leaves no half template behind.
  static std::string current_schema_template() {
    static const std::string name = [] {
      std::string schema;
      for (const auto& migration : store::migrations()) {
        schema += std::to_string(migration.version) + '\n' + std::string(migration.sql);
      }
      // A digest under a fixed key: the server's own SHA-256 (crypto/hmac.hpp) names the schema.
      const std::string template_name =
          "ether_schema_" + crypto::to_hex(crypto::hmac_sha256("test schema", {schema})).substr(0, 16);
      run("SELECT pg_advisory_lock(4242424242)");
      // The connection outlives a failure here, and with it the lock, which must not.
      try {
        if (run("SELECT COUNT(*) FROM pg_database WHERE datname = '" + template_name + "'") == "0") {
          const auto building = template_name + "_building";
          run("DROP DATABASE IF EXISTS " + building + " WITH (FORCE)");
          run("CREATE DATABASE " + building);
          store::Database::open(with_database(postgres_test_url(), building), 1)->migrate();
          run("ALTER DATABASE " + building + " RENAME TO " + template_name);
        }
      } catch (...) {
        run("SELECT pg_advisory_unlock(4242424242)");
        throw;
      }
      run("SELECT pg_advisory_unlock(4242424242)");
      return template_name;
    }();
    return name;
  }
  std::string name_;
  std::string url_;
};

/// Whether ETHER_REQUIRE_POSTGRES=1: the PostgreSQL tests must run (scripts/test-all sets it).
inline bool postgres_required() {
  const char* require = std::getenv("ETHER_REQUIRE_POSTGRES");
  return require != nullptr && std::string(require) == "1";
}

/// The store backends a suite parameterised by backend runs on (INSTANTIATE_TEST_SUITE_P with
/// ::testing::ValuesIn(store_backends()), backend_name): PostgreSQL too when ETHER_TEST_DATABASE_URL
/// is set, or when ETHER_REQUIRE_POSTGRES=1 demands it (its variants then fail, saying why). A run
/// without either leaves the variants out, as register_postgres_tests does, and says so once.
inline std::vector<std::string> store_backends() {
  if (postgres_test_url().empty() && !postgres_required()) return {"sqlite"};
  return {"sqlite", "postgresql"};
}
inline std::string backend_name(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

/// Registers `tests` (name, body) in `suite` when ETHER_TEST_DATABASE_URL is set; with
/// ETHER_REQUIRE_POSTGRES=1 and no URL, one test that fails and says why. Call at static init.
inline bool register_postgres_tests(const char* suite, const char* file,
                                    const std::vector<std::pair<const char*, std::function<void()>>>& tests) {
  class Body : public ::testing::Test {
   public:
    explicit Body(std::function<void()> body) : body_(std::move(body)) {}
    void TestBody() override { body_(); }

   private:
    std::function<void()> body_;
  };
  auto add = [suite, file](const char* name, const std::function<void()>& body) {
    ::testing::RegisterTest(suite, name, nullptr, nullptr, file, 0,
                            [body]() -> ::testing::Test* { return new Body(body); });
  };
  if (!postgres_test_url().empty()) {
    for (const auto& [name, body] : tests) add(name, body);
  } else if (postgres_required()) {
    add("DatabaseUrlIsSet", [] {
      FAIL() << "ETHER_REQUIRE_POSTGRES=1 but ETHER_TEST_DATABASE_URL is not set: set it to a throwaway "
                "PostgreSQL database (postgresql://user@host:port/db) to run the PostgreSQL tests";
    });
  }
  return true;
}

/// In a fixture's SetUp of a PostgreSQL variant: fails it, saying why, when the variant was
/// instantiated by ETHER_REQUIRE_POSTGRES=1 without ETHER_TEST_DATABASE_URL (store_backends). A
/// derived fixture's SetUp checks HasFatalFailure() after its base's.
#define ETHER_REQUIRE_POSTGRES_URL()                                                            \
  do {                                                                                          \
    if (::ether::test::postgres_test_url().empty()) {                                           \
      FAIL() << "ETHER_REQUIRE_POSTGRES=1 but ETHER_TEST_DATABASE_URL is not set: set it to a " \
                "throwaway PostgreSQL database to run the PostgreSQL variants";                 \
    }                                                                                           \
  } while (false)

/// Says once per run, when the PostgreSQL variants are left out, how to run them.
class PostgresVariantsNotice : public ::testing::Environment {
 public:
  void SetUp() override {
    if (::ether::test::postgres_test_url().empty() && !::ether::test::postgres_required()) {
      std::fprintf(stderr, "note: the PostgreSQL variants are not run: set ETHER_TEST_DATABASE_URL (make test does)\n");
    }
  }
};
inline const bool kPostgresVariantsNotice = (::testing::AddGlobalTestEnvironment(new PostgresVariantsNotice), true);

}  // namespace ether::test
