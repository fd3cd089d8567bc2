#include "player/miniplayer_info.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "domain/time.hpp"
#include "support/live_store.hpp"

namespace ether::player {
namespace {
namespace json = boost::json;

class MiniplayerInfoTest : public testing::Test {
 protected:
  void SetUp() override {
    db_ = open_test_store("miniplayer_info");
    seed_live_store(*db_);
  }
  std::unique_ptr<store::Database> db_;
};

TEST_F(MiniplayerInfoTest, FormatsApiTimesInAmsterdam) {
  EXPECT_EQ(domain::format_api_local(noon), "2026-11-21 12:00:00");
  EXPECT_EQ(domain::format_api_local(1'782'900'000), "2026-07-01 12:00:00");  // CEST
}

TEST_F(MiniplayerInfoTest, UnknownChannelHasNoDocument) {
  EXPECT_FALSE(build_miniplayer_info(*db_, "bestaat-niet", noon));
}

TEST_F(MiniplayerInfoTest, DocumentHasEverySectionOfSpecSection7) {
  auto info = build_miniplayer_info(*db_, "radio2", noon);
  ASSERT_TRUE(info);
  const auto& data = info->document.at("data").as_object();
  for (const char* key : {"coreChannels", "radioBroadcasts", "radioTrackPlays", "upcomingBroadcasts", "allChannels"}) {
    ASSERT_TRUE(data.at(key).as_object().at("data").is_array()) << key;
  }
  const auto& channel = data.at("coreChannels").at("data").at(0).as_object();
  EXPECT_EQ(channel.at("slug"), "radio2");
  EXPECT_EQ(channel.at("links").at(0).at("value"), "/popout/radio2");
  EXPECT_EQ(channel.at("liveVideo").at("tokenUrl"), "/api/player/radio2/video");
  EXPECT_EQ(channel.at("children").at(0).at("slug"), "soulenjazz");
  EXPECT_EQ(data.at("allChannels").at("data").as_array().size(), 3U);
}

TEST_F(MiniplayerInfoTest, BroadcastOnAirWithWhitelistedBroadcastersAndPresentersInOrder) {
  auto info = build_miniplayer_info(*db_, "radio2", noon);
  const auto& show = info->document.at("data").at("radioBroadcasts").at("data").at(0).as_object();
  EXPECT_EQ(show.at("name"), "De Middagshow");
  EXPECT_EQ(show.at("from"), "2026-11-21 11:00:00");
  EXPECT_EQ(show.at("until"), "2026-11-21 13:00:00");
  const auto& broadcasters = show.at("coreBroadcasters").as_array();
  ASSERT_EQ(broadcasters.size(), 1U) << "De Kustomroep is not on radio2's whitelist";
  EXPECT_EQ(broadcasters.at(0).at("alias"), "ozz");
  EXPECT_EQ(show.at("radioPresenters").at(0).at("name"), "Mira de Vries");
  EXPECT_EQ(show.at("radioProgrammes").at("slug"), "de-middagshow");
  EXPECT_EQ(show.at("radioPhotoAssets").as_array().size(), 0U);
  EXPECT_EQ(show.at("radioProgrammes").at("radioPhotoAssets").at(0).at("url600"),
            "/media/images/programmes/de-middagshow.webp");
  const auto& next = info->document.at("data").at("upcomingBroadcasts").at("data").at(0).as_object();
  EXPECT_EQ(next.at("name"), "Nachtmuziek");
  EXPECT_TRUE(next.at("radioProgrammes").is_null());
}

TEST_F(MiniplayerInfoTest, TrackPlaysNewestFirstUpToNowWithChartPosition) {
  auto info = build_miniplayer_info(*db_, "radio2", noon);
  const auto& plays = info->document.at("data").at("radioTrackPlays").at("data").as_array();
  ASSERT_EQ(plays.size(), 2U) << "the play that starts after now is not on air yet";
  EXPECT_EQ(plays.at(0).at("from").as_string(), domain::format_api_local(noon - 10));
  EXPECT_EQ(plays.at(0).at("cmsChartEditionPositions").at(0).at("position"), 4);
  EXPECT_EQ(plays.at(0).at("song"), "Zomeravond");
  EXPECT_EQ(plays.at(0).at("radioTracks").at("slug"), "zomeravond");
  EXPECT_TRUE(plays.at(0).at("classicalData").is_null());
  EXPECT_TRUE(plays.at(1).at("cmsChartEditionPositions").as_array().empty());
}

TEST_F(MiniplayerInfoTest, ClassicalChannelCarriesClassicalData) {
  auto info = build_miniplayer_info(*db_, "radio4", noon);
  const auto& play = info->document.at("data").at("radioTrackPlays").at("data").at(0).as_object();
  EXPECT_EQ(play.at("classicalData").at("composer"), "J. Pachelbel");
  EXPECT_EQ(play.at("classicalData").at("completeWork"), "Canon in D");
  EXPECT_TRUE(play.at("coverUrl").is_null());
}

TEST_F(MiniplayerInfoTest, ValidUntilIsTheNextChange) {
  EXPECT_EQ(build_miniplayer_info(*db_, "radio2", noon)->valid_until, noon + 80);
  EXPECT_EQ(build_miniplayer_info(*db_, "radio2", noon + 100)->valid_until, noon + 170);
  EXPECT_EQ(build_miniplayer_info(*db_, "radio2", noon + 3000)->valid_until, noon + 3300);
}

}  // namespace
}  // namespace ether::player
