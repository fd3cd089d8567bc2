#include "player/miniplayer_info.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <optional>
#include <string>

#include "domain/time.hpp"
#include "support/live_store.hpp"
#include "support/postgres_database.hpp"

namespace ether::player {
namespace {
namespace json = boost::json;

// On both store backends (test::store_backends()).
class MiniplayerInfoTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    db_ = open_test_store("miniplayer_info", GetParam());
    seed_live_store(*db_);
  }
  std::unique_ptr<store::Database> db_;
};

TEST_P(MiniplayerInfoTest, FormatsApiTimesInAmsterdam) {
  EXPECT_EQ(domain::format_api_local(noon), "2026-11-21 12:00:00");
  EXPECT_EQ(domain::format_api_local(1'782'900'000), "2026-07-01 12:00:00");  // CEST
}

TEST_P(MiniplayerInfoTest, UnknownChannelHasNoDocument) {
  EXPECT_FALSE(build_miniplayer_info(*db_, "bestaat-niet", noon));
}

TEST_P(MiniplayerInfoTest, DocumentHasEverySectionOfSpecSection7) {
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

TEST_P(MiniplayerInfoTest, BroadcastOnAirWithWhitelistedBroadcastersAndPresentersInOrder) {
  auto info = build_miniplayer_info(*db_, "radio2", noon);
  const auto& show = info->document.at("data").at("radioBroadcasts").at("data").at(0).as_object();
  EXPECT_EQ(show.at("name"), "De Middagshow");
  EXPECT_EQ(show.at("from"), "2026-11-21 11:00:00");
  EXPECT_EQ(show.at("until"), "2026-11-21 13:00:00");
  const auto& broadcasters = show.at("coreBroadcasters").as_array();
  ASSERT_EQ(broadcasters.size(), 1U) << "De Kustomroep is not on radio2's whitelist";
  EXPECT_EQ(broadcasters.at(0).at("alias"), "ozz");
  EXPECT_EQ(broadcasters.at(0).at("logoUrl"), "/media/images/broadcasters/zuiderzee.webp");
  EXPECT_EQ(show.at("radioPresenters").at(0).at("name"), "Mira de Vries");
  EXPECT_EQ(show.at("radioProgrammes").at("slug"), "de-middagshow");
  EXPECT_EQ(show.at("radioPhotoAssets").as_array().size(), 0U);
  EXPECT_EQ(show.at("radioProgrammes").at("radioPhotoAssets").at(0).at("url600"),
            "/media/images/programmes/de-middagshow.webp");
  const auto& next = info->document.at("data").at("upcomingBroadcasts").at("data").at(0).as_object();
  EXPECT_EQ(next.at("name"), "Nachtmuziek");
  EXPECT_TRUE(next.at("radioProgrammes").is_null());
}

TEST_P(MiniplayerInfoTest, TrackPlaysNewestFirstUpToNowWithChartPosition) {
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

TEST_P(MiniplayerInfoTest, ClassicalChannelCarriesClassicalData) {
  auto info = build_miniplayer_info(*db_, "radio4", noon);
  const auto& play = info->document.at("data").at("radioTrackPlays").at("data").at(0).as_object();
  EXPECT_EQ(play.at("classicalData").at("composer"), "J. Pachelbel");
  EXPECT_EQ(play.at("classicalData").at("completeWork"), "Canon in D");
  EXPECT_TRUE(play.at("coverUrl").is_null());
}

TEST_P(MiniplayerInfoTest, ValidUntilIsTheNextChange) {
  EXPECT_EQ(build_miniplayer_info(*db_, "radio2", noon)->valid_until, noon + 80);
  EXPECT_EQ(build_miniplayer_info(*db_, "radio2", noon + 100)->valid_until, noon + 170);
  EXPECT_EQ(build_miniplayer_info(*db_, "radio2", noon + 3000)->valid_until, noon + 3001)
      << "no play on air: the next one is due";
}

// The play the document says is on air at `at` (the first whose from <= at < until), by its start.
std::optional<std::string> play_on_air(const MiniplayerInfo& info, long long at) {
  const auto instant = domain::format_api_local(at);  // same format: compares as text (no DST change here)
  for (const auto& play : info.document.at("data").at("radioTrackPlays").at("data").as_array()) {
    if (play.at("from").as_string() <= instant && instant < play.at("until").as_string()) {
      return std::string(play.at("from").as_string());
    }
  }
  return std::nullopt;
}

// radio2's last seeded play (Zomeravond from noon + 80) ends at noon + 170 with nothing after it: the
// playout records the next play at its first tick after that, so a document built in between must
// expire as soon as the log may have grown, not minutes later.
TEST_P(MiniplayerInfoTest, EveryOffsetAroundATrackChangeWithTheNextPlayNotRecordedYet) {
  const long long change = noon + 170;
  for (long long at = change - 5; at <= change + 5; ++at) {
    SCOPED_TRACE("at change " + std::to_string(at - change) + " s");
    auto info = build_miniplayer_info(*db_, "radio2", at);
    ASSERT_TRUE(info);
    EXPECT_GT(info->valid_until, at);
    if (at < change) {
      EXPECT_EQ(play_on_air(*info, at), domain::format_api_local(noon + 80));
      EXPECT_EQ(info->valid_until, change) << "valid while Zomeravond plays";
    } else {
      EXPECT_EQ(play_on_air(*info, at), std::nullopt) << "no play is claimed on air after the last one ended";
      EXPECT_LE(info->valid_until, at + 2) << "the next play is overdue: rebuilt within a second or two";
    }
  }
}

TEST_P(MiniplayerInfoTest, EveryOffsetAroundATrackChangeWithTheNextPlayRecorded) {
  const long long change = noon + 170;
  {
    auto lease = db_->lease();
    *lease << "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at) VALUES ('radio2', 2, :s, :e)",
        soci::use(change), soci::use(change + 100);
  }
  for (long long at = change - 5; at <= change + 5; ++at) {
    SCOPED_TRACE("at change " + std::to_string(at - change) + " s");
    auto info = build_miniplayer_info(*db_, "radio2", at);
    ASSERT_TRUE(info);
    if (at < change) {
      EXPECT_EQ(play_on_air(*info, at), domain::format_api_local(noon + 80));
      EXPECT_EQ(info->valid_until, change);
    } else {
      EXPECT_EQ(play_on_air(*info, at), domain::format_api_local(change));
      EXPECT_EQ(info->document.at("data").at("radioTrackPlays").at("data").at(0).at("song"), "Adagio");
      EXPECT_EQ(info->valid_until, change + 100) << "the cache holds for the whole play";
    }
  }
}

TEST_P(MiniplayerInfoTest, AChannelThatNeverPlayedIsLookedAtAgainWithinASecond) {
  auto info = build_miniplayer_info(*db_, "soulenjazz", noon);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->valid_until, noon + 1) << "an external playout may record its first play at any moment";
}

// The broadcast edges: De Middagshow ends at noon + 3600 where Nachtmuziek starts, which ends at
// noon + 7200 with no broadcast after it; one long play covers both edges, so only the grid decides.
TEST_P(MiniplayerInfoTest, EveryOffsetAroundTheBroadcastEdges) {
  {
    auto lease = db_->lease();
    *lease << "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at) VALUES ('radio2', 2, :s, :e)",
        soci::use(noon + 170), soci::use(noon + 8000);
  }
  auto on_air_broadcast = [](const MiniplayerInfo& info) -> std::string {
    const auto& shows = info.document.at("data").at("radioBroadcasts").at("data").as_array();
    return shows.empty() ? "" : std::string(shows.at(0).at("name").as_string());
  };
  for (const long long edge : {noon + 3600, noon + 7200}) {
    for (long long at = edge - 5; at <= edge + 5; ++at) {
      SCOPED_TRACE("at broadcast edge " + std::to_string(edge - noon) + " + " + std::to_string(at - edge) + " s");
      auto info = build_miniplayer_info(*db_, "radio2", at);
      ASSERT_TRUE(info);
      EXPECT_GT(info->valid_until, at);
      EXPECT_EQ(play_on_air(*info, at), domain::format_api_local(noon + 170));
      if (at < edge) {
        EXPECT_EQ(info->valid_until, edge) << "rebuilt when the broadcast on air ends";
        EXPECT_EQ(on_air_broadcast(*info), edge == noon + 3600 ? "De Middagshow" : "Nachtmuziek");
      } else {
        EXPECT_EQ(on_air_broadcast(*info), edge == noon + 3600 ? "Nachtmuziek" : "");
        EXPECT_LE(info->valid_until, edge == noon + 3600 ? noon + 7200 : noon + 8000);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Store, MiniplayerInfoTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::player
