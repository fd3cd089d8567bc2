// The live radio end to end: the real server with the demo station, curl and ffmpeg as clients.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <regex>

#include "domain/time.hpp"
#include "support/server_process.hpp"

namespace ether {
namespace {
namespace json = boost::json;
using test::run_command;
using test::ServerProcess;

class LiveStationTest : public testing::Test {
 protected:
  static void SetUpTestSuite() { station = new ServerProcess("live_station"); }
  static void TearDownTestSuite() {
    delete station;
    station = nullptr;
  }
  static std::string header(const std::string& headers, const std::string& name) {
    std::smatch match;
    std::regex pattern("(^|\\n)" + name + ": ([^\\r\\n]*)", std::regex::icase);
    return std::regex_search(headers, match, pattern) ? match[2].str() : "";
  }
  static ServerProcess* station;
};

ServerProcess* LiveStationTest::station = nullptr;

TEST_F(LiveStationTest, InfoIsServedWithAStrongEtagAnd304) {
  auto first = station->get("/api/miniplayer/info?channel=radio2");
  ASSERT_EQ(first.status, 200);
  auto document = json::parse(first.body);
  EXPECT_EQ(document.at("data").at("coreChannels").at("data").at(0).at("slug"), "radio2");
  EXPECT_FALSE(document.at("data").at("radioTrackPlays").at("data").as_array().empty());
  const auto etag = header(first.headers, "ETag");
  ASSERT_EQ(etag.front(), '"');
  EXPECT_EQ(header(first.headers, "Cache-Control"),
            "public, max-age=5, s-maxage=10, stale-while-revalidate=30, stale-if-error=600");
  auto again = station->get("/api/miniplayer/info?channel=radio2", "-H 'If-None-Match: " + etag + "'");
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(again.body, "");
  // A poll's 304 carries a JSON answer's security headers, as its 200 does.
  EXPECT_EQ(header(again.headers, "Content-Security-Policy"), "default-src 'none'; frame-ancestors 'none'");
  EXPECT_EQ(header(again.headers, "Permissions-Policy"), "");
  auto listed = station->get("/api/miniplayer/info?channel=radio2", "-H 'If-None-Match: \"other\", W/" + etag + "'");
  EXPECT_EQ(listed.status, 304) << "a list with the tag, weak or not, matches";
}

TEST_F(LiveStationTest, InfoRefusesBadAndUnknownChannelsWithJsonErrors) {
  auto missing = station->get("/api/miniplayer/info");
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(json::parse(missing.body).at("error").at("code"), "bad_parameter");
  EXPECT_EQ(station->get("/api/miniplayer/info?channel=Radio%202").status, 400);
  auto unknown = station->get("/api/miniplayer/info?channel=radio9");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(json::parse(unknown.body).at("error").at("code"), "not_found");
}

TEST_F(LiveStationTest, PlayerServiceHandsOutASignedStream) {
  auto token_url = station->get("/api/player/radio2");
  ASSERT_EQ(token_url.status, 200);
  const auto url = std::string(json::parse(token_url.body).at("tokenUrl").as_string());
  auto play = json::parse(station->get(url).body);
  EXPECT_EQ(play.at("mid"), "radio2");
  // No ETHER_STREAM_DOMAIN: the player loads the stream from the page's own origin.
  EXPECT_FALSE(play.as_object().contains("environmentDomain"));
  EXPECT_FALSE(play.at("playerToken").as_string().empty());
  EXPECT_EQ(station->get("/api/player/radio9").status, 404);
}

TEST_F(LiveStationTest, StreamRefusesForgedAndAlteredTokens) {
  auto play = json::parse(station->get("/api/player/radio2/token").body);
  std::string token(play.at("playerToken").as_string());
  auto forged = station->get("/live/radio2.mp3?token=djF8bGl2ZTpyYWRpbzJ8OTk5OTk5OTk5OQ.AAAA");
  EXPECT_EQ(forged.status, 403);
  EXPECT_EQ(json::parse(forged.body).at("error").at("code"), "token_bad_signature");
  token[token.size() - 3] = token[token.size() - 3] == 'A' ? 'B' : 'A';
  EXPECT_EQ(station->get("/live/radio2.mp3?token=" + token).status, 403);
  EXPECT_EQ(station->get("/live/radio2.mp3").status, 403);
  auto other_channel = json::parse(station->get("/api/player/3fm/token").body);
  EXPECT_EQ(station->get("/live/radio2.mp3?token=" + std::string(other_channel.at("playerToken").as_string())).status,
            403);
}

TEST_F(LiveStationTest, FfmpegDecodesTheLiveStreamAndReadsTheTitleOnAir) {
  auto play = json::parse(station->get("/api/player/radio2/token").body);
  const std::string url = station->base_url() + std::string(play.at("streamUrl").as_string());
  auto log = run_command("ffmpeg -hide_banner -nostdin -loglevel debug -icy 1 -i '" + url + "' -t 6 -f null - 2>&1");
  EXPECT_NE(log.find("Audio: mp3"), std::string::npos) << log.substr(0, 2000);
  std::smatch match;
  ASSERT_TRUE(std::regex_search(log, match, std::regex("Metadata update for StreamTitle: ([^\\n]*)"))) << log;
  // The title on air is the track play on air: compare with the info document.
  auto info = json::parse(station->get("/api/miniplayer/info?channel=radio2").body);
  const auto& plays = info.at("data").at("radioTrackPlays").at("data").as_array();
  bool found = false;
  for (const auto& p : plays) {
    if (match[1].str() == std::string(p.at("artist").as_string()) + " - " + std::string(p.at("song").as_string())) {
      found = true;
    }
  }
  EXPECT_TRUE(found) << "title " << match[1].str() << " is not a recent play of radio2";
  std::smatch time;
  ASSERT_TRUE(std::regex_search(log, time, std::regex("time=00:00:0([0-9])\\.")));
}

TEST_F(LiveStationTest, LatestNewsIsASignedExpiringUrl) {
  auto news = station->get("/api/latestNews");
  ASSERT_EQ(news.status, 200);
  // The demo's bulletin says its hour, and was published at that hour (issue 39: at 05:00 the
  // latest was named 'Het nieuws van 8 uur'); publishedAt in the API's date format (spec §9).
  const auto bulletin = json::parse(news.body).as_object();
  const std::string published(bulletin.at("publishedAt").as_string());
  std::smatch hour;
  ASSERT_TRUE(std::regex_match(published, hour, std::regex(R"(\d{4}-\d{2}-\d{2} (\d{2}):00:00)"))) << published;
  EXPECT_EQ(std::string(bulletin.at("name").as_string()),
            "Het nieuws van " + std::to_string(std::stoi(hour[1])) + " uur");
  auto player = bulletin.at("player");
  std::string progressive;
  for (const auto& parameter : player.at("parameters").as_array()) {
    if (parameter.at("name") == "progressive") progressive = std::string(parameter.at("value").as_string());
  }
  ASSERT_NE(progressive.find("expires="), std::string::npos);
  auto audio = station->get(progressive, "-o /dev/null");
  EXPECT_EQ(audio.status, 200);
  EXPECT_EQ(header(audio.headers, "Content-Type"), "audio/mpeg");
  auto path = progressive.substr(0, progressive.find('?'));
  EXPECT_EQ(station->get(path).status, 403);
  auto altered = std::regex_replace(progressive, std::regex("expires=([0-9]+)"), "expires=9999999999");
  EXPECT_EQ(station->get(altered).status, 403);
}

TEST_F(LiveStationTest, OnDemandFilesAnswerRanges) {
  auto play = json::parse(station->get("/api/play/fragment/1").body);
  const std::string url(play.at("streamUrl").as_string());
  ASSERT_EQ(url.rfind("/media/", 0), 0U) << url;
  auto range = station->get(url, "-r 100-199");
  EXPECT_EQ(range.status, 206);
  EXPECT_EQ(range.body.size(), 100U);
  EXPECT_EQ(header(range.headers, "Accept-Ranges"), "bytes");
  EXPECT_EQ(station->get(url, "-r 999999999-").status, 416);
  EXPECT_EQ(station->get("/api/play/fragment/abc").status, 400);
  EXPECT_EQ(station->get("/api/play/fragment/999999").status, 404);
}

TEST_F(LiveStationTest, DemoSeedServesOnePublishedEventModalAndOneMaintenanceNotice) {
  auto modal = station->get("/api/eventmodal/content");
  ASSERT_EQ(modal.status, 200);
  EXPECT_EQ(header(modal.headers, "Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(header(modal.headers, "Cache-Control"), "public, no-cache");
  const auto blocks = json::parse(modal.body).at("data").at("cmsContentBlocks").at("data").as_array();
  ASSERT_EQ(blocks.size(), 1U);  // the seed's second block is unpublished
  const auto& block = blocks[0];
  EXPECT_EQ(block.at("__typename"), "cms_eventmodal");
  EXPECT_EQ(block.at("published"), true);
  EXPECT_EQ(block.at("title"), "De Top 2000 Dagen komen eraan!");
  EXPECT_EQ(block.at("relatedUrl"), "/thema/top-2000-dagen");
  EXPECT_EQ(block.at("backgroundImage").at("url"), "/media/images/pages/top-2000-dagen-modal.webp");
  EXPECT_EQ(block.at("cmsLogo").at("url"), "/media/images/channels/radio2.webp");
  const auto& clock = block.at("countClock");
  EXPECT_EQ(clock.at("__typename"), "cms_countclock_countdown");
  EXPECT_EQ(clock.at("caption"), "Nog even en de lijst begint");
  EXPECT_TRUE(clock.at("startDate").is_null());
  const std::string end_date(clock.at("endDate").as_string());
  EXPECT_TRUE(std::regex_match(end_date, std::regex(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})"))) << end_date;
  // The seed counts down to twelve days after it ran, which was when this server started.
  const auto now = domain::to_unix(std::chrono::system_clock::now());
  EXPECT_GT(end_date, domain::format_api_local(now + 11 * 86400));
  EXPECT_LE(end_date, domain::format_api_local(now + 12 * 86400));
  const auto etag = header(modal.headers, "ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(station->get("/api/eventmodal/content", "-H 'If-None-Match: " + etag + "'").status, 304);

  auto banner = station->get("/api/maintenance-notification");
  ASSERT_EQ(banner.status, 200);
  EXPECT_EQ(header(banner.headers, "Cache-Control"), "public, no-cache");
  const auto notices = json::parse(banner.body).at("data").at("maintenanceNotifications").at("data").as_array();
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_EQ(notices[0].at("title"), "Gepland onderhoud");
  // It names the date of the next Tuesday night's window (and is shown until that window ends).
  const std::string description(notices[0].at("description").as_string());
  EXPECT_TRUE(std::regex_search(description, std::regex(R"(^Op dinsdag \d{1,2} [a-z]+ tussen 02:00 en 04:00 uur)")))
      << description;
  EXPECT_EQ(notices[0].at("url"), "https://status.ether.example/onderhoud");
  EXPECT_EQ(notices[0].at("isDismissable"), true);
  EXPECT_TRUE(notices[0].at("id").is_int64());
}

// A tag keeps the name an editor gave it ('OV', 'Europa'; issue 39: the demo showed 'ov' and
// 'europa'), and a tag link finds it in any case.
TEST_F(LiveStationTest, DemoTagsKeepTheirProperNames) {
  auto page = station->get("/api/page?path=%2Fnieuws%3Ftag%3Dov");
  ASSERT_EQ(page.status, 200);
  const auto articles = json::parse(page.body).at("data").at("articles").as_array();
  ASSERT_EQ(articles.size(), 1U);
  std::vector<std::string> tags;
  for (const auto& tag : articles[0].at("tags").as_array()) tags.emplace_back(tag.as_string());
  EXPECT_NE(std::find(tags.begin(), tags.end(), "OV"), tags.end()) << page.body;
}

TEST_F(LiveStationTest, StopsCleanlyOnSigterm) {
  ServerProcess another("live_station_sigterm");
  EXPECT_EQ(another.get("/healthz").status, 200);
  EXPECT_EQ(another.terminate(), 0);
}

}  // namespace
}  // namespace ether
