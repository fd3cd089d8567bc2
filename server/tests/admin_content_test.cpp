// Content editing in the admin (admin/content_api.hpp over content/): role refusals, spec §5 slugs
// and their uniqueness, optimistic locking, publication by the clock, audit rows, revisions and
// restore, and the public site (pages, search, sitemap, the maintenance banner) following an edit
// at once. Every test runs on SQLite and, with ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>

#include "admin/admin_api.hpp"
#include "admin/audit_log.hpp"
#include "admin/autosaves.hpp"
#include "admin/bootstrap.hpp"
#include "admin/content_api.hpp"
#include "admin/play_corrections_api.hpp"
#include "admin/trash_sweeper.hpp"
#include "api/overlay_api.hpp"
#include "app/site_app.hpp"
#include "content/content_types.hpp"
#include "domain/time.hpp"
#include "http/router.hpp"
#include "http_test_support.hpp"
#include "pages/page_loader.hpp"
#include "pages/preview_token.hpp"
#include "player/miniplayer_info.hpp"
#include "seo/seo_routes.hpp"
#include "store/content_version.hpp"
#include "store/track_play_repository.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
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

// A seeded store with the admin, content, page, SEO and overlay routes on one router, as the
// server wires them, and a clock the test moves.
class Harness {
 public:
  explicit Harness(store::Database& db) : db_(db) {
    exec("INSERT INTO channels (slug, name) VALUES ('radio2', 'Radio 2')");
    exec("INSERT INTO channels (slug, name) VALUES ('radio5', 'Radio 5')");
    exec("INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')");
    admin_ = std::make_unique<AdminApi>(
        db_, AdminOptions{.base_url = kOrigin, .password_cost = kMinimumCost, .throttle = {}},
        [this] { return now_.load(); });
    pages::SiteSettings settings;
    settings.base_url = kOrigin;
    settings.preview_secret = "test-preview-secret";
    loader_ = std::make_unique<pages::PageLoader>(
        db_, settings, [this] { return std::chrono::system_clock::time_point{std::chrono::seconds{now_.load()}}; });
    watch_ = std::make_unique<store::ContentVersionWatch>(db_);
    watch_->on_change([this](std::int64_t) { loader_->search().refresh(); });
    content_ = std::make_unique<ContentApi>(
        db_, *admin_,
        ContentApiOptions{.base_url = kOrigin,
                          .preview_secret = "test-preview-secret",
                          .media_dir = std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo"},
        [this] { return now_.load(); }, [this] { watch_->refresh(); });
    seo_ = std::make_unique<seo::SeoRoutes>(
        db_, seo::SeoOptions{kOrigin, std::filesystem::path(ETHER_TEST_TMP), "ether", "radio2"},
        [this] { return now_.load(); });
    overlays_ = std::make_unique<api::OverlayApi>(db_, [this] { return now_.load(); });
    admin_->add_routes(router_);
    autosaves_ = std::make_unique<AutosaveApi>(db_, *admin_, [this] { return now_.load(); });
    plays_ = std::make_unique<PlayCorrectionsApi>(
        db_, *admin_, [this] { return now_.load(); }, [this] { watch_->refresh(); });
    plays_->add_routes(router_);
    content_->add_routes(router_);
    autosaves_->add_routes(router_);
    seo_->add_routes(router_);
    overlays_->add_routes(router_);
    loader_->search().refresh();
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

  Answer call(const std::string& method, const std::string& target, const std::string& body = "",
              const Login* who = nullptr) {
    return test::admin_call(router_, method, target, body, who);
  }

  Answer as(const Login& who, const std::string& method, const std::string& target, const json::value& body = nullptr) {
    return test::admin_as(router_, who, method, target, body);
  }

  // An account of `role` that logged in and chose its own password.
  Login user(const std::string& email, Role role) { return test::admin_user(db_, router_, now_, email, role); }

  std::string page(const std::string& path) { return json::serialize(loader_->load(path, {}).data); }
  std::string sitemap() { return call("GET", "/sitemap.xml").text; }
  std::string banner() { return call("GET", "/api/maintenance-notification").text; }

  std::vector<AuditEntry> audit(const std::string& type, const std::string& id) {
    auto lease = db_.lease();
    return AuditLog(*lease)
        .query(AuditFilter{.user_id = std::nullopt, .item_type = type, .item_id = id}, 1, 100)
        .entries;
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_{kStart};
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<pages::PageLoader> loader_;
  std::unique_ptr<store::ContentVersionWatch> watch_;
  std::unique_ptr<ContentApi> content_;
  std::unique_ptr<AutosaveApi> autosaves_;
  std::unique_ptr<PlayCorrectionsApi> plays_;
  std::unique_ptr<seo::SeoRoutes> seo_;
  std::unique_ptr<api::OverlayApi> overlays_;
  http::Router router_;
};

json::object article_values(const std::string& title, const std::string& slug) {
  return json::object{
      {"title", title},        {"slug", slug},
      {"category", "cultuur"}, {"intro", "Een korte inleiding."},
      {"author", "Redactie"},  {"body", json::array{json::object{{"type", "paragraph"}, {"text", "Eerste alinea."}}}}};
}

json::object programme_values(const std::string& name, const std::string& slug, const std::string& channel = "radio2") {
  return json::object{{"name", name}, {"slug", slug}, {"channel", channel}, {"summary", "Elke ochtend."}};
}

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void every_role_is_refused_where_it_must_be(store::Database& db) {
  Harness h(db);
  auto redacteur = h.user("rita@ether.local", Role::redacteur);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto beheerder = h.user("bea@ether.local", Role::beheerder);

  // Not logged in: 401 everywhere.
  EXPECT_EQ(h.call("GET", "/api/admin/content/articles").status, 401U);
  EXPECT_EQ(h.call("POST", "/api/admin/content/articles", "{}").status, 401U);

  // A redacteur writes drafts, and nothing that is on the site at once.
  auto draft = h.as(redacteur, "POST", "/api/admin/content/articles",
                    json::object{{"values", article_values("Concept", "concept")}});
  ASSERT_EQ(draft.status, 201U) << draft.text;
  EXPECT_EQ(draft.item().at("state"), "draft");
  auto edited = h.as(redacteur, "PUT", "/api/admin/content/articles/" + draft.id(),
                     json::object{{"version", draft.version()}, {"values", json::object{{"title", "Concept 2"}}}});
  ASSERT_EQ(edited.status, 200U) << edited.text;
  const auto article = "/api/admin/content/articles/" + draft.id();
  EXPECT_EQ(h.as(redacteur, "POST", article + "/publish", json::object{{"version", edited.version()}}).code(),
            "forbidden");
  EXPECT_EQ(h.as(redacteur, "DELETE", article + "?version=" + std::to_string(edited.version())).status, 403U);
  EXPECT_EQ(
      h.as(redacteur, "POST", "/api/admin/content/programmes", json::object{{"values", programme_values("P", "p")}})
          .status,
      403U);
  EXPECT_EQ(h.as(redacteur, "POST", "/api/admin/content/channels",
                 json::object{{"values", json::object{{"name", "X"}, {"slug", "x"}, {"color", "#112233"}}}})
                .status,
            403U);

  // The eindredacteur publishes; then the redacteur may no longer change it.
  auto published = h.as(eind, "POST", article + "/publish", json::object{{"version", edited.version()}});
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.item().at("state"), "online");
  EXPECT_EQ(h.as(redacteur, "PUT", article,
                 json::object{{"version", published.version()}, {"values", json::object{{"title", "Anders"}}}})
                .status,
            403U);
  EXPECT_EQ(h.as(redacteur, "POST", article + "/unpublish", json::object{{"version", published.version()}}).status,
            403U);
  // Station settings are the beheerder's.
  const json::object channel{
      {"values", json::object{{"name", "Radio 6"}, {"slug", "radio6"}, {"color", "#112233"}, {"playerMode", "music"}}}};
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/content/channels", channel).status, 403U);
  EXPECT_EQ(h.as(beheerder, "POST", "/api/admin/content/channels", channel).status, 201U);
  // Refused for the role before the request is read: a delete without its version is still a 403.
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/content/channels/radio6").status, 403U);
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/content/channels/radio6?version=1").status, 403U);
  auto programme = h.as(eind, "POST", "/api/admin/content/programmes",
                        json::object{{"values", programme_values("Ochtend", "ochtend")}});
  EXPECT_EQ(programme.status, 201U) << programme.text;
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/content/programmes/" + programme.id() + "?version=1").status, 204U);

  // A user limited to radio5 neither sees nor changes radio2's programmes.
  auto limited = h.user("lisa@ether.local", Role::eindredacteur);
  h.exec("UPDATE admin_users SET channels = 'radio5' WHERE email_key = 'lisa@ether.local'");
  auto radio2 =
      h.as(eind, "POST", "/api/admin/content/programmes", json::object{{"values", programme_values("Twee", "twee")}});
  ASSERT_EQ(radio2.status, 201U);
  EXPECT_EQ(h.as(limited, "GET", "/api/admin/content/programmes/" + radio2.id()).code(), "forbidden_channel");
  EXPECT_EQ(h.as(limited, "PUT", "/api/admin/content/programmes/" + radio2.id(),
                 json::object{{"version", 1}, {"values", json::object{{"name", "Drie"}}}})
                .status,
            403U);
  EXPECT_EQ(h.as(limited, "POST", "/api/admin/content/programmes",
                 json::object{{"values", programme_values("Vijf", "vijf", "radio2")}})
                .status,
            403U);
  EXPECT_EQ(h.as(limited, "POST", "/api/admin/content/programmes",
                 json::object{{"values", programme_values("Vijf", "vijf", "radio5")}})
                .status,
            201U);
  auto seen = h.as(limited, "GET", "/api/admin/content/programmes");
  ASSERT_EQ(seen.body.at("total").as_int64(), 1);
  EXPECT_EQ(seen.body.at("items").at(0).at("title"), "Vijf");

  // Issue 47: the same limit in a form's reference options and in the audit log, which shows her
  // radio5's rows and the rows of content bound to no channel, not radio2's nor the station's own.
  const auto options = h.as(limited, "GET", "/api/admin/content/programmes/options");
  ASSERT_EQ(options.status, 200U) << options.text;
  ASSERT_EQ(options.body.at("options").as_array().size(), 1U) << options.text;
  EXPECT_EQ(options.body.at("options").at(0).at("label"), "Vijf");
  EXPECT_GT(h.as(eind, "GET", "/api/admin/content/programmes/options").body.at("options").as_array().size(), 1U);
  const auto audit = h.as(limited, "GET", "/api/admin/audit");
  ASSERT_EQ(audit.status, 200U) << audit.text;
  const auto entries = audit.body.at("entries").as_array();
  EXPECT_FALSE(entries.empty());
  for (const auto& entry : entries) {
    const std::string type(entry.at("itemType").as_string());
    EXPECT_TRUE(type == "programmes" || type == "articles") << json::serialize(entry);
    if (type == "programmes") EXPECT_NE(entry.at("itemId"), json::value(radio2.id())) << json::serialize(entry);
  }
  EXPECT_EQ(audit.body.at("total").as_int64(), static_cast<std::int64_t>(entries.size()));
  const auto all = h.as(eind, "GET", "/api/admin/audit");
  EXPECT_GT(all.body.at("total").as_int64(), audit.body.at("total").as_int64());
}

void slugs_follow_the_rule_and_are_unique(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto create = [&](const std::string& slug) {
    return h.as(eind, "POST", "/api/admin/content/programmes",
                json::object{{"values", programme_values("Ochtend", slug)}});
  };
  auto empty = create("");
  EXPECT_EQ(empty.status, 422U);
  EXPECT_EQ(empty.field_error("slug"), "Vul een URL in");
  for (const char* bad : {"Ochtend", "och tend", "-ochtend", "ochtend-", "och--tend", "óchtend"}) {
    auto answer = create(bad);
    EXPECT_EQ(answer.status, 422U) << bad;
    EXPECT_EQ(answer.field_error("slug"), "De URL mag alleen kleine letters en liggende streepjes bevatten") << bad;
  }
  ASSERT_EQ(create("ochtend-show").status, 201U);
  auto taken = create("ochtend-show");
  EXPECT_EQ(taken.status, 422U);
  EXPECT_EQ(taken.field_error("slug"), std::string(content::kSlugTaken));
  // The same article slug in another category is another URL; in the same one it is taken.
  h.exec("INSERT INTO news_categories (slug, name, color) VALUES ('sport', 'Sport', '#00aa00')");
  auto first =
      h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", article_values("Een", "een")}});
  ASSERT_EQ(first.status, 201U) << first.text;
  auto again = article_values("Een", "een");
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", again}}).field_error("slug"),
            std::string(content::kSlugTaken));
  again["category"] = "sport";
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", again}}).status, 201U);
  // An item keeps its own slug when saved again.
  EXPECT_EQ(h.as(eind, "PUT", "/api/admin/content/articles/" + first.id(),
                 json::object{{"version", 1}, {"values", json::object{{"slug", "een"}, {"intro", "Nieuw."}}}})
                .status,
            200U);
  // Other fields answer their own inline messages; unknown references are refused.
  auto bad = h.as(
      eind, "POST", "/api/admin/content/programmes",
      json::object{
          {"values",
           json::object{{"name", ""}, {"slug", "goed"}, {"channel", "radio9"}, {"imageUrl", "javascript:alert(1)"}}}});
  EXPECT_EQ(bad.status, 422U);
  EXPECT_EQ(bad.field_error("name"), "Vul dit veld in.");
  EXPECT_EQ(bad.field_error("channel"), "Kies een bestaand item uit de lijst.");
  EXPECT_FALSE(bad.field_error("imageUrl").empty());
}

void a_stale_version_is_refused_and_nothing_is_lost(store::Database& db) {
  Harness h(db);
  auto anna = h.user("anna@ether.local", Role::eindredacteur);
  auto bert = h.user("bert@ether.local", Role::eindredacteur);
  auto created = h.as(anna, "POST", "/api/admin/content/programmes",
                      json::object{{"values", programme_values("Ochtend", "ochtend")}});
  ASSERT_EQ(created.status, 201U);
  const auto path = "/api/admin/content/programmes/" + created.id();
  auto first =
      h.as(anna, "PUT", path, json::object{{"version", 1}, {"values", json::object{{"summary", "Van Anna."}}}});
  ASSERT_EQ(first.status, 200U);
  EXPECT_EQ(first.version(), 2);
  auto second =
      h.as(bert, "PUT", path, json::object{{"version", 1}, {"values", json::object{{"summary", "Van Bert."}}}});
  EXPECT_EQ(second.status, 409U);
  EXPECT_EQ(second.code(), "conflict");
  EXPECT_NE(std::string(second.body.at("error").at("message").as_string()).find("intussen"), std::string::npos);
  EXPECT_EQ(second.body.at("error").at("current").at("values").at("summary"), "Van Anna.");
  EXPECT_EQ(h.as(bert, "GET", path).item().at("values").at("summary"), "Van Anna.");
  EXPECT_EQ(h.as(bert, "DELETE", path + "?version=1").status, 409U);
  // With the current version Bert's change goes through.
  EXPECT_EQ(
      h.as(bert, "PUT", path, json::object{{"version", 2}, {"values", json::object{{"summary", "Van Bert."}}}}).status,
      200U);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programmes WHERE summary = 'Van Bert.' AND version = 3"), 1);
}

void publication_follows_the_clock(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/articles",
                      json::object{{"values", article_values("Zonsverduistering boven Utrecht", "zonsverduistering")}});
  ASSERT_EQ(created.status, 201U);
  const auto path = "/api/admin/content/articles/" + created.id();
  EXPECT_EQ(h.page("/nieuws").find("Zonsverduistering"), std::string::npos) << "a draft is not on the site";
  EXPECT_EQ(h.loader_->load("/nieuws/cultuur/" + created.id() + "/zonsverduistering", {}).status, 404U);

  const auto from = kStart + 3600;
  const auto until = kStart + 7200;
  auto bad = h.as(eind, "POST", path + "/publish",
                  json::object{{"version", 1},
                               {"publishAt", domain::format_iso_utc(from)},
                               {"unpublishAt", domain::format_iso_utc(from - 60)}});
  EXPECT_EQ(bad.field_error("unpublishAt"), "Kies een moment na de publicatie.");
  auto scheduled = h.as(
      eind, "POST", path + "/publish",
      json::object{
          {"version", 1}, {"publishAt", "2026-11-21T12:00:00.000Z"}, {"unpublishAt", domain::format_iso_utc(until)}});
  ASSERT_EQ(scheduled.status, 200U) << scheduled.text;
  EXPECT_EQ(scheduled.item().at("state"), "scheduled");
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/content/articles?state=scheduled").body.at("total"), 1);
  EXPECT_EQ(h.page("/nieuws").find("Zonsverduistering"), std::string::npos);
  EXPECT_EQ(h.sitemap().find("/zonsverduistering"), std::string::npos);

  h.now_ = from;  // no job runs: the queries ask the clock
  EXPECT_NE(h.page("/nieuws").find("Zonsverduistering"), std::string::npos);
  EXPECT_EQ(h.loader_->load("/nieuws/cultuur/" + created.id() + "/zonsverduistering", {}).status, 200U);
  EXPECT_NE(h.sitemap().find("/nieuws/cultuur/" + created.id() + "/zonsverduistering"), std::string::npos);
  EXPECT_TRUE(h.loader_->search().refresh()) << "the visible set changed, so the fingerprint did";
  EXPECT_NE(h.page("/zoeken/zonsverduistering").find("Zonsverduistering"), std::string::npos);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/content/articles?state=online").body.at("total"), 1);

  h.now_ = until;
  EXPECT_EQ(h.page("/nieuws").find("Zonsverduistering"), std::string::npos);
  EXPECT_EQ(h.sitemap().find("/zonsverduistering"), std::string::npos);
  EXPECT_EQ(h.as(eind, "GET", path).item().at("state"), "expired");

  // A maintenance notification: off until published, then on the site until its end.
  auto notice = h.as(eind, "POST", "/api/admin/content/maintenance-notifications",
                     json::object{{"values", json::object{{"title", "Onderhoud vannacht"}, {"dismissable", true}}}});
  ASSERT_EQ(notice.status, 201U) << notice.text;
  EXPECT_EQ(h.banner().find("Onderhoud vannacht"), std::string::npos);
  auto on = h.as(eind, "POST", "/api/admin/content/maintenance-notifications/" + notice.id() + "/publish",
                 json::object{{"version", 1}, {"unpublishAt", domain::format_iso_utc(until + 600)}});
  ASSERT_EQ(on.status, 200U) << on.text;
  EXPECT_NE(h.banner().find("Onderhoud vannacht"), std::string::npos);
  h.now_ = until + 600;
  EXPECT_EQ(h.banner().find("Onderhoud vannacht"), std::string::npos);
}

// Issue 54: visitors see the overlay with the lowest order, and of equal orders the one published
// last (even when it was written first); the admin list shows them in that order and names it.
void overlays_follow_one_visible_order(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto create = [&](const std::string& type, const std::string& title) {
    auto created = h.as(eind, "POST", "/api/admin/content/" + type,
                        json::object{{"values", json::object{{"title", title}, {"sortOrder", 0}}}});
    EXPECT_EQ(created.status, 201U) << created.text;
    return created.id();
  };
  auto publish = [&](const std::string& type, const std::string& id) {
    auto on = h.as(eind, "POST", "/api/admin/content/" + type + "/" + id + "/publish", json::object{{"version", 1}});
    EXPECT_EQ(on.status, 200U) << on.text;
  };
  const auto first_written = create("event-modals", "Eerst geschreven");
  const auto second_written = create("event-modals", "Later geschreven");
  publish("event-modals", second_written);
  h.now_ = kStart + 60;
  publish("event-modals", first_written);
  const auto modals = json::parse(h.call("GET", "/api/eventmodal/content").text);
  EXPECT_EQ(modals.at("data").at("cmsContentBlocks").at("data").at(0).at("title"), "Eerst geschreven");
  auto list = h.as(eind, "GET", "/api/admin/content/event-modals");
  ASSERT_EQ(list.status, 200U) << list.text;
  EXPECT_EQ(list.body.at("items").at(0).at("id").as_string(), first_written);
  EXPECT_EQ(list.body.at("onSite").at("modal").at("id").as_string(), first_written);
  EXPECT_TRUE(list.body.at("onSite").at("banner").is_null());

  const auto old_notice = create("maintenance-notifications", "Oude melding");
  publish("maintenance-notifications", old_notice);
  h.now_ = kStart + 120;
  const auto new_notice = create("maintenance-notifications", "Nieuwe melding");
  publish("maintenance-notifications", new_notice);
  EXPECT_LT(h.banner().find("Nieuwe melding"), h.banner().find("Oude melding"));
  auto notices = h.as(eind, "GET", "/api/admin/content/maintenance-notifications");
  ASSERT_EQ(notices.status, 200U) << notices.text;
  EXPECT_EQ(notices.body.at("items").at(0).at("values").at("sortOrder"), 0);
  EXPECT_EQ(notices.body.at("onSite").at("banner").at("title"), "Nieuwe melding");
  EXPECT_EQ(notices.body.at("onSite").at("modal").at("title"), "Eerst geschreven");
}

// Issue 54: a changed slug keeps its old links working. A page named by id and slug answers a
// stale slug with a 301 to its canonical URL; a page named by slug alone moves from every earlier
// slug to the current one (also below it, with the query); a slug taken again is the new owner's.
void an_old_link_moves_to_the_current_page(store::Database& db) {
  Harness h(db);
  test::TempDir dir;
  test::write_web_dist(dir.path() / "web");
  config::Config config;
  config.web_dir = dir.path() / "web";
  config.media_dir = dir.path() / "media";
  config.base_url = kOrigin;
  auto site = app::SiteApp::create(config, *h.loader_, [] { return true; });
  auto get = [&](const std::string& target) { return site->handle(test::get(target)); };
  auto eind = h.user("erik@ether.local", Role::eindredacteur);

  auto article =
      h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", article_values("Zon weg", "zon-weg")}});
  ASSERT_EQ(article.status, 201U) << article.text;
  const auto path = "/api/admin/content/articles/" + article.id();
  ASSERT_EQ(h.as(eind, "POST", path + "/publish", json::object{{"version", 1}}).status, 200U);
  auto renamed = h.as(eind, "PUT", path, json::object{{"version", 2}, {"values", json::object{{"slug", "eclips"}}}});
  ASSERT_EQ(renamed.status, 200U) << renamed.text;
  const auto canonical = "/nieuws/cultuur/" + article.id() + "/eclips";
  auto old = get("/nieuws/cultuur/" + article.id() + "/zon-weg");
  EXPECT_EQ(old.status, 301U);
  EXPECT_EQ(old.header("Location"), canonical);
  EXPECT_EQ(get(canonical).status, 200U);

  auto programme = h.as(eind, "POST", "/api/admin/content/programmes",
                        json::object{{"values", programme_values("Ochtend", "ochtend")}});
  ASSERT_EQ(programme.status, 201U) << programme.text;
  const auto programme_path = "/api/admin/content/programmes/" + programme.id();
  ASSERT_EQ(
      h.as(eind, "PUT", programme_path, json::object{{"version", 1}, {"values", json::object{{"slug", "ochtendshow"}}}})
          .status,
      200U);
  ASSERT_EQ(h.as(eind, "PUT", programme_path,
                 json::object{{"version", 2}, {"values", json::object{{"slug", "ochtendradio"}}}})
                .status,
            200U);
  for (const char* earlier : {"/programmas/ochtend", "/programmas/ochtendshow"}) {
    auto moved = get(earlier);
    EXPECT_EQ(moved.status, 301U) << earlier;
    EXPECT_EQ(moved.header("Location"), "/programmas/ochtendradio") << earlier;
  }
  auto below = get("/programmas/ochtend/nieuws?page=2");
  EXPECT_EQ(below.status, 301U);
  EXPECT_EQ(below.header("Location"), "/programmas/ochtendradio/nieuws?page=2");
  EXPECT_EQ(get("/programmas/ochtendradio").status, 200U);
  // Followed inside the app (/api/page), an old link says where the page is now.
  const std::vector<std::pair<std::string, std::string>> in_app_moves{
      {"/programmas/ochtend/nieuws?page=2", "/programmas/ochtendradio/nieuws?page=2"},
      {"/nieuws/cultuur/" + article.id() + "/zon-weg", canonical}};
  for (const auto& [earlier, now] : in_app_moves) {
    std::string encoded;
    for (char c : earlier) encoded += c == '?' ? std::string("%3F") : c == '=' ? std::string("%3D") : std::string(1, c);
    auto in_app = get("/api/page?path=" + encoded);
    EXPECT_EQ(in_app.status, 200U) << earlier;
    EXPECT_EQ(json::parse(in_app.payload()).at("movedTo").as_string(), now) << earlier;
  }

  // The old slug given to another programme is that programme's page.
  ASSERT_EQ(h.as(eind, "POST", "/api/admin/content/programmes",
                 json::object{{"values", programme_values("Nieuwe ochtend", "ochtend")}})
                .status,
            201U);
  EXPECT_EQ(get("/programmas/ochtend").status, 200U);
  EXPECT_EQ(get("/programmas/nooit-bestaan").status, 404U);
}

void every_change_has_its_audit_row(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/programmes",
                      json::object{{"values", programme_values("Ochtend", "ochtend")}});
  const auto id = created.id();
  const auto path = "/api/admin/content/programmes/" + id;
  h.as(eind, "PUT", path, json::object{{"version", 1}, {"values", json::object{{"name", "Middag"}}}});
  // Saving without a change writes nothing.
  h.as(eind, "PUT", path, json::object{{"version", 2}, {"values", json::object{{"name", "Middag"}}}});
  h.as(eind, "DELETE", path + "?version=2");
  auto rows = h.audit("programmes", id);
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[2].action, "create");
  EXPECT_EQ(rows[2].changes.at("slug").at("after"), "ochtend");
  EXPECT_EQ(rows[1].action, "update");
  EXPECT_EQ(rows[1].user_name, "Naam erik");
  EXPECT_EQ(rows[1].changes.size(), 1U);
  EXPECT_EQ(rows[1].changes.at("name").at("before"), "Ochtend");
  EXPECT_EQ(rows[1].changes.at("name").at("after"), "Middag");
  // A delete moves the item to the trash: its fields stay, the moment it left is the change.
  EXPECT_EQ(rows[0].action, "trash");
  EXPECT_EQ(rows[0].changes.at("trashedAt").at("after").as_string(), domain::format_iso_utc(kStart));

  auto article = h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", article_values("A", "a")}});
  h.as(eind, "POST", "/api/admin/content/articles/" + article.id() + "/publish", json::object{{"version", 1}});
  auto published = h.audit("articles", article.id());
  ASSERT_EQ(published.size(), 2U);
  EXPECT_EQ(published[0].action, "publish");
  EXPECT_EQ(published[0].changes.at("published").at("before"), false);
  EXPECT_EQ(published[0].changes.at("published").at("after"), true);
  // A refused change leaves no row and no trace in the store.
  EXPECT_EQ(h.as(eind, "PUT", "/api/admin/content/articles/" + article.id(),
                 json::object{{"version", 2}, {"values", json::object{{"slug", "Fout"}}}})
                .status,
            422U);
  EXPECT_EQ(h.audit("articles", article.id()).size(), 2U);
}

void a_revision_is_restored(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/articles",
                      json::object{{"values", article_values("Eerste titel", "eerste")}});
  const auto path = "/api/admin/content/articles/" + created.id();
  auto second =
      h.as(eind, "PUT", path,
           json::object{{"version", 1}, {"values", json::object{{"title", "Tweede titel"}, {"intro", "Anders."}}}});
  ASSERT_EQ(second.status, 200U);
  auto revisions = h.as(eind, "GET", path + "/revisions").body.at("revisions").as_array();
  ASSERT_EQ(revisions.size(), 2U);
  EXPECT_EQ(revisions[0].at("title"), "Tweede titel");
  EXPECT_EQ(revisions[1].at("title"), "Eerste titel");
  const auto first_revision = std::to_string(revisions[1].at("id").as_int64());
  EXPECT_EQ(h.as(eind, "POST", path + "/revisions/" + first_revision + "/restore", json::object{{"version", 1}}).status,
            409U);
  auto restored = h.as(eind, "POST", path + "/revisions/" + first_revision + "/restore", json::object{{"version", 2}});
  ASSERT_EQ(restored.status, 200U) << restored.text;
  EXPECT_EQ(restored.item().at("values").at("title"), "Eerste titel");
  EXPECT_EQ(restored.item().at("values").at("intro"), "Een korte inleiding.");
  EXPECT_EQ(restored.version(), 3);
  EXPECT_EQ(h.as(eind, "GET", path + "/revisions").body.at("revisions").as_array().size(), 3U);
  EXPECT_EQ(h.audit("articles", created.id())[0].action, "restore");
  EXPECT_EQ(h.as(eind, "POST", path + "/revisions/99999/restore", json::object{{"version", 3}}).status, 404U);
}

// A version gets a label (or loses it) from whoever may edit the item; the list shows it with the
// fields that changed since the version before; one version is read with its values. Bad input is
// a clear 400, never a 500; every change of a label has its audit row.
void a_revision_gets_a_label(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/articles",
                      json::object{{"values", article_values("Eerste titel", "eerste")}});
  const auto path = "/api/admin/content/articles/" + created.id();
  ASSERT_EQ(
      h.as(eind, "PUT", path, json::object{{"version", 1}, {"values", json::object{{"intro", "Anders."}}}}).status,
      200U);
  auto revisions = h.as(eind, "GET", path + "/revisions").body.at("revisions").as_array();
  ASSERT_EQ(revisions.size(), 2U);
  EXPECT_EQ(revisions[0].at("changedFields"), (json::array{"intro"}));
  EXPECT_TRUE(revisions[1].at("changedFields").is_null());
  EXPECT_TRUE(revisions[1].at("label").is_null());
  const auto first = path + "/revisions/" + std::to_string(revisions[1].at("id").as_int64());

  auto labelled = h.as(eind, "PATCH", first, json::object{{"label", "  Voor de correctie "}});
  ASSERT_EQ(labelled.status, 200U) << labelled.text;
  EXPECT_EQ(labelled.body.at("revision").at("label"), "Voor de correctie");
  EXPECT_EQ(h.as(eind, "GET", path + "/revisions").body.at("revisions").as_array()[1].at("label"), "Voor de correctie");
  auto one = h.as(eind, "GET", first);
  ASSERT_EQ(one.status, 200U);
  EXPECT_EQ(one.body.at("revision").at("values").at("intro"), "Een korte inleiding.");
  EXPECT_EQ(one.body.at("revision").at("label"), "Voor de correctie");
  auto audit = h.audit("articles", created.id());
  EXPECT_EQ(audit[0].action, "label_revision");
  // Labelling is not a save: the item keeps its version.
  EXPECT_EQ(h.as(eind, "GET", path).version(), 2);

  // Bad input: too long (81 characters, counted as characters), not text, no label, no such version.
  std::string long_label;
  for (int i = 0; i < 81; ++i) long_label += "é";
  auto too_long = h.as(eind, "PATCH", first, json::object{{"label", long_label}});
  EXPECT_EQ(too_long.status, 400U);
  EXPECT_EQ(too_long.code(), "label_too_long");
  EXPECT_EQ(h.as(eind, "PATCH", first, json::object{{"label", long_label.substr(2)}}).status, 200U);
  EXPECT_EQ(h.as(eind, "PATCH", first, json::object{{"label", 5}}).code(), "bad_json");
  EXPECT_EQ(h.as(eind, "PATCH", first, json::object{}).code(), "bad_json");
  EXPECT_EQ(h.as(eind, "PATCH", path + "/revisions/99999", json::object{{"label", "x"}}).status, 404U);
  EXPECT_EQ(h.as(eind, "GET", path + "/revisions/99999").status, 404U);
  EXPECT_EQ(h.as(eind, "PATCH", path + "/revisions/abc", json::object{{"label", "x"}}).status, 404U);

  // An emptied label clears it.
  EXPECT_TRUE(h.as(eind, "PATCH", first, json::object{{"label", " "}}).body.at("revision").at("label").is_null());
  EXPECT_TRUE(h.as(eind, "PATCH", first, json::object{{"label", nullptr}}).body.at("revision").at("label").is_null());

  // A redacteur may not label a version of an article that is on the site; nobody without CSRF.
  ASSERT_EQ(h.as(eind, "POST", path + "/publish", json::object{{"version", 2}}).status, 200U);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  EXPECT_EQ(h.as(rita, "PATCH", first, json::object{{"label", "x"}}).status, 403U);
  auto forged = eind;
  forged.csrf = "wrong";
  EXPECT_EQ(h.as(forged, "PATCH", first, json::object{{"label", "x"}}).code(), "bad_csrf_token");
}

void the_public_site_follows_an_edit_at_once(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/articles",
                      json::object{{"values", article_values("Nachtelijke vogeltrek", "vogeltrek")}});
  const auto path = "/api/admin/content/articles/" + created.id();
  auto published = h.as(eind, "POST", path + "/publish", json::object{{"version", 1}});
  ASSERT_EQ(published.status, 200U);
  // Pages, search and the sitemap, with no wait and no refresh by hand.
  EXPECT_NE(h.page("/nieuws").find("Nachtelijke vogeltrek"), std::string::npos);
  EXPECT_NE(h.page("/zoeken/vogeltrek").find("Nachtelijke vogeltrek"), std::string::npos);
  const auto sitemap = h.sitemap();
  EXPECT_NE(sitemap.find("/nieuws/cultuur/" + created.id() + "/vogeltrek"), std::string::npos);
  // A title of the same length: the old fingerprint (lengths) would not notice; the versions do.
  auto edited = h.as(
      eind, "PUT", path,
      json::object{{"version", published.version()}, {"values", json::object{{"title", "Nachtelijke vleermuizen"}}}});
  ASSERT_EQ(edited.status, 200U) << edited.text;
  EXPECT_NE(h.page("/zoeken/vleermuizen").find("Nachtelijke vleermuizen"), std::string::npos);
  EXPECT_EQ(h.page("/zoeken/vogeltrek").find("Nachtelijke"), std::string::npos);
  EXPECT_NE(h.page("/nieuws").find("Nachtelijke vleermuizen"), std::string::npos);
  // A programme edit reaches its page and the search at once too.
  auto programme = h.as(eind, "POST", "/api/admin/content/programmes",
                        json::object{{"values", programme_values("Zondagochtend", "zondagochtend")}});
  ASSERT_EQ(programme.status, 201U);
  EXPECT_NE(h.page("/programmas/zondagochtend").find("Zondagochtend"), std::string::npos);
  EXPECT_NE(h.page("/zoeken/zondagochtend").find("/programmas/zondagochtend"), std::string::npos);
  // Unpublished: gone from every place.
  auto off = h.as(eind, "POST", path + "/unpublish", json::object{{"version", edited.version()}});
  ASSERT_EQ(off.status, 200U);
  EXPECT_EQ(h.page("/nieuws").find("vleermuizen"), std::string::npos);
  EXPECT_EQ(h.page("/zoeken/vleermuizen").find("Nachtelijke vleermuizen"), std::string::npos);
  EXPECT_EQ(h.sitemap().find("/vogeltrek"), std::string::npos);
  // Every write raised the content version that other instances compare.
  auto lease = db.lease();
  EXPECT_GE(store::read_content_version(*lease), 5);
}

// Issue 39 #20: 'Live tot' in the article form ends the story's 'Live' label on the site.
void a_live_story_ends_at_its_live_until(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto values = article_values("Storm boven de kust", "storm");
  values["liveUntil"] = "2026-11-21T15:00:00Z";
  auto created = h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", values}});
  ASSERT_EQ(created.status, 201U) << created.text;
  EXPECT_EQ(created.item().at("values").at("liveUntil"), "2026-11-21T15:00:00Z");
  const auto path = "/api/admin/content/articles/" + created.id();
  auto published = h.as(eind, "POST", path + "/publish", json::object{{"version", created.version()}});
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_NE(h.page("/nieuws").find(R"("liveUntil":"2026-11-21T15:00:00Z")"), std::string::npos);
  h.now_ = kStart + 4 * 3600;  // 15:00: the coverage is over
  EXPECT_EQ(h.page("/nieuws").find(R"("liveUntil":"2026)"), std::string::npos);
  h.now_ = kStart + 60;  // back within the editor's session
  // Not a moment: refused in Dutch; emptied: none.
  auto bad = h.as(eind, "PUT", path,
                  json::object{{"version", published.version()}, {"values", json::object{{"liveUntil", "morgen"}}}});
  EXPECT_EQ(bad.field_error("liveUntil"), "Vul een geldige datum en tijd in.");
  auto cleared = h.as(eind, "PUT", path,
                      json::object{{"version", published.version()}, {"values", json::object{{"liveUntil", nullptr}}}});
  ASSERT_EQ(cleared.status, 200U) << cleared.text;
  EXPECT_TRUE(cleared.item().at("values").at("liveUntil").is_null());
}

void a_preview_link_opens_a_draft_page(store::Database& db) {
  Harness h(db);
  auto redacteur = h.user("rita@ether.local", Role::redacteur);
  auto page =
      h.as(redacteur, "POST", "/api/admin/content/pages",
           json::object{{"values", json::object{{"title", "Winterspecial"}, {"slug", "winter"}, {"kind", "thema"}}}});
  ASSERT_EQ(page.status, 201U) << page.text;
  EXPECT_EQ(h.loader_->load("/thema/winter", {}).status, 404U);
  auto preview = h.as(redacteur, "GET", "/api/admin/content/pages/" + page.id() + "/preview");
  ASSERT_EQ(preview.status, 200U) << preview.text;
  std::string url(preview.body.at("url").as_string());
  ASSERT_EQ(url.rfind(std::string(kOrigin) + "/overzicht/preview/" + page.id() + "?x-craft-live-preview=", 0), 0U)
      << url;
  http::Request request;
  ASSERT_TRUE(http::parse_target(url.substr(std::string(kOrigin).size()), request));
  auto shown = h.loader_->load(request.path, request.query);
  EXPECT_EQ(shown.status, 200U);
  EXPECT_NE(json::serialize(shown.data).find("Winterspecial"), std::string::npos);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  ASSERT_EQ(h.as(eind, "DELETE", "/api/admin/content/pages/" + page.id() + "?version=" + std::to_string(page.version()))
                .status,
            204U);
  EXPECT_EQ(h.loader_->load(request.path, request.query).status, 404U);
}

void a_preview_link_opens_a_draft_article(store::Database& db) {
  Harness h(db);
  auto redacteur = h.user("rita@ether.local", Role::redacteur);
  auto draft = h.as(redacteur, "POST", "/api/admin/content/articles",
                    json::object{{"values", article_values("Geheim concept", "geheim")}});
  ASSERT_EQ(draft.status, 201U);
  auto preview = h.as(redacteur, "GET", "/api/admin/content/articles/" + draft.id() + "/preview");
  ASSERT_EQ(preview.status, 200U) << preview.text;
  std::string url(preview.body.at("url").as_string());
  const std::string path = "/nieuws/preview/" + draft.id();
  ASSERT_EQ(url.rfind(std::string(kOrigin) + path + "?x-craft-live-preview=", 0), 0U) << url;
  http::Request request;
  ASSERT_TRUE(http::parse_target(url.substr(std::string(kOrigin).size()), request));
  auto shown = h.loader_->load(request.path, request.query);
  EXPECT_EQ(shown.status, 200U);
  EXPECT_EQ(shown.route, "artikel");
  EXPECT_NE(json::serialize(shown.data).find("Geheim concept"), std::string::npos);
  // Without the token it does not exist; a content page's token for the same id does not open it.
  EXPECT_EQ(h.loader_->load(path, {}).status, 404U);
  http::Request page_link;
  ASSERT_TRUE(http::parse_target(
      pages::PreviewTokens("test-preview-secret").url("", std::stoll(draft.id()), kStart + 600), page_link));
  EXPECT_EQ(h.loader_->load(path, page_link.query).status, 403U);
  // Issue 40: an item in the trash is off the site at once, and a preview link sent earlier no
  // longer opens it either.
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  ASSERT_EQ(
      h.as(eind, "DELETE", "/api/admin/content/articles/" + draft.id() + "?version=" + std::to_string(draft.version()))
          .status,
      204U);
  EXPECT_EQ(h.loader_->load(request.path, request.query).status, 404U);
}

// Issue 37: a video's file is one the media dir holds (or an https address); a made-up path was
// published, and /videos then showed a dead player first.
void a_video_names_a_file_of_the_media_dir(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  json::object values{{"title", "Aftermovie"}, {"slug", "aftermovie"}, {"durationMs", 60000}};
  for (const char* missing : {"videos/bestaat-niet.mp4", "../README.md", "videos/../../README.md", "/etc/passwd",
                              "/media/videos/bestaat-niet.mp4"}) {
    values["videoPath"] = missing;
    auto refused = h.as(eind, "POST", "/api/admin/content/videos", json::object{{"values", values}});
    EXPECT_EQ(refused.status, 422U) << missing << ": " << refused.text;
    EXPECT_NE(refused.field_error("videoPath").find("mediamap"), std::string::npos) << refused.text;
  }
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM videos WHERE slug = 'aftermovie'"), 0);

  values["videoPath"] = "videos/festivalzomer-aftermovie.mp4";
  auto made = h.as(eind, "POST", "/api/admin/content/videos", json::object{{"values", values}});
  ASSERT_EQ(made.status, 201U) << made.text;
  const auto path = "/api/admin/content/videos/" + made.id();
  auto renamed =
      h.as(eind, "PUT", path, json::object{{"version", made.version()}, {"values", {{"title", "De aftermovie"}}}});
  ASSERT_EQ(renamed.status, 200U) << renamed.text;
  auto moved = h.as(eind, "PUT", path,
                    json::object{{"version", renamed.version()}, {"values", {{"videoPath", "videos/weg.mp4"}}}});
  EXPECT_EQ(moved.status, 422U) << moved.text;
  EXPECT_EQ(h.as(eind, "GET", path).item().at("values").at("videoPath"), "videos/festivalzomer-aftermovie.mp4");

  values["slug"] = "elders";
  values["videoPath"] = "https://cdn.example.org/aftermovie.mp4";
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/content/videos", json::object{{"values", values}}).status, 201U);
  values["slug"] = "site-pad";
  values["videoPath"] = "/media/videos/festivalzomer-aftermovie.mp4";
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/content/videos", json::object{{"values", values}}).status, 201U);
}

// A video of the media library is named by its master playlist, and only one that is ready is
// taken (issue 37): one still processing, one that failed, an unknown one and any other file under
// /uploads are refused on the field.
void a_library_video_must_be_ready(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  const std::string ready(64, 'a');
  const std::string processing(64, 'b');
  const std::string failed(64, 'c');
  h.exec("INSERT INTO media (kind, content_hash, status, created_at, updated_at) VALUES ('video', '" + ready +
         "', 'ready', 1, 1)");
  h.exec("INSERT INTO media (kind, content_hash, status, created_at, updated_at) VALUES ('video', '" + processing +
         "', 'processing', 1, 1)");
  h.exec("INSERT INTO media (kind, content_hash, status, created_at, updated_at) VALUES ('video', '" + failed +
         "', 'failed', 1, 1)");
  h.exec("INSERT INTO media (kind, content_hash, status, created_at, updated_at) VALUES ('audio', '" +
         std::string(64, 'd') + "', 'ready', 1, 1)");
  json::object values{{"title", "Uit de bibliotheek"}, {"slug", "bibliotheek"}, {"durationMs", 2000}};
  for (const auto& refused_path :
       {"/uploads/videos/" + processing + "/master.m3u8", "/uploads/videos/" + failed + "/master.m3u8",
        "/uploads/videos/" + std::string(64, 'd') + "/master.m3u8",
        "/uploads/videos/" + std::string(64, 'e') + "/master.m3u8", "/uploads/videos/" + ready + "/0/index.m3u8",
        "/uploads/videos/" + ready + "/poster.jpg", "/uploads/audio/" + std::string(64, 'd') + ".mp3",
        "/uploads/videos/" + ready + "/../../../etc/passwd"}) {
    values["videoPath"] = refused_path;
    auto refused = h.as(eind, "POST", "/api/admin/content/videos", json::object{{"values", values}});
    EXPECT_EQ(refused.status, 422U) << refused_path << ": " << refused.text;
    EXPECT_NE(refused.field_error("videoPath").find("mediabibliotheek"), std::string::npos) << refused.text;
  }
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM videos WHERE slug = 'bibliotheek'"), 0);
  values["videoPath"] = "/uploads/videos/" + ready + "/master.m3u8";
  values["posterUrl"] = "/uploads/videos/" + ready + "/poster.jpg";
  values["posterAlt"] = "Een testbeeld";
  auto made = h.as(eind, "POST", "/api/admin/content/videos", json::object{{"values", values}});
  ASSERT_EQ(made.status, 201U) << made.text;
  EXPECT_EQ(std::string(made.item().at("values").at("videoPath").as_string()),
            "/uploads/videos/" + ready + "/master.m3u8");
}

void relations_are_edited_checked_audited_and_shown(store::Database& db) {
  Harness h(db);
  h.exec("INSERT INTO presenters (slug, name) VALUES ('anna', 'Anna Ansel')");
  h.exec("INSERT INTO presenters (slug, name) VALUES ('bram', 'Bram Bakker')");
  h.exec("INSERT INTO broadcasters (slug, name) VALUES ('vpro', 'VPRO')");
  const auto anna = h.count("SELECT id FROM presenters WHERE slug = 'anna'");
  const auto bram = h.count("SELECT id FROM presenters WHERE slug = 'bram'");
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto beheerder = h.user("bea@ether.local", Role::beheerder);

  auto values = programme_values("Ochtendgloren", "ochtendgloren");
  values["presenters"] = json::array{bram, anna};
  values["broadcasters"] = json::array{"vpro"};
  auto created = h.as(eind, "POST", "/api/admin/content/programmes", json::object{{"values", values}});
  ASSERT_EQ(created.status, 201U) << created.text;
  EXPECT_EQ(created.item().at("values").at("presenters"), (json::array{bram, anna}));
  EXPECT_EQ(created.item().at("values").at("broadcasters"), json::array{"vpro"});
  // The order the form sent is the order of the site.
  const auto page = h.page("/programmas/ochtendgloren");
  ASSERT_NE(page.find("Bram Bakker"), std::string::npos) << page;
  ASSERT_NE(page.find("Anna Ansel"), std::string::npos);
  EXPECT_LT(page.find("Bram Bakker"), page.find("Anna Ansel"));
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programme_broadcasters WHERE broadcaster_slug = 'vpro'"), 1);

  // Unknown or malformed keys are form errors, and nothing changes.
  const auto path = "/api/admin/content/programmes/" + created.id();
  for (const auto& bad : {json::value(json::array{anna, 999999}), json::value(json::array{"anna"}), json::value("anna"),
                          json::value(json::array{-1})}) {
    auto refused = h.as(eind, "PUT", path,
                        json::object{{"version", created.version()}, {"values", json::object{{"presenters", bad}}}});
    EXPECT_EQ(refused.status, 422U) << json::serialize(bad);
    EXPECT_EQ(refused.code(), "invalid_fields");
    EXPECT_EQ(refused.field_error("presenters"), "Kies bestaande items uit de lijst.");
  }
  auto unknown_broadcaster = h.as(
      eind, "PUT", path,
      json::object{{"version", created.version()}, {"values", json::object{{"broadcasters", json::array{"nope"}}}}});
  EXPECT_EQ(unknown_broadcaster.status, 422U);
  EXPECT_EQ(unknown_broadcaster.field_error("broadcasters"), "Kies bestaande items uit de lijst.");
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programme_presenters WHERE programme_id = " + created.id()), 2);

  // A change of links alone is saved, audited with before and after, and on the page at once.
  auto edited =
      h.as(eind, "PUT", path,
           json::object{{"version", created.version()}, {"values", json::object{{"presenters", json::array{anna}}}}});
  ASSERT_EQ(edited.status, 200U) << edited.text;
  EXPECT_EQ(edited.version(), created.version() + 1);
  EXPECT_EQ(edited.item().at("values").at("presenters"), json::array{anna});
  EXPECT_EQ(edited.item().at("values").at("broadcasters"), json::array{"vpro"});
  EXPECT_EQ(h.page("/programmas/ochtendgloren").find("Bram Bakker"), std::string::npos);
  auto rows = h.audit("programmes", created.id());
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows.front().action, "update");
  EXPECT_EQ(json::serialize(rows.front().changes.at("presenters")),
            json::serialize(json::object{{"before", json::array{bram, anna}}, {"after", json::array{anna}}}));
  // Lists leave the relations out; the item carries them.
  auto listed = h.as(eind, "GET", "/api/admin/content/programmes");
  EXPECT_FALSE(listed.body.at("items").at(0).at("values").as_object().contains("presenters"));
  // The presenter in use cannot be deleted; the one let go can.
  auto presenter = h.as(eind, "GET", "/api/admin/content/presenters/" + std::to_string(bram));
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/content/presenters/" + std::to_string(anna) + "?version=1").status, 409U);
  EXPECT_EQ(
      h.as(eind, "DELETE",
           "/api/admin/content/presenters/" + std::to_string(bram) + "?version=" + std::to_string(presenter.version()))
          .status,
      204U);

  // An article's tags: free words, trimmed, in lower case and each once; on the page at once.
  auto article = h.as(eind, "POST", "/api/admin/content/articles",
                      json::object{{"values", article_values("Herfststorm", "herfststorm")}});
  ASSERT_EQ(article.status, 201U) << article.text;
  EXPECT_EQ(article.item().at("values").at("tags"), json::array{});
  const auto article_path = "/api/admin/content/articles/" + article.id();
  auto tagged = h.as(eind, "PUT", article_path,
                     json::object{{"version", article.version()},
                                  {"values", json::object{{"tags", json::array{" Weer ", "storm", "weer", ""}}}}});
  ASSERT_EQ(tagged.status, 200U) << tagged.text;
  EXPECT_EQ(tagged.item().at("values").at("tags"), (json::array{"storm", "weer"}));
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM article_tags WHERE article_id = " + article.id()), 2);
  for (const auto& bad : {json::value(json::array{std::string(51, 'x')}), json::value(json::array{1}),
                          json::value("storm"), json::value(json::array{"regel\nbreuk"})}) {
    auto refused = h.as(eind, "PUT", article_path,
                        json::object{{"version", tagged.version()}, {"values", json::object{{"tags", bad}}}});
    EXPECT_EQ(refused.status, 422U) << json::serialize(bad);
    EXPECT_EQ(refused.field_error("tags"),
              "Gebruik hoogstens 20 tags van elk hoogstens 50 tekens, zonder stuurtekens.");
  }
  ASSERT_EQ(h.as(eind, "POST", article_path + "/publish", json::object{{"version", tagged.version()}}).status, 200U);
  const auto article_page = h.page("/nieuws/cultuur/" + article.id() + "/herfststorm");
  EXPECT_NE(article_page.find(R"("tags":["storm","weer"])"), std::string::npos) << article_page;

  // Spec §5's broadcaster whitelist of a channel is a relation too, by slug.
  auto channel =
      h.as(beheerder, "GET",
           "/api/admin/content/channels/" + std::to_string(h.count("SELECT id FROM channels WHERE slug = 'radio2'")));
  ASSERT_EQ(channel.status, 200U) << channel.text;
  EXPECT_EQ(channel.item().at("values").at("broadcasters"), json::array{});
  auto whitelisted = h.as(beheerder, "PUT", "/api/admin/content/channels/" + channel.id(),
                          json::object{{"version", channel.version()},
                                       {"values", json::object{{"broadcasters", json::array{"vpro", "vpro"}}}}});
  ASSERT_EQ(whitelisted.status, 200U) << whitelisted.text;
  EXPECT_EQ(whitelisted.item().at("values").at("broadcasters"), json::array{"vpro"});
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM channel_broadcasters WHERE channel_slug = 'radio2'"), 1);
  // An eindredacteur may not change a channel (station settings).
  EXPECT_EQ(
      h.as(eind, "PUT", "/api/admin/content/channels/" + channel.id(),
           json::object{{"version", whitelisted.version()}, {"values", json::object{{"broadcasters", json::array{}}}}})
          .status,
      403U);
}

void a_referenced_item_is_archived_and_restored(store::Database& db) {
  Harness h(db);
  auto redacteur = h.user("rita@ether.local", Role::redacteur);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/programmes",
                      json::object{{"values", programme_values("Nachtwacht", "nachtwacht")}});
  ASSERT_EQ(created.status, 201U) << created.text;
  EXPECT_EQ(created.item().at("archived"), false);
  h.exec("INSERT INTO broadcasts (channel_slug, programme_id, slug, title, starts_at, ends_at) VALUES ('radio2', " +
         created.id() + ", 'nachtwacht', 'Nachtwacht', " + std::to_string(kStart - 7200) + ", " +
         std::to_string(kStart - 3600) + ")");
  const auto path = "/api/admin/content/programmes/" + created.id();
  ASSERT_NE(h.page("/programmas").find("Nachtwacht"), std::string::npos);

  // Referred to by a broadcast: the form is told so, and a delete is refused with the way out.
  auto shown = h.as(eind, "GET", path);
  EXPECT_EQ(shown.item().at("usedBy"), 1);
  auto refused = h.as(eind, "DELETE", path + "?version=" + std::to_string(created.version()));
  EXPECT_EQ(refused.status, 409U);
  EXPECT_EQ(refused.code(), "in_use");
  EXPECT_NE(refused.text.find("Archiveer het."), std::string::npos) << refused.text;

  // A redacteur may not archive (as it may not delete); a stale version is refused.
  EXPECT_EQ(h.as(redacteur, "POST", path + "/archive", json::object{{"version", created.version()}}).status, 403U);
  EXPECT_EQ(h.as(eind, "POST", path + "/archive", json::object{{"version", created.version() + 5}}).status, 409U);
  // A type that cannot be archived has no such route.
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/content/articles/1/archive", json::object{{"version", 1}}).status, 404U);

  auto archived = h.as(eind, "POST", path + "/archive", json::object{{"version", created.version()}});
  ASSERT_EQ(archived.status, 200U) << archived.text;
  EXPECT_EQ(archived.item().at("archived"), true);
  EXPECT_EQ(archived.item().at("archivedAt").as_string(), domain::format_iso_utc(kStart));
  // Off the listener site at once: no page, no card, no search entry, no sitemap link ...
  EXPECT_EQ(h.loader_->load("/programmas/nachtwacht", {}).status, 404U);
  EXPECT_EQ(h.page("/programmas").find("Nachtwacht"), std::string::npos);
  EXPECT_EQ(h.page("/zoeken/nachtwacht").find("/programmas/nachtwacht"), std::string::npos);
  EXPECT_EQ(h.sitemap().find("/programmas/nachtwacht"), std::string::npos);
  // ... but kept in the store, with its broadcast, and still in the admin.
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programmes WHERE slug = 'nachtwacht'"), 1);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM broadcasts WHERE programme_id = " + created.id()), 1);
  EXPECT_EQ(h.as(eind, "GET", path).item().at("archived"), true);
  auto rows = h.audit("programmes", created.id());
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows.front().action, "archive");
  EXPECT_EQ(json::serialize(rows.front().changes.at("archivedAt")),
            json::serialize(json::object{{"before", nullptr}, {"after", domain::format_iso_utc(kStart)}}));

  auto restored = h.as(eind, "POST", path + "/unarchive", json::object{{"version", archived.version()}});
  ASSERT_EQ(restored.status, 200U) << restored.text;
  EXPECT_EQ(restored.item().at("archived"), false);
  EXPECT_EQ(h.loader_->load("/programmas/nachtwacht", {}).status, 200U);
  EXPECT_NE(h.sitemap().find("/programmas/nachtwacht"), std::string::npos);
  EXPECT_EQ(h.audit("programmes", created.id()).front().action, "unarchive");

  // An archived presenter leaves the programme pages and has no page of its own.
  h.exec("INSERT INTO presenters (slug, name) VALUES ('nora', 'Nora Nacht')");
  const auto nora = h.count("SELECT id FROM presenters WHERE slug = 'nora'");
  auto linked =
      h.as(eind, "PUT", path,
           json::object{{"version", restored.version()}, {"values", json::object{{"presenters", json::array{nora}}}}});
  ASSERT_EQ(linked.status, 200U) << linked.text;
  ASSERT_NE(h.page("/programmas/nachtwacht").find("Nora Nacht"), std::string::npos);
  auto gone = h.as(eind, "POST", "/api/admin/content/presenters/" + std::to_string(nora) + "/archive",
                   json::object{{"version", 1}});
  ASSERT_EQ(gone.status, 200U) << gone.text;
  EXPECT_EQ(h.page("/programmas/nachtwacht").find("Nora Nacht"), std::string::npos);
  EXPECT_EQ(h.loader_->load("/presentatoren/nora", {}).status, 404U);

  // The mini player of a broadcast on air leaves out the archived presenter, and an archived
  // programme as a whole: the broadcast keeps its title but links to no page that is gone.
  h.exec("INSERT INTO broadcasts (channel_slug, programme_id, slug, title, starts_at, ends_at) VALUES ('radio2', " +
         created.id() + ", 'nachtwacht-nu', 'Nachtwacht', " + std::to_string(kStart - 600) + ", " +
         std::to_string(kStart + 600) + ")");
  const auto on_air = [&] {
    auto info = player::build_miniplayer_info(h.db_, "radio2", kStart);
    if (!info) return json::object{};
    const auto& shown = info->document.at("data").at("radioBroadcasts").at("data").as_array();
    return shown.empty() ? json::object{} : shown.front().as_object();
  };
  // The guide of that day, by the same rule.
  const auto in_guide = [&] {
    auto guide = h.loader_->load("/gids/2026/11/21", {{"channel", "radio2"}});
    EXPECT_EQ(guide.status, 200U);
    for (const auto& b : guide.data.at("broadcasts").as_array()) {
      if (b.at("slug") == "nachtwacht-nu") return b.as_object();
    }
    return json::object{};
  };
  auto shown_on_air = on_air();
  EXPECT_EQ(shown_on_air.at("radioProgrammes").at("slug"), "nachtwacht");
  EXPECT_EQ(shown_on_air.at("radioPresenters"), json::array{});
  EXPECT_EQ(in_guide().at("programme").at("slug"), "nachtwacht");
  auto hidden = h.as(eind, "POST", path + "/archive", json::object{{"version", linked.version()}});
  ASSERT_EQ(hidden.status, 200U) << hidden.text;
  auto hidden_on_air = on_air();
  EXPECT_EQ(hidden_on_air.at("name"), "Nachtwacht");
  EXPECT_TRUE(hidden_on_air.at("radioProgrammes").is_null()) << json::serialize(hidden_on_air);
  auto hidden_in_guide = in_guide();
  EXPECT_EQ(hidden_in_guide.at("title"), "Nachtwacht");
  EXPECT_TRUE(hidden_in_guide.at("programme").is_null()) << json::serialize(hidden_in_guide);
  EXPECT_EQ(h.page("/gids/2026/11/21").find("/programmas/nachtwacht"), std::string::npos);
}

// Issue 40: a delete moves the item to the trash ('Prullenbak'): off the site, search and sitemap at
// once, restorable by an eindredacteur or beheerder with its relations and revisions, removed for
// good by hand or after the trash's days; every step audited.
void a_deleted_item_goes_to_the_trash_and_comes_back_whole(store::Database& db) {
  Harness h(db);
  auto redacteur = h.user("rita@ether.local", Role::redacteur);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", "/api/admin/content/articles",
                      json::object{{"values", article_values("Nachtelijke vogeltrek", "vogeltrek")}});
  ASSERT_EQ(created.status, 201U) << created.text;
  const auto path = "/api/admin/content/articles/" + created.id();
  auto edited = h.as(eind, "PUT", path,
                     json::object{{"version", 1}, {"values", json::object{{"intro", "Een betere inleiding."}}}});
  ASSERT_EQ(edited.status, 200U) << edited.text;
  auto published = h.as(eind, "POST", path + "/publish", json::object{{"version", edited.version()}});
  ASSERT_EQ(published.status, 200U) << published.text;
  const auto revisions_before = h.as(eind, "GET", path + "/revisions").body.at("revisions").as_array().size();
  const auto public_path = "/nieuws/cultuur/" + created.id() + "/vogeltrek";
  ASSERT_EQ(h.loader_->load(public_path, {}).status, 200U);
  ASSERT_NE(h.page("/zoeken/vogeltrek").find("Nachtelijke vogeltrek"), std::string::npos);

  // A redacteur may neither delete nor see the trash.
  EXPECT_EQ(h.as(redacteur, "DELETE", path + "?version=" + std::to_string(published.version())).status, 403U);
  EXPECT_EQ(h.as(redacteur, "GET", "/api/admin/trash").status, 403U);

  ASSERT_EQ(h.as(eind, "DELETE", path + "?version=" + std::to_string(published.version())).status, 204U);
  // Off the site at once: page, list, search and sitemap; and off the admin's lists and routes.
  EXPECT_EQ(h.loader_->load(public_path, {}).status, 404U);
  EXPECT_EQ(h.page("/nieuws").find("Nachtelijke vogeltrek"), std::string::npos);
  EXPECT_EQ(h.page("/zoeken/vogeltrek").find("Nachtelijke vogeltrek"), std::string::npos);
  EXPECT_EQ(h.sitemap().find(public_path), std::string::npos);
  EXPECT_EQ(h.as(eind, "GET", path).status, 404U);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/content/articles").body.at("total"), 0);
  // Its URL stays taken while it is in the trash, so that a restore never collides.
  auto same_slug = h.as(eind, "POST", "/api/admin/content/articles",
                        json::object{{"values", article_values("Andere vogels", "vogeltrek")}});
  EXPECT_EQ(same_slug.status, 422U);
  EXPECT_NE(same_slug.field_error("slug").find("prullenbak"), std::string::npos) << same_slug.text;

  auto trash = h.as(eind, "GET", "/api/admin/trash");
  ASSERT_EQ(trash.status, 200U) << trash.text;
  EXPECT_EQ(trash.body.at("keepDays"), 30);
  const auto& items = trash.body.at("items").as_array();
  ASSERT_EQ(items.size(), 1U) << trash.text;
  EXPECT_EQ(items[0].at("type"), "articles");
  EXPECT_EQ(items[0].at("id").as_string(), created.id());
  EXPECT_EQ(items[0].at("title"), "Nachtelijke vogeltrek");
  EXPECT_EQ(items[0].at("trashedBy"), "Naam erik");
  EXPECT_EQ(items[0].at("trashedAt").as_string(), domain::format_iso_utc(kStart));
  EXPECT_EQ(items[0].at("purgeAt").as_string(), domain::format_iso_utc(kStart + 30 * 86400));

  // Restored whole: on the site again, with its revisions, published as it was.
  EXPECT_EQ(h.as(redacteur, "POST", "/api/admin/trash/articles/" + created.id() + "/restore").status, 403U);
  auto restored = h.as(eind, "POST", "/api/admin/trash/articles/" + created.id() + "/restore");
  ASSERT_EQ(restored.status, 200U) << restored.text;
  EXPECT_EQ(restored.item().at("state"), "online");
  EXPECT_EQ(restored.item().at("values").at("intro"), "Een betere inleiding.");
  EXPECT_EQ(h.loader_->load(public_path, {}).status, 200U);
  EXPECT_NE(h.page("/zoeken/vogeltrek").find("Nachtelijke vogeltrek"), std::string::npos);
  EXPECT_NE(h.sitemap().find(public_path), std::string::npos);
  EXPECT_EQ(h.as(eind, "GET", path + "/revisions").body.at("revisions").as_array().size(), revisions_before);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/trash").body.at("items").as_array().size(), 0U);
  EXPECT_EQ(h.as(eind, "POST", "/api/admin/trash/articles/" + created.id() + "/restore").status, 404U);
  auto audit = h.audit("articles", created.id());
  ASSERT_GE(audit.size(), 2U);
  EXPECT_EQ(audit[0].action, "untrash");
  EXPECT_EQ(audit[1].action, "trash");

  // A programme comes back with its presenters (a relation it owns).
  h.exec("INSERT INTO presenters (slug, name) VALUES ('nora', 'Nora Nacht')");
  const auto nora = h.count("SELECT id FROM presenters WHERE slug = 'nora'");
  auto values = programme_values("Nachtwacht", "nachtwacht");
  values["presenters"] = json::array{nora};
  auto programme = h.as(eind, "POST", "/api/admin/content/programmes", json::object{{"values", values}});
  ASSERT_EQ(programme.status, 201U) << programme.text;
  const auto programme_path = "/api/admin/content/programmes/" + programme.id();
  ASSERT_EQ(h.as(eind, "DELETE", programme_path + "?version=" + std::to_string(programme.version())).status, 204U);
  EXPECT_EQ(h.loader_->load("/programmas/nachtwacht", {}).status, 404U);
  // A presenter that a trashed programme still names stays in use: the restore must find it.
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/content/presenters/" + std::to_string(nora) + "?version=1").status, 409U);
  ASSERT_EQ(h.as(eind, "POST", "/api/admin/trash/programmes/" + programme.id() + "/restore").status, 200U);
  EXPECT_EQ(h.as(eind, "GET", programme_path).item().at("values").at("presenters"), json::array{nora});
  EXPECT_NE(h.page("/programmas/nachtwacht").find("Nora Nacht"), std::string::npos);

  // Removed for good by hand: the row, its revisions, what was autosaved of it; the audit row keeps
  // what it was.
  auto again = h.as(eind, "GET", path);
  ASSERT_EQ(h.as(eind, "PUT", "/api/admin/autosaves/articles/" + created.id(),
                 json::object{{"values", json::object{{"title", "Half getypt"}}}, {"itemVersion", again.version()}})
                .status,
            200U);
  ASSERT_EQ(h.as(eind, "DELETE", path + "?version=" + std::to_string(again.version())).status, 204U);
  EXPECT_EQ(h.as(redacteur, "DELETE", "/api/admin/trash/articles/" + created.id()).status, 403U);
  ASSERT_EQ(h.as(eind, "DELETE", "/api/admin/trash/articles/" + created.id()).status, 204U);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM articles WHERE id = " + created.id()), 0);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_revisions WHERE item_type = 'articles' AND item_id = '" +
                    created.id() + "'"),
            0);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_autosaves WHERE content_type = 'articles' AND item_key = '" +
                    created.id() + "'"),
            0);
  auto purged = h.audit("articles", created.id());
  EXPECT_EQ(purged[0].action, "purge");
  EXPECT_EQ(purged[0].changes.at("title").at("before"), "Nachtelijke vogeltrek");
  // Removed for good, it leaves the audit log too (issue 47): the purge row names it by its title
  // alone, and the earlier rows keep which fields changed, not their values.
  EXPECT_EQ(purged[0].changes.size(), 1U) << json::serialize(purged[0].changes);
  ASSERT_GT(purged.size(), 1U);
  for (std::size_t i = 1; i < purged.size(); ++i) {
    for (const auto& [field, change] : purged[i].changes) {
      EXPECT_TRUE(change.at("before").is_null() && change.at("after").is_null())
          << purged[i].action << " " << field << ": " << json::serialize(change);
    }
  }
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM admin_audit_log WHERE item_type = 'articles' AND item_id = '" + created.id() +
                    "' AND changes LIKE '%vogeltrek%' AND action <> 'purge'"),
            0);
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/trash/articles/" + created.id()).status, 404U);

  // Emptied by the clock: not before the trash's days are over, then for good.
  auto fresh = h.as(eind, "GET", programme_path);
  ASSERT_EQ(h.as(eind, "DELETE", programme_path + "?version=" + std::to_string(fresh.version())).status, 204U);
  TrashSweeper sweeper(h.db_, 30, [&h] { return h.now_.load(); });
  h.now_ = kStart + 30 * 86400 - 1;
  EXPECT_EQ(sweeper.sweep(), 0);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programmes WHERE id = " + programme.id()), 1);
  h.now_ = kStart + 30 * 86400;
  EXPECT_EQ(sweeper.sweep(), 1);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programmes WHERE id = " + programme.id()), 0);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM programme_presenters WHERE programme_id = " + programme.id()), 0);
  auto swept = h.audit("programmes", programme.id());
  EXPECT_EQ(swept[0].action, "purge");
  EXPECT_EQ(swept[0].user_name, "Prullenbak");
  EXPECT_EQ(swept[0].changes.size(), 1U) << json::serialize(swept[0].changes);
  EXPECT_TRUE(swept.back().changes.at("name").at("after").is_null()) << json::serialize(swept.back().changes);
  // Now the presenter is free to go (back at a moment the editor's session lives).
  h.now_ = kStart + 600;
  EXPECT_EQ(h.as(eind, "DELETE", "/api/admin/content/presenters/" + std::to_string(nora) + "?version=1").status, 204U);
}

void an_autosave_is_kept_apart_per_account_and_cleared_by_a_save(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const std::string fresh = "/api/admin/autosaves/articles/new";

  // Nothing kept yet; then the form of a new article keeps what was typed.
  auto none = h.as(rita, "GET", fresh);
  ASSERT_EQ(none.status, 200U) << none.text;
  EXPECT_TRUE(none.body.at("autosave").is_null());
  const json::object typed{{"title", "Half af"}, {"intro", "Nog niet opgeslagen."}};
  auto kept = h.as(rita, "PUT", fresh, json::object{{"values", typed}});
  ASSERT_EQ(kept.status, 200U) << kept.text;
  EXPECT_EQ(kept.body.at("savedAt").as_string(), domain::format_iso_utc(kStart));
  h.now_ += 5;
  const json::object more{{"title", "Bijna af"}, {"intro", "Nog steeds niet opgeslagen."}};
  ASSERT_EQ(h.as(rita, "PUT", fresh, json::object{{"values", more}}).status, 200U);
  auto back = h.as(rita, "GET", fresh);
  EXPECT_EQ(json::serialize(back.body.at("autosave").at("values")), json::serialize(more));
  EXPECT_EQ(back.body.at("autosave").at("savedAt").as_string(), domain::format_iso_utc(kStart + 5));
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_autosaves"), 1);
  // Apart from the stored items, and another account's are their own.
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM articles WHERE title = 'Bijna af'"), 0);
  EXPECT_TRUE(h.as(erik, "GET", fresh).body.at("autosave").is_null());
  ASSERT_EQ(h.as(erik, "PUT", fresh, json::object{{"values", typed}}).status, 200U);

  // Creating the article clears the creator's autosave of the new form, not the other's.
  auto created =
      h.as(rita, "POST", "/api/admin/content/articles", json::object{{"values", article_values("Af", "af")}});
  ASSERT_EQ(created.status, 201U) << created.text;
  EXPECT_TRUE(h.as(rita, "GET", fresh).body.at("autosave").is_null());
  EXPECT_FALSE(h.as(erik, "GET", fresh).body.at("autosave").is_null());

  // An existing item's autosave remembers the version it was typed on; an update clears it, also
  // one that changes nothing.
  const auto item = "/api/admin/autosaves/articles/" + created.id();
  ASSERT_EQ(h.as(rita, "PUT", item, json::object{{"values", typed}, {"itemVersion", created.version()}}).status, 200U);
  EXPECT_EQ(h.as(rita, "GET", item).body.at("autosave").at("itemVersion").as_int64(), created.version());
  auto saved = h.as(rita, "PUT", "/api/admin/content/articles/" + created.id(),
                    json::object{{"version", created.version()}, {"values", json::object{{"title", "Af en klaar"}}}});
  ASSERT_EQ(saved.status, 200U) << saved.text;
  EXPECT_TRUE(h.as(rita, "GET", item).body.at("autosave").is_null());
  ASSERT_EQ(h.as(rita, "PUT", item, json::object{{"values", typed}}).status, 200U);
  auto unchanged = h.as(rita, "PUT", "/api/admin/content/articles/" + created.id(),
                        json::object{{"version", saved.version()}, {"values", json::object{{"title", "Af en klaar"}}}});
  ASSERT_EQ(unchanged.status, 200U) << unchanged.text;
  EXPECT_TRUE(h.as(rita, "GET", item).body.at("autosave").is_null());

  // What the changed fields held in the version typed on comes back with it (issue 48), null when
  // not sent; anything but an object is refused.
  const json::object base{{"title", "Af en klaar"}};
  ASSERT_EQ(
      h.as(rita, "PUT", item, json::object{{"values", typed}, {"itemVersion", saved.version()}, {"baseValues", base}})
          .status,
      200U);
  auto with_base = h.as(rita, "GET", item).body.at("autosave");
  EXPECT_EQ(with_base.at("itemVersion").as_int64(), saved.version());
  EXPECT_EQ(json::serialize(with_base.at("baseValues")), json::serialize(base));
  EXPECT_EQ(h.as(rita, "PUT", item, json::object{{"values", typed}, {"baseValues", "tekst"}}).code(), "bad_json");
  ASSERT_EQ(h.as(rita, "PUT", item, json::object{{"values", typed}, {"baseValues", nullptr}}).status, 200U);
  EXPECT_TRUE(h.as(rita, "GET", item).body.at("autosave").at("baseValues").is_null());

  // Thrown away.
  ASSERT_EQ(h.as(rita, "PUT", item, json::object{{"values", typed}}).status, 200U);
  EXPECT_EQ(h.as(rita, "DELETE", item).status, 204U);
  EXPECT_TRUE(h.as(rita, "GET", item).body.at("autosave").is_null());

  // The same checks as every admin route: a session, the CSRF token for changes, a known type.
  EXPECT_EQ(h.call("GET", fresh).code(), "unauthenticated");
  EXPECT_EQ(h.call("PUT", fresh, json::serialize(json::object{{"values", typed}})).code(), "unauthenticated");
  auto forged = rita;
  forged.csrf = "wrong";
  EXPECT_EQ(h.as(forged, "PUT", fresh, json::object{{"values", typed}}).code(), "bad_csrf_token");
  EXPECT_EQ(h.as(forged, "DELETE", fresh).code(), "bad_csrf_token");
  EXPECT_EQ(h.as(rita, "GET", "/api/admin/autosaves/nope/new").code(), "not_found");
  EXPECT_EQ(h.as(rita, "GET", "/api/admin/autosaves/articles/a%20b").code(), "not_found");
  EXPECT_EQ(h.as(rita, "PUT", fresh, json::object{{"values", "tekst"}}).code(), "bad_json");
}

// Issue 47: autosaves cannot grow the store without bound: only an item that is there (or a new
// item's form) is kept, and an account keeps its newest kAutosavesPerUser.
void autosaves_are_capped_per_account_and_only_of_items_that_exist(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  const json::object typed{{"title", "Half af"}};
  EXPECT_EQ(h.as(rita, "PUT", "/api/admin/autosaves/articles/999999", json::object{{"values", typed}}).code(),
            "not_found");
  EXPECT_EQ(h.as(rita, "PUT", "/api/admin/autosaves/articles/bestaat-niet", json::object{{"values", typed}}).code(),
            "not_found");
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_autosaves"), 0);
  std::vector<std::string> ids;
  for (std::size_t i = 0; i <= kAutosavesPerUser; ++i) {
    auto created =
        h.as(rita, "POST", "/api/admin/content/articles",
             json::object{{"values", article_values("Stuk " + std::to_string(i), "stuk-" + std::to_string(i))}});
    ASSERT_EQ(created.status, 201U) << created.text;
    ids.push_back(created.id());
  }
  for (const auto& id : ids) {
    ASSERT_EQ(h.as(rita, "PUT", "/api/admin/autosaves/articles/" + id, json::object{{"values", typed}}).status, 200U);
    h.now_ += 1;
  }
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_autosaves"), static_cast<long long>(kAutosavesPerUser));
  EXPECT_TRUE(h.as(rita, "GET", "/api/admin/autosaves/articles/" + ids.front()).body.at("autosave").is_null());
  EXPECT_FALSE(h.as(rita, "GET", "/api/admin/autosaves/articles/" + ids.back()).body.at("autosave").is_null());
}

void a_list_block_is_checked_on_save(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto with_body = [&](const std::string& slug, json::value block) {
    auto values = article_values("Lijst", slug);
    values["body"] = json::array{json::object{{"type", "paragraph"}, {"text", "Eerst."}}, std::move(block)};
    return h.as(eind, "POST", "/api/admin/content/articles", json::object{{"values", values}});
  };
  const std::vector<std::pair<json::value, std::string>> malformed{
      {json::parse(R"({"type": "list", "items": [{"text": "a"}]})"),
       "Een lijst is genummerd of niet: geef 'ordered' als ja of nee."},
      {json::parse(R"({"type": "list", "ordered": "ja", "items": [{"text": "a"}]})"),
       "Een lijst is genummerd of niet: geef 'ordered' als ja of nee."},
      {json::parse(R"({"type": "list", "ordered": true})"), "Een lijst heeft minstens één punt."},
      {json::parse(R"({"type": "list", "ordered": true, "items": []})"), "Een lijst heeft minstens één punt."},
      {json::parse(R"({"type": "list", "ordered": true, "items": "a, b"})"), "Een lijst heeft minstens één punt."},
      {json::parse(R"({"type": "list", "ordered": false, "items": ["a"]})"), "Elk punt van een lijst heeft tekst."},
      {json::parse(R"({"type": "list", "ordered": false, "items": [{"text": "  "}]})"),
       "Elk punt van een lijst heeft tekst."},
      {json::parse(R"({"type": "list", "ordered": false, "items": [{"text": "a", "html": 3}]})"),
       "Elk punt van een lijst heeft tekst."},
  };
  for (const auto& [block, message] : malformed) {
    auto answer = with_body("fout", block);
    EXPECT_EQ(answer.status, 422U) << json::serialize(block);
    EXPECT_EQ(answer.field_error("body"), message) << json::serialize(block);
  }
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/content/articles").body.at("total"), 0);
  auto good = with_body("goed", json::parse(R"({"type": "list", "ordered": true,
      "items": [{"text": "Een"}, {"text": "Twee", "html": "<strong>Twee</strong>"}]})"));
  ASSERT_EQ(good.status, 201U) << good.text;
  EXPECT_EQ(good.item().at("values").at("body").at(1).at("items").at(1).at("html"), "<strong>Twee</strong>");
}

using Scenario = test::StoreScenario;
// Issues 52 and 54: a song that 'Gedraaid' names wrongly is corrected in the admin, and gets the
// album, label and ISRC the royalty report asks for; the playout and the ingest make songs, the
// admin does not, and a played song is never deleted.
void a_song_is_corrected_where_it_was_played(store::Database& db) {
  Harness h(db);
  h.exec(
      "INSERT INTO songs (slug, title, artist, audio_path, duration_ms) VALUES ('strom-legt', 'Strom legt alles "
      "plat', 'De Golven', 'songs/storm.mp3', 180000)");
  const auto song_id = std::to_string(h.count("SELECT id FROM songs WHERE slug = 'strom-legt'"));
  h.exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at) VALUES ('radio2', " + song_id + ", " +
         std::to_string(kStart - 600) + ", " + std::to_string(kStart - 420) + ")");
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto redacteur = h.user("rob@ether.local", Role::redacteur);
  const auto path = "/api/admin/content/songs/" + song_id;

  auto made = h.as(eind, "POST", "/api/admin/content/songs",
                   json::object{{"values", json::object{{"title", "Nieuw"}, {"artist", "Iemand"}, {"slug", "nieuw"}}}});
  EXPECT_EQ(made.status, 405U);
  EXPECT_EQ(made.code(), "not_creatable");
  EXPECT_NE(made.message().find("playout"), std::string::npos) << made.message();
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM songs"), 1);

  auto stored = h.as(eind, "GET", path);
  ASSERT_EQ(stored.status, 200U) << stored.text;
  EXPECT_EQ(stored.item().at("values").at("title").as_string(), "Strom legt alles plat");
  const json::object correction{{"title", "Storm legt alles plat"},
                                {"album", "Noordzee"},
                                {"label", "Golfslag Records"},
                                {"isrc", " nl-a1b-24-00001 "}};
  EXPECT_EQ(h.as(redacteur, "PUT", path, json::object{{"version", stored.version()}, {"values", correction}}).status,
            403U);
  auto wrong = h.as(eind, "PUT", path,
                    json::object{{"version", stored.version()}, {"values", json::object{{"isrc", "NL-A1B-24"}}}});
  EXPECT_EQ(wrong.status, 422U);
  EXPECT_EQ(wrong.field_error("isrc"), "Vul een ISRC in van 12 tekens, zoals NL-A1B-24-00001.");
  auto corrected = h.as(eind, "PUT", path, json::object{{"version", stored.version()}, {"values", correction}});
  ASSERT_EQ(corrected.status, 200U) << corrected.text;
  EXPECT_EQ(corrected.item().at("values").at("isrc").as_string(), "NLA1B2400001");
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM songs WHERE isrc = 'NLA1B2400001' AND album = 'Noordzee'"), 1);
  // The list finds it by its ISRC as it is stored and as it is usually typed, with hyphens.
  for (const auto* term : {"NLA1B2400001", "nl-a1b-24-00001", "NL-A1B", "a1b-24"}) {
    const auto found = h.as(eind, "GET", std::string("/api/admin/content/songs?q=") + term);
    ASSERT_EQ(found.status, 200U) << term;
    EXPECT_EQ(found.body.at("total"), 1) << term;
  }

  // The site names it rightly where it was played, at once: its page and 'Gedraaid'.
  const auto track_page = h.page("/nummers/" + song_id + "/strom-legt");
  EXPECT_NE(track_page.find("Storm legt alles plat"), std::string::npos);
  EXPECT_EQ(track_page.find("Strom legt"), std::string::npos);
  EXPECT_NE(h.page("/gedraaid").find("Storm legt alles plat"), std::string::npos);
  EXPECT_NE(h.page("/zoeken/storm").find("Storm legt alles plat"), std::string::npos);
  EXPECT_EQ(h.page("/zoeken/strom").find("Strom legt"), std::string::npos);
  // The royalty report carries what was added.
  {
    auto lease = db.lease();
    const auto rows = store::TrackPlayRepository(*lease).for_report("radio2", kStart - 3600, kStart);
    ASSERT_EQ(rows.size(), 1U);
    EXPECT_EQ(rows[0].title, "Storm legt alles plat");
    EXPECT_EQ(rows[0].album, "Noordzee");
    EXPECT_EQ(rows[0].label, "Golfslag Records");
    EXPECT_EQ(rows[0].isrc, "NLA1B2400001");
  }
  // Recorded, with what it was before, and kept as a version to go back to.
  const auto entries = h.audit("songs", song_id);
  ASSERT_FALSE(entries.empty());
  EXPECT_EQ(entries.front().action, "update");
  EXPECT_NE(json::serialize(entries.front().changes).find("Strom legt alles plat"), std::string::npos);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM content_revisions WHERE item_type = 'songs' AND item_id = '" + song_id + "'"),
            1);

  // Played, so it stays: a delete is refused and the song is untouched.
  auto removed = h.as(eind, "DELETE", path + "?version=" + std::to_string(corrected.version()));
  EXPECT_EQ(removed.status, 409U);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM songs WHERE trashed_at IS NULL"), 1);
}

// Issue 54: a play logged wrongly (a jingle announced as a song) is hidden from 'Gedraaid', the
// song's page, the search and the royalty report, audited, and shown again; the log keeps it.
void a_wrong_play_is_hidden_and_shown_again(store::Database& db) {
  Harness h(db);
  h.exec(
      "INSERT INTO songs (slug, title, artist, audio_path, duration_ms) VALUES ('echte-song', 'Echte Song', 'De "
      "Golven', 'songs/a.mp3', 180000)");
  h.exec(
      "INSERT INTO songs (slug, title, artist, audio_path, duration_ms) VALUES ('stationsjingle', 'Stationsjingle', "
      "'Ether', 'songs/b.mp3', 8000)");
  const auto real_song = h.count("SELECT id FROM songs WHERE slug = 'echte-song'");
  const auto jingle = h.count("SELECT id FROM songs WHERE slug = 'stationsjingle'");
  const auto play = [&](long long song, std::int64_t from, std::int64_t until) {
    h.exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at) VALUES ('radio2', " +
           std::to_string(song) + ", " + std::to_string(from) + ", " + std::to_string(until) + ")");
  };
  play(real_song, kStart - 900, kStart - 720);
  play(jingle, kStart - 720, kStart - 712);
  // Planned ahead by a playout, not played yet: not in the log to correct.
  play(real_song, kStart + 600, kStart + 780);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto redacteur = h.user("rob@ether.local", Role::redacteur);
  const std::string day = "/api/admin/plays?channel=radio2&date=2026-11-21";

  EXPECT_EQ(h.as(redacteur, "GET", day).status, 403U);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/plays?channel=Radio%202").status, 400U);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/plays?channel=radio9").status, 400U);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/plays?channel=radio2&date=2026-13-01").status, 400U);
  auto listed = h.as(eind, "GET", day);
  ASSERT_EQ(listed.status, 200U) << listed.text;
  const auto& plays = listed.body.at("plays").as_array();
  ASSERT_EQ(plays.size(), 2U);
  // Newest first, as 'Gedraaid' lists them.
  EXPECT_EQ(plays[0].at("title").as_string(), "Stationsjingle");
  EXPECT_EQ(plays[0].at("hidden").as_bool(), false);
  // Instants in UTC with their zone, not the listener API's local time without an offset.
  EXPECT_EQ(plays[1].at("startsAt").as_string(), "2026-11-21T10:45:00Z");
  // Today, in Amsterdam, on the first channel when none is given; the channels to choose from.
  auto today = h.as(eind, "GET", "/api/admin/plays");
  ASSERT_EQ(today.status, 200U) << today.text;
  EXPECT_EQ(today.body.at("channel").as_string(), "radio2");
  EXPECT_EQ(today.body.at("date").as_string(), "2026-11-21");
  EXPECT_EQ(today.body.at("plays").as_array().size(), 2U);
  EXPECT_EQ(today.body.at("channels").as_array().size(), 2U);
  const auto wrong = std::to_string(plays[0].at("id").as_int64());
  EXPECT_NE(h.page("/gedraaid").find("Stationsjingle"), std::string::npos);
  const auto jingle_page = "/nummers/" + std::to_string(jingle) + "/stationsjingle";
  EXPECT_EQ(h.loader_->load(jingle_page, {}).status, 200U);

  EXPECT_EQ(h.as(redacteur, "PUT", "/api/admin/plays/" + wrong + "/hidden", json::object{{"hidden", true}}).status,
            403U);
  EXPECT_EQ(h.as(eind, "PUT", "/api/admin/plays/" + wrong + "/hidden", json::object{{"hidden", "ja"}}).status, 400U);
  EXPECT_EQ(h.as(eind, "PUT", "/api/admin/plays/999999/hidden", json::object{{"hidden", true}}).status, 404U);
  auto hidden = h.as(eind, "PUT", "/api/admin/plays/" + wrong + "/hidden", json::object{{"hidden", true}});
  ASSERT_EQ(hidden.status, 200U) << hidden.text;
  EXPECT_EQ(hidden.body.at("play").at("hidden").as_bool(), true);
  EXPECT_FALSE(hidden.body.at("play").at("hiddenBy").as_string().empty());

  // Gone from every place that names plays, at once; the real song stays.
  const auto gedraaid = h.page("/gedraaid");
  EXPECT_EQ(gedraaid.find("Stationsjingle"), std::string::npos);
  EXPECT_NE(gedraaid.find("Echte Song"), std::string::npos);
  EXPECT_EQ(h.page("/zoeken/stationsjingle").find("/nummers/"), std::string::npos);
  // A song played only then has no page any more.
  EXPECT_EQ(h.loader_->load(jingle_page, {}).status, 404U);
  {
    auto lease = db.lease();
    const auto report = store::TrackPlayRepository(*lease).for_report("radio2", kStart - 3600, kStart);
    ASSERT_EQ(report.size(), 1U);
    EXPECT_EQ(report[0].title, "Echte Song");
  }
  // Kept in the log, and in the admin's list as hidden.
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM track_plays"), 3);
  EXPECT_EQ(h.as(eind, "GET", day).body.at("plays").as_array()[0].at("hidden").as_bool(), true);
  const auto entries = h.audit("play", wrong);
  ASSERT_EQ(entries.size(), 1U);
  EXPECT_EQ(entries[0].action, "hide");

  auto shown = h.as(eind, "PUT", "/api/admin/plays/" + wrong + "/hidden", json::object{{"hidden", false}});
  ASSERT_EQ(shown.status, 200U) << shown.text;
  EXPECT_EQ(shown.body.at("play").at("hiddenBy"), json::value(nullptr));
  EXPECT_NE(h.page("/gedraaid").find("Stationsjingle"), std::string::npos);
  EXPECT_EQ(h.audit("play", wrong).size(), 2U);
}

// A day of a music channel holds some 750 plays: the log comes a page of 50 at a time, newest
// first, with the total, so that the page stays quick to draw and to read.
void the_play_log_comes_in_pages(store::Database& db) {
  Harness h(db);
  h.exec(
      "INSERT INTO songs (slug, title, artist, audio_path, duration_ms) VALUES ('kort', 'Kort', 'De Golven', "
      "'songs/a.mp3', 60000)");
  const auto song = h.count("SELECT id FROM songs WHERE slug = 'kort'");
  for (int i = 0; i < 120; ++i) {
    const auto from = kStart - 10'000 + i * 60;
    h.exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at) VALUES ('radio2', " +
           std::to_string(song) + ", " + std::to_string(from) + ", " + std::to_string(from + 60) + ")");
  }
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  const std::string day = "/api/admin/plays?channel=radio2&date=2026-11-21";
  const auto starts = [](const json::value& body) {
    std::vector<std::string> out;
    for (const auto& play : body.at("plays").as_array()) out.emplace_back(play.at("startsAt").as_string());
    return out;
  };
  auto first = h.as(eind, "GET", day);
  ASSERT_EQ(first.status, 200U) << first.text;
  EXPECT_EQ(first.body.at("total").as_int64(), 120);
  EXPECT_EQ(first.body.at("pageSize").as_int64(), 50);
  EXPECT_EQ(first.body.at("page").as_int64(), 1);
  const auto newest = starts(first.body);
  ASSERT_EQ(newest.size(), 50U);
  EXPECT_EQ(newest.front(), domain::format_iso_utc(kStart - 10'000 + 119 * 60));
  auto second = h.as(eind, "GET", day + "&page=2");
  ASSERT_EQ(second.status, 200U) << second.text;
  const auto older = starts(second.body);
  ASSERT_EQ(older.size(), 50U);
  EXPECT_EQ(older.front(), domain::format_iso_utc(kStart - 10'000 + 69 * 60));
  auto last = h.as(eind, "GET", day + "&page=3");
  ASSERT_EQ(last.status, 200U) << last.text;
  const auto oldest = starts(last.body);
  ASSERT_EQ(oldest.size(), 20U);
  EXPECT_EQ(oldest.back(), domain::format_iso_utc(kStart - 10'000));
  // Past the end: an empty page, not an error.
  auto beyond = h.as(eind, "GET", day + "&page=4");
  ASSERT_EQ(beyond.status, 200U) << beyond.text;
  EXPECT_TRUE(beyond.body.at("plays").as_array().empty());
  for (const auto* bad : {"&page=0", "&page=twee", "&page=-1", "&page=99999999"}) {
    auto refused = h.as(eind, "GET", day + bad);
    EXPECT_EQ(refused.status, 400U) << bad;
    EXPECT_EQ(refused.body.at("error").at("code").as_string(), "bad_parameter") << bad;
  }
}

const std::vector<std::pair<const char*, Scenario>>& scenarios() {
  static const std::vector<std::pair<const char*, Scenario>> all{
      {"EveryRoleIsRefusedWhereItMustBe", every_role_is_refused_where_it_must_be},
      {"SlugsFollowTheRuleAndAreUnique", slugs_follow_the_rule_and_are_unique},
      {"AStaleVersionIsRefusedAndNothingIsLost", a_stale_version_is_refused_and_nothing_is_lost},
      {"PublicationFollowsTheClock", publication_follows_the_clock},
      {"EveryChangeHasItsAuditRow", every_change_has_its_audit_row},
      {"OverlaysFollowOneVisibleOrder", overlays_follow_one_visible_order},
      {"AnOldLinkMovesToTheCurrentPage", an_old_link_moves_to_the_current_page},
      {"ARevisionIsRestored", a_revision_is_restored},
      {"ARevisionGetsALabel", a_revision_gets_a_label},
      {"ThePublicSiteFollowsAnEditAtOnce", the_public_site_follows_an_edit_at_once},
      {"ALiveStoryEndsAtItsLiveUntil", a_live_story_ends_at_its_live_until},
      {"APreviewLinkOpensADraftPage", a_preview_link_opens_a_draft_page},
      {"APreviewLinkOpensADraftArticle", a_preview_link_opens_a_draft_article},
      {"AVideoNamesAFileOfTheMediaDir", a_video_names_a_file_of_the_media_dir},
      {"ALibraryVideoMustBeReady", a_library_video_must_be_ready},
      {"RelationsAreEditedCheckedAuditedAndShown", relations_are_edited_checked_audited_and_shown},
      {"AReferencedItemIsArchivedAndRestored", a_referenced_item_is_archived_and_restored},
      {"ADeletedItemGoesToTheTrashAndComesBackWhole", a_deleted_item_goes_to_the_trash_and_comes_back_whole},
      {"AnAutosaveIsKeptApartPerAccountAndClearedByASave", an_autosave_is_kept_apart_per_account_and_cleared_by_a_save},
      {"AutosavesAreCappedPerAccountAndOnlyOfItemsThatExist",
       autosaves_are_capped_per_account_and_only_of_items_that_exist},
      {"AListBlockIsCheckedOnSave", a_list_block_is_checked_on_save},
      {"ASongIsCorrectedWhereItWasPlayed", a_song_is_corrected_where_it_was_played},
      {"AWrongPlayIsHiddenAndShownAgain", a_wrong_play_is_hidden_and_shown_again},
      {"ThePlayLogComesInPages", the_play_log_comes_in_pages},
  };
  return all;
}

class AdminContentSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminContentSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminContentSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

TEST(AdminContentTypes, EveryTypeIsDescribedConsistently) {
  EXPECT_EQ(content::content_types().size(), 15U);
  for (const auto& type : content::content_types()) {
    EXPECT_NE(type.field(type.title_field), nullptr) << type.name;
    if (!type.slug_field.empty()) EXPECT_EQ(type.field(type.slug_field)->kind, content::FieldKind::slug) << type.name;
    for (const auto& scope : type.slug_scope) EXPECT_NE(type.field(scope), nullptr) << type.name;
    for (const auto& name : type.search_fields) EXPECT_NE(type.field(name), nullptr) << type.name;
    for (const auto& field : type.fields) {
      if (field.kind == content::FieldKind::reference || field.kind == content::FieldKind::relation)
        EXPECT_NE(content::find_type(field.reference), nullptr) << field.name;
    }
    EXPECT_EQ(type.publication == content::Publication::none, type.flag_column.empty()) << type.name;
  }
  EXPECT_EQ(content::find_type("nope"), nullptr);
}

const bool registered = test::register_postgres_tests("AdminContentPostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_content", scenarios()));

}  // namespace
}  // namespace ether::admin
