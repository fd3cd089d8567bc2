#include "api/player_api.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include <boost/json.hpp>

#include "support/live_store.hpp"
#include "support/postgres_database.hpp"
#include "support/test_paths.hpp"

namespace ether::api {
namespace {
namespace json = boost::json;

// On both store backends (test::store_backends()).
class PlayerApiTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    db_ = open_test_store("player_api", GetParam());
    seed_live_store(*db_);
    auto lease = db_->lease();
    *lease << "UPDATE channels SET stream_url = 'https://icecast.example/radio4/playlist.m3u8' WHERE slug = 'radio4'";
    info_ = std::make_unique<player::LiveInfoService>(*db_, [] { return noon; });
    origin_ = std::make_unique<stream::LiveOrigin>(
        std::vector<std::string>{"radio2"}, [](const std::string&, std::int64_t) { return std::nullopt; },
        std::string(ETHER_TEST_TMP));
    api_ = std::make_unique<PlayerApi>(*db_, *info_, *origin_, stream::TokenSigner("test-secret"),
                                       PlayerApiOptions{.stream_domain = "https://stream.ether.example"},
                                       [] { return noon; });
    api_->add_routes(router_);
  }

  http::Response get(const std::string& target) {
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target(target, request));
    return router_.dispatch(request);
  }

  std::unique_ptr<store::Database> db_;
  std::unique_ptr<player::LiveInfoService> info_;
  std::unique_ptr<stream::LiveOrigin> origin_;
  std::unique_ptr<PlayerApi> api_;
  http::Router router_;
};

TEST_P(PlayerApiTest, ExternalStreamIsHandedOutAsIs) {
  auto response = get("/api/player/radio4/token");
  ASSERT_EQ(response.status, 200U);
  auto play = json::parse(response.payload());
  EXPECT_EQ(play.at("streamUrl"), "https://icecast.example/radio4/playlist.m3u8");
  EXPECT_EQ(play.at("format"), "hls");
  EXPECT_EQ(play.at("playerToken"), "");
  EXPECT_EQ(play.at("environmentDomain"), "https://stream.ether.example");
}

TEST_P(PlayerApiTest, OwnAndExternalStreamsNameTheConfiguredStreamDomain) {
  // spec §7: the stream loads from {environmentDomain}: the station's stream origin (a CDN, say).
  for (const std::string target : {"/api/player/radio2/token", "/api/player/radio4/token"}) {
    auto response = get(target);
    ASSERT_EQ(response.status, 200U) << target << " " << response.payload();
    EXPECT_EQ(json::parse(response.payload()).at("environmentDomain"), "https://stream.ether.example") << target;
  }
}

TEST_P(PlayerApiTest, WithoutAStreamDomainThePlayerUsesTheSitesOwnOrigin) {
  // spec §7: "When environmentDomain is absent, a default domain is used": the page's origin.
  http::Router router;
  PlayerApi plain(*db_, *info_, *origin_, stream::TokenSigner("test-secret"), PlayerApiOptions{}, [] { return noon; });
  plain.add_routes(router);
  http::Request request;
  request.method = "GET";
  ASSERT_TRUE(http::parse_target("/api/player/radio2/token", request));
  auto play = json::parse(router.dispatch(request).payload()).as_object();
  EXPECT_FALSE(play.contains("environmentDomain"));
  EXPECT_TRUE(play.at("streamUrl").as_string().starts_with("/live/radio2.mp3?token="));
}

TEST_P(PlayerApiTest, OwnStreamIsSignedForItsChannel) {
  auto play = json::parse(get("/api/player/radio2/token").payload());
  const std::string token(play.at("playerToken").as_string());
  EXPECT_EQ(stream::TokenSigner("test-secret").verify(token, "live:radio2", noon), stream::TokenVerdict::valid);
  EXPECT_EQ(stream::TokenSigner("test-secret").verify(token, "live:radio2", noon + 900), stream::TokenVerdict::expired);
  EXPECT_EQ(play.at("streamUrl").as_string(), "/live/radio2.mp3?token=" + token);
  EXPECT_EQ(play.at("format"), "mp3");
}

TEST_P(PlayerApiTest, StreamStartsNeedNoStoreOnceTheChannelsAreRead) {
  ASSERT_EQ(get("/api/player/radio2/token").status, 200U);
  {
    // The channels table gone, as in a store outage: the list in memory is kept.
    auto lease = db_->lease();
    *lease << "ALTER TABLE channels RENAME TO channels_away";
  }
  EXPECT_EQ(get("/api/player/radio2").status, 200U);
  auto play = get("/api/player/radio2/token");
  ASSERT_EQ(play.status, 200U);
  const std::string token(json::parse(play.payload()).at("playerToken").as_string());
  auto stream = get("/live/radio2.mp3?token=" + token);
  EXPECT_EQ(stream.status, 200U);
  EXPECT_TRUE(stream.streaming);
  EXPECT_FALSE(stream.header("icy-name").empty()) << "the channel's name, from memory";
  // An unknown channel asks the store again (which fails) and is still unknown; the list stays.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  EXPECT_EQ(get("/api/player/radio9").status, 404U);
  EXPECT_EQ(get("/api/player/radio2/token").status, 200U);
  EXPECT_EQ(json::parse(get("/api/player/radio4/token").payload()).at("format"), "hls");
  auto lease = db_->lease();
  *lease << "ALTER TABLE channels_away RENAME TO channels";
}

TEST_P(PlayerApiTest, BadAndUnknownChannelsGetJsonErrors) {
  EXPECT_EQ(get("/api/player/Radio-2").status, 400U);
  EXPECT_EQ(get("/api/player/-radio2").status, 400U);
  auto unknown = get("/api/player/radio9");
  EXPECT_EQ(unknown.status, 404U);
  EXPECT_EQ(json::parse(unknown.payload()).at("error").at("code"), "not_found");
  EXPECT_EQ(get("/api/player/radio2").status, 200U);
  EXPECT_EQ(get("/live/radio9.mp3?token=x").status, 404U);
  EXPECT_EQ(get("/live/radio2.ogg").status, 404U);
}

TEST_P(PlayerApiTest, OnDemandKindsAndIdsAreChecked) {
  EXPECT_EQ(get("/api/play/video/1").status, 404U);
  EXPECT_EQ(get("/api/play/fragment/0").status, 400U);
  EXPECT_EQ(get("/api/play/fragment/-3").status, 400U);
  EXPECT_EQ(get("/api/play/fragment/12abc").status, 400U);
}

TEST_P(PlayerApiTest, LatestNewsWithoutBulletinsIsNotFound) {
  auto response = get("/api/latestNews");
  EXPECT_EQ(response.status, 404U);
  EXPECT_EQ(json::parse(response.payload()).at("error").at("code"), "not_found");
}

TEST_P(PlayerApiTest, BulletinMediaNeedsAValidSignature) {
  http::Request request;
  request.method = "GET";
  ASSERT_TRUE(http::parse_target("/media/bulletins/a.mp3", request));
  EXPECT_EQ(api_->guard_media(request, "bulletins/a.mp3")->status, 403U);
  EXPECT_FALSE(api_->guard_media(request, "fragments/a.mp3")) << "only bulletins are signed";
  const auto expires = noon + 60;
  const auto signature = stream::TokenSigner("test-secret").signature("/media/bulletins/a.mp3", expires);
  ASSERT_TRUE(http::parse_target(
      "/media/bulletins/a.mp3?expires=" + std::to_string(expires) + "&signature=" + signature, request));
  EXPECT_FALSE(api_->guard_media(request, "bulletins/a.mp3"));
  ASSERT_TRUE(http::parse_target(
      "/media/bulletins/b.mp3?expires=" + std::to_string(expires) + "&signature=" + signature, request));
  EXPECT_EQ(api_->guard_media(request, "bulletins/b.mp3")->status, 403U);
}

TEST_P(PlayerApiTest, InfoAtAPastMomentShowsWhatWasOnAirThen) {
  // Live rewind: a listener 95 s behind live hears the play that ended at noon - 10, not the one on
  // air now; the show of that moment, and the one after it as upcoming.
  auto now = json::parse(get("/api/miniplayer/info?channel=radio2").payload());
  auto then = get("/api/miniplayer/info?channel=radio2&at=" + std::to_string(noon - 95));
  ASSERT_EQ(then.status, 200U);
  auto past = json::parse(then.payload());
  const auto first_play = [](const json::value& doc) {
    return doc.at("data").at("radioTrackPlays").at("data").as_array().at(0).at("from");
  };
  EXPECT_NE(first_play(now), first_play(past));
  EXPECT_EQ(past.at("data").at("radioTrackPlays").at("data").as_array().size(), 1U);
  EXPECT_EQ(then.header("Cache-Control"), "public, max-age=60");
  // Before the middagshow began, it is the upcoming broadcast, and nothing was on air.
  auto before = json::parse(get("/api/miniplayer/info?channel=radio2&at=" + std::to_string(noon - 3700)).payload());
  EXPECT_TRUE(before.at("data").at("radioBroadcasts").at("data").as_array().empty());
  EXPECT_EQ(before.at("data").at("upcomingBroadcasts").at("data").as_array().at(0).at("name"), "De Middagshow");
}

TEST_P(PlayerApiTest, InfoAtTakesOnlyAMomentOfThePastMonth) {
  for (const std::string& at :
       std::vector<std::string>{"gisteren", "", std::to_string(noon + 3600), std::to_string(noon - 40LL * 86400)}) {
    auto response = get("/api/miniplayer/info?channel=radio2&at=" + at);
    EXPECT_EQ(response.status, 400U) << at;
    EXPECT_EQ(json::parse(response.payload()).at("error").at("code"), "bad_parameter") << at;
  }
  EXPECT_EQ(get("/api/miniplayer/info?channel=geen&at=" + std::to_string(noon)).status, 404U);
}

INSTANTIATE_TEST_SUITE_P(Store, PlayerApiTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::api
