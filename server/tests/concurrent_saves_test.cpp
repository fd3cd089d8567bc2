// Editors saving at once (issue 36 item 2), against the real server on SQLite and, with
// ETHER_TEST_DATABASE_URL, on PostgreSQL: 8 writers each create 20 programmes together. No save
// is answered 5xx, every acknowledged save is stored once, nothing refused is stored, and a save
// retried with the same Idempotency-Key is stored once and answered with the same item.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "admin/roles.hpp"
#include "store/database.hpp"
#include "support/admin_server.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::test {
namespace {

namespace json = boost::json;

constexpr int kWriters = 8;
constexpr int kSavesEach = 20;

struct Saved {
  int status = 0;
  std::string body;
};

// A create POST as the admin client sends it, with files of the writer's own (the writers run at once).
Saved create_programme(const ServerProcess& server, const AdminLogin& who, const std::string& name, int writer,
                       const std::string& idempotency_key = "") {
  const auto file = server.dir() / ("save-" + std::to_string(writer) + ".json");
  const json::object values{{"name", name}, {"slug", name}, {"channel", "radio2"}, {"summary", "Elke ochtend."}};
  std::ofstream(file, std::ios::binary) << json::serialize(json::object{{"values", values}});
  std::string command = "curl -s --max-time 60 -w '\\n%{http_code}' -X POST -H 'Origin: " + server.base_url() +
                        "' -H 'Content-Type: application/json' -H 'Cookie: ether_session=" + who.cookie +
                        "' -H 'X-CSRF-Token: " + who.csrf + "' --data-binary @" + file.string();
  if (!idempotency_key.empty()) command += " -H 'Idempotency-Key: " + idempotency_key + "'";
  const auto output = run_command(command + " '" + server.base_url() + "/api/admin/content/programmes'");
  const auto cut = output.rfind('\n');
  Saved saved;
  saved.status = cut == std::string::npos ? 0 : std::stoi(output.substr(cut + 1));
  saved.body = cut == std::string::npos ? output : output.substr(0, cut);
  return saved;
}

int stored_count(store::Database& db, const std::string& name) {
  auto lease = db.lease();
  int count = 0;
  *lease << "SELECT COUNT(*) FROM programmes WHERE name = :n", soci::use(name), soci::into(count);
  return count;
}

void saves_at_once_are_stored_once(const std::string& database_url, const std::vector<std::string>& env) {
  ServerProcess server("concurrent-saves", env);
  const auto url = database_url.empty() ? sqlite_url_of(server) : database_url;
  const auto editor = server_login(server, url, "eva@radio.example", admin::Role::eindredacteur);
  ASSERT_FALSE(editor.cookie.empty());

  std::vector<std::vector<Saved>> answers(kWriters);
  std::vector<std::thread> writers;
  writers.reserve(kWriters);
  for (int writer = 0; writer < kWriters; ++writer) {
    writers.emplace_back([&, writer] {
      for (int save = 0; save < kSavesEach; ++save) {
        answers[writer].push_back(
            create_programme(server, editor, "gelijk-" + std::to_string(writer) + "-" + std::to_string(save), writer));
      }
    });
  }
  for (auto& writer : writers) writer.join();

  auto db = store::Database::open(url, 1);
  std::map<int, int> statuses;
  for (int writer = 0; writer < kWriters; ++writer) {
    for (int save = 0; save < kSavesEach; ++save) {
      const auto& saved = answers[writer][save];
      const auto name = "gelijk-" + std::to_string(writer) + "-" + std::to_string(save);
      ++statuses[saved.status];
      EXPECT_LT(saved.status, 500) << name << ": " << saved.body;
      if (saved.status == 201) {
        EXPECT_EQ(stored_count(*db, name), 1) << name << " was acknowledged";
      } else {
        EXPECT_EQ(stored_count(*db, name), 0) << name << " was refused with " << saved.status << ": " << saved.body;
      }
    }
  }
  EXPECT_EQ(statuses[201], kWriters * kSavesEach) << "statuses: " << json::serialize(json::value_from(statuses));

  // A save retried (its answer lost on the way) with the same key is stored once, and both answers
  // name the same item.
  const auto first = create_programme(server, editor, "nogmaals", 0, "9b2f6c1e-retry-0001");
  const auto retried = create_programme(server, editor, "nogmaals", 0, "9b2f6c1e-retry-0001");
  ASSERT_EQ(first.status, 201) << first.body;
  EXPECT_EQ(retried.status, 201) << retried.body;
  EXPECT_EQ(json::parse(retried.body).at("item").at("id"), json::parse(first.body).at("item").at("id"))
      << first.body << "\n"
      << retried.body;
  EXPECT_EQ(stored_count(*db, "nogmaals"), 1);
  // Another editor's key of the same text is not theirs to replay.
  const auto other = server_login(server, url, "olaf@radio.example", admin::Role::eindredacteur);
  const auto elsewhere = create_programme(server, other, "nogmaals-elders", 0, "9b2f6c1e-retry-0001");
  EXPECT_EQ(elsewhere.status, 201) << elsewhere.body;
  EXPECT_EQ(stored_count(*db, "nogmaals-elders"), 1);
}

TEST(ConcurrentSaves, SavesAtOnceAreStoredOnceOnSqlite) { saves_at_once_are_stored_once("", {}); }

const bool registered =
    register_postgres_tests("ConcurrentSavesPostgreSQL", __FILE__,
                            {{"SavesAtOnceAreStoredOnce", [] {
                                FreshPostgresDatabase database("concurrent_saves");
                                saves_at_once_are_stored_once(database.url(), {"DATABASE_URL=" + database.url()});
                              }}});

}  // namespace
}  // namespace ether::test
