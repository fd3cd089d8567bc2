// The search across the whole admin (admin/search_api.hpp, issue 54): every content type by title,
// slug and author, grouped, within what the role may read; the accounts only for a role that manages
// users; % and _ taken literally; bad terms refused. Every test runs on SQLite and, with
// ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <filesystem>
#include <map>

#include "admin/admin_api.hpp"
#include "admin/content_api.hpp"
#include "admin/search_api.hpp"
#include "http/router.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
#include "support/admin_content_harness.hpp"
#include "support/postgres_database.hpp"
#include "support/postgres_scenarios.hpp"
#include "support/test_paths.hpp"

namespace ether::admin {
namespace {
namespace json = boost::json;

constexpr std::int64_t kStart = 1'795'258'800;  // 2026-11-21 11:00 UTC

using Answer = test::AdminAnswer;
using Login = test::AdminLogin;

// The admin's and content's routes on a seeded store (support/admin_content_harness.hpp), with
// the search across the admin beside them.
class Harness : public test::AdminContentHarness {
 public:
  explicit Harness(store::Database& db) : AdminContentHarness(db, kStart) { add_api<SearchApi>(); }

  // The answer of a search for `q` (already URL-encoded) as `who`, which must be 200.
  json::object search(const Login& who, const std::string& q) {
    auto answer = as(who, "GET", "/api/admin/search?q=" + q);
    EXPECT_EQ(answer.status, 200U) << answer.text;
    return answer.body.is_object() ? answer.body.as_object() : json::object{};
  }
};

json::object article(const std::string& title, const std::string& slug) {
  return json::object{
      {"title", title},        {"slug", slug},
      {"category", "cultuur"}, {"intro", "Een korte inleiding."},
      {"author", "Redactie"},  {"body", json::array{json::object{{"type", "paragraph"}, {"text", "Eerste alinea."}}}}};
}

json::object programme(const std::string& name, const std::string& slug, const std::string& channel) {
  return json::object{{"name", name}, {"slug", slug}, {"channel", channel}, {"summary", "Elke ochtend."}};
}

// Each group of the answer: its type -> the titles of its hits, in order.
using Groups = std::map<std::string, std::vector<std::string>>;
Groups groups(const json::object& answer) {
  Groups out;
  for (const auto& group : answer.at("groups").as_array()) {
    auto& titles = out[std::string(group.at("type").as_string())];
    for (const auto& item : group.at("items").as_array()) titles.emplace_back(item.at("title").as_string());
  }
  return out;
}

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void an_author_finds_what_they_wrote_in_every_type(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  EXPECT_EQ(test::admin_call(h.router_, "GET", "/api/admin/search?q=rita").status, 401U);

  const auto news = h.create(rita, "articles", article("Nieuws van de dag", "nieuws-van-de-dag"));
  h.create(rita, "pages", json::object{{"title", "Over ons"}, {"slug", "over-ons"}, {"kind", "thema"}});
  h.create(erik, "programmes", programme("Ochtendshow", "ochtendshow", "radio2"));
  h.create(erik, "articles", article("Verslag van Erik", "verslag"));
  const auto version = h.as(rita, "GET", "/api/admin/content/articles/" + news).version();
  h.now_ += 60;
  auto offered =
      h.as(rita, "POST", "/api/admin/content/articles/" + news + "/offer", json::object{{"version", version}});
  ASSERT_EQ(offered.status, 200U) << offered.text;

  // Her name finds her article and page, not Erik's; his finds his article and programme.
  auto answer = h.search(erik, "naam%20rita");
  EXPECT_EQ(answer.at("query").as_string(), "naam rita");
  EXPECT_EQ(groups(answer), (Groups{{"articles", {"Nieuws van de dag"}}, {"pages", {"Over ons"}}}));
  EXPECT_EQ(answer.at("total").as_int64(), 2);
  EXPECT_EQ(groups(h.search(rita, "naam%20erik")),
            (Groups{{"articles", {"Verslag van Erik"}}, {"programmes", {"Ochtendshow"}}}));
  const auto& group = answer.at("groups").at(0).as_object();
  EXPECT_EQ(group.at("type").as_string(), "articles");
  EXPECT_EQ(group.at("label").as_string(), "Nieuwsartikelen");
  const auto& hit = group.at("items").at(0).as_object();
  EXPECT_EQ(hit.at("type").as_string(), "articles");
  EXPECT_EQ(hit.at("id").as_string(), news);
  EXPECT_EQ(hit.at("state").as_string(), "draft");
  EXPECT_EQ(hit.at("review").as_string(), "waiting");
  EXPECT_EQ(hit.at("author").as_string(), "Naam rita");
  EXPECT_EQ(hit.at("lastEdit").at("by").as_string(), "Naam rita");
  EXPECT_EQ(hit.at("url").as_string(), "/beheer/inhoud/articles/" + news);

  // A title and a slug find their item whatever the case; a miss answers no groups.
  EXPECT_EQ(groups(h.search(rita, "VERSLAG")), (Groups{{"articles", {"Verslag van Erik"}}}));
  EXPECT_EQ(groups(h.search(rita, "over-ons")), (Groups{{"pages", {"Over ons"}}}));
  auto none = h.search(rita, "bestaat-niet");
  EXPECT_TRUE(none.at("groups").as_array().empty());
  EXPECT_EQ(none.at("total").as_int64(), 0);
}

void each_group_is_limited_and_counts_all(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  for (int i = 1; i <= 7; ++i) {
    h.create(erik, "articles", article("Jazz " + std::to_string(i), "jazz-" + std::to_string(i)));
  }
  auto answer = h.search(erik, "jazz");
  const auto& group = answer.at("groups").at(0).as_object();
  EXPECT_EQ(group.at("total").as_int64(), 7);
  ASSERT_EQ(group.at("items").as_array().size(), static_cast<std::size_t>(kSearchGroupSize));
  // Newest edit first.
  EXPECT_EQ(group.at("items").at(0).at("title").as_string(), "Jazz 7");
}

void wildcards_are_taken_literally(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  h.create(erik, "articles", article("Korting 100% echt", "korting"));
  h.create(erik, "articles", article("Korting 1000 echt", "korting-duizend"));
  h.create(erik, "articles", article("Bestand a_b", "bestand-underscore"));
  h.create(erik, "articles", article("Bestand axb", "bestand-x"));
  EXPECT_EQ(groups(h.search(erik, "100%25")), (Groups{{"articles", {"Korting 100% echt"}}}));
  EXPECT_EQ(groups(h.search(erik, "a_b")), (Groups{{"articles", {"Bestand a_b"}}}));
  EXPECT_TRUE(h.search(erik, "%25").at("groups").as_array().size() == 1U);
  EXPECT_EQ(groups(h.search(erik, "%25")), (Groups{{"articles", {"Korting 100% echt"}}}));
  // The list of the type itself takes them literally too (the same query).
  auto list = h.as(erik, "GET", "/api/admin/content/articles?q=a_b");
  ASSERT_EQ(list.status, 200U) << list.text;
  EXPECT_EQ(list.body.at("total").as_int64(), 1);
}

void each_role_finds_only_what_it_may_read(store::Database& db) {
  Harness h(db);
  auto bea = h.user("bea@ether.local", Role::beheerder);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  auto lisa = h.user("lisa@ether.local", Role::redacteur);
  h.exec("UPDATE admin_users SET channels = 'radio5' WHERE email_key = 'lisa@ether.local'");
  h.create(erik, "programmes", programme("Ochtend op 2", "ochtend-op-2", "radio2"));
  h.create(erik, "programmes", programme("Ochtend op 5", "ochtend-op-5", "radio5"));

  // Limited to radio5, Lisa finds only its programme.
  EXPECT_EQ(groups(h.search(lisa, "ochtend")), (Groups{{"programmes", {"Ochtend op 5"}}}));
  EXPECT_EQ(groups(h.search(erik, "ochtend")), (Groups{{"programmes", {"Ochtend op 5", "Ochtend op 2"}}}));

  // The accounts, by name or e-mail address, only for the beheerder.
  auto accounts = h.search(bea, "LISA@ether");
  EXPECT_EQ(groups(accounts), (Groups{{"users", {"Naam lisa"}}}));
  const auto& account = accounts.at("groups").at(0).at("items").at(0).as_object();
  EXPECT_EQ(account.at("email").as_string(), "lisa@ether.local");
  EXPECT_EQ(account.at("role").as_string(), "redacteur");
  EXPECT_EQ(account.at("url").as_string(), "/beheer/gebruikers");
  EXPECT_EQ(groups(h.search(bea, "naam%20erik")),
            (Groups{{"programmes", {"Ochtend op 5", "Ochtend op 2"}}, {"users", {"Naam erik"}}}));
  EXPECT_EQ(groups(h.search(erik, "naam%20erik")), (Groups{{"programmes", {"Ochtend op 5", "Ochtend op 2"}}}));
  EXPECT_TRUE(h.search(erik, "lisa@ether").at("groups").as_array().empty());
  EXPECT_TRUE(h.search(lisa, "bea@ether").at("groups").as_array().empty());
}

void bad_terms_are_refused(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const std::vector<std::pair<std::string, std::string>> refused{
      {"/api/admin/search", "search_empty"},
      {"/api/admin/search?q=", "search_empty"},
      {"/api/admin/search?q=%20%20", "search_empty"},
      {"/api/admin/search?q=" + std::string(kSearchMaxLength + 1, 'a'), "search_too_long"}};
  for (const auto& [target, code] : refused) {
    auto answer = h.as(erik, "GET", target);
    EXPECT_EQ(answer.status, 400U) << target;
    EXPECT_EQ(answer.body.at("error").at("code").as_string(), code) << target;
    EXPECT_FALSE(answer.body.at("error").at("message").as_string().empty());
  }
  // The limit counts characters: 100 accented letters (200 bytes) are a term.
  std::string accented;
  for (std::size_t i = 0; i < kSearchMaxLength; ++i) accented += "%C3%A9";
  EXPECT_EQ(h.as(erik, "GET", "/api/admin/search?q=" + accented).status, 200U);
}

const std::vector<std::pair<const char*, test::StoreScenario>>& scenarios() {
  static const std::vector<std::pair<const char*, test::StoreScenario>> all{
      {"AnAuthorFindsWhatTheyWroteInEveryType", an_author_finds_what_they_wrote_in_every_type},
      {"EachGroupIsLimitedAndCountsAll", each_group_is_limited_and_counts_all},
      {"WildcardsAreTakenLiterally", wildcards_are_taken_literally},
      {"EachRoleFindsOnlyWhatItMayRead", each_role_finds_only_what_it_may_read},
      {"BadTermsAreRefused", bad_terms_are_refused},
  };
  return all;
}

class AdminSearchSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminSearchSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminSearchSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered = test::register_postgres_tests("AdminSearchPostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_search", scenarios()));

}  // namespace
}  // namespace ether::admin
