// Stored URLs leave the server only through the one rule of pages/content_safety (issue 9): a
// "javascript:", "data:", "vbscript:" or "//host" value entered in the store, in any case and
// behind white space or control characters, never reaches a page's data, the HTML shell's JSON-LD,
// a podcast feed, the overlays, the mini player's document or the player; the fallback applies
// instead. Real SQLite stores, the real page loader, APIs and renderers.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "api/overlay_api.hpp"
#include "api/player_api.hpp"
#include "api/visual_radio_api.hpp"
#include "http_test_support.hpp"
#include "pages_fixture.hpp"
#include "player/miniplayer_info.hpp"
#include "seo/seo_routes.hpp"
#include "shell/html_shell.hpp"
#include "support/live_store.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {
namespace json = boost::json;

// Hostile stored values; each carries a marker that no legitimate output contains.
const std::vector<std::string> kHostileUrls{
    "javascript:alert(15)",   "JaVaScRiPt:alert(15)",      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxNSk8L3NjcmlwdD4=",
    "vbscript:msgbox(15)",    " \x01javascript:alert(15)", "\t\njavascript:alert(15)",
    "java\tscript:alert(15)", "//evil.example/x.webp",     "/\\evil.example/x.webp",
};
const std::vector<std::string> kMarkers{"alert(15)", "PHNjcmlwdD", "msgbox(15)", "evil.example", "script:"};

// The first marker found in `text`, or "" when it is clean.
std::string marker_in(const std::string& text) {
  for (const auto& marker : kMarkers) {
    if (text.find(marker) != std::string::npos) return marker;
  }
  return {};
}

void bind_update(store::Database& db, const std::string& sql, const std::string& value) {
  auto lease = db.lease();
  *lease << sql, soci::use(value);
}

// ---- page data, JSON-LD and the podcast feed ----

class StoredUrlPages : public pages::testing::PagesFixture {
 protected:
  void store_everywhere(const std::string& url) {
    for (const char* sql : {"UPDATE channels SET logo_url = :u", "UPDATE broadcasters SET logo_url = :u",
                            "UPDATE presenters SET image_url = :u", "UPDATE programmes SET image_url = :u",
                            "UPDATE broadcasts SET image_url = :u", "UPDATE songs SET cover_url = :u",
                            "UPDATE articles SET image_url = :u", "UPDATE fragments SET image_url = :u",
                            "UPDATE podcast_feeds SET image_url = :u", "UPDATE podcast_episodes SET image_url = :u",
                            "UPDATE videos SET poster_url = :u"}) {
      bind_update(*db_, sql, url);
    }
  }
};

TEST_P(StoredUrlPages, NoPageDataJsonLdOrFeedCarriesAnUnsafeStoredUrl) {
  const std::vector<std::string> paths{"/",
                                       "/live",
                                       "/nieuws",
                                       "/nieuws/sport/2/ajax-wint",
                                       "/nieuws/verdieping/1/muziek-in-de-nacht",
                                       "/programmas",
                                       "/programmas/de-ochtendploeg",
                                       "/presentatoren",
                                       "/presentatoren/jan-de-vries",
                                       "/gedraaid",
                                       "/gids",
                                       "/fragmenten",
                                       "/uitzendingen",
                                       "/podcasts",
                                       "/podcasts/de-nieuwsduik",
                                       "/podcasts/de-nieuwsduik/2/aflevering-2",
                                       "/thema/kerst",
                                       "/videos"};
  shell::HtmlShell shell(test::kIndexHtml);
  seo::SeoRoutes seo(*db_, seo::SeoOptions{"https://ether.example", dir_ / "media", "ether", "radio2"},
                     [] { return pages::testing::kNow; });
  for (const auto& url : kHostileUrls) {
    SCOPED_TRACE(testing::Message() << "stored URL " << json::serialize(json::string(url)));
    store_everywhere(url);
    for (const auto& path : paths) {
      auto page = load(path);
      ASSERT_EQ(page.status, 200U) << path;
      EXPECT_EQ(marker_in(json::serialize(page.data)), "") << path;
      EXPECT_EQ(marker_in(shell.render(page, loader_->site_config(), "https://ether.example")), "") << path;
    }
    EXPECT_EQ(marker_in(json::serialize(loader_->site_config())), "");
    auto feed = seo.podcast_feed(test::get("/podcasts/de-nieuwsduik/feed.xml"), "de-nieuwsduik");
    ASSERT_EQ(feed.status, 200U);
    EXPECT_EQ(marker_in(feed.body), "");
    EXPECT_EQ(feed.body.find("itunes:image"), std::string::npos) << "no image is better than an unsafe one";

    // Where a fallback exists, it applies: the programme's own image gives way to the unknown one.
    auto programmes = load("/programmas");
    EXPECT_EQ(programmes.data.at("programmes").at(0).at("imageUrl"), "/images/unknown_programme.webp");
    auto article = load("/nieuws/sport/2/ajax-wint");
    EXPECT_EQ(article.data.at("article").at("imageUrl"), "");
    auto played = load("/gedraaid");
    for (const auto& track : played.data.at("tracks").as_array()) EXPECT_TRUE(track.at("coverUrl").is_null());
  }
}

TEST_P(StoredUrlPages, MediaPathsThatNameAnotherHostAreDropped) {
  // A relative media path becomes a path under /media/ (harmless whatever it says); an absolute one
  // passes the rule like any other stored URL.
  for (const std::string url : {"//evil.example/v.mp4", "/\\evil.example/v.mp4"}) {
    bind_update(*db_, "UPDATE videos SET video_path = :u", url);
    auto videos = load("/videos");
    ASSERT_EQ(videos.status, 200U);
    EXPECT_EQ(videos.data.at("videos").at(0).at("videoUrl"), "") << url;
  }
  bind_update(*db_, "UPDATE videos SET video_path = :u", "javascript:alert(15)");
  EXPECT_EQ(load("/videos").data.at("videos").at(0).at("videoUrl"), "/media/javascript:alert(15)");
}

TEST_P(StoredUrlPages, SafeStoredUrlsStillReachThePage) {
  store_everywhere("https://cdn.example/beeld.webp");
  auto article = load("/nieuws/sport/2/ajax-wint");
  EXPECT_EQ(article.data.at("article").at("imageUrl"), "https://cdn.example/beeld.webp");
  store_everywhere("  /media/images/beeld.webp ");
  EXPECT_EQ(load("/programmas").data.at("programmes").at(0).at("imageUrl"), "/media/images/beeld.webp");
}

// ---- overlays, mini player and player ----

class StoredUrlLive : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    db_ = open_test_store("stored_urls_live", GetParam());
    seed_live_store(*db_);
    overlay_ = std::make_unique<api::OverlayApi>(*db_);
    overlay_->add_routes(router_);
    info_ = std::make_unique<player::LiveInfoService>(*db_, [] { return noon; });
    origin_ = std::make_unique<stream::LiveOrigin>(
        std::vector<std::string>{"radio2"}, [](const std::string&, std::int64_t) { return std::nullopt; },
        std::string(ETHER_TEST_TMP));
    player_ = std::make_unique<api::PlayerApi>(*db_, *info_, *origin_, stream::TokenSigner("test-secret"),
                                               api::PlayerApiOptions{.channel_refresh = std::chrono::seconds(0)},
                                               [] { return noon; });
    player_->add_routes(router_);
    // Visual radio of our own for no channel: only stored external video URLs are in play.
    visual_ = std::make_unique<visual::VisualRadio>(
        std::vector<visual::VisualChannel>{}, *origin_, [](const std::string&) { return std::string(); },
        visual::VisualRadioOptions{});
    video_ = std::make_unique<api::VisualRadioApi>(*db_, *visual_, stream::TokenSigner("test-secret"),
                                                   api::VisualRadioApiOptions{}, [] { return noon; });
    video_->add_routes(router_);
  }

  http::Response get(const std::string& target, const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target(target, request));
    for (const auto& [name, value] : headers) request.headers.emplace(name, value);
    return router_.dispatch(request);
  }

  std::unique_ptr<store::Database> db_;
  std::unique_ptr<api::OverlayApi> overlay_;
  std::unique_ptr<player::LiveInfoService> info_;
  std::unique_ptr<stream::LiveOrigin> origin_;
  std::unique_ptr<api::PlayerApi> player_;
  std::unique_ptr<visual::VisualRadio> visual_;
  std::unique_ptr<api::VisualRadioApi> video_;
  http::Router router_;
};

TEST_P(StoredUrlLive, OverlaysSendUnsafeUrlsAsAbsent) {
  {
    auto lease = db_->lease();
    // The safe one first by its order (store::kOverlayOrder).
    *lease << "INSERT INTO event_modal_blocks (id, published, title, related_url, related_url_text, sort_order) "
              "VALUES (1, 1, 'Veilig', '/thema/kerst', 'Kijk', 0), (2, 1, 'Onveilig', '', 'Klik', 1)";
    *lease << "INSERT INTO maintenance_notifications (id, title, description, url, is_dismissable, active, "
              "sort_order) VALUES (1, 'Onderhoud', 'Vannacht', 'https://status.example/o', 1, 1, 0), "
              "(2, 'Storing', 'Nu', '', 1, 1, 1)";
  }
  for (const auto& url : kHostileUrls) {
    SCOPED_TRACE(testing::Message() << "stored URL " << json::serialize(json::string(url)));
    for (const char* sql :
         {"UPDATE event_modal_blocks SET related_url = :u WHERE id = 2",
          "UPDATE event_modal_blocks SET background_image_url = :u", "UPDATE event_modal_blocks SET logo_url = :u",
          "UPDATE maintenance_notifications SET url = :u WHERE id = 2"}) {
      bind_update(*db_, sql, url);
    }
    auto modal = get("/api/eventmodal/content");
    ASSERT_EQ(modal.status, 200U);
    EXPECT_EQ(marker_in(modal.body), "");
    const auto blocks = json::parse(modal.body).at("data").at("cmsContentBlocks").at("data").as_array();
    ASSERT_EQ(blocks.size(), 2U);
    EXPECT_EQ(blocks[0].at("relatedUrl"), "/thema/kerst");
    // The web app reads an empty relatedUrl as "no button" and an empty image as its fallback image.
    EXPECT_EQ(blocks[1].at("relatedUrl"), "");
    EXPECT_EQ(blocks[1].at("backgroundImage").at("url"), "");
    EXPECT_EQ(blocks[1].at("cmsLogo").at("url"), "");

    auto banner = get("/api/maintenance-notification");
    ASSERT_EQ(banner.status, 200U);
    EXPECT_EQ(marker_in(banner.body), "");
    const auto items = json::parse(banner.body).at("data").at("maintenanceNotifications").at("data").as_array();
    ASSERT_EQ(items.size(), 2U);
    EXPECT_EQ(items[0].at("url"), "https://status.example/o");
    EXPECT_TRUE(items[1].at("url").is_null());
  }
}

TEST_P(StoredUrlLive, MiniplayerDocumentDropsUnsafeCoversImagesAndPopouts) {
  for (const auto& url : kHostileUrls) {
    SCOPED_TRACE(testing::Message() << "stored URL " << json::serialize(json::string(url)));
    for (const char* sql : {"UPDATE songs SET cover_url = :u", "UPDATE programmes SET image_url = :u",
                            "UPDATE broadcasts SET image_url = :u", "UPDATE channels SET popout_url = :u",
                            "UPDATE broadcasters SET logo_url = :u"}) {
      bind_update(*db_, sql, url);
    }
    auto info = player::build_miniplayer_info(*db_, "radio2", noon);
    ASSERT_TRUE(info);
    EXPECT_EQ(marker_in(json::serialize(info->document)), "");
    const auto& data = info->document.at("data");
    EXPECT_TRUE(data.at("radioTrackPlays").at("data").at(0).at("coverUrl").is_null());
    EXPECT_TRUE(data.at("coreChannels").at("data").at(0).at("links").as_array().empty());
    const auto& show = data.at("radioBroadcasts").at("data").at(0);
    EXPECT_TRUE(show.at("radioPhotoAssets").as_array().empty());
    EXPECT_TRUE(show.at("radioProgrammes").at("radioPhotoAssets").as_array().empty());
    EXPECT_EQ(show.at("coreBroadcasters").at(0).at("logoUrl"), "");
  }
  bind_update(*db_, "UPDATE songs SET cover_url = :u", "/media/covers/zomeravond.webp");
  auto info = player::build_miniplayer_info(*db_, "radio2", noon);
  EXPECT_EQ(info->document.at("data").at("radioTrackPlays").at("data").at(0).at("coverUrl"),
            "/media/covers/zomeravond.webp");
}

TEST_P(StoredUrlLive, AnUnsafeExternalStreamIsNeverHandedToThePlayer) {
  for (const auto& url : kHostileUrls) {
    SCOPED_TRACE(testing::Message() << "stored URL " << json::serialize(json::string(url)));
    bind_update(*db_, "UPDATE channels SET stream_url = :u WHERE slug = 'radio4'", url);
    auto response = get("/api/player/radio4/token");
    EXPECT_EQ(response.status, 404U);
    EXPECT_EQ(json::parse(response.body).at("error").at("code"), "no_stream");
    EXPECT_EQ(marker_in(response.body), "");
  }
  bind_update(*db_, "UPDATE channels SET stream_url = :u WHERE slug = 'radio4'", "https://icecast.example/r4.mp3");
  auto response = get("/api/player/radio4/token");
  ASSERT_EQ(response.status, 200U);
  EXPECT_EQ(json::parse(response.body).at("streamUrl"), "https://icecast.example/r4.mp3");
}

TEST_P(StoredUrlLive, AnUnsafeExternalVideoIsNeverHandedToThePlayer) {
  for (const auto& url : kHostileUrls) {
    SCOPED_TRACE(testing::Message() << "stored URL " << json::serialize(json::string(url)));
    bind_update(*db_, "UPDATE channels SET live_video_url = :u WHERE slug = 'radio4'", url);
    auto response = get("/api/player/radio4/video");
    EXPECT_EQ(response.status, 404U);
    EXPECT_EQ(marker_in(response.body), "");
  }
  bind_update(*db_, "UPDATE channels SET live_video_url = :u WHERE slug = 'radio4'", "https://video.example/r4.m3u8");
  auto response = get("/api/player/radio4/video");
  ASSERT_EQ(response.status, 200U) << response.body;
  EXPECT_EQ(json::parse(response.body).at("streamUrl"), "https://video.example/r4.m3u8");
}

TEST_P(StoredUrlLive, IcyHeadersArePlainTextOnOneLine) {
  {
    const std::string name = "Ether <b>Radio</b> 2\r\nSet-Cookie: x=1";
    const std::string genre = "Pop';\x01";
    const std::string description = "  De <script>alert(1)</script>grootste\thits  ";
    auto lease = db_->lease();
    *lease << "UPDATE channels SET name = :n, genre = :g, description = :d WHERE slug = 'radio2'", soci::use(name),
        soci::use(genre), soci::use(description);
  }
  const auto token = stream::TokenSigner("test-secret").sign("live:radio2", noon + 60);
  auto response = get("/live/radio2.mp3?token=" + token, {{"Icy-MetaData", "1"}});
  ASSERT_EQ(response.status, 200U) << response.body;
  EXPECT_EQ(response.header("icy-name"), "Ether Radio 2 Set-Cookie: x=1");
  EXPECT_EQ(response.header("icy-genre"), "Pop`;");
  EXPECT_EQ(response.header("icy-description"), "De alert(1) grootste hits");
  EXPECT_EQ(response.header("icy-metaint"), "16000");
}

INSTANTIATE_TEST_SUITE_P(Store, StoredUrlLive, ::testing::ValuesIn(test::store_backends()), test::backend_name);
INSTANTIATE_TEST_SUITE_P(Store, StoredUrlPages, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether
