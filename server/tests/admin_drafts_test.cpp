// Drafts of a live article (issue 54, content/content_drafts.hpp) through the admin's content
// routes: a draft leaves the site byte for byte as it is while its preview shows it; one who may
// publish makes it live in one step (a revision, the audit log), a redacteur offers it for review
// instead; a draft is thrown away; a live version changed since the draft was made is a conflict
// shown before it is overwritten; every wrong call has its JSON error. Every test runs on SQLite
// and, with ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "admin/admin_api.hpp"
#include "admin/audit_log.hpp"
#include "admin/autosaves.hpp"
#include "admin/content_api.hpp"
#include "admin/start_api.hpp"
#include "http/router.hpp"
#include "pages/page_loader.hpp"
#include "store/slug_history_repository.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
#include "support/postgres_scenarios.hpp"

namespace ether::admin {
namespace {
namespace json = boost::json;

constexpr std::int64_t kStart = 1'795'258'800;  // 2026-11-21 11:00 UTC
constexpr const char* kSecret = "test-preview-secret";

using Answer = test::AdminAnswer;
using Login = test::AdminLogin;

// The admin, content and autosave routes and the site's page loader over one store, with a clock
// the test moves.
class Harness {
 public:
  explicit Harness(store::Database& db) : db_(db) {
    exec("INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')");
    admin_ = std::make_unique<AdminApi>(
        db_, AdminOptions{.base_url = test::kAdminOrigin, .password_cost = kMinimumCost, .throttle = {}},
        [this] { return now_.load(); });
    content_ = std::make_unique<ContentApi>(
        db_, *admin_,
        ContentApiOptions{.base_url = test::kAdminOrigin,
                          .preview_secret = kSecret,
                          .media_dir = std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo"},
        [this] { return now_.load(); });
    start_ = std::make_unique<StartApi>(db_, *admin_, [this] { return now_.load(); });
    autosaves_ = std::make_unique<AutosaveApi>(db_, *admin_, [this] { return now_.load(); });
    pages::SiteSettings settings;
    settings.base_url = test::kAdminOrigin;
    settings.preview_secret = kSecret;
    loader_ = std::make_unique<pages::PageLoader>(
        db_, settings, [this] { return std::chrono::system_clock::time_point{std::chrono::seconds{now_.load()}}; });
    admin_->add_routes(router_);
    content_->add_routes(router_);
    autosaves_->add_routes(router_);
    start_->add_routes(router_);
  }

  void exec(const std::string& sql) {
    auto lease = db_.lease();
    *lease << sql;
  }

  Answer as(const Login& who, const std::string& method, const std::string& target, const json::value& body = nullptr) {
    return test::admin_as(router_, who, method, target, body);
  }

  Login user(const std::string& email, Role role) { return test::admin_user(db_, router_, now_, email, role); }

  // What the listener site serves at `path`: its status, title and data, as one text.
  std::string page(const std::string& path) {
    auto shown = loader_->load(path, {});
    return std::to_string(shown.status) + " " + shown.title + " " + json::serialize(shown.data);
  }

  // The page a signed preview link of the item opens (GET .../preview).
  std::string preview(const Login& who, const std::string& id, const std::string& type = "articles") {
    auto link = as(who, "GET", "/api/admin/content/" + type + "/" + id + "/preview");
    EXPECT_EQ(link.status, 200U) << link.text;
    std::string url(link.body.at("url").as_string());
    http::Request request;
    EXPECT_TRUE(http::parse_target(url.substr(std::string(test::kAdminOrigin).size()), request));
    auto shown = loader_->load(request.path, request.query);
    EXPECT_EQ(shown.status, 200U);
    return json::serialize(shown.data);
  }

  // Whether the start page's list `list` shows item `id` of `type` with its draft marker; nullopt: not listed.
  std::optional<bool> start_marks(const Login& who, const std::string& list, const std::string& type,
                                  const std::string& id) {
    auto answer = as(who, "GET", "/api/admin/start");
    EXPECT_EQ(answer.status, 200U) << answer.text;
    for (const auto& entry : answer.body.at(list).as_array()) {
      if (entry.at("type").as_string() == type && entry.at("id").as_string() == id)
        return entry.at("hasDraft").as_bool();
    }
    return std::nullopt;
  }

  std::vector<std::string> actions(const std::string& id) {
    auto lease = db_.lease();
    std::vector<std::string> out;
    for (const auto& entry :
         AuditLog(*lease)
             .query(AuditFilter{.user_id = std::nullopt, .item_type = "articles", .item_id = id}, 1, 100)
             .entries)
      out.push_back(entry.action);
    return out;
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_{kStart};
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<ContentApi> content_;
  std::unique_ptr<AutosaveApi> autosaves_;
  std::unique_ptr<StartApi> start_;
  std::unique_ptr<pages::PageLoader> loader_;
  http::Router router_;
};

json::object values(const std::string& title, const std::string& text) {
  return json::object{
      {"title", title},        {"slug", "brand-in-de-haven"},
      {"category", "cultuur"}, {"intro", "Een korte inleiding."},
      {"author", "Redactie"},  {"body", json::array{json::object{{"type", "paragraph"}, {"text", text}}}}};
}

const std::string kArticles = "/api/admin/content/articles";

// An article on the site, created and published by `who`: its id.
std::string live_article(Harness& h, const Login& who) {
  auto created = h.as(who, "POST", kArticles, json::object{{"values", values("Brand in de haven", "Oude tekst.")}});
  EXPECT_EQ(created.status, 201U) << created.text;
  auto published = h.as(who, "POST", kArticles + "/" + created.id() + "/publish", json::object{{"version", 1}});
  EXPECT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.version(), 2);
  return created.id();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void a_draft_stays_off_the_site_until_it_is_published(store::Database& db) {
  Harness h(db);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  const auto public_path = "/nieuws/cultuur/" + id + "/brand-in-de-haven";
  const auto before = h.page(public_path);
  ASSERT_TRUE(contains(before, "Oude tekst.")) << before;
  EXPECT_TRUE(h.as(rita, "GET", path).item().at("draft").is_null());

  // The redacteur types (autosaved) and saves a draft: the item keeps its version, the draft is kept.
  h.now_ = kStart + 60;
  ASSERT_EQ(h.as(rita, "PUT", "/api/admin/autosaves/articles/" + id,
                 json::object{{"values", values("Brand", "Half getypt.")}, {"itemVersion", 2}})
                .status,
            200U);
  auto saved = h.as(rita, "PUT", path + "/draft",
                    json::object{{"version", 2}, {"values", values("Brand geblust", "Nieuwe tekst.")}});
  ASSERT_EQ(saved.status, 200U) << saved.text;
  EXPECT_EQ(saved.version(), 2);
  EXPECT_EQ(saved.item().at("title"), "Brand in de haven");
  const auto& draft = saved.item().at("draft").as_object();
  EXPECT_EQ(draft.at("values").at("title"), "Brand geblust");
  EXPECT_EQ(draft.at("baseVersion").as_int64(), 2);
  EXPECT_EQ(draft.at("savedBy"), "Naam rita");
  // The draft holds what was typed: the autosave is cleared.
  EXPECT_TRUE(h.as(rita, "GET", "/api/admin/autosaves/articles/" + id).body.at("autosave").is_null());

  // The site serves the published version byte for byte; another browser finds the draft; the preview shows it.
  EXPECT_EQ(h.page(public_path), before);
  auto reloaded = h.as(erik, "GET", path);
  EXPECT_EQ(reloaded.item().at("draft").at("values").at("body").at(0).at("text"), "Nieuwe tekst.");
  EXPECT_EQ(reloaded.item().at("values").at("title"), "Brand in de haven");
  const auto preview = h.preview(rita, id);
  EXPECT_TRUE(contains(preview, "Brand geblust")) << preview;
  EXPECT_TRUE(contains(preview, "Nieuwe tekst."));
  EXPECT_FALSE(contains(preview, "Oude tekst."));

  // A redacteur may not make it live: she offers it for review, and the site still has the old text.
  auto refused = h.as(rita, "POST", path + "/draft/publish", json::object{{"version", 2}});
  EXPECT_EQ(refused.status, 403U);
  EXPECT_EQ(refused.code(), "forbidden");
  auto offered = h.as(rita, "POST", path + "/offer", json::object{{"version", 2}, {"note", "Klaar."}});
  ASSERT_EQ(offered.status, 200U) << offered.text;
  EXPECT_EQ(offered.item().at("review").at("status"), "waiting");
  EXPECT_EQ(h.page(public_path), before);

  // The eindredacteur publishes it: live in one step, a revision, the review ended, the draft gone.
  h.now_ = kStart + 120;
  auto published = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 2}});
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.version(), 3);
  EXPECT_EQ(published.item().at("title"), "Brand geblust");
  EXPECT_EQ(published.item().at("state"), "online");
  EXPECT_TRUE(published.item().at("draft").is_null());
  EXPECT_TRUE(published.item().at("review").is_null());
  const auto after = h.page(public_path);
  EXPECT_TRUE(contains(after, "Nieuwe tekst.")) << after;
  EXPECT_TRUE(contains(after, "Brand geblust"));
  auto revisions = h.as(erik, "GET", path + "/revisions");
  ASSERT_EQ(revisions.status, 200U) << revisions.text;
  EXPECT_EQ(revisions.body.at("revisions").at(0).at("itemVersion").as_int64(), 3);
  EXPECT_EQ(h.actions(id),
            (std::vector<std::string>{"publish_draft", "offer_review", "save_draft", "publish", "create"}));
  EXPECT_TRUE(h.as(erik, "GET", path).item().at("draft").is_null());
  auto again = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 3}});
  EXPECT_EQ(again.status, 409U);
  EXPECT_EQ(again.code(), "no_draft");
}

void a_draft_is_thrown_away(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  const auto before = h.page("/nieuws/cultuur/" + id + "/brand-in-de-haven");
  ASSERT_EQ(
      h.as(rita, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values("Weg ermee", "Weg.")}}).status,
      200U);
  EXPECT_EQ(h.as(rita, "DELETE", path + "/draft").status, 204U);
  auto item = h.as(erik, "GET", path);
  EXPECT_TRUE(item.item().at("draft").is_null());
  EXPECT_EQ(item.version(), 2);
  EXPECT_EQ(h.page("/nieuws/cultuur/" + id + "/brand-in-de-haven"), before);
  EXPECT_FALSE(contains(h.preview(erik, id), "Weg ermee"));
  auto twice = h.as(rita, "DELETE", path + "/draft");
  EXPECT_EQ(twice.status, 404U);
  EXPECT_EQ(twice.code(), "no_draft");
  EXPECT_EQ(h.actions(id), (std::vector<std::string>{"discard_draft", "save_draft", "publish", "create"}));
}

void a_live_version_changed_since_the_draft_is_a_conflict(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  ASSERT_EQ(
      h.as(erik, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values("Concepttitel", "Concept.")}})
          .status,
      200U);
  // Someone corrects the live article meanwhile.
  auto live = h.as(erik, "PUT", path, json::object{{"version", 2}, {"values", values("Live gecorrigeerd", "Live.")}});
  ASSERT_EQ(live.status, 200U) << live.text;
  EXPECT_EQ(live.version(), 3);
  // Publishing the draft shows that first: 409 with the live item as it is now.
  auto conflict = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 3}});
  ASSERT_EQ(conflict.status, 409U) << conflict.text;
  EXPECT_EQ(conflict.code(), "draft_conflict");
  EXPECT_TRUE(contains(conflict.message(), "Het gepubliceerde Artikel is gewijzigd nadat dit concept werd gemaakt"))
      << conflict.message();
  EXPECT_TRUE(contains(conflict.message(), "Publiceer je het concept")) << conflict.message();
  EXPECT_EQ(conflict.body.at("error").at("current").at("values").at("title"), "Live gecorrigeerd");
  EXPECT_EQ(h.as(erik, "GET", path).item().at("title"), "Live gecorrigeerd");
  // A version the editor has not seen is the ordinary stale conflict.
  auto stale = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 2}});
  EXPECT_EQ(stale.status, 409U);
  EXPECT_EQ(stale.code(), "conflict");
  // Overwriting on purpose publishes the draft.
  auto overwritten = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 3}, {"overwrite", true}});
  ASSERT_EQ(overwritten.status, 200U) << overwritten.text;
  EXPECT_EQ(overwritten.item().at("title"), "Concepttitel");
  EXPECT_EQ(overwritten.version(), 4);
}

void a_wrong_draft_call_gets_its_error(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  auto expect_error = [&](const Answer& answer, unsigned status, const std::string& code) {
    EXPECT_EQ(answer.status, status) << answer.text;
    EXPECT_EQ(answer.code(), code) << answer.text;
    EXPECT_FALSE(answer.message().empty());
  };
  expect_error(h.as(rita, "PUT", path + "/draft", json::object{{"version", 2}}), 400, "bad_json");
  expect_error(h.as(rita, "PUT", path + "/draft", json::object{{"values", values("A", "B")}}), 400, "bad_json");
  expect_error(h.as(rita, "PUT", path + "/draft", json::object{{"version", 9}, {"values", values("A", "B")}}), 409,
               "conflict");
  expect_error(h.as(rita, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values("", "B")}}), 422,
               "invalid_fields");
  expect_error(h.as(rita, "PUT", kArticles + "/999/draft", json::object{{"version", 1}, {"values", values("A", "B")}}),
               404, "not_found");
  expect_error(h.as(rita, "PUT", "/api/admin/content/presenters/1/draft",
                    json::object{{"version", 1}, {"values", json::object{{"name", "Anna"}}}}),
               404, "not_found");
  // A draft that is not on the site is saved as it is: no draft of a draft.
  auto other = values("Nog niet", "Nee.");
  other["slug"] = "nog-niet";
  auto unpublished = h.as(rita, "POST", kArticles, json::object{{"values", other}});
  ASSERT_EQ(unpublished.status, 201U);
  expect_error(
      h.as(rita, "PUT", kArticles + "/" + unpublished.id() + "/draft", json::object{{"version", 1}, {"values", other}}),
      409, "not_published");
  expect_error(h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 2}}), 409, "no_draft");
  expect_error(h.as(erik, "POST", path + "/draft/publish", json::object{}), 400, "bad_json");
}

// The preview of a page (not only of an article) shows its draft, through the same mapping as
// publishing it; the page on the site keeps its published version.
void a_page_draft_shows_in_its_preview(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  auto page_values = [](const std::string& title, const std::string& text) {
    return json::object{{"title", title},
                        {"slug", "zomerfeesten"},
                        {"kind", "thema"},
                        {"description", "Alles over de zomer."},
                        {"blocks", json::array{json::object{{"type", "text"}, {"title", "Blok"}, {"text", text}}}}};
  };
  auto created = h.as(erik, "POST", "/api/admin/content/pages",
                      json::object{{"values", page_values("Zomerfeesten", "Oude paginatekst.")}});
  ASSERT_EQ(created.status, 201U) << created.text;
  const auto path = "/api/admin/content/pages/" + created.id();
  ASSERT_EQ(h.as(erik, "POST", path + "/publish", json::object{{"version", 1}}).status, 200U);
  const auto before = h.page("/thema/zomerfeesten");
  ASSERT_TRUE(contains(before, "Oude paginatekst.")) << before;
  auto saved = h.as(erik, "PUT", path + "/draft",
                    json::object{{"version", 2}, {"values", page_values("Zomerfeesten 2027", "Nieuwe paginatekst.")}});
  ASSERT_EQ(saved.status, 200U) << saved.text;
  const auto preview = h.preview(erik, created.id(), "pages");
  EXPECT_TRUE(contains(preview, "Zomerfeesten 2027")) << preview;
  EXPECT_TRUE(contains(preview, "Nieuwe paginatekst."));
  EXPECT_FALSE(contains(preview, "Oude paginatekst."));
  // The preview wrote nothing: the site, the item and its version are as they were.
  EXPECT_EQ(h.page("/thema/zomerfeesten"), before);
  auto item = h.as(erik, "GET", path);
  EXPECT_EQ(item.version(), 2);
  EXPECT_EQ(item.item().at("values").at("title"), "Zomerfeesten");
  // Without the draft the preview shows the published version again.
  ASSERT_EQ(h.as(erik, "DELETE", path + "/draft").status, 204U);
  EXPECT_TRUE(contains(h.preview(erik, created.id(), "pages"), "Oude paginatekst."));
}

// A draft may not name a video the media dir or the library does not hold, as a save may not: its
// save and its publication are refused on the field (422), and the site keeps its video.
void a_draft_with_a_missing_video_is_refused(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const std::string ready(64, 'a');
  h.exec("INSERT INTO media (kind, content_hash, status, created_at, updated_at) VALUES ('video', '" + ready +
         "', 'ready', 1, 1)");
  json::object values{{"title", "Aftermovie"},
                      {"slug", "aftermovie"},
                      {"durationMs", 60000},
                      {"videoPath", "videos/festivalzomer-aftermovie.mp4"}};
  auto created = h.as(erik, "POST", "/api/admin/content/videos", json::object{{"values", values}});
  ASSERT_EQ(created.status, 201U) << created.text;
  const auto path = "/api/admin/content/videos/" + created.id();
  ASSERT_EQ(h.as(erik, "POST", path + "/publish", json::object{{"version", 1}}).status, 200U);

  values["videoPath"] = "videos/bestaat-niet.mp4";
  auto refused = h.as(erik, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values}});
  EXPECT_EQ(refused.status, 422U) << refused.text;
  EXPECT_EQ(refused.code(), "invalid_fields");
  EXPECT_TRUE(contains(refused.field_error("videoPath"), "mediamap")) << refused.text;
  EXPECT_TRUE(h.as(erik, "GET", path).item().at("draft").is_null());

  // A library video that is ready is kept in the draft; gone since, its publication is refused.
  values["videoPath"] = "/uploads/videos/" + ready + "/master.m3u8";
  ASSERT_EQ(h.as(erik, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values}}).status, 200U);
  h.exec("UPDATE media SET status = 'failed' WHERE content_hash = '" + ready + "'");
  auto unpublishable = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 2}});
  EXPECT_EQ(unpublishable.status, 422U) << unpublishable.text;
  EXPECT_EQ(unpublishable.code(), "invalid_fields");
  EXPECT_TRUE(contains(unpublishable.field_error("videoPath"), "mediabibliotheek")) << unpublishable.text;
  auto item = h.as(erik, "GET", path);
  EXPECT_EQ(item.version(), 2);
  EXPECT_EQ(item.item().at("values").at("videoPath"), "videos/festivalzomer-aftermovie.mp4");
  EXPECT_FALSE(item.item().at("draft").is_null());
}

// The admin's list and the start page's lists say which items have a draft, from their own query.
void lists_mark_an_item_with_a_draft(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto id = live_article(h, erik);
  auto other = values("Ander nieuws", "Anders.");
  other["slug"] = "ander-nieuws";
  auto plain = h.as(erik, "POST", kArticles, json::object{{"values", other}});
  ASSERT_EQ(plain.status, 201U);
  ASSERT_EQ(h.as(erik, "PUT", kArticles + "/" + id + "/draft",
                 json::object{{"version", 2}, {"values", values("Brand geblust", "Nieuw.")}})
                .status,
            200U);
  auto list = h.as(erik, "GET", kArticles);
  ASSERT_EQ(list.status, 200U) << list.text;
  std::map<std::string, bool> marked;
  for (const auto& entry : list.body.at("items").as_array()) {
    marked[std::string(entry.at("id").as_string())] = entry.at("hasDraft").as_bool();
  }
  EXPECT_EQ(marked, (std::map<std::string, bool>{{id, true}, {plain.id(), false}}));
  EXPECT_EQ(h.start_marks(erik, "recentlyEdited", "articles", id), std::optional<bool>(true));
  EXPECT_EQ(h.start_marks(erik, "myDrafts", "articles", plain.id()), std::optional<bool>(false));
  ASSERT_EQ(h.as(erik, "DELETE", kArticles + "/" + id + "/draft").status, 204U);
  EXPECT_EQ(h.start_marks(erik, "recentlyEdited", "articles", id), std::optional<bool>(false));
}

// An item taken offline keeps its draft: the draft is still saved, published (the item stays
// offline) or thrown away; only an item without a draft that is not on the site is saved as it is.
void a_draft_stays_saveable_after_the_item_goes_offline(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  ASSERT_EQ(
      h.as(erik, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values("Concept", "Eerste.")}}).status,
      200U);
  auto offline = h.as(erik, "POST", path + "/unpublish", json::object{{"version", 2}});
  ASSERT_EQ(offline.status, 200U) << offline.text;
  EXPECT_FALSE(offline.item().at("published").as_bool());
  const auto version = offline.version();
  auto saved =
      h.as(erik, "PUT", path + "/draft", json::object{{"version", version}, {"values", values("Concept", "Tweede.")}});
  ASSERT_EQ(saved.status, 200U) << saved.text;
  EXPECT_EQ(saved.item().at("draft").at("values").at("body").at(0).at("text"), "Tweede.");
  auto published = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", version}, {"overwrite", true}});
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.item().at("title"), "Concept");
  EXPECT_FALSE(published.item().at("published").as_bool());
  EXPECT_TRUE(published.item().at("draft").is_null());
  // Without a draft an offline item is saved as it is.
  auto again = h.as(erik, "PUT", path + "/draft",
                    json::object{{"version", published.version()}, {"values", values("Concept", "Derde.")}});
  EXPECT_EQ(again.status, 409U);
  EXPECT_EQ(again.code(), "not_published");
}

// A redacteur may edit an item taken offline, so he may take its draft over too ('Concept
// overnemen': the item stays offline); the draft of an item on the site he still only offers.
void a_redacteur_takes_over_the_draft_of_an_offline_item(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  auto rita = h.user("rita@ether.local", Role::redacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  ASSERT_EQ(
      h.as(rita, "PUT", path + "/draft", json::object{{"version", 2}, {"values", values("Concept", "Eerste.")}}).status,
      200U);
  EXPECT_EQ(h.as(rita, "POST", path + "/draft/publish", json::object{{"version", 2}}).status, 403U);
  auto offline = h.as(erik, "POST", path + "/unpublish", json::object{{"version", 2}});
  ASSERT_EQ(offline.status, 200U) << offline.text;
  auto offered = h.as(rita, "POST", path + "/offer", json::object{{"version", offline.version()}});
  ASSERT_EQ(offered.status, 200U) << offered.text;
  // Taken offline after the draft was made: the conflict says what taking over replaces, and the
  // draft is taken over on purpose, as the form's second button does.
  auto conflict = h.as(rita, "POST", path + "/draft/publish", json::object{{"version", offered.version()}});
  ASSERT_EQ(conflict.status, 409U) << conflict.text;
  EXPECT_EQ(conflict.code(), "draft_conflict");
  EXPECT_TRUE(contains(conflict.message(), "Het opgeslagen Artikel is gewijzigd")) << conflict.message();
  EXPECT_TRUE(contains(conflict.message(), "Neem je het concept over")) << conflict.message();
  auto taken =
      h.as(rita, "POST", path + "/draft/publish", json::object{{"version", offered.version()}, {"overwrite", true}});
  ASSERT_EQ(taken.status, 200U) << taken.text;
  EXPECT_EQ(taken.item().at("title"), "Concept");
  EXPECT_FALSE(taken.item().at("published").as_bool());
  EXPECT_TRUE(taken.item().at("draft").is_null());
  // An edit, not a publication: the item still waits for review.
  EXPECT_EQ(taken.item().at("review").at("status"), "waiting");
}

// A draft that changes the slug: the site keeps the live slug until the draft is published (the
// preview is addressed by id), and publishing it keeps the earlier slug, as a save does, so that
// the old address moves to the new one (the site's 301, SiteApp's tests).
void a_published_draft_keeps_the_earlier_slug(store::Database& db) {
  Harness h(db);
  auto erik = h.user("erik@ether.local", Role::eindredacteur);
  const auto id = live_article(h, erik);
  const auto path = kArticles + "/" + id;
  const auto old_path = "/nieuws/cultuur/" + id + "/brand-in-de-haven";
  const auto new_path = "/nieuws/cultuur/" + id + "/brand-geblust";
  auto renamed = values("Brand geblust", "Nieuwe tekst.");
  renamed["slug"] = "brand-geblust";
  ASSERT_EQ(h.as(erik, "PUT", path + "/draft", json::object{{"version", 2}, {"values", renamed}}).status, 200U);
  EXPECT_TRUE(contains(h.page(old_path), "\"slug\":\"brand-in-de-haven\"")) << h.page(old_path);
  EXPECT_TRUE(contains(h.preview(erik, id), "Nieuwe tekst."));
  {
    auto lease = db.lease();
    EXPECT_EQ(store::earlier_slug_owner(*lease, "articles", "cultuur", "brand-in-de-haven"), std::nullopt);
  }

  auto published = h.as(erik, "POST", path + "/draft/publish", json::object{{"version", 2}});
  ASSERT_EQ(published.status, 200U) << published.text;
  EXPECT_EQ(published.item().at("values").at("slug"), "brand-geblust");
  EXPECT_TRUE(contains(h.page(new_path), "\"slug\":\"brand-geblust\"")) << h.page(new_path);
  auto lease = db.lease();
  EXPECT_EQ(store::earlier_slug_owner(*lease, "articles", "cultuur", "brand-in-de-haven"),
            std::optional<std::string>(id));
}

using Scenario = void (*)(store::Database&);

const std::vector<std::pair<const char*, Scenario>>& scenarios() {
  static const std::vector<std::pair<const char*, Scenario>> all{
      {"ADraftStaysOffTheSiteUntilItIsPublished", a_draft_stays_off_the_site_until_it_is_published},
      {"ADraftIsThrownAway", a_draft_is_thrown_away},
      {"ALiveVersionChangedSinceTheDraftIsAConflict", a_live_version_changed_since_the_draft_is_a_conflict},
      {"AWrongDraftCallGetsItsError", a_wrong_draft_call_gets_its_error},
      {"APageDraftShowsInItsPreview", a_page_draft_shows_in_its_preview},
      {"ADraftWithAMissingVideoIsRefused", a_draft_with_a_missing_video_is_refused},
      {"ListsMarkAnItemWithADraft", lists_mark_an_item_with_a_draft},
      {"ADraftStaysSaveableAfterTheItemGoesOffline", a_draft_stays_saveable_after_the_item_goes_offline},
      {"ARedacteurTakesOverTheDraftOfAnOfflineItem", a_redacteur_takes_over_the_draft_of_an_offline_item},
      {"APublishedDraftKeepsTheEarlierSlug", a_published_draft_keeps_the_earlier_slug},
  };
  return all;
}

class AdminDraftsSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminDraftsSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminDraftsSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered = test::register_postgres_tests("AdminDraftsPostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_drafts", scenarios()));

}  // namespace
}  // namespace ether::admin
