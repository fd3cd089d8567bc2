// The list tools of the admin's content lists (issue 54) through the content routes
// (admin/content_api.hpp): sorting by title, status, publication, last edit and author on the
// server (across pages), 'mine', the search that finds an author, each item's last edit, and the
// bulk route (publish, unpublish, trash, category) answering per item, by the rules of each item's
// own route (role, version, validation), one audit row per item; bad input a 400. Every test runs
// on SQLite and, with ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <memory>
#include <string>
#include <vector>

#include "admin/admin_api.hpp"
#include "admin/audit_log.hpp"
#include "admin/content_api.hpp"
#include "domain/time.hpp"
#include "http/router.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
#include "support/postgres_scenarios.hpp"

namespace ether::admin {
namespace {
namespace json = boost::json;

constexpr std::int64_t kStart = 1'795'258'800;  // 2026-11-21 11:00 UTC
const std::string kArticles = "/api/admin/content/articles";

using Answer = test::AdminAnswer;
using Login = test::AdminLogin;

// The admin and content routes on one router over a store with two news categories, and a clock
// the test moves.
class Harness {
 public:
  explicit Harness(store::Database& db) : db_(db) {
    exec("INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')");
    exec("INSERT INTO news_categories (slug, name, color) VALUES ('sport', 'Sport', '#00aa00')");
    admin_ = std::make_unique<AdminApi>(
        db_, AdminOptions{.base_url = test::kAdminOrigin, .password_cost = kMinimumCost, .throttle = {}},
        [this] { return now_.load(); });
    content_ = std::make_unique<ContentApi>(db_, *admin_, ContentApiOptions{.base_url = test::kAdminOrigin},
                                            [this] { return now_.load(); });
    admin_->add_routes(router_);
    content_->add_routes(router_);
  }

  void exec(const std::string& sql) {
    auto lease = db_.lease();
    *lease << sql;
  }

  Answer as(const Login& who, const std::string& method, const std::string& target, const json::value& body = nullptr) {
    return test::admin_as(router_, who, method, target, body);
  }

  Login user(const std::string& email, Role role) { return test::admin_user(db_, router_, now_, email, role); }

  std::vector<AuditEntry> audit(const std::string& id) {
    auto lease = db_.lease();
    return AuditLog(*lease)
        .query(AuditFilter{.user_id = std::nullopt, .item_type = "articles", .item_id = id}, 1, 100)
        .entries;
  }

  // A new draft article by `who`, a minute after the one before; its id.
  std::string article(const Login& who, const std::string& title, const std::string& category = "cultuur") {
    now_ += 60;
    std::string slug;
    for (char c : title) slug += c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto created = as(who, "POST", kArticles,
                      json::object{{"values", json::object{{"title", title},
                                                           {"slug", slug},
                                                           {"category", category},
                                                           {"intro", "Een korte inleiding."},
                                                           {"author", "Redactie"}}}});
    EXPECT_EQ(created.status, 201U) << created.text;
    return created.id();
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_{kStart};
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<ContentApi> content_;
  http::Router router_;
};

std::vector<std::string> titles(const Answer& list) {
  EXPECT_EQ(list.status, 200U) << list.text;
  std::vector<std::string> out;
  if (list.status != 200U) return out;
  for (const auto& item : list.body.at("items").as_array()) out.emplace_back(item.at("title").as_string());
  return out;
}

const json::object& item_of(const Answer& list, const std::string& title) {
  for (const auto& item : list.body.at("items").as_array()) {
    if (item.at("title").as_string() == title) return item.as_object();
  }
  static const json::object none;
  ADD_FAILURE() << "no item " << title;
  return none;
}

json::object bulk(const std::string& action, const std::vector<std::pair<std::string, std::int64_t>>& items) {
  json::array out;
  for (const auto& [id, version] : items) out.push_back(json::object{{"id", id}, {"version", version}});
  return json::object{{"action", action}, {"items", std::move(out)}};
}

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void a_list_sorts_on_the_server_and_keeps_the_order_across_pages(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto storm = h.article(rita, "Storm op zee");
  const auto brand = h.article(erik, "brand in de haven");
  const auto actie = h.article(rita, "Actie voor de voedselbank");
  const auto zomer = h.article(erik, "Zomerfeest");

  // Title, case aside; both ways.
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?sort=title")),
            (std::vector<std::string>{"Actie voor de voedselbank", "brand in de haven", "Storm op zee", "Zomerfeest"}));
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?sort=title&dir=desc")),
            (std::vector<std::string>{"Zomerfeest", "Storm op zee", "brand in de haven", "Actie voor de voedselbank"}));

  // Status: waiting first, then the drafts, scheduled, online, expired.
  h.now_ += 60;
  ASSERT_EQ(h.as(rita, "POST", kArticles + "/" + storm + "/offer", json::object{{"version", 1}}).status, 200U);
  ASSERT_EQ(h.as(erik, "POST", kArticles + "/" + zomer + "/publish",
                 json::object{{"version", 1}, {"publishAt", domain::format_iso_utc(h.now_ + 86400)}})
                .status,
            200U);
  ASSERT_EQ(h.as(erik, "POST", kArticles + "/" + brand + "/publish", json::object{{"version", 1}}).status, 200U);
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?sort=status")),
            (std::vector<std::string>{"Storm op zee", "Actie voor de voedselbank", "Zomerfeest", "brand in de haven"}));
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?sort=status&dir=desc")),
            (std::vector<std::string>{"brand in de haven", "Zomerfeest", "Actie voor de voedselbank", "Storm op zee"}));

  // Publication: the soonest first, or the latest; drafts last either way.
  auto by_publication = titles(h.as(erik, "GET", kArticles + "?sort=publication&dir=desc"));
  ASSERT_EQ(by_publication.size(), 4U);
  EXPECT_EQ(by_publication[0], "Zomerfeest");
  EXPECT_EQ(by_publication[1], "brand in de haven");
  by_publication = titles(h.as(erik, "GET", kArticles + "?sort=publication"));
  ASSERT_EQ(by_publication.size(), 4U);
  EXPECT_EQ(by_publication[0], "brand in de haven");
  EXPECT_EQ(by_publication[1], "Zomerfeest");

  // Last edited: an edit brings an item to the top; each item says who changed it and when.
  h.now_ += 60;
  ASSERT_EQ(h.as(erik, "PUT", kArticles + "/" + actie,
                 json::object{{"version", 1}, {"values", json::object{{"intro", "Nieuwe inleiding."}}}})
                .status,
            200U);
  auto edited = h.as(erik, "GET", kArticles + "?sort=edited&dir=desc");
  EXPECT_EQ(titles(edited),
            (std::vector<std::string>{"Actie voor de voedselbank", "brand in de haven", "Zomerfeest", "Storm op zee"}));
  const auto& last = item_of(edited, "Actie voor de voedselbank").at("lastEdit").as_object();
  EXPECT_EQ(last.at("by"), "Naam erik");
  EXPECT_EQ(last.at("at").as_string(), domain::format_iso_utc(h.now_));
  EXPECT_EQ(item_of(edited, "Actie voor de voedselbank").at("author"), "Naam rita");
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?sort=edited")).front(), "Storm op zee");

  // Author: by name; an item whose author is not known last.
  h.exec("DELETE FROM content_workflow WHERE item_key = '" + zomer + "'");
  auto by_author = titles(h.as(erik, "GET", kArticles + "?sort=author"));
  ASSERT_EQ(by_author.size(), 4U);
  EXPECT_EQ(by_author[0], "brand in de haven");
  EXPECT_EQ(by_author[3], "Zomerfeest");

  // Across pages: 30 more, sorted by title, page 2 goes on where page 1 stopped.
  for (int i = 0; i < 30; ++i)
    h.article(rita, "Bericht " + std::string(1, static_cast<char>('a' + (i % 26))) + std::to_string(i));
  auto page1 = titles(h.as(erik, "GET", kArticles + "?sort=title&dir=desc"));
  auto page2 = titles(h.as(erik, "GET", kArticles + "?sort=title&dir=desc&page=2"));
  ASSERT_EQ(page1.size(), 25U);
  ASSERT_EQ(page2.size(), 9U);
  EXPECT_EQ(page1.front(), "Zomerfeest");
  EXPECT_EQ(page2.back(), "Actie voor de voedselbank");
}

void mine_and_the_search_find_an_author(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  h.article(rita, "Storm op zee");
  const auto brand = h.article(erik, "Brand in de haven");
  h.article(rita, "Actie voor de voedselbank");
  // An edit by Rita of Erik's article does not make it hers.
  ASSERT_EQ(h.as(rita, "PUT", kArticles + "/" + brand,
                 json::object{{"version", 1}, {"values", json::object{{"intro", "Anders."}}}})
                .status,
            200U);

  auto mine = h.as(rita, "GET", kArticles + "?mine=1&sort=title");
  EXPECT_EQ(titles(mine), (std::vector<std::string>{"Actie voor de voedselbank", "Storm op zee"}));
  EXPECT_EQ(mine.body.at("total").as_int64(), 2);
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?mine=1")), std::vector<std::string>{"Brand in de haven"});
  // With the other filters.
  EXPECT_EQ(titles(h.as(rita, "GET", kArticles + "?mine=1&q=storm")), std::vector<std::string>{"Storm op zee"});

  // The search finds the author's name, case aside, beside the title.
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?q=RITA&sort=title")),
            (std::vector<std::string>{"Actie voor de voedselbank", "Storm op zee"}));
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?q=haven")), std::vector<std::string>{"Brand in de haven"});
}

void bad_list_parameters_are_a_400(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  for (const auto* target : {"/api/admin/content/articles?sort=views", "/api/admin/content/articles?sort=title&dir=up",
                             "/api/admin/content/articles?sort=TITLE", "/api/admin/content/presenters?sort=status",
                             "/api/admin/content/articles?mine=2", "/api/admin/content/articles?sort=title%3Bdrop"}) {
    auto answer = h.as(erik, "GET", target);
    EXPECT_EQ(answer.status, 400U) << target << " " << answer.text;
    EXPECT_EQ(answer.code(), "bad_parameter") << target;
    EXPECT_FALSE(answer.message().empty());
  }
  EXPECT_EQ(h.as(erik, "GET", "/api/admin/content/presenters?sort=title&dir=desc").status, 200U);
  EXPECT_EQ(h.as(erik, "GET", "/api/admin/content/channels?sort=edited").status, 200U);
  EXPECT_EQ(h.as(erik, "GET", "/api/admin/content/songs?sort=author&q=x").status, 200U);
}

void a_bulk_action_answers_per_item_by_each_items_rules(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto storm = h.article(rita, "Storm op zee");
  const auto brand = h.article(rita, "Brand in de haven");
  const auto actie = h.article(erik, "Actie voor de voedselbank");
  ASSERT_EQ(h.as(rita, "POST", kArticles + "/" + storm + "/offer", json::object{{"version", 1}}).status, 200U);
  // Changed by someone else since the list was read.
  ASSERT_EQ(h.as(erik, "PUT", kArticles + "/" + actie,
                 json::object{{"version", 1}, {"values", json::object{{"intro", "Anders."}}}})
                .status,
            200U);

  // A redacteur publishes nothing, not even in bulk.
  auto refused = h.as(rita, "POST", kArticles + "/bulk", bulk("publish", {{storm, 1}, {brand, 1}}));
  EXPECT_EQ(refused.status, 403U);
  EXPECT_EQ(refused.code(), "forbidden");
  EXPECT_EQ(h.audit(brand).size(), 1U);

  // Two published, one stale, one gone: each its answer, in the order asked.
  h.now_ += 60;
  auto published =
      h.as(erik, "POST", kArticles + "/bulk", bulk("publish", {{storm, 1}, {brand, 1}, {actie, 1}, {"999", 1}}));
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.body.at("succeeded").as_int64(), 2);
  EXPECT_EQ(published.body.at("failed").as_int64(), 2);
  const auto& results = published.body.at("results").as_array();
  ASSERT_EQ(results.size(), 4U);
  EXPECT_EQ(results[0].at("id").as_string(), storm);
  EXPECT_EQ(results[0].at("ok"), true);
  EXPECT_EQ(results[0].at("item").at("state"), "online");
  // Publishing ends the review, as the single route does.
  EXPECT_TRUE(results[0].at("item").at("review").is_null());
  EXPECT_EQ(results[1].at("ok"), true);
  EXPECT_EQ(results[2].at("ok"), false);
  EXPECT_EQ(results[2].at("error").at("code"), "conflict");
  EXPECT_EQ(results[2].at("error").at("message"),
            "Iemand anders heeft dit item intussen gewijzigd. Laad de lijst opnieuw en probeer het nog eens.");
  EXPECT_EQ(results[3].at("error").at("code"), "not_found");
  EXPECT_EQ(results[3].at("error").at("message"), "Artikel bestaat niet (meer).");
  // One audit row per item changed, as its own route writes it.
  auto rows = h.audit(storm);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0].action, "publish");
  EXPECT_EQ(rows[0].user_name, "Naam erik");
  EXPECT_EQ(rows[0].changes.at("review").at("before"), "waiting");
  EXPECT_EQ(h.audit(brand)[0].action, "publish");
  EXPECT_EQ(h.audit(actie)[0].action, "update");
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles + "?state=online&sort=title")),
            (std::vector<std::string>{"Brand in de haven", "Storm op zee"}));

  // A category: a redacteur changes her draft, not an article on the site (edit_published).
  auto category = bulk("category", {{brand, 2}, {actie, 2}});
  category["category"] = "sport";
  auto by_rita = h.as(rita, "POST", kArticles + "/bulk", category);
  ASSERT_EQ(by_rita.status, 200U) << by_rita.text;
  EXPECT_EQ(by_rita.body.at("results").at(0).at("error").at("code"), "forbidden");
  EXPECT_EQ(by_rita.body.at("results").at(1).at("ok"), true);
  EXPECT_EQ(by_rita.body.at("results").at(1).at("item").at("values").at("category"), "sport");
  EXPECT_EQ(h.audit(actie)[0].action, "update");
  EXPECT_EQ(h.audit(actie)[0].changes.at("category").at("after"), "sport");
  // A category that does not exist is the field's error, named by its label.
  auto unknown = bulk("category", {{brand, 2}});
  unknown["category"] = "weer";
  auto no_such = h.as(erik, "POST", kArticles + "/bulk", unknown);
  ASSERT_EQ(no_such.status, 200U) << no_such.text;
  EXPECT_EQ(no_such.body.at("results").at(0).at("error").at("code"), "invalid_fields");
  EXPECT_NE(std::string(no_such.body.at("results").at(0).at("error").at("message").as_string()).find("Categorie: "),
            std::string::npos)
      << no_such.text;

  // Offline, then into the trash: each audited; a redacteur may do neither.
  EXPECT_EQ(h.as(rita, "POST", kArticles + "/bulk", bulk("unpublish", {{brand, 2}})).status, 403U);
  auto offline = h.as(erik, "POST", kArticles + "/bulk", bulk("unpublish", {{brand, 2}, {storm, 2}}));
  ASSERT_EQ(offline.status, 200U) << offline.text;
  EXPECT_EQ(offline.body.at("succeeded").as_int64(), 2);
  EXPECT_EQ(h.audit(brand)[0].action, "unpublish");
  EXPECT_EQ(h.as(rita, "POST", kArticles + "/bulk", bulk("trash", {{brand, 3}})).status, 403U);
  auto trashed = h.as(erik, "POST", kArticles + "/bulk", bulk("trash", {{brand, 3}, {storm, 3}}));
  ASSERT_EQ(trashed.status, 200U) << trashed.text;
  EXPECT_EQ(trashed.body.at("succeeded").as_int64(), 2);
  EXPECT_EQ(h.audit(brand)[0].action, "trash");
  EXPECT_EQ(h.audit(storm)[0].action, "trash");
  EXPECT_EQ(titles(h.as(erik, "GET", kArticles)), std::vector<std::string>{"Actie voor de voedselbank"});
  auto trash = h.as(erik, "GET", "/api/admin/trash");
  EXPECT_EQ(trash.body.at("items").as_array().size(), 2U);
}

void a_malformed_bulk_request_is_a_400(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto storm = h.article(erik, "Storm op zee");
  auto many = json::array();
  for (int i = 1; i <= 101; ++i) many.push_back(json::object{{"id", std::to_string(i)}, {"version", 1}});
  const std::vector<std::pair<std::string, json::value>> bodies{
      {"articles", json::object{{"action", "publish"}}},
      {"articles", json::object{{"action", "publish"}, {"items", "1,2"}}},
      {"articles", json::object{{"action", "publish"}, {"items", json::array{}}}},
      {"articles", json::object{{"action", "publish"}, {"items", many}}},
      {"articles", json::object{{"action", "publish"}, {"items", json::array{storm}}}},
      {"articles", json::object{{"action", "publish"}, {"items", json::array{json::object{{"id", storm}}}}}},
      {"articles",
       json::object{{"action", "publish"}, {"items", json::array{json::object{{"id", true}, {"version", 1}}}}}},
      {"articles", json::object{{"action", "publish"},
                                {"items", json::array{json::object{{"id", storm}, {"version", 1}},
                                                      json::object{{"id", storm}, {"version", 1}}}}}},
      {"articles",
       json::object{{"action", "delete"}, {"items", json::array{json::object{{"id", storm}, {"version", 1}}}}}},
      {"articles",
       json::object{{"action", "category"}, {"items", json::array{json::object{{"id", storm}, {"version", 1}}}}}},
      {"presenters",
       json::object{{"action", "publish"}, {"items", json::array{json::object{{"id", "1"}, {"version", 1}}}}}},
      {"presenters", json::object{{"action", "category"},
                                  {"category", "x"},
                                  {"items", json::array{json::object{{"id", "1"}, {"version", 1}}}}}},
  };
  for (const auto& [type, body] : bodies) {
    auto answer = h.as(erik, "POST", "/api/admin/content/" + type + "/bulk", body);
    EXPECT_EQ(answer.status, 400U) << json::serialize(body) << " " << answer.text;
    EXPECT_FALSE(answer.code().empty()) << answer.text;
    EXPECT_FALSE(answer.message().empty()) << answer.text;
  }
  auto text = test::admin_call(h.router_, "POST", kArticles + "/bulk", "[1,2", nullptr);
  EXPECT_EQ(text.status, 401U);
  EXPECT_EQ(h.audit(storm).size(), 1U);
  EXPECT_EQ(h.as(erik, "POST", "/api/admin/content/nothing/bulk", bulk("trash", {{"1", 1}})).status, 404U);
}

using Scenario = void (*)(store::Database&);

const std::vector<std::pair<const char*, Scenario>>& scenarios() {
  static const std::vector<std::pair<const char*, Scenario>> all{
      {"AListSortsOnTheServerAndKeepsTheOrderAcrossPages", a_list_sorts_on_the_server_and_keeps_the_order_across_pages},
      {"MineAndTheSearchFindAnAuthor", mine_and_the_search_find_an_author},
      {"BadListParametersAreA400", bad_list_parameters_are_a_400},
      {"ABulkActionAnswersPerItemByEachItemsRules", a_bulk_action_answers_per_item_by_each_items_rules},
      {"AMalformedBulkRequestIsA400", a_malformed_bulk_request_is_a_400},
  };
  return all;
}

class AdminListToolsSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminListToolsSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminListToolsSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered = test::register_postgres_tests("AdminListToolsPostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_list_tools", scenarios()));

}  // namespace
}  // namespace ether::admin
