// POST /api/events bounds (issue 9): only names of the web app's one event kind, at most
// max_names distinct names in the store (known names still count), and a per-address budget with
// 429 and Retry-After; against a real SQLite store, a real PostgreSQL when ETHER_TEST_DATABASE_URL
// is set, and the real server on 127.0.0.1.

#include "api/events_api.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <functional>
#include <string>
#include <vector>

#include "http/rate_limiter.hpp"
#include "support/live_store.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::api {
namespace {
namespace json = boost::json;

constexpr std::int64_t kNow = 1'795'258'800;

http::Request event(const std::string& name, const std::string& type = "exit", const std::string& address = "") {
  http::Request request;
  request.method = "POST";
  request.target = "/api/events";
  request.path = "/api/events";
  request.remote_address = address;
  request.body = json::serialize(json::object{{"name", name}, {"type", type}});
  return request;
}

std::string error_code(const http::Response& response) {
  return std::string(json::parse(response.body).at("error").at("code").as_string());
}

std::string counter(const std::string& title) { return "player_radioblok_counter_" + title + "_top"; }

TEST(EventNames, OnlyTheRadioBlockCounterPatternIsAName) {
  for (const std::string& good : std::vector<std::string>{
           "player_radioblok_counter_top-40_top-40", "player_radioblok_counter__", "player_radioblok_counter_a-b-c_d",
           // The web app cuts at 200 characters, which may leave the title without "_{slug}".
           "player_radioblok_counter_" + std::string(175, 'x')}) {
    EXPECT_TRUE(is_valid_event_name(good)) << good;
  }
  for (const std::string& bad : std::vector<std::string>{
           "", "a", "player_radioblok_counter", "player_other_counter_a_b", "player_radioblok_counter_a_b_c",
           "player_radioblok_counter_A_b", "player_radioblok_counter_a b_c", "player_radioblok_counter_<x>_y",
           "player_radioblok_counter_caf\xc3\xa9_x", "Player_radioblok_counter_a_b",
           "player_radioblok_counter_" + std::string(176, 'x')}) {
    EXPECT_FALSE(is_valid_event_name(bad)) << bad;
  }
}

// The same bounds on either backend: `db` is a migrated, empty store.
void names_are_capped_and_known_names_still_count(store::Database& db) {
  EventsApi events(
      db, [] { return kNow; }, EventsOptions{.max_names = 3, .per_minute = 1000});
  for (const char* title : {"een", "twee", "drie"}) EXPECT_EQ(events.post(event(counter(title))).status, 204U);
  auto refused = events.post(event(counter("vier")));
  EXPECT_EQ(refused.status, 422U);
  EXPECT_EQ(error_code(refused), "too_many_names");
  EXPECT_EQ(events.count(counter("vier"), "exit"), 0);
  // Known names still count, with their known type and with a new one.
  EXPECT_EQ(events.post(event(counter("een"))).status, 204U);
  EXPECT_EQ(events.post(event(counter("een"), "navigation")).status, 204U);
  EXPECT_EQ(events.count(counter("een"), "exit"), 2);
  EXPECT_EQ(events.count(counter("een"), "navigation"), 1);
  auto lease = db.lease();
  long long names = 0;
  *lease << "SELECT COUNT(DISTINCT name) FROM analytics_events", soci::into(names);
  EXPECT_EQ(names, 3);
}

TEST(EventsApiStore, NamesAreCappedAndKnownNamesStillCount) {
  auto db = open_test_store("events_api");
  names_are_capped_and_known_names_still_count(*db);
}

TEST(EventsApiStore, UnknownKindsAreRefusedAndNotStored) {
  auto db = open_test_store("events_api_kinds");
  EventsApi events(*db, [] { return kNow; });
  for (const char* name : {"a", "iets_anders", "player_radioblok_counter_a_b_c", "player_radioblok_counter_<b>_x"}) {
    auto response = events.post(event(name));
    EXPECT_EQ(response.status, 400U) << name;
    EXPECT_EQ(error_code(response), "bad_parameter") << name;
  }
  auto lease = db->lease();
  long long rows = -1;
  *lease << "SELECT COUNT(*) FROM analytics_events", soci::into(rows);
  EXPECT_EQ(rows, 0);
}

TEST(EventsApiStore, EachAddressHasItsOwnBudgetAMinute) {
  auto db = open_test_store("events_api_rate");
  std::int64_t now = kNow;
  EventsApi events(
      *db, [&now] { return now; }, EventsOptions{.per_minute = 5});
  for (int i = 0; i < 5; ++i) EXPECT_EQ(events.post(event(counter("a"), "exit", "192.0.2.1")).status, 204U);
  now += 20;
  auto limited = events.post(event(counter("a"), "exit", "192.0.2.1"));
  EXPECT_EQ(limited.status, 429U);
  EXPECT_EQ(error_code(limited), "too_many_requests");
  EXPECT_EQ(limited.header("Retry-After"), "40");
  // A refused event is not counted; with the budget spent, even a malformed one gets 429.
  EXPECT_EQ(events.count(counter("a"), "exit"), 5);
  EXPECT_EQ(events.post(event("a", "exit", "192.0.2.1")).status, 429U);
  // Another address is not affected.
  EXPECT_EQ(events.post(event(counter("a"), "exit", "192.0.2.2")).status, 204U);
  // The window ends: the first address may send again.
  now += 40;
  EXPECT_EQ(events.post(event(counter("a"), "exit", "192.0.2.1")).status, 204U);
  EXPECT_EQ(events.count(counter("a"), "exit"), 7);
}

TEST(RateLimiter, RemembersAtMostItsBoundOfAddresses) {
  http::RateLimiter limiter(2, 60, 100);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(limiter.admit("10.0.0." + std::to_string(i), kNow + i / 100), 0);
  EXPECT_LE(limiter.tracked(), 100U);
  // An address still in its window keeps its count while others come and go.
  http::RateLimiter busy(2, 60, 3);
  EXPECT_EQ(busy.admit("a", kNow), 0);
  EXPECT_EQ(busy.admit("a", kNow), 0);
  EXPECT_EQ(busy.admit("a", kNow + 1), 59);
  EXPECT_EQ(busy.admit("b", kNow + 2), 0);
  EXPECT_EQ(busy.admit("c", kNow + 3), 0);
  EXPECT_EQ(busy.admit("a", kNow + 4), 56);
  // Full with every window open: the oldest window ("a") gives way to a new address.
  EXPECT_EQ(busy.admit("d", kNow + 5), 0);
  EXPECT_EQ(busy.tracked(), 3U);
  // Expired windows are dropped first.
  EXPECT_EQ(busy.admit("e", kNow + 70), 0);
  EXPECT_EQ(busy.tracked(), 1U);
}

TEST(EventsApiServer, TheRealServerLimitsEachClientAndSaysWhenToRetry) {
  test::ServerProcess server("events_api_server");
  const std::string body = R"({"name":"player_radioblok_counter_top-40_top-40","type":"exit"})";
  const std::string post = "-X POST -H 'Content-Type: application/json' --data '" + body + "'";
  int accepted = 0;
  test::ServerProcess::Answer last;
  for (int i = 0; i < 61; ++i) {
    last = server.get("/api/events", post);
    if (last.status == 204) ++accepted;
  }
  EXPECT_EQ(accepted, 60);
  EXPECT_EQ(last.status, 429);
  EXPECT_NE(last.headers.find("Retry-After: "), std::string::npos) << last.headers;
  EXPECT_EQ(json::parse(last.body).at("error").at("code"), "too_many_requests");
  auto unknown = server.get("/api/events", "-X POST --data '{\"name\":\"evil_name\",\"type\":\"exit\"}'");
  EXPECT_EQ(unknown.status, 429) << "the budget is spent for this address";
  EXPECT_EQ(server.terminate(), 0);
}

// PostgreSQL: registered only when ETHER_TEST_DATABASE_URL names a throwaway server, in a
// database of this test's own.
const bool registered = test::register_postgres_tests("EventsApiPostgreSQL", __FILE__,
                                                      {{"NamesAreCappedAndKnownNamesStillCount", [] {
                                                          test::FreshPostgresDatabase database("events");
                                                          auto db = store::Database::open(database.url());
                                                          db->migrate();
                                                          names_are_capped_and_known_names_still_count(*db);
                                                        }}});

}  // namespace
}  // namespace ether::api
