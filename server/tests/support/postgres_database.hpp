#pragma once
// PostgreSQL for the tests that need one: the server named by ETHER_TEST_DATABASE_URL, a fresh
// database of its own on that server (dropped afterwards), and the registration rule of
// store_postgresql_test.cpp (tests exist only with the URL; ETHER_REQUIRE_POSTGRES=1 without it
// registers one failing test instead).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "store/database.hpp"

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

/// A new, empty database on the test server, named after `label` and this process; dropped (with
/// any connection left to it) when the object goes.
class FreshPostgresDatabase {
 public:
  explicit FreshPostgresDatabase(const std::string& label)
      : name_("ether_" + label + "_" + std::to_string(::getpid())), url_(with_database(postgres_test_url(), name_)) {
    run("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
    run("CREATE DATABASE " + name_);
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
  static void run(const std::string& statement) {
    auto admin = store::Database::open(postgres_test_url(), 1);
    auto lease = admin->lease();
    *lease << statement;
  }
  std::string name_;
  std::string url_;
};

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
  const char* require = std::getenv("ETHER_REQUIRE_POSTGRES");
  if (!postgres_test_url().empty()) {
    for (const auto& [name, body] : tests) add(name, body);
  } else if (require != nullptr && std::string(require) == "1") {
    add("DatabaseUrlIsSet", [] {
      FAIL() << "ETHER_REQUIRE_POSTGRES=1 but ETHER_TEST_DATABASE_URL is not set: set it to a throwaway "
                "PostgreSQL database (postgresql://user@host:port/db) to run the PostgreSQL tests";
    });
  }
  return true;
}

}  // namespace ether::test
