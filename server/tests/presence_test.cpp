// Who else has an item open (admin/presence.hpp, issue 37): two editors see each other by name
// while both beat, not themselves; a heartbeat older than the window or a goodbye ends it; an
// unknown type or item is 404, a malformed key 400, no session 401, a forged CSRF token refused.
// Every test runs on SQLite and, with ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>

#include "admin/admin_api.hpp"
#include "admin/content_api.hpp"
#include "admin/presence.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
#include "support/postgres_database.hpp"
#include "support/postgres_scenarios.hpp"

namespace ether::admin {
namespace {
namespace json = boost::json;

constexpr std::int64_t kStart = 1'795'258'800;  // 2026-11-21 11:00 UTC

class Harness {
 public:
  explicit Harness(store::Database& db) : db_(db) {
    {
      auto lease = db_.lease();
      *lease << "INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')";
    }
    admin_ = std::make_unique<AdminApi>(
        db_, AdminOptions{.base_url = test::kAdminOrigin, .password_cost = kMinimumCost, .throttle = {}},
        [this] { return now_.load(); });
    content_ = std::make_unique<ContentApi>(
        db_, *admin_, ContentApiOptions{.base_url = test::kAdminOrigin, .preview_secret = "test-preview-secret"},
        [this] { return now_.load(); }, [] {});
    presence_ = std::make_unique<PresenceApi>(db_, *admin_, [this] { return now_.load(); });
    admin_->add_routes(router_);
    content_->add_routes(router_);
    presence_->add_routes(router_);
  }

  test::AdminLogin user(const std::string& email, Role role) {
    return test::admin_user(db_, router_, now_, email, role);
  }
  test::AdminAnswer as(const test::AdminLogin& who, const std::string& method, const std::string& target) {
    return test::admin_as(router_, who, method, target);
  }
  test::AdminAnswer call(const std::string& method, const std::string& target) {
    return test::admin_call(router_, method, target);
  }

  // A new article's id.
  std::string article(const test::AdminLogin& who) {
    const auto slug = "storm-op-zee-" + std::to_string(++articles_);
    auto created = test::admin_as(
        router_, who, "POST", "/api/admin/content/articles",
        json::object{{"values", json::object{{"title", "Storm op zee"},
                                             {"slug", slug},
                                             {"category", "cultuur"},
                                             {"intro", "Een korte inleiding."},
                                             {"author", "Redactie"},
                                             {"body", json::array{json::object{{"type", "paragraph"},
                                                                               {"text", "Eerste alinea."}}}}}}});
    EXPECT_EQ(created.status, 201U) << created.text;
    return created.id();
  }

  // The names in a heartbeat's answer.
  static std::vector<std::string> names(const test::AdminAnswer& answer) {
    std::vector<std::string> out;
    for (const auto& other : answer.body.at("others").as_array()) {
      out.emplace_back(other.at("name").as_string());
    }
    return out;
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_{kStart};
  int articles_ = 0;
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<ContentApi> content_;
  std::unique_ptr<PresenceApi> presence_;
  http::Router router_;
};

using Names = std::vector<std::string>;

void two_editors_see_each_other_until_one_leaves_or_goes_quiet(store::Database& db) {
  Harness h(db);
  auto eva = h.user("eva@radio.example", Role::redacteur);
  auto bram = h.user("bram@radio.example", Role::eindredacteur);
  const auto item = "/api/admin/presence/articles/" + h.article(eva);

  auto alone = h.as(eva, "PUT", item);
  ASSERT_EQ(alone.status, 200U) << alone.text;
  EXPECT_EQ(Harness::names(alone), Names{});
  EXPECT_EQ(Harness::names(h.as(bram, "PUT", item)), Names{"Naam eva"});
  EXPECT_EQ(Harness::names(h.as(eva, "PUT", item)), Names{"Naam bram"});

  // Another item is another room.
  const auto other = "/api/admin/presence/articles/" + h.article(bram);
  EXPECT_EQ(Harness::names(h.as(eva, "PUT", other)), Names{});

  // A heartbeat older than the window no longer counts; a fresh one does again.
  h.now_ += kPresenceWindowSeconds - 1;
  EXPECT_EQ(Harness::names(h.as(eva, "PUT", item)), Names{"Naam bram"});
  h.now_ += 2;
  EXPECT_EQ(Harness::names(h.as(eva, "PUT", item)), Names{});
  EXPECT_EQ(Harness::names(h.as(bram, "PUT", item)), Names{"Naam eva"});

  // Leaving ends it at once.
  EXPECT_EQ(h.as(bram, "DELETE", item).status, 204U);
  EXPECT_EQ(Harness::names(h.as(eva, "PUT", item)), Names{});

  // Rows a day old are pruned by the next heartbeat.
  h.now_ += 2 * 24 * 60 * 60;
  auto anna = h.user("anna@radio.example", Role::redacteur);
  ASSERT_EQ(h.as(anna, "PUT", other).status, 200U);
  auto lease = db.lease();
  long long rows = 0;
  *lease << "SELECT COUNT(*) FROM content_presence", soci::into(rows);
  EXPECT_EQ(rows, 1);
}

void bad_requests_get_a_clear_answer(store::Database& db) {
  Harness h(db);
  auto eva = h.user("eva@radio.example", Role::redacteur);
  const auto item = "/api/admin/presence/articles/" + h.article(eva);

  EXPECT_EQ(h.call("PUT", item).status, 401U);
  EXPECT_EQ(h.call("PUT", item).code(), "unauthenticated");
  EXPECT_EQ(h.call("DELETE", item).status, 401U);
  auto forged = eva;
  forged.csrf = "wrong";
  EXPECT_EQ(h.as(forged, "PUT", item).code(), "bad_csrf_token");
  EXPECT_EQ(h.as(forged, "DELETE", item).code(), "bad_csrf_token");

  auto unknown_type = h.as(eva, "PUT", "/api/admin/presence/nope/1");
  EXPECT_EQ(unknown_type.status, 404U);
  EXPECT_EQ(unknown_type.code(), "not_found");
  auto unknown_item = h.as(eva, "PUT", "/api/admin/presence/articles/999999");
  EXPECT_EQ(unknown_item.status, 404U);
  EXPECT_EQ(unknown_item.message(), "Artikel bestaat niet (meer).");
  auto malformed = h.as(eva, "PUT", "/api/admin/presence/articles/a%20b");
  EXPECT_EQ(malformed.status, 400U);
  EXPECT_EQ(malformed.code(), "bad_parameter");
}

using Scenario = test::StoreScenario;
const std::vector<std::pair<const char*, Scenario>>& scenarios() {
  static const std::vector<std::pair<const char*, Scenario>> all{
      {"TwoEditorsSeeEachOtherUntilOneLeavesOrGoesQuiet", two_editors_see_each_other_until_one_leaves_or_goes_quiet},
      {"BadRequestsGetAClearAnswer", bad_requests_get_a_clear_answer},
  };
  return all;
}

class PresenceSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PresenceSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, PresenceSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered =
    test::register_postgres_tests("PresencePostgreSQL", __FILE__, test::on_fresh_postgres("presence", scenarios()));

}  // namespace
}  // namespace ether::admin
