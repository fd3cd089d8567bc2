#include "app/site_app.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <future>
#include <thread>
#include <vector>

#include "api/json_error.hpp"
#include "http_test_support.hpp"

namespace ether::app {
namespace {

class SiteAppTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_web_dist(dir_.path() / "web");
    test::write_file(dir_.path() / "media" / "songs" / "lied.mp3", std::string(3000, 'x'));
    config_.web_dir = dir_.path() / "web";
    config_.media_dir = dir_.path() / "media";
    config_.base_url = "https://ether.example";
    app_ = SiteApp::create(config_, source_, [this] { return ready_; });
  }
  http::Response call(std::string_view target, std::initializer_list<std::pair<std::string, std::string>> headers = {},
                      std::string method = "GET") {
    return app_->handle(test::get(target, headers, std::move(method)));
  }
  test::TempDir dir_;
  config::Config config_;
  test::FakePageSource source_;
  bool ready_ = true;
  std::unique_ptr<SiteApp> app_;
};

TEST_F(SiteAppTest, Probes) {
  auto health = call("/healthz");
  EXPECT_EQ(health.status, 200u);
  EXPECT_EQ(health.body, "{\"status\":\"ok\"}");
  EXPECT_EQ(call("/readyz").status, 200u);
  ready_ = false;
  auto not_ready = call("/readyz");
  EXPECT_EQ(not_ready.status, 503u);
  EXPECT_EQ(not_ready.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(call("/healthz", {}, "HEAD").status, 200u);
}

// /readyz's details name hosts, users and paths (a backup tool's error, broken media): the operator
// on this machine (loopback, where the load balancer's check comes from too) and a signed-in
// beheerder read them; anyone else gets the status only (issue 47).
TEST_F(SiteAppTest, ReadinessDetailsAreForTheOperatorOnly) {
  app_->set_readiness_details([] {
    return boost::json::object{{"backup", "pg_dump: connection to server at \"db.internal\" failed"}};
  });
  auto from = [&](std::string address) {
    auto request = test::get("/readyz");
    request.remote_address = std::move(address);
    return app_->handle(request);
  };
  for (const char* operator_address : {"127.0.0.1", "127.0.0.9", "::1", "::ffff:127.0.0.1"}) {
    const auto answer = from(operator_address);
    EXPECT_EQ(answer.status, 200u);
    EXPECT_NE(answer.body.find("db.internal"), std::string::npos) << operator_address;
  }
  for (const char* stranger : {"192.0.2.5", "2001:db8::5", "::ffff:192.0.2.5", ""}) {
    const auto answer = from(stranger);
    EXPECT_EQ(answer.status, 200u);
    EXPECT_EQ(answer.body, "{\"status\":\"ready\"}") << stranger;
  }
  ready_ = false;
  EXPECT_EQ(from("192.0.2.5").body, "{\"status\":\"unavailable\"}");
}

TEST_F(SiteAppTest, ApiSite) {
  auto site = call("/api/site");
  EXPECT_EQ(site.status, 200u);
  EXPECT_EQ(boost::json::parse(site.body).as_object()["name"].as_string(), "Ether");
}

TEST_F(SiteAppTest, ApiPageWithEncodedQuery) {
  auto page = call("/api/page?path=%2Fgids%3Fchannel%3D3fm");
  EXPECT_EQ(page.status, 200u);
  auto envelope = boost::json::parse(page.body).as_object();
  EXPECT_EQ(envelope["route"].as_string(), "gids");
  EXPECT_EQ(envelope["params"].as_object()["channel"].as_string(), "3fm");
  EXPECT_EQ(envelope["canonical"].as_string(), "https://ether.example/gids?channel=3fm");
}

TEST_F(SiteAppTest, ApiPageStatusFollowsTheResult) {
  auto page = call("/api/page?path=/caf%C3%A9%20%25zz");
  EXPECT_EQ(page.status, 404u);
  auto envelope = boost::json::parse(page.body).as_object();
  EXPECT_EQ(envelope["status"].as_int64(), 404);
  EXPECT_EQ(envelope["data"].as_object()["path"].as_string(), "/caf\xC3\xA9 %zz");
}

TEST_F(SiteAppTest, ApiPageNeedsAPath) {
  for (const char* target : {"/api/page", "/api/page?path=", "/api/page?path=gids", "/api/page?path=http://x/"}) {
    auto response = call(target);
    EXPECT_EQ(response.status, 400u) << target;
    EXPECT_NE(response.body.find("bad_parameter"), std::string::npos) << target;
  }
}

TEST_F(SiteAppTest, UnknownApiIsJson404) {
  auto response = call("/api/bestaat-niet");
  EXPECT_EQ(response.status, 404u);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(call("/api/page", {}, "POST").status, 405u);
  EXPECT_EQ(call("/api/page", {}, "POST").header("Allow"), "GET, HEAD");
}

TEST_F(SiteAppTest, PagesAreRenderedInTheShell) {
  auto home = call("/");
  EXPECT_EQ(home.status, 200u);
  EXPECT_NE(home.body.find("<title>Ether</title>"), std::string::npos);
  EXPECT_NE(home.body.find("id=\"ether-page\""), std::string::npos);
  EXPECT_NE(home.body.find("<link rel=\"canonical\" href=\"https://ether.example/\">"), std::string::npos);
  auto missing = call("/programmas/bestaat-niet");
  EXPECT_EQ(missing.status, 404u);
  EXPECT_EQ(missing.header("Content-Type"), "text/html; charset=utf-8");
  auto gids = call("/gids?channel=3fm");
  EXPECT_NE(gids.body.find("https://ether.example/gids?channel=3fm"), std::string::npos);
}

// One canonical form per §2 route: the others move there (permanently), with their query.
TEST_F(SiteAppTest, PagePathsHaveOneCanonicalForm) {
  for (const auto& [target, location] : std::vector<std::pair<std::string, std::string>>{
           {"/live/", "/live"},
           {"/live//", "/live"},
           {"//live", "/live"},
           {"/gids/?channel=3fm", "/gids?channel=3fm"},
           {"/programmas//koffiepauze/fragmenten/", "/programmas/koffiepauze/fragmenten"},
           {"/zoeken/de%20golven/", "/zoeken/de%20golven"},
           {"/app/thema/zomer/", "/app/thema/zomer"},
       }) {
    auto moved = call(target);
    EXPECT_EQ(moved.status, 301u) << target;
    EXPECT_EQ(moved.header("Location"), location) << target;
    EXPECT_NE(call(location).status, 301u) << location;
  }
  EXPECT_EQ(call("/").status, 200u);
}

// The maintenance banner is in the page HTML, above the header where the app draws it, so that the
// page does not move down by its height when the app takes over (issue 51); the notifications the
// visitor closed (mirrored by the app in a cookie) are left out, and /app views hide it (spec §2).
TEST_F(SiteAppTest, PageHtmlShowsTheFirstMaintenanceNotificationTheVisitorHasNotClosed) {
  namespace json = boost::json;
  source_.maintenance = json::array{json::object{{"id", 4},
                                                 {"title", "Gepland <onderhoud>"},
                                                 {"description", "Vannacht even stil."},
                                                 {"url", "https://status.example/x"},
                                                 {"isDismissable", true}},
                                    json::object{{"id", 9},
                                                 {"title", "Storing"},
                                                 {"description", "Wij werken eraan."},
                                                 {"url", nullptr},
                                                 {"isDismissable", false}}};
  const auto banner_of = [](const std::string& body) {
    const auto start = body.find("<section class=\"maintenance-banner\"");
    if (start == std::string::npos) return std::string();
    return body.substr(start, body.find("</section>", start) + 10 - start);
  };

  const auto first = call("/").body;
  const auto banner = banner_of(first);
  ASSERT_FALSE(banner.empty()) << first;
  EXPECT_NE(banner.find("aria-label=\"Onderhoudsmelding\" data-notification-id=\"4\">"), std::string::npos) << banner;
  EXPECT_NE(banner.find("<strong class=\"maintenance-banner__title\">Gepland &lt;onderhoud&gt;</strong>"),
            std::string::npos)
      << banner;
  EXPECT_NE(banner.find("href=\"https://status.example/x\" target=\"_blank\" rel=\"noopener noreferrer\">Lees meer"),
            std::string::npos)
      << banner;
  EXPECT_NE(banner.find("aria-label=\"Sluit deze melding\""), std::string::npos);
  // Above the header, inside the part the app replaces.
  EXPECT_LT(first.find("data-server-html"), first.find(banner));
  EXPECT_LT(first.find(banner), first.find("<header"));

  const auto after_closing = banner_of(call("/", {{"Cookie", "ether_maintenance_dismissed=4"}}).body);
  EXPECT_NE(after_closing.find("Storing"), std::string::npos) << after_closing;
  EXPECT_EQ(after_closing.find("Lees meer"), std::string::npos) << after_closing;
  EXPECT_EQ(after_closing.find("Sluit deze melding"), std::string::npos) << after_closing;
  EXPECT_TRUE(banner_of(call("/", {{"Cookie", "a=b; ether_maintenance_dismissed=9.4"}}).body).empty());
  // A cookie that is not a list of ids closes nothing.
  EXPECT_NE(banner_of(call("/", {{"Cookie", "ether_maintenance_dismissed=4.x"}}).body).find("Gepland"),
            std::string::npos);
  EXPECT_TRUE(banner_of(call("/app/gids").body).empty());

  // The page is whole without the banner when the notifications cannot be read.
  source_.maintenance_fails = true;
  auto away = call("/");
  EXPECT_EQ(away.status, 200u);
  EXPECT_TRUE(banner_of(away.body).empty());
}

TEST_F(SiteAppTest, ShellIsCompressedForBrowsers) {
  auto plain = call("/");
  auto compressed = call("/", {{"Accept-Encoding", "gzip, deflate, br"}});
  EXPECT_EQ(compressed.header("Content-Encoding"), "br");
  EXPECT_LT(compressed.body.size(), plain.body.size());
  auto again =
      call("/", {{"Accept-Encoding", "gzip, deflate, br"}, {"If-None-Match", std::string(compressed.header("ETag"))}});
  EXPECT_EQ(again.status, 304u);
  EXPECT_EQ(call("/", {{"If-None-Match", std::string(plain.header("ETag"))}}).status, 304u);
}

TEST_F(SiteAppTest, StaticFilesAndMedia) {
  auto js = call("/assets/app-abc123.js");
  EXPECT_EQ(js.status, 200u);
  EXPECT_EQ(js.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(call("/assets/missing.js").status, 404u);
  EXPECT_EQ(call("/robots.txt").payload(), "User-agent: *\nAllow: /\n");
  auto song = call("/media/songs/lied.mp3", {{"Range", "bytes=0-9"}});
  EXPECT_EQ(song.status, 206u);
  EXPECT_EQ(song.payload(), std::string(10, 'x'));
  EXPECT_EQ(call("/media/%2e%2e/web/index.html").status, 400u);
  EXPECT_EQ(call("/media/").status, 400u);
  EXPECT_EQ(source_.loads.load(), 0);
}

TEST_F(SiteAppTest, NonGetOnPagesIs405) {
  for (const char* method : {"POST", "PUT", "DELETE"}) {
    auto response = call("/gids", {}, method);
    EXPECT_EQ(response.status, 405u);
    EXPECT_EQ(response.header("Allow"), "GET, HEAD");
  }
  EXPECT_EQ(call("/healthz", {}, "POST").status, 405u);
}

TEST_F(SiteAppTest, InMemoryAnswersRunOnTheIoThreadAndTheRestIsOffloaded) {
  auto where = [this](std::string_view target, std::string method = "GET") {
    return app_->execution(test::get(target, {}, std::move(method)));
  };
  for (const char* target :
       {"/healthz", "/readyz", "/assets/app-abc123.js", "/favicon.svg", "/assets/missing.js", "/api/nothing"}) {
    EXPECT_EQ(where(target), http::Execution::io_thread) << target;
  }
  EXPECT_EQ(where("/healthz", "POST"), http::Execution::io_thread);  // 405 from memory
  EXPECT_EQ(where("/live/radio2.mp3", "OPTIONS"), http::Execution::io_thread);
  for (const char* target : {"/", "/gids", "/api/page?path=/", "/api/site", "/media/songs/lied.mp3"}) {
    EXPECT_EQ(where(target), http::Execution::offloaded) << target;
  }
  // A new route is offloaded unless it says otherwise.
  app_->router().add("POST", "/api/new",
                     [](const http::Request&, const http::RouteParams&) { return http::Response{}; });
  app_->router().add(
      "GET", "/api/cached", [](const http::Request&, const http::RouteParams&) { return http::Response{}; },
      http::Execution::io_thread);
  EXPECT_EQ(where("/api/new", "POST"), http::Execution::offloaded);
  EXPECT_EQ(where("/api/cached"), http::Execution::io_thread);
}

TEST_F(SiteAppTest, PagesJsonIsKeptAndAnsweredFromMemoryUntilInvalidated) {
  EXPECT_FALSE(app_->from_memory(test::get("/api/page?path=/gids"))) << "no cache set: nothing kept";
  auto cache = std::make_shared<http::ResponseCache>();
  app_->set_response_cache(cache);
  const auto built = call("/api/page?path=/gids", {{"Accept-Encoding", "br"}});
  EXPECT_EQ(source_.loads.load(), 1);
  auto kept = app_->from_memory(test::get("/api/page?path=/gids", {{"Accept-Encoding", "gzip, br"}}));
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->payload(), built.payload());
  EXPECT_EQ(kept->header("ETag"), built.header("ETag"));
  EXPECT_FALSE(app_->from_memory(test::get("/api/page?path=/gids&x=1")));
  EXPECT_FALSE(app_->from_memory(test::get("/gids"))) << "pages' HTML depends on cookies: not kept";
  EXPECT_EQ(source_.loads.load(), 1);
  // Its ETag answers a client's revalidation, from memory and when built.
  auto revalidated = app_->from_memory(test::get(
      "/api/page?path=/gids", {{"Accept-Encoding", "br"}, {"If-None-Match", std::string(built.header("ETag"))}}));
  ASSERT_TRUE(revalidated);
  EXPECT_EQ(revalidated->status, 304u);
  const auto plain = call("/api/page?path=/");
  EXPECT_EQ(call("/api/page?path=/", {{"If-None-Match", std::string(plain.header("ETag"))}}).status, 304u);
  cache->invalidate();
  EXPECT_FALSE(app_->from_memory(test::get("/api/page?path=/gids", {{"Accept-Encoding", "br"}})));
}

TEST_F(SiteAppTest, ADocumentAskedForByManyAtOnceIsBuiltOnce) {
  app_->set_response_cache(std::make_shared<http::ResponseCache>());
  constexpr int kRequests = 4;
  std::vector<std::future<http::Response>> answers;
  answers.reserve(kRequests);
  for (int i = 0; i < kRequests; ++i) {
    answers.push_back(std::async(std::launch::async, [this] { return call("/api/page?path=/slow"); }));
  }
  for (int i = 0; i < 400 && source_.slow_inside < 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(source_.slow_inside.load(), 1) << "the others wait for the one that builds";
  source_.slow_release = true;
  for (auto& answer : answers) {
    auto response = answer.get();
    EXPECT_EQ(response.status, 200u);
    EXPECT_NE(response.payload().find("Langzaam"), std::string::npos);
  }
  EXPECT_EQ(source_.loads.load(), 1);
}

TEST_F(SiteAppTest, APreviewIsPrivateAndNeverKept) {
  auto cache = std::make_shared<http::ResponseCache>();
  app_->set_response_cache(cache);
  auto preview = call("/api/page?path=/overzicht/preview/7");
  EXPECT_EQ(preview.status, 200u);
  EXPECT_EQ(preview.header("Cache-Control"), "private, no-cache");
  EXPECT_EQ(call("/overzicht/preview/7").header("Cache-Control"), "private, no-cache");
  EXPECT_FALSE(app_->from_memory(test::get("/api/page?path=/overzicht/preview/7")));
  EXPECT_EQ(call("/api/page?path=/gids").header("Cache-Control"), "no-cache");
}

TEST_F(SiteAppTest, CorsOnlyOnPublicPlayerResources) {
  for (const char* path :
       {"/live/radio2.mp3", "/live/radio2/index.m3u8", "/recordings/broadcast/1.mp3", "/podcasts/ether-radio/feed.xml",
        "/api/miniplayer/info", "/api/player/radio2/token", "/api/play/episode/1", "/api/latestNews",
        "/api/podcasts/episodes/3", "/api/search/radio", "/api/search"}) {
    EXPECT_TRUE(app_->is_public_cross_origin(path)) << path;
  }
  for (const char* path : {"/", "/gids", "/api/page", "/api/site", "/api/events", "/api/miniplayer/events",
                           "/podcasts/ether-radio", "/media/songs/lied.mp3", "/live/", "/api/eventmodal/content"}) {
    EXPECT_FALSE(app_->is_public_cross_origin(path)) << path;
  }
  app_->router().add("GET", "/api/player/{channel}", [](const http::Request&, const http::RouteParams&) {
    return api::json_response(200, boost::json::object{{"tokenUrl", "/x"}});
  });
  auto player = call("/api/player/radio2");
  EXPECT_EQ(player.header("Access-Control-Allow-Origin"), "*");
  // A JSON answer exposes its revalidation and retry fields only; audio also its ranges and ICY fields.
  EXPECT_EQ(player.header("Access-Control-Expose-Headers"), "ETag, Retry-After");
  app_->router().add("GET", "/live/{file}", [](const http::Request&, const http::RouteParams&) {
    http::Response audio;
    audio.set_header("Content-Type", "audio/mpeg");
    return audio;
  });
  const auto exposed = call("/live/radio2.mp3").header("Access-Control-Expose-Headers");
  EXPECT_NE(exposed.find("Content-Range"), std::string_view::npos) << exposed;
  EXPECT_NE(exposed.find("icy-metaint"), std::string_view::npos) << exposed;
  EXPECT_EQ(call("/api/player/radio2", {}, "HEAD").header("Access-Control-Allow-Origin"), "*");
  EXPECT_FALSE(call("/").has_header("Access-Control-Allow-Origin"));
  EXPECT_FALSE(call("/api/page?path=/").has_header("Access-Control-Allow-Origin"));
  auto preflight = call("/api/player/radio2", {{"Origin", "https://player.example"}}, "OPTIONS");
  EXPECT_EQ(preflight.status, 204u);
  EXPECT_EQ(preflight.header("Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(preflight.header("Access-Control-Allow-Methods"), "GET, HEAD");
  // A state-changing method on a public path gets no CORS.
  EXPECT_FALSE(call("/api/player/radio2", {}, "POST").has_header("Access-Control-Allow-Origin"));
  EXPECT_FALSE(call("/gids", {}, "OPTIONS").has_header("Access-Control-Allow-Origin"));
}

TEST_F(SiteAppTest, LatestNewsFollowsTheStaticPrefix) {
  config_.static_prefix = "/static";
  auto prefixed = SiteApp::create(config_, source_, [] { return true; });
  EXPECT_TRUE(prefixed->is_public_cross_origin("/static/api/latestNews"));
  EXPECT_FALSE(prefixed->is_public_cross_origin("/api/latestNews"));
}

TEST(ServerOptionsTest, HstsWhenTheBaseUrlIsHttps) {
  config::Config config;
  config.base_url = "https://ether.example";
  config.max_connections_per_address = 32;
  config.worker_threads = 12;
  config.worker_timeout_ms = 2500;
  auto options = server_options(config);
  EXPECT_TRUE(options.strict_transport_security);
  EXPECT_EQ(options.max_connections_per_address, 32u);
  EXPECT_EQ(options.worker_threads, 12u);
  EXPECT_EQ(options.worker_timeout, std::chrono::milliseconds(2500));
  config.base_url = "http://localhost:8080";
  EXPECT_FALSE(server_options(config).strict_transport_security);
  config.base_url = "HTTPS://ETHER.EXAMPLE";
  EXPECT_TRUE(server_options(config).strict_transport_security);
}

}  // namespace
}  // namespace ether::app
