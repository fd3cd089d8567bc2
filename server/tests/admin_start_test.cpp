// The start page of /beheer (admin/start_api.hpp over content/work_lists.hpp): the user's own
// drafts, what is scheduled, what anyone edited last (with who and when) and the banner and modal
// visitors see, each list within what the role may read. Every test runs on SQLite and, with
// ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <filesystem>

#include "admin/admin_api.hpp"
#include "admin/content_api.hpp"
#include "admin/start_api.hpp"
#include "domain/time.hpp"
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

constexpr const char* kOrigin = test::kAdminOrigin;
constexpr std::int64_t kStart = 1'795'258'800;  // 2026-11-21 11:00 UTC

using Answer = test::AdminAnswer;
using Login = test::AdminLogin;

// The admin's and content's routes on a seeded store (support/admin_content_harness.hpp), with
// the start page beside them.
class Harness : public test::AdminContentHarness {
 public:
  explicit Harness(store::Database& db) : AdminContentHarness(db, kStart) { add_api<StartApi>(); }

  // Changes the title of an item as `who` a minute after the last change.
  void retitle(const Login& who, const std::string& type, const std::string& id, const std::string& title) {
    now_ += 60;
    const auto path = "/api/admin/content/" + type + "/" + id;
    const auto version = as(who, "GET", path).version();
    auto saved = as(who, "PUT", path, json::object{{"version", version}, {"values", json::object{{"title", title}}}});
    EXPECT_EQ(saved.status, 200U) << saved.text;
  }

  void publish(const Login& who, const std::string& type, const std::string& id,
               std::optional<std::int64_t> at = std::nullopt) {
    now_ += 60;
    const auto path = "/api/admin/content/" + type + "/" + id;
    json::object body{{"version", as(who, "GET", path).version()}};
    if (at) body["publishAt"] = domain::format_iso_utc(*at);
    auto on = as(who, "POST", path + "/publish", body);
    EXPECT_EQ(on.status, 200U) << on.text;
  }

  json::object start(const Login& who) {
    auto answer = as(who, "GET", "/api/admin/start");
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

// The titles of a list of the answer, in its order.
std::vector<std::string> titles(const json::object& answer, const char* list) {
  std::vector<std::string> out;
  for (const auto& item : answer.at(list).as_array()) out.emplace_back(item.at("title").as_string());
  return out;
}

using Titles = std::vector<std::string>;

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void the_start_page_shows_the_work(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);

  // Signed out: refused, as every admin route.
  EXPECT_EQ(test::admin_call(h.router_, "GET", "/api/admin/start").status, 401U);

  auto empty = h.start(rita);
  EXPECT_EQ(empty.at("user").at("name").as_string(), "Naam rita");
  EXPECT_TRUE(empty.at("myDrafts").as_array().empty());
  EXPECT_TRUE(empty.at("waitingForReview").as_array().empty());
  EXPECT_TRUE(empty.at("scheduled").as_array().empty());
  EXPECT_TRUE(empty.at("recentlyEdited").as_array().empty());
  EXPECT_TRUE(empty.at("onSite").at("banner").is_null());
  EXPECT_TRUE(empty.at("onSite").at("modal").is_null());

  // Rita's drafts, newest edit first; Erik's own draft is not hers, his edit of hers keeps it hers.
  const auto first = h.create(rita, "articles", article("Eerste concept", "eerste-concept"));
  const auto second = h.create(rita, "articles", article("Tweede concept", "tweede-concept"));
  const auto page =
      h.create(rita, "pages", json::object{{"title", "Pagina in de maak"}, {"slug", "in-de-maak"}, {"kind", "thema"}});
  h.create(erik, "articles", article("Concept van Erik", "concept-van-erik"));
  h.retitle(rita, "articles", first, "Eerste concept, herschreven");
  h.retitle(erik, "articles", second, "Tweede concept, nagekeken");

  auto answer = h.start(rita);
  EXPECT_EQ(titles(answer, "myDrafts"),
            (Titles{"Tweede concept, nagekeken", "Eerste concept, herschreven", "Pagina in de maak"}));
  const auto& top = answer.at("myDrafts").at(0).as_object();
  EXPECT_EQ(top.at("type").as_string(), "articles");
  EXPECT_EQ(top.at("typeLabel").as_string(), "Artikel");
  EXPECT_EQ(top.at("id").as_string(), second);
  EXPECT_EQ(top.at("state").as_string(), "draft");
  EXPECT_EQ(top.at("url").as_string(), "/beheer/inhoud/articles/" + second);
  EXPECT_EQ(top.at("lastEdit").at("by").as_string(), "Naam erik");
  EXPECT_EQ(top.at("lastEdit").at("at").as_string(), domain::format_iso_utc(h.now_));
  EXPECT_EQ(titles(h.start(erik), "myDrafts"), (Titles{"Concept van Erik"}));

  // Anyone's last edit, newest first, each item once.
  EXPECT_EQ(titles(answer, "recentlyEdited"), (Titles{"Tweede concept, nagekeken", "Eerste concept, herschreven",
                                                      "Concept van Erik", "Pagina in de maak"}));
  EXPECT_EQ(answer.at("recentlyEdited").at(2).at("lastEdit").at("by").as_string(), "Naam erik");

  // Waiting for review, for everyone: a draft offered, until it is sent back.
  const auto offer = [&](const std::string& id) {
    const auto item = "/api/admin/content/articles/" + id;
    auto offered = h.as(rita, "POST", item + "/offer", json::object{{"version", h.as(rita, "GET", item).version()}});
    EXPECT_EQ(offered.status, 200U) << offered.text;
  };
  offer(first);
  offer(second);
  EXPECT_EQ(titles(h.start(erik), "waitingForReview"),
            (Titles{"Tweede concept, nagekeken", "Eerste concept, herschreven"}));
  const auto second_path = "/api/admin/content/articles/" + second;
  auto sent_back = h.as(erik, "POST", second_path + "/send-back",
                        json::object{{"version", h.as(erik, "GET", second_path).version()}, {"note", "Bron erbij."}});
  EXPECT_EQ(sent_back.status, 200U) << sent_back.text;
  EXPECT_EQ(titles(h.start(rita), "waitingForReview"), (Titles{"Eerste concept, herschreven"}));

  // Scheduled: soonest first (not the last scheduled first), and no longer a draft.
  h.publish(erik, "articles", first, kStart + 3600);
  h.publish(erik, "pages", page, kStart + 7200);
  answer = h.start(rita);
  EXPECT_EQ(titles(answer, "scheduled"), (Titles{"Eerste concept, herschreven", "Pagina in de maak"}));
  EXPECT_EQ(answer.at("scheduled").at(0).at("state").as_string(), "scheduled");
  EXPECT_EQ(answer.at("scheduled").at(0).at("publishAt").as_string(), domain::format_iso_utc(kStart + 3600));
  EXPECT_EQ(titles(answer, "myDrafts"), (Titles{"Tweede concept, nagekeken"}));
  EXPECT_TRUE(answer.at("waitingForReview").as_array().empty()) << "published: no longer waiting";
  h.now_ = kStart + 3600;
  EXPECT_EQ(titles(h.start(rita), "scheduled"), (Titles{"Pagina in de maak"}));

  // A draft in the trash is nobody's work any more.
  const auto path = "/api/admin/content/articles/" + second;
  const auto version = h.as(erik, "GET", path).version();
  EXPECT_EQ(h.as(erik, "DELETE", path + "?version=" + std::to_string(version)).status, 204U);
  answer = h.start(rita);
  EXPECT_TRUE(answer.at("myDrafts").as_array().empty());
  EXPECT_EQ(titles(answer, "recentlyEdited"),
            (Titles{"Pagina in de maak", "Eerste concept, herschreven", "Concept van Erik"}));

  // What visitors see: the banner and the modal, by the overlays' own order.
  const auto banner = h.create(erik, "maintenance-notifications", json::object{{"title", "Onderhoud vannacht"}});
  EXPECT_TRUE(h.start(rita).at("onSite").at("banner").is_null());
  h.publish(erik, "maintenance-notifications", banner);
  const auto modal = h.create(erik, "event-modals", json::object{{"title", "Koningsdag"}, {"sortOrder", 0}});
  h.publish(erik, "event-modals", modal);
  answer = h.start(rita);
  const auto& on_site = answer.at("onSite");
  EXPECT_EQ(on_site.at("banner").at("title").as_string(), "Onderhoud vannacht");
  EXPECT_EQ(on_site.at("banner").at("url").as_string(), "/beheer/inhoud/maintenance-notifications/" + banner);
  EXPECT_EQ(on_site.at("banner").at("state").as_string(), "online");
  EXPECT_EQ(on_site.at("banner").at("lastEdit").at("by").as_string(), "Naam erik");
  EXPECT_EQ(on_site.at("modal").at("title").as_string(), "Koningsdag");
}

void each_role_reads_only_what_it_may(store::Database& db) {
  Harness h(db);
  auto bea = h.user("bea@ether.local", Role::beheerder);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  auto lisa = h.user("lisa@ether.local", Role::redacteur);
  h.exec("UPDATE admin_users SET channels = 'radio5' WHERE email_key = 'lisa@ether.local'");

  // A programme of radio2 and one of radio5: Lisa, limited to radio5, sees only hers.
  auto programme = [](const std::string& name, const std::string& slug, const std::string& channel) {
    return json::object{{"name", name}, {"slug", slug}, {"channel", channel}, {"summary", "Elke ochtend."}};
  };
  h.create(erik, "programmes", programme("Ochtend op 2", "ochtend-op-2", "radio2"));
  h.create(erik, "programmes", programme("Ochtend op 5", "ochtend-op-5", "radio5"));
  EXPECT_EQ(titles(h.start(lisa), "recentlyEdited"), (Titles{"Ochtend op 5"}));
  EXPECT_EQ(titles(h.start(erik), "recentlyEdited"), (Titles{"Ochtend op 5", "Ochtend op 2"}));

  // The station's own changes (a new account, a key) are the audit log's, never the start page's.
  h.now_ += 60;
  auto created =
      h.as(bea, "POST", "/api/admin/users",
           json::object{
               {"name", "Nieuw"}, {"email", "nieuw@ether.local"}, {"role", "redacteur"}, {"channels", json::array{}}});
  ASSERT_EQ(created.status, 201U) << created.text;
  auto key = h.as(bea, "POST", "/api/admin/api-keys",
                  json::object{{"name", "Playout"}, {"scopes", json::array{"nowplaying:write"}}});
  ASSERT_EQ(key.status, 201U) << key.text;
  for (const auto* who : {&bea, &erik, &lisa}) {
    for (const auto& item : h.start(*who).at("recentlyEdited").as_array()) {
      EXPECT_EQ(item.at("type").as_string(), "programmes");
    }
  }
  EXPECT_EQ(titles(h.start(bea), "recentlyEdited"), (Titles{"Ochtend op 5", "Ochtend op 2"}));
}

void the_answer_is_never_stored(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  http::Request request;
  request.method = "GET";
  ASSERT_TRUE(http::parse_target("/api/admin/start", request));
  request.remote_address = "192.0.2.10";
  request.headers["Host"] = "radio.example";
  request.headers["Origin"] = kOrigin;
  request.headers["Cookie"] = "ether_session=" + rita.cookie;
  auto response = h.router_.dispatch(request);
  EXPECT_EQ(response.status, 200U) << response.body;
  EXPECT_EQ(response.header("Cache-Control"), "no-store");
}

const std::vector<std::pair<const char*, test::StoreScenario>>& scenarios() {
  static const std::vector<std::pair<const char*, test::StoreScenario>> all{
      {"TheStartPageShowsTheWork", the_start_page_shows_the_work},
      {"EachRoleReadsOnlyWhatItMay", each_role_reads_only_what_it_may},
      {"TheAnswerIsNeverStored", the_answer_is_never_stored},
  };
  return all;
}

class AdminStartSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminStartSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminStartSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered = test::register_postgres_tests("AdminStartPostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_start", scenarios()));

}  // namespace
}  // namespace ether::admin
