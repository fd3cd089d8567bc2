// The review step of the newsroom (issue 54) through the admin's content routes
// (admin/content_api.hpp, content/review_state.hpp): a redacteur offers a draft, an eindredacteur
// finds it waiting, sends it back with a note or publishes it; every step audited, every wrong step
// and every role refused with its JSON error; the author of each item in the lists; and what each
// type's changes need (the types' "needs"), which the admin offers by. Every test runs on SQLite and,
// with ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <memory>
#include <string>

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

using Answer = test::AdminAnswer;
using Login = test::AdminLogin;

// The admin and content routes on one router over a store with a news category, and a clock the
// test moves.
class Harness {
 public:
  explicit Harness(store::Database& db) : db_(db) {
    exec("INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')");
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

  long long count(const std::string& sql) {
    auto lease = db_.lease();
    long long n = 0;
    *lease << sql, soci::into(n);
    return n;
  }

  Answer as(const Login& who, const std::string& method, const std::string& target, const json::value& body = nullptr) {
    return test::admin_as(router_, who, method, target, body);
  }
  Answer anonymous(const std::string& method, const std::string& target, const json::value& body) {
    return test::admin_call(router_, method, target, json::serialize(body));
  }

  Login user(const std::string& email, Role role) { return test::admin_user(db_, router_, now_, email, role); }

  std::vector<AuditEntry> audit(const std::string& type, const std::string& id) {
    auto lease = db_.lease();
    return AuditLog(*lease)
        .query(AuditFilter{.user_id = std::nullopt, .item_type = type, .item_id = id}, 1, 100)
        .entries;
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_{kStart};
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<ContentApi> content_;
  http::Router router_;
};

json::object article(const std::string& title, const std::string& slug) {
  return json::object{{"values", json::object{{"title", title},
                                              {"slug", slug},
                                              {"category", "cultuur"},
                                              {"intro", "Een korte inleiding."},
                                              {"author", "Redactie"}}}};
}

// The titles of a list's items.
std::vector<std::string> titles(const Answer& list) {
  std::vector<std::string> out;
  for (const auto& item : list.body.at("items").as_array()) out.emplace_back(item.at("title").as_string());
  return out;
}

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void a_draft_is_offered_sent_back_offered_again_and_published(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const std::string articles = "/api/admin/content/articles";

  auto created = h.as(rita, "POST", articles, article("Brand in de haven", "brand-in-de-haven"));
  ASSERT_EQ(created.status, 201U) << created.text;
  EXPECT_EQ(created.item().at("author"), "Naam rita");
  EXPECT_TRUE(created.item().at("review").is_null());
  const auto path = articles + "/" + created.id();
  EXPECT_TRUE(titles(h.as(erik, "GET", articles + "?state=waiting")).empty());

  // Offered with a note, at a later moment: waiting, who and when; the item itself is unchanged.
  h.now_ = kStart + 600;
  auto offered = h.as(rita, "POST", path + "/offer", json::object{{"version", 1}, {"note", " Graag vóór twaalf. "}});
  ASSERT_EQ(offered.status, 200U) << offered.text;
  const auto& review = offered.item().at("review").as_object();
  EXPECT_EQ(review.at("status"), "waiting");
  EXPECT_EQ(review.at("by"), "Naam rita");
  EXPECT_EQ(review.at("at").as_string(), domain::format_iso_utc(kStart + 600));
  EXPECT_EQ(review.at("note"), "Graag vóór twaalf.");
  EXPECT_EQ(offered.version(), 1);
  EXPECT_EQ(offered.item().at("state"), "draft");
  // Not twice.
  auto twice = h.as(rita, "POST", path + "/offer", json::object{{"version", 1}});
  EXPECT_EQ(twice.status, 409U);
  EXPECT_EQ(twice.code(), "already_waiting");

  // The eindredacteur finds it under 'Wacht op beoordeling', with its author; the drafts list it too.
  h.as(rita, "POST", articles, article("Nog niet klaar", "nog-niet-klaar"));
  auto waiting = h.as(erik, "GET", articles + "?state=waiting");
  ASSERT_EQ(waiting.status, 200U) << waiting.text;
  EXPECT_EQ(titles(waiting), std::vector<std::string>{"Brand in de haven"});
  EXPECT_EQ(waiting.body.at("total").as_int64(), 1);
  const auto& row = waiting.body.at("items").as_array()[0];
  EXPECT_EQ(row.at("author"), "Naam rita");
  EXPECT_EQ(row.at("review").at("status"), "waiting");
  EXPECT_EQ(titles(h.as(erik, "GET", articles + "?state=draft")).size(), 2U);

  // Editing it further keeps it waiting.
  auto edited = h.as(rita, "PUT", path,
                     json::object{{"version", 1}, {"values", json::object{{"title", "Grote brand in de haven"}}}});
  ASSERT_EQ(edited.status, 200U) << edited.text;
  EXPECT_EQ(edited.item().at("review").at("status"), "waiting");
  EXPECT_EQ(titles(h.as(erik, "GET", articles + "?state=waiting")),
            std::vector<std::string>{"Grote brand in de haven"});

  // Sent back: not by a redacteur, not without a note.
  auto by_rita = h.as(rita, "POST", path + "/send-back", json::object{{"version", 2}, {"note", "Zelf terug."}});
  EXPECT_EQ(by_rita.status, 403U);
  EXPECT_EQ(by_rita.code(), "forbidden");
  auto no_note = h.as(erik, "POST", path + "/send-back", json::object{{"version", 2}, {"note", "  "}});
  EXPECT_EQ(no_note.status, 422U);
  EXPECT_EQ(no_note.code(), "invalid_fields");
  EXPECT_EQ(no_note.field_error("note"), "Schrijf op wat er nog aan moet gebeuren.");
  h.now_ = kStart + 1200;
  auto sent_back =
      h.as(erik, "POST", path + "/send-back", json::object{{"version", 2}, {"note", "Noem de bron van het cijfer."}});
  ASSERT_EQ(sent_back.status, 200U) << sent_back.text;
  EXPECT_EQ(sent_back.item().at("review").at("status"), "returned");
  EXPECT_EQ(sent_back.item().at("review").at("by"), "Naam erik");
  EXPECT_EQ(sent_back.item().at("review").at("at").as_string(), domain::format_iso_utc(kStart + 1200));
  auto again = h.as(erik, "POST", path + "/send-back", json::object{{"version", 2}, {"note", "Nog eens."}});
  EXPECT_EQ(again.status, 409U);
  EXPECT_EQ(again.code(), "not_waiting");
  EXPECT_TRUE(titles(h.as(erik, "GET", articles + "?state=waiting")).empty());

  // The author sees the note on the item until it is offered again.
  auto seen = h.as(rita, "GET", path);
  EXPECT_EQ(seen.item().at("review").at("status"), "returned");
  EXPECT_EQ(seen.item().at("review").at("note"), "Noem de bron van het cijfer.");
  auto changed = h.as(rita, "PUT", path,
                      json::object{{"version", 2}, {"values", json::object{{"intro", "Volgens de brandweer 40 m."}}}});
  ASSERT_EQ(changed.status, 200U) << changed.text;
  EXPECT_EQ(changed.item().at("review").at("note"), "Noem de bron van het cijfer.");
  auto reoffered = h.as(rita, "POST", path + "/offer", json::object{{"version", 3}});
  ASSERT_EQ(reoffered.status, 200U) << reoffered.text;
  EXPECT_EQ(reoffered.item().at("review").at("status"), "waiting");
  EXPECT_EQ(reoffered.item().at("review").at("note"), "");

  // Published: the step is over, and what is on the site is not offered again.
  auto published = h.as(erik, "POST", path + "/publish", json::object{{"version", 3}});
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.item().at("state"), "online");
  EXPECT_TRUE(published.item().at("review").is_null());
  EXPECT_EQ(published.item().at("author"), "Naam rita");
  EXPECT_TRUE(titles(h.as(erik, "GET", articles + "?state=waiting")).empty());
  EXPECT_EQ(h.as(rita, "POST", path + "/offer", json::object{{"version", 4}}).status, 403U);
  auto on_site = h.as(erik, "POST", path + "/offer", json::object{{"version", 4}});
  EXPECT_EQ(on_site.status, 409U);
  EXPECT_EQ(on_site.code(), "not_draft");
  EXPECT_EQ(h.as(erik, "POST", path + "/send-back", json::object{{"version", 4}, {"note", "Te laat."}}).code(),
            "not_waiting");

  // Every step has its audit row, newest first.
  auto rows = h.audit("articles", created.id());
  ASSERT_EQ(rows.size(), 7U);
  EXPECT_EQ(rows[6].action, "create");
  EXPECT_EQ(rows[5].action, "offer_review");
  EXPECT_EQ(rows[5].user_name, "Naam rita");
  EXPECT_TRUE(rows[5].changes.at("review").at("before").is_null());
  EXPECT_EQ(rows[5].changes.at("review").at("after"), "waiting");
  EXPECT_EQ(rows[5].changes.at("reviewNote").at("after"), "Graag vóór twaalf.");
  EXPECT_EQ(rows[4].action, "update");
  EXPECT_EQ(rows[3].action, "send_back");
  EXPECT_EQ(rows[3].user_name, "Naam erik");
  EXPECT_EQ(rows[3].changes.at("review").at("before"), "waiting");
  EXPECT_EQ(rows[3].changes.at("review").at("after"), "returned");
  EXPECT_EQ(rows[3].changes.at("reviewNote").at("after"), "Noem de bron van het cijfer.");
  EXPECT_EQ(rows[2].action, "update");
  EXPECT_EQ(rows[1].action, "offer_review");
  EXPECT_EQ(rows[1].changes.at("review").at("before"), "returned");
  EXPECT_EQ(rows[0].action, "publish");
  EXPECT_EQ(rows[0].changes.at("review").at("before"), "waiting");
  EXPECT_TRUE(rows[0].changes.at("review").at("after").is_null());
}

void a_wrong_step_is_refused_with_its_error(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const std::string articles = "/api/admin/content/articles";
  auto created = h.as(rita, "POST", articles, article("Storm", "storm"));
  ASSERT_EQ(created.status, 201U) << created.text;
  const auto path = articles + "/" + created.id();

  EXPECT_EQ(h.anonymous("POST", path + "/offer", json::object{{"version", 1}}).status, 401U);
  // A type without drafts has no review: its items are on the site at once.
  auto programme = h.as(erik, "POST", "/api/admin/content/programmes/1/offer", json::object{{"version", 1}});
  EXPECT_EQ(programme.status, 404U);
  EXPECT_EQ(programme.code(), "not_found");
  EXPECT_EQ(h.as(rita, "POST", articles + "/9999/offer", json::object{{"version", 1}}).status, 404U);
  auto versionless = h.as(rita, "POST", path + "/offer", json::object{{"note", "x"}});
  EXPECT_EQ(versionless.status, 400U);
  EXPECT_EQ(versionless.code(), "bad_json");
  auto stale = h.as(rita, "POST", path + "/offer", json::object{{"version", 7}});
  EXPECT_EQ(stale.status, 409U);
  EXPECT_EQ(stale.code(), "conflict");
  auto not_text = h.as(rita, "POST", path + "/offer", json::object{{"version", 1}, {"note", 12}});
  EXPECT_EQ(not_text.status, 400U);
  EXPECT_EQ(not_text.code(), "bad_json");
  auto too_long = h.as(rita, "POST", path + "/offer", json::object{{"version", 1}, {"note", std::string(1001, 'a')}});
  EXPECT_EQ(too_long.status, 422U);
  EXPECT_EQ(too_long.field_error("note"), "Gebruik hoogstens 1000 tekens.");
  auto not_waiting = h.as(erik, "POST", path + "/send-back", json::object{{"version", 1}, {"note", "Waarom?"}});
  EXPECT_EQ(not_waiting.status, 409U);
  EXPECT_EQ(not_waiting.code(), "not_waiting");
  EXPECT_FALSE(not_waiting.message().empty());
  auto bad_state = h.as(erik, "GET", articles + "?state=beoordeling");
  EXPECT_EQ(bad_state.status, 400U);
  EXPECT_EQ(bad_state.code(), "bad_parameter");
  // None of it left a trace.
  EXPECT_EQ(h.audit("articles", created.id()).size(), 1U);
  EXPECT_TRUE(h.as(rita, "GET", path).item().at("review").is_null());
}

void an_item_from_before_is_offered_and_its_workflow_goes_with_it(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  // Stored before the workflow was kept (the seed, an import): no author known.
  h.exec(
      "INSERT INTO articles (slug, title, intro, body_json, published_at, published, category_slug, author) VALUES "
      "('oud', 'Oud bericht', 'Intro.', '[]', 1795000000, 0, 'cultuur', 'Redactie')");
  auto list = h.as(erik, "GET", "/api/admin/content/articles");
  ASSERT_EQ(list.body.at("items").as_array().size(), 1U);
  const auto& item = list.body.at("items").as_array()[0];
  EXPECT_TRUE(item.at("author").is_null());
  const std::string path = "/api/admin/content/articles/" + std::string(item.at("id").as_string());
  auto offered = h.as(rita, "POST", path + "/offer", json::object{{"version", item.at("version")}});
  ASSERT_EQ(offered.status, 200U) << offered.text;
  EXPECT_EQ(offered.item().at("review").at("status"), "waiting");
  EXPECT_TRUE(offered.item().at("author").is_null());
  EXPECT_EQ(titles(h.as(erik, "GET", "/api/admin/content/articles?state=waiting")),
            std::vector<std::string>{"Oud bericht"});

  // Removed for good, it takes its workflow with it.
  EXPECT_EQ(h.as(erik, "DELETE", path + "?version=" + std::to_string(offered.version())).status, 204U);
  const auto trash = "/api/admin/trash/articles/" + offered.id();
  EXPECT_EQ(h.as(erik, "DELETE", trash).status, 204U);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_workflow WHERE item_type = 'articles'"), 0);
}

void each_type_says_what_its_changes_need(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto types = h.as(rita, "GET", "/api/admin/content-types");
  ASSERT_EQ(types.status, 200U) << types.text;
  auto needs = [&](const std::string& name) {
    for (const auto& type : types.body.at("types").as_array()) {
      if (type.at("name").as_string() == name) return type.at("needs").as_object();
    }
    ADD_FAILURE() << name;
    return json::object{};
  };
  EXPECT_EQ(needs("articles"), (json::object{{"create", "edit_drafts"},
                                             {"editDraft", "edit_drafts"},
                                             {"editPublished", "edit_published"},
                                             {"publish", "publish"}}));
  // What is on the site at once (a presenter) needs edit_published from the start; settings edit_settings.
  EXPECT_EQ(needs("presenters").at("create"), "edit_published");
  EXPECT_EQ(needs("presenters").at("editDraft"), "edit_published");
  EXPECT_EQ(needs("channels").at("create"), "edit_settings");
  EXPECT_EQ(needs("channels").at("editPublished"), "edit_settings");
  // And the server refuses by the same rule.
  auto presenter = h.as(rita, "POST", "/api/admin/content/presenters",
                        json::object{{"values", json::object{{"name", "Anna"}, {"slug", "anna"}}}});
  EXPECT_EQ(presenter.status, 403U);
  EXPECT_EQ(presenter.code(), "forbidden");
}

using Scenario = void (*)(store::Database&);

const std::vector<std::pair<const char*, Scenario>>& scenarios() {
  static const std::vector<std::pair<const char*, Scenario>> all{
      {"ADraftIsOfferedSentBackOfferedAgainAndPublished", a_draft_is_offered_sent_back_offered_again_and_published},
      {"AWrongStepIsRefusedWithItsError", a_wrong_step_is_refused_with_its_error},
      {"AnItemFromBeforeIsOfferedAndItsWorkflowGoesWithIt",
       an_item_from_before_is_offered_and_its_workflow_goes_with_it},
      {"EachTypeSaysWhatItsChangesNeed", each_type_says_what_its_changes_need},
  };
  return all;
}

class AdminReviewSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminReviewSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminReviewSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered = test::register_postgres_tests("AdminReviewPostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_review", scenarios()));

}  // namespace
}  // namespace ether::admin
