// PageLoader against a real SQLite store: every route of spec §2, the shapes of
// web/src/api/types.ts, defaults, paging, filters, 404s, malformed input and canonical paths.

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "pages_fixture.hpp"
#include "render/page_html.hpp"

namespace ether::pages::testing {
namespace {

namespace json = boost::json;
using Keys = std::set<std::string>;

std::string str(const json::value& value) { return std::string(value.as_string()); }
std::size_t size(const json::value& value) { return value.as_array().size(); }

const Keys kChannelSummary{"slug",    "name",           "parentSlug", "description", "color",
                           "logoUrl", "hasProgramming", "playerMode", "classical",   "hasVisualRadio"};
const Keys kBroadcast{"id",           "slug", "title", "channel",  "programme", "presenters",
                      "broadcasters", "from", "until", "imageUrl", "audioUrl"};
const Keys kTrack{"id",       "from",   "until",    "title",         "artist",   "name",         "displayArtist",
                  "songSlug", "songId", "coverUrl", "chartPosition", "composer", "completeWork", "ensemble",
                  "url"};
const Keys kArticleCard{"id", "slug", "category", "title", "intro", "imageUrl", "publishedAt", "liveUntil", "tags"};
const Keys kFragment{"id",       "slug",     "title", "description", "programme", "publishedAt", "durationSeconds",
                     "imageUrl", "audioUrl", "tags"};
const Keys kFeed{"slug", "title", "description", "author", "imageUrl", "episodeCount"};
const Keys kEpisode{"id",       "slug",    "feedSlug", "title", "description", "publishedAt", "durationSeconds",
                    "audioUrl", "imageUrl"};
const Keys kProgrammeCard{"slug", "name", "channel", "summary", "imageUrl", "presenters", "schedule"};
const Keys kPaging{"page", "pageCount", "total"};

TEST_P(PagesFixture, HomeShowsWhatIsOnAirAndTheLatestContent) {
  auto r = load("/");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "home");
  EXPECT_EQ(r.title, "Luister live naar Ether Radio 2 - Ether");
  EXPECT_EQ(r.canonical_path, "/");
  EXPECT_EQ(keys(r.data), (Keys{"onAir", "channels", "news", "fragments", "podcasts", "guide"}));
  const auto& on_air = r.data.at("onAir");
  EXPECT_EQ(keys(on_air), (Keys{"channel", "broadcast", "track"}));
  EXPECT_EQ(keys(on_air.at("channel")), kChannelSummary);
  EXPECT_EQ(keys(on_air.at("broadcast")), kBroadcast);
  EXPECT_EQ(str(on_air.at("broadcast").at("title")), "Koffiepauze");
  EXPECT_EQ(keys(on_air.at("track")), kTrack);
  EXPECT_EQ(str(on_air.at("track").at("title")), "Koffie Zwart");
  EXPECT_EQ(str(on_air.at("track").at("artist")), "Café Noir");
  EXPECT_TRUE(on_air.at("track").at("coverUrl").is_null());

  const auto& channels = r.data.at("channels").as_array();
  ASSERT_EQ(channels.size(), 3u);
  EXPECT_EQ(str(channels[0].at("channel").at("slug")), "radio2");
  EXPECT_EQ(str(channels[1].at("channel").at("slug")), "soulenjazz");  // children after their parent
  EXPECT_EQ(str(channels[2].at("channel").at("slug")), "3fm");
  EXPECT_TRUE(channels[1].at("broadcast").is_null());
  EXPECT_TRUE(channels[1].at("track").is_null());  // its last track ended more than a minute ago
  EXPECT_EQ(channels[2].at("track").at("chartPosition").as_int64(), 3);

  EXPECT_EQ(size(r.data.at("news")), 6u);
  EXPECT_EQ(keys(r.data.at("news").at(0)), kArticleCard);
  EXPECT_EQ(str(r.data.at("news").at(0).at("title")), "Ajax wint de topper");
  EXPECT_EQ(size(r.data.at("fragments")), 3u);  // the unpublished one is left out
  EXPECT_EQ(keys(r.data.at("fragments").at(0)), kFragment);
  EXPECT_EQ(size(r.data.at("podcasts")), 1u);
  EXPECT_EQ(keys(r.data.at("podcasts").at(0)), kFeed);
  EXPECT_EQ(r.data.at("podcasts").at(0).at("episodeCount").as_int64(), 2);
  EXPECT_EQ(size(r.data.at("guide")), 2u);
}

TEST_P(PagesFixture, SiteConfigCarriesTheErrorReportingSettingsWhenADsnIsSet) {
  SiteSettings settings;
  settings.base_url = "http://localhost:8080";
  settings.sentry_dsn = "https://k@sentry.example/5";
  settings.sentry_traces_sample_rate = 0.5;
  PageLoader loader(*db_, settings);
  const auto config = loader.site_config();
  const auto& reporting = config.at("errorReporting").as_object();
  EXPECT_EQ(str(reporting.at("dsn")), "https://k@sentry.example/5");
  EXPECT_DOUBLE_EQ(reporting.at("tracesSampleRate").as_double(), 0.5);
  EXPECT_EQ(str(reporting.at("environment")), "production");
}

TEST_P(PagesFixture, SiteConfigTellsTheAppTheLatestNewsPrefix) {
  // Spec §7: /api/latestNews behind an optional static path prefix; the server moves the route
  // (SiteAppTest.LatestNewsFollowsTheStaticPrefix) and the app must call it there.
  SiteSettings settings;
  settings.static_prefix = "/static";
  PageLoader loader(*db_, settings);
  EXPECT_EQ(str(loader.site_config().at("staticPrefix")), "/static");
}

TEST_P(PagesFixture, SiteConfigListsChannelsInPickerOrder) {
  auto config = loader_->site_config();
  EXPECT_EQ(keys(config),
            (Keys{"name", "baseUrl", "siteCode", "defaultChannel", "channels", "errorReporting", "staticPrefix"}));
  EXPECT_TRUE(config.at("errorReporting").is_null());
  EXPECT_EQ(str(config.at("staticPrefix")), "");
  EXPECT_EQ(str(config.at("baseUrl")), "http://localhost:8080");
  EXPECT_EQ(str(config.at("defaultChannel")), "radio2");
  const auto& channels = config.at("channels").as_array();
  ASSERT_EQ(channels.size(), 3u);
  EXPECT_EQ(str(channels[1].at("slug")), "soulenjazz");
  EXPECT_EQ(str(channels[1].at("parentSlug")), "radio2");
  EXPECT_TRUE(channels[0].at("parentSlug").is_null());
  EXPECT_TRUE(channels[2].at("hasVisualRadio").as_bool());
  EXPECT_FALSE(channels[0].at("hasVisualRadio").as_bool());
}

TEST_P(PagesFixture, GedraaidDefaultsToTodayOnTheSiteChannelNewestFirst) {
  auto r = load("/gedraaid");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "gedraaid");
  EXPECT_EQ(r.title, "Gedraaid op Ether Radio 2 - Ether");
  EXPECT_EQ(r.canonical_path, "/gedraaid");
  EXPECT_EQ(keys(r.data),
            (Keys{"channel", "date", "time", "window", "tracks", "recordedHours", "rewindSpans", "paging"}));
  EXPECT_EQ(str(r.data.at("window").at("first")), "2026-11-07");
  EXPECT_EQ(str(r.data.at("window").at("last")), "2026-11-21");
  EXPECT_TRUE(r.data.at("window").at("contains").as_bool());
  EXPECT_TRUE(r.bad_parameter.empty());
  EXPECT_EQ(str(r.data.at("date")), "2026-11-21");
  EXPECT_EQ(str(r.data.at("time")), "0_24");
  EXPECT_EQ(keys(r.data.at("paging")), kPaging);
  EXPECT_EQ(r.data.at("paging").at("total").as_int64(), 26);  // the future play is not yet played
  EXPECT_EQ(r.data.at("paging").at("pageCount").as_int64(), 2);
  ASSERT_EQ(size(r.data.at("tracks")), 20u);
  EXPECT_EQ(str(r.data.at("tracks").at(0).at("from")), "2026-11-21T10:28:00Z");
  EXPECT_EQ(keys(r.data.at("tracks").at(0)), kTrack);
  // spec §3 Track: a play's url is its song's page, through the track route.
  EXPECT_EQ(str(r.data.at("tracks").at(0).at("url")), "/nummers/2/koffie-zwart");
  EXPECT_EQ(str(r.params.at("channel")), "radio2");
  EXPECT_EQ(str(r.params.at("date")), "21-11-2026");
  EXPECT_EQ(str(r.params.at("page")), "1");
  EXPECT_EQ(str(r.params.at("time")), "0_24");
}

TEST_P(PagesFixture, GedraaidPagesAndFiltersByHourSlotDateAndChannel) {
  auto page2 = load("/gedraaid", {{"page", "2"}});
  EXPECT_EQ(size(page2.data.at("tracks")), 6u);
  EXPECT_EQ(page2.canonical_path, "/gedraaid?page=2");

  auto midnight = load("/gedraaid", {{"time", "0_1"}});
  EXPECT_EQ(size(midnight.data.at("tracks")), 3u);  // local 00:00-01:00 is 23:00-00:00 UTC
  auto eleven = load("/gedraaid", {{"time", "11_12"}, {"channel", "radio2"}});
  ASSERT_EQ(size(eleven.data.at("tracks")), 1u);
  EXPECT_EQ(eleven.canonical_path, "/gedraaid?time=11_12");

  auto yesterday = load("/gedraaid/20-11-2026");
  EXPECT_EQ(str(yesterday.data.at("date")), "2026-11-20");
  EXPECT_EQ(size(yesterday.data.at("tracks")), 1u);
  EXPECT_EQ(yesterday.canonical_path, "/gedraaid/20-11-2026");
  EXPECT_EQ(yesterday.title, "Gedraaid op Ether Radio 2 - vrijdag 20 november 2026 - Ether");

  auto threefm = load("/gedraaid", {{"time", "11_12"}, {"page", "1"}, {"channel", "3fm"}});
  ASSERT_EQ(size(threefm.data.at("tracks")), 1u);
  EXPECT_EQ(threefm.data.at("tracks").at(0).at("chartPosition").as_int64(), 3);
  EXPECT_EQ(threefm.canonical_path, "/gedraaid?channel=3fm&time=11_12");
  EXPECT_EQ(threefm.title, "Gedraaid op Ether 3FM - Ether");
}

TEST_P(PagesFixture, GedraaidMalformedValuesFallBackToDefaults) {
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{{"page", "abc"},
                                                                                   {"page", "0"},
                                                                                   {"page", "-2"},
                                                                                   {"time", "25_26"},
                                                                                   {"time", "3_5"},
                                                                                   {"channel", "bestaat"}}) {
    auto r = load("/gedraaid", {{key, value}});
    EXPECT_EQ(r.status, 200u) << key << "=" << value;
    EXPECT_EQ(r.canonical_path, "/gedraaid") << key << "=" << value;
    EXPECT_EQ(r.data.at("paging").at("total").as_int64(), 26) << key << "=" << value;
    // A malformed hour slot is an error for the API; a page or channel quietly gets its default.
    EXPECT_EQ(r.bad_parameter.empty(), key != "time") << key << "=" << value;
  }
  EXPECT_TRUE(load("/gedraaid", {{"time", "0_24"}}).bad_parameter.empty());
  EXPECT_TRUE(load("/gedraaid", {{"time", ""}}).bad_parameter.empty());
  for (const char* path : {"/gedraaid/31-02-2026", "/gedraaid/2026-11-20", "/gedraaid/gisteren"}) {
    auto bad_date = load(path);
    EXPECT_EQ(bad_date.status, 200u) << path;
    EXPECT_EQ(str(bad_date.data.at("date")), "2026-11-21") << path;
    EXPECT_EQ(bad_date.canonical_path, "/gedraaid") << path;
    EXPECT_NE(bad_date.bad_parameter.find("dd-MM-yyyy"), std::string::npos) << path;
  }
  auto past_end = load("/gedraaid", {{"page", "99"}});
  EXPECT_EQ(past_end.data.at("paging").at("page").as_int64(), 2);
  EXPECT_EQ(load("/gedraaid/21-11-2026/extra").status, 404u);
}

TEST_P(PagesFixture, GedraaidOutsideTheKeptWindowIsEmptyAndSaysSo) {
  auto first = load("/gedraaid/07-11-2026");  // 14 days back: still kept
  EXPECT_TRUE(first.data.at("window").at("contains").as_bool());
  for (const char* path : {"/gedraaid/06-11-2026", "/gedraaid/22-11-2026", "/gedraaid/01-01-2020"}) {
    auto r = load(path);
    EXPECT_EQ(r.status, 200u) << path;
    EXPECT_TRUE(r.bad_parameter.empty()) << path;
    EXPECT_FALSE(r.data.at("window").at("contains").as_bool()) << path;
    EXPECT_EQ(size(r.data.at("tracks")), 0u) << path;
    EXPECT_EQ(r.data.at("paging").at("total").as_int64(), 0) << path;
    EXPECT_EQ(r.description.rfind("Gedraaide nummers worden 14 dagen bewaard", 0), 0u) << r.description;
  }
}

TEST_P(PagesFixture, GidsShowsTheDayOfAChannel) {
  auto r = load("/gids");
  EXPECT_EQ(r.route, "gids");
  EXPECT_EQ(r.title, "Gids - zaterdag 21 november 2026 - Ether");
  EXPECT_EQ(r.canonical_path, "/gids");
  EXPECT_EQ(keys(r.data), (Keys{"channel", "date", "days", "window", "broadcasts"}));
  EXPECT_EQ(str(r.data.at("window").at("first")), "2026-11-07");
  EXPECT_EQ(str(r.data.at("window").at("last")), "2026-11-28");
  EXPECT_TRUE(r.data.at("window").at("contains").as_bool());
  ASSERT_EQ(size(r.data.at("broadcasts")), 2u);
  EXPECT_EQ(keys(r.data.at("broadcasts").at(0)), kBroadcast);
  EXPECT_EQ(str(r.data.at("broadcasts").at(0).at("title")), "Koffiepauze");
  EXPECT_TRUE(r.data.at("broadcasts").at(1).at("programme").is_null());
  EXPECT_EQ(str(r.data.at("broadcasts").at(1).at("imageUrl")), "/images/unknown_programme.webp");
  const auto& days = r.data.at("days").as_array();
  ASSERT_EQ(days.size(), 4u);
  EXPECT_EQ(str(days.front()), "2026-11-20");
  EXPECT_EQ(str(days.back()), "2026-11-23");
  EXPECT_EQ(str(r.params.at("year")), "2026");

  auto friday = load("/gids/2026/11/20");
  ASSERT_EQ(size(friday.data.at("broadcasts")), 1u);
  EXPECT_EQ(friday.canonical_path, "/gids/2026/11/20");
  // spec §5: only broadcasters on the channel's whitelist (vara is not on radio2's).
  const auto& broadcasters = friday.data.at("broadcasts").at(0).at("broadcasters").as_array();
  ASSERT_EQ(broadcasters.size(), 1u);
  EXPECT_EQ(str(broadcasters[0].at("slug")), "avro");
  EXPECT_EQ(keys(broadcasters[0]), (Keys{"slug", "name", "logoUrl"}));
  EXPECT_EQ(str(friday.data.at("broadcasts").at(0).at("presenters").at(0).at("name")), "Jan de Vries");

  auto threefm = load("/gids", {{"channel", "3fm"}});
  EXPECT_EQ(threefm.title, "Gids Ether 3FM - zaterdag 21 november 2026 - Ether");
  EXPECT_EQ(threefm.canonical_path, "/gids?channel=3fm");
  EXPECT_EQ(str(threefm.data.at("broadcasts").at(0).at("broadcasters").at(0).at("slug")), "vara");
}

TEST_P(PagesFixture, GidsIgnoresIncompleteOrInvalidDates) {
  EXPECT_EQ(load("/gids/2026/11").canonical_path, "/gids");
  EXPECT_EQ(load("/gids/2026").canonical_path, "/gids");
  EXPECT_TRUE(load("/gids/2026/11").bad_parameter.empty());  // the date path needs all three parts
  for (const char* path : {"/gids/2026/02/30", "/gids/2026/13/01", "/gids/jaar/11/20"}) {
    auto invalid = load(path, {{"channel", "nope"}});
    EXPECT_EQ(invalid.status, 200u) << path;
    EXPECT_EQ(invalid.canonical_path, "/gids") << path;
    EXPECT_EQ(str(invalid.data.at("date")), "2026-11-21") << path;
    EXPECT_NE(invalid.bad_parameter.find("yyyy/MM/dd"), std::string::npos) << path;
  }
  EXPECT_EQ(load("/gids/2026/11/20/1").status, 404u);
  auto january = load("/gids/2026/01/05");
  EXPECT_EQ(size(january.data.at("broadcasts")), 0u);
  EXPECT_FALSE(january.data.at("window").at("contains").as_bool());
  EXPECT_EQ(str(january.data.at("days").at(0)), "2026-01-05");  // the chosen day is always offered
  EXPECT_EQ(january.canonical_path, "/gids/2026/01/05");
  EXPECT_TRUE(january.bad_parameter.empty());
}

TEST_P(PagesFixture, GidsKeepsFourteenDaysBackAndSevenAhead) {
  for (const auto& [path, kept] : std::vector<std::pair<std::string, bool>>{{"/gids/2026/11/07", true},
                                                                            {"/gids/2026/11/06", false},
                                                                            {"/gids/2026/11/28", true},
                                                                            {"/gids/2026/11/29", false}}) {
    auto r = load(path);
    EXPECT_EQ(r.data.at("window").at("contains").as_bool(), kept) << path;
    if (!kept) {
      EXPECT_EQ(size(r.data.at("broadcasts")), 0u) << path;
      EXPECT_NE(r.description.find("valt daarbuiten"), std::string::npos) << r.description;
    }
  }
}

TEST_P(PagesFixture, LiveShowsVisualRadioWhenTheChannelHasIt) {
  auto radio2 = load("/live", {{"channel", "radio2"}});
  EXPECT_EQ(radio2.route, "live");
  EXPECT_EQ(keys(radio2.data), (Keys{"onAir", "streamUrl", "videoTokenUrl"}));
  EXPECT_TRUE(radio2.data.at("streamUrl").is_null());
  EXPECT_TRUE(radio2.data.at("videoTokenUrl").is_null());
  auto threefm = load("/live", {{"channel", "3fm"}});
  EXPECT_EQ(str(threefm.data.at("streamUrl")), "https://video.example/3fm.m3u8");
  EXPECT_EQ(str(threefm.data.at("videoTokenUrl")), "/api/player/3fm/video");
  // Without a choice the page opens on a channel with live video, as the site's own has none.
  EXPECT_EQ(load("/live").canonical_path, "/live?channel=3fm");
  EXPECT_EQ(threefm.title, "Kijk live naar Ether 3FM - Ether");
  EXPECT_EQ(threefm.canonical_path, "/live?channel=3fm");
}

TEST_P(PagesFixture, PopoutIsThePlayerOfAnExistingChannel) {
  auto page = load("/popout/3fm");
  EXPECT_EQ(page.status, 200U);
  EXPECT_EQ(page.route, "popout");
  EXPECT_EQ(str(page.data.at("channel").at("slug")), "3fm");
  EXPECT_EQ(page.canonical_path, "/popout/3fm");
  EXPECT_EQ(load("/popout/bestaat-niet").status, 404U);
  EXPECT_EQ(load("/popout").status, 404U);
}

// One way of writing a time range (issue 39): an en dash, and a slot to midnight ends at 00:00.
TEST_P(PagesFixture, AScheduleToMidnightEndsAt0000) {
  exec(
      "INSERT INTO schedule_slots (channel_slug, programme_id, weekday, start_minute, end_minute) VALUES "
      "('3fm', 3, 6, 1080, 1440)");
  const auto& cards = load("/programmas").data.at("programmes").as_array();
  ASSERT_EQ(cards.size(), 3u);
  EXPECT_EQ(str(cards[2].at("schedule")), "Zaterdag 18:00\u201300:00");
}

TEST_P(PagesFixture, ProgrammesAndProgrammePage) {
  auto list = load("/programmas");
  EXPECT_EQ(list.route, "programmas");
  EXPECT_EQ(list.title, "Programma's - Ether");
  const auto& cards = list.data.at("programmes").as_array();
  ASSERT_EQ(cards.size(), 3u);
  EXPECT_EQ(keys(cards[0]), kProgrammeCard);
  EXPECT_EQ(str(cards[0].at("schedule")), "Maandag t/m vrijdag 06:00\u201309:00");
  EXPECT_EQ(str(cards[1].at("schedule")), "Zaterdag en zondag 10:00\u201312:00");
  EXPECT_EQ(str(cards[1].at("imageUrl")), "/images/unknown_programme.webp");
  EXPECT_EQ(str(cards[2].at("channel").at("name")), "Ether 3FM");

  auto r = load("/programmas/de-ochtendploeg");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "programma");
  EXPECT_EQ(r.title, "De Ochtendploeg - Ether");
  EXPECT_EQ(r.description, "Wakker worden met muziek en nieuws.");
  EXPECT_EQ(keys(r.data), (Keys{"programme", "presenters", "fragments", "news", "broadcasts", "upcoming"}));
  auto programme_keys = kProgrammeCard;
  programme_keys.insert({"description", "broadcasters", "imageAlt"});
  EXPECT_EQ(keys(r.data.at("programme")), programme_keys);
  EXPECT_EQ(size(r.data.at("programme").at("broadcasters")), 1u);
  EXPECT_EQ(keys(r.data.at("presenters").at(0)), (Keys{"slug", "name", "imageUrl", "role"}));
  EXPECT_EQ(size(r.data.at("fragments")), 2u);
  EXPECT_EQ(size(r.data.at("news")), 1u);
  // 'Gemist' offers only past broadcasts with a recording: none is on disk yet.
  EXPECT_EQ(size(r.data.at("broadcasts")), 0u);
  loader_->set_recordings([](const std::string&, std::int64_t from, std::int64_t until) {
    return std::optional<RecordedRange>(RecordedRange{static_cast<double>(until - from), {}});
  });
  r = load("/programmas/de-ochtendploeg");
  ASSERT_EQ(size(r.data.at("broadcasts")), 1u);
  EXPECT_EQ(str(r.data.at("broadcasts").at(0).at("audioUrl")), "/media/broadcasts/ochtendploeg.mp3");
  ASSERT_EQ(size(r.data.at("upcoming")), 1u);
  EXPECT_EQ(str(r.data.at("upcoming").at(0).at("from")), "2026-11-23T05:00:00Z");

  EXPECT_EQ(load("/programmas/bestaat-niet").status, 404u);
  EXPECT_EQ(load("/programmas/de-ochtendploeg/onbekend").status, 404u);
}

TEST_P(PagesFixture, ProgrammeFragmentsFilterByTagAndExplicitDate) {
  auto r = load("/programmas/de-ochtendploeg/fragmenten");
  EXPECT_EQ(r.route, "programma-fragmenten");
  EXPECT_EQ(r.title, "Fragmenten van De Ochtendploeg - Ether");
  EXPECT_EQ(keys(r.data), (Keys{"programme", "date", "tag", "tags", "topTags", "fragments", "paging", "previousDate",
                                "nextDate", "earlierDate"}));
  // Without a date the page shows today's, and the programme has none today.
  EXPECT_EQ(str(r.data.at("date")), "2026-11-21");
  EXPECT_EQ(size(r.data.at("fragments")), 0u);
  EXPECT_EQ(size(r.data.at("tags")), 3u);

  auto tagged = load("/programmas/de-ochtendploeg/fragmenten", {{"date", "19-11-2026"}, {"tag", "nieuws"}});
  EXPECT_EQ(size(tagged.data.at("fragments")), 1u);
  EXPECT_EQ(tagged.canonical_path, "/programmas/de-ochtendploeg/fragmenten?date=19-11-2026&tag=nieuws");

  auto dated = load("/programmas/de-ochtendploeg/fragmenten", {{"date", "2026-11-20"}});
  EXPECT_EQ(str(dated.data.at("date")), "2026-11-20");
  EXPECT_EQ(size(dated.data.at("fragments")), 1u);
  EXPECT_EQ(dated.canonical_path, "/programmas/de-ochtendploeg/fragmenten?date=20-11-2026");

  auto bad = load("/programmas/de-ochtendploeg/fragmenten", {{"date", "31-02-2026"}, {"page", "x"}});
  EXPECT_EQ(str(bad.data.at("date")), "2026-11-21");
  EXPECT_EQ(bad.canonical_path, "/programmas/de-ochtendploeg/fragmenten");
  EXPECT_NE(bad.bad_parameter.find("'date'"), std::string::npos);
  EXPECT_TRUE(load("/programmas/de-ochtendploeg/fragmenten", {{"page", "x"}}).bad_parameter.empty());
  EXPECT_EQ(load("/programmas/bestaat-niet/fragmenten").status, 404u);
  EXPECT_EQ(load("/programmas/bestaat-niet/nieuws").status, 404u);
}

TEST_P(PagesFixture, ProgrammeNewsFiltersByCategory) {
  auto r = load("/programmas/de-ochtendploeg/nieuws");
  EXPECT_EQ(r.route, "programma-nieuws");
  EXPECT_EQ(keys(r.data), (Keys{"programme", "category", "categories", "articles", "paging"}));
  EXPECT_EQ(size(r.data.at("articles")), 1u);
  EXPECT_EQ(size(r.data.at("categories")), 1u);
  auto sport = load("/programmas/de-ochtendploeg/nieuws", {{"category", "sport"}});
  EXPECT_EQ(size(sport.data.at("articles")), 0u);
  EXPECT_EQ(sport.canonical_path, "/programmas/de-ochtendploeg/nieuws?category=sport");
  auto unknown = load("/programmas/de-ochtendploeg/nieuws", {{"category", "onzin"}});
  EXPECT_TRUE(unknown.data.at("category").is_null());
  EXPECT_EQ(unknown.canonical_path, "/programmas/de-ochtendploeg/nieuws");
}

TEST_P(PagesFixture, PresentersAndPresenterPage) {
  auto list = load("/presentatoren");
  EXPECT_EQ(list.route, "presentatoren");
  ASSERT_EQ(size(list.data.at("presenters")), 2u);
  EXPECT_EQ(str(list.data.at("presenters").at(0).at("name")), "Jan de Vries");

  auto r = load("/presentatoren/jan-de-vries");
  EXPECT_EQ(r.route, "presentator");
  EXPECT_EQ(r.title, "Jan de Vries - Ether");
  EXPECT_EQ(keys(r.data), (Keys{"presenter", "programmes", "fragments"}));
  EXPECT_EQ(keys(r.data.at("presenter")), (Keys{"slug", "name", "imageUrl", "imageAlt", "role", "bio"}));
  EXPECT_EQ(size(r.data.at("programmes")), 2u);
  EXPECT_EQ(size(r.data.at("fragments")), 3u);
  EXPECT_EQ(r.description, "Jan maakt al twintig jaar radio.");
  EXPECT_EQ(load("/presentatoren/renee-smit").description, "Renée Smit is dj bij Ether.");
  EXPECT_EQ(load("/presentatoren/niemand").status, 404u);
}

TEST_P(PagesFixture, NewsPagesByCategoryAndTag) {
  auto r = load("/nieuws");
  EXPECT_EQ(r.route, "nieuws");
  EXPECT_EQ(r.title, "Nieuws - Ether");
  EXPECT_EQ(keys(r.data), (Keys{"category", "categories", "tag", "articles", "paging"}));
  EXPECT_EQ(r.data.at("paging").at("total").as_int64(), 16);  // the future article is not yet published
  EXPECT_EQ(size(r.data.at("articles")), 12u);
  EXPECT_EQ(size(load("/nieuws", {{"page", "2"}}).data.at("articles")), 4u);

  auto sport = load("/nieuws/sport");
  EXPECT_EQ(sport.title, "Sport - Nieuws - Ether");
  EXPECT_EQ(sport.data.at("paging").at("total").as_int64(), 15);
  EXPECT_EQ(keys(sport.data.at("category")), (Keys{"slug", "name", "color"}));
  auto voetbal = load("/nieuws/sport", {{"tag", "voetbal"}, {"page", "1"}});
  EXPECT_EQ(size(voetbal.data.at("articles")), 1u);
  EXPECT_EQ(voetbal.canonical_path, "/nieuws/sport?tag=voetbal");
  EXPECT_EQ(load("/nieuws/onbekend").status, 404u);
}

TEST_P(PagesFixture, ALiveStoryIsLabelledLiveOnlyWhileItsCoverageRuns) {
  // Issue 39 #20: the storm is covered live until 14:30, the debate's coverage ended yesterday, and a
  // live story without an end was never given one.
  exec(
      "INSERT INTO articles (id, slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
      "published_at, live_until) VALUES "
      "(200, 'storm', 'live', NULL, 'Live: storm', 'Wind.', 'Piet', '', '[]', " +
      t(kNow - 2 * 3600) + ", " + t(kNow + 4 * 3600) +
      "), "
      "(201, 'debat', 'live', NULL, 'Live: debat', 'Laat.', 'Piet', '', '[]', " +
      t(kNow - 30 * 3600) + ", " + t(kNow - 24 * 3600) +
      "), "
      "(202, 'zonder-einde', 'live', NULL, 'Live: zonder einde', 'Kort.', 'Piet', '', '[]', " +
      t(kNow - 3600) + ", NULL)");
  auto r = load("/nieuws/live");
  std::map<std::int64_t, json::value> live_until;
  for (const auto& a : r.data.at("articles").as_array()) live_until[a.at("id").as_int64()] = a.at("liveUntil");
  EXPECT_EQ(str(live_until.at(200)), "2026-11-21T14:30:00Z");
  EXPECT_TRUE(live_until.at(201).is_null());  // over: no longer live
  EXPECT_TRUE(live_until.at(202).is_null());

  const json::object site{{"name", "Ether"}, {"defaultChannel", "radio2"}};
  auto html = render::main_html(r, site);
  const std::string label = "<span class=\"badge\">Live</span>";
  auto first = html.find(label);
  ASSERT_NE(first, std::string::npos) << html;
  EXPECT_EQ(html.find(label, first + 1), std::string::npos) << html;  // only the storm's card
  // Newest first: the story without an end has no label before the storm's card has its own.
  EXPECT_LT(html.find("Live: zonder einde"), first);
  EXPECT_LT(first, html.find("Live: storm"));

  const std::string badge = "<span class=\"badge\">Live</span>";
  auto storm = load("/nieuws/live/200/storm");
  EXPECT_EQ(str(storm.data.at("article").at("liveUntil")), "2026-11-21T14:30:00Z");
  EXPECT_NE(render::main_html(storm, site).find(badge), std::string::npos);
  auto debate = load("/nieuws/live/201/debat");
  EXPECT_TRUE(debate.data.at("article").at("liveUntil").is_null());
  // Its own label, not the still-live storm's card under 'Meer nieuws'.
  const auto debate_html = render::main_html(debate, site);
  EXPECT_EQ(debate_html.substr(0, debate_html.find("Meer nieuws")).find(badge), std::string::npos);
  // Other categories keep their label.
  EXPECT_NE(render::main_html(load("/nieuws/sport/2/ajax-wint"), site).find("<span class=\"badge\">Sport</span>"),
            std::string::npos);
}

TEST_P(PagesFixture, ACategoryOrChannelWithoutAColourHasTheDefaultAccent) {
  // spec §9 "Default accent colour: '#999900'".
  exec("UPDATE news_categories SET color = '' WHERE slug = 'sport'");
  exec("UPDATE channels SET color = '' WHERE slug = 'radio2'");
  EXPECT_EQ(load("/nieuws/sport").data.at("category").at("color"), "#999900");
  EXPECT_EQ(load("/nieuws/verdieping").data.at("category").at("color"), "#0000a0");
  bool seen = false;
  for (const auto& channel : loader_->site_config().at("channels").as_array()) {
    if (channel.at("slug") != "radio2") continue;
    seen = true;
    EXPECT_EQ(channel.at("color"), "#999900");
  }
  EXPECT_TRUE(seen);
}

TEST_P(PagesFixture, ArticleResolvesFragmentAndVideoBlocks) {
  auto r = load("/nieuws/verdieping/1/muziek-in-de-nacht");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "artikel");
  EXPECT_EQ(r.title, "Muziek in de nacht - Ether");
  EXPECT_EQ(r.description, "Wat gebeurt er als iedereen slaapt?");
  EXPECT_EQ(r.canonical_path, "/nieuws/verdieping/1/muziek-in-de-nacht");
  EXPECT_EQ(keys(r.data), (Keys{"article", "related"}));
  auto article_keys = kArticleCard;
  article_keys.insert({"author", "programme", "blocks"});
  EXPECT_EQ(keys(r.data.at("article")), article_keys);
  EXPECT_EQ(str(r.data.at("article").at("programme").at("slug")), "de-ochtendploeg");
  const auto& blocks = r.data.at("article").at("blocks").as_array();
  ASSERT_EQ(blocks.size(), 4u);  // the block referring to an unknown fragment is left out
  EXPECT_EQ(str(blocks[1].at("type")), "fragment");
  EXPECT_EQ(keys(blocks[1].at("fragment")), kFragment);
  EXPECT_EQ(str(blocks[1].at("fragment").at("audioUrl")), "/media/fragments/interview.mp3");
  EXPECT_EQ(blocks[1].at("fragment").at("durationSeconds").as_int64(), 95);
  EXPECT_EQ(str(blocks[2].at("video").at("videoUrl")), "/media/videos/sessie.mp4");
  EXPECT_EQ(keys(blocks[2].at("video")),
            (Keys{"id", "slug", "title", "description", "publishedAt", "durationSeconds", "videoUrl", "posterUrl"}));
  EXPECT_EQ(str(blocks[3].at("type")), "quote");
}

TEST_P(PagesFixture, ArticleWithWrongSlugOrCategoryIsServedWithTheCanonicalPath) {
  auto r = load("/nieuws/sport/1/verkeerde-slug");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.canonical_path, "/nieuws/verdieping/1/muziek-in-de-nacht");
  auto app = load("/app/nieuws/sport/2/ajax-wint");
  EXPECT_EQ(app.status, 200u);
  EXPECT_EQ(app.route, "artikel");
  EXPECT_EQ(app.canonical_path, "/nieuws/sport/2/ajax-wint");  // the app view names the normal article
  EXPECT_EQ(size(app.data.at("related")), 4u);
  EXPECT_EQ(load("/nieuws/sport/999/x").status, 404u);
  EXPECT_EQ(load("/nieuws/sport/abc/x").status, 404u);
  EXPECT_EQ(load("/nieuws/sport/3/later").status, 404u);  // not yet published
  EXPECT_EQ(load("/app/gids").status, 404u);
}

TEST_P(PagesFixture, TagsOfFragmentsOffTheSiteAreNeitherListedNorCounted) {
  // A fragment taken offline and one whose unpublish time passed carry many uses of two tags.
  exec(
      "INSERT INTO fragments (id, slug, programme_id, title, description, image_url, audio_path, duration_ms, "
      "published_at, published, unpublish_at) VALUES "
      "(5, 'offline', 1, 'Offline', '', '', 'fragments/o.mp3', 1000, " +
      t(utc(2026, 11, 20, 6)) + ", 0, NULL), (6, 'verlopen', 1, 'Verlopen', '', '', 'fragments/v.mp3', 1000, " +
      t(utc(2026, 11, 20, 6)) + ", 1, " + t(utc(2026, 11, 21, 6)) + ")");
  exec(
      "INSERT INTO fragment_tags (fragment_id, tag) VALUES (5, 'geheim'), (5, 'muziek'), (6, 'geheim'), "
      "(6, 'nieuws'), (6, 'verlopen')");
  for (const auto* target : {"/fragmenten", "/programmas/de-ochtendploeg/fragmenten"}) {
    auto r = load(target);
    std::vector<std::string> tags;
    for (const auto& tag : r.data.at("tags").as_array()) tags.emplace_back(tag.as_string());
    std::vector<std::string> top;
    for (const auto& tag : r.data.at("topTags").as_array()) top.emplace_back(tag.as_string());
    EXPECT_EQ(std::count(tags.begin(), tags.end(), "geheim"), 0) << target;
    EXPECT_EQ(std::count(tags.begin(), tags.end(), "verlopen"), 0) << target;
    EXPECT_EQ(std::count(top.begin(), top.end(), "geheim"), 0) << target;
    if (std::string(target) == "/fragmenten") {
      // The counts are those of the visible fragments: 'nieuws' does not pass 'interview'.
      EXPECT_EQ(top, (std::vector<std::string>{"muziek", "interview", "live", "nieuws"}));
    }
  }
}

TEST_P(PagesFixture, FragmentsListTodayUnlessADateIsGiven) {
  auto r = load("/fragmenten");
  EXPECT_EQ(r.route, "fragmenten");
  EXPECT_EQ(keys(r.data), (Keys{"date", "tag", "program", "tags", "topTags", "fragments", "paging", "previousDate",
                                "nextDate", "earlierDate"}));
  // The most used tags first, ties by name.
  std::vector<std::string> top;
  for (const auto& tag : r.data.at("topTags").as_array()) top.emplace_back(tag.as_string());
  EXPECT_EQ(top, (std::vector<std::string>{"muziek", "interview", "live", "nieuws"}));
  EXPECT_EQ(str(r.data.at("date")), "2026-11-21");
  ASSERT_EQ(size(r.data.at("fragments")), 1u);
  EXPECT_EQ(str(r.data.at("fragments").at(0).at("slug")), "live-in-cafe-ether");
  EXPECT_EQ(str(r.data.at("fragments").at(0).at("imageUrl")), "/images/unknown_programme.webp");

  EXPECT_EQ(size(load("/fragmenten", {{"date", "20-11-2026"}, {"tag", "muziek"}}).data.at("fragments")), 1u);
  auto today = load("/fragmenten", {{"date", "21-11-2026"}});
  EXPECT_EQ(size(today.data.at("fragments")), 1u);
  EXPECT_EQ(today.canonical_path, "/fragmenten");
  auto empty = load("/fragmenten", {{"date", "01-01-2026"}});
  EXPECT_EQ(size(empty.data.at("fragments")), 0u);
  EXPECT_NE(empty.description.find("geen fragmenten"), std::string::npos);

  auto program = load("/fragmenten", {{"program", "De Ochtendploeg"}, {"date", "20-11-2026"}});
  EXPECT_EQ(str(program.data.at("program")), "de-ochtendploeg");
  EXPECT_EQ(size(program.data.at("fragments")), 1u);
  EXPECT_EQ(program.canonical_path, "/programmas/de-ochtendploeg/fragmenten?date=20-11-2026");
  EXPECT_EQ(load("/fragmenten", {{"page", "abc"}, {"date", "nope"}}).canonical_path, "/fragmenten");
}

// Spec §2: /fragmenten and a programme's fragments show one day, today unless a date is given; a
// tag keeps the day, and a canonical path leaves today out as the web app's route builder does.
TEST_P(PagesFixture, AMissingFragmentsDateIsToday) {
  auto today = load("/fragmenten");
  EXPECT_EQ(str(today.data.at("date")), "2026-11-21");
  ASSERT_EQ(size(today.data.at("fragments")), 1u);
  EXPECT_EQ(str(today.data.at("fragments").at(0).at("slug")), "live-in-cafe-ether");
  EXPECT_EQ(today.data.at("paging").at("total").as_int64(), 1);
  EXPECT_EQ(today.canonical_path, "/fragmenten");
  EXPECT_EQ(load("/fragmenten", {{"date", "21-11-2026"}}).canonical_path, "/fragmenten");

  auto tagged = load("/fragmenten", {{"tag", "muziek"}});
  EXPECT_EQ(str(tagged.data.at("date")), "2026-11-21");
  ASSERT_EQ(size(tagged.data.at("fragments")), 1u);
  EXPECT_EQ(str(tagged.data.at("fragments").at(0).at("slug")), "live-in-cafe-ether");
  EXPECT_EQ(tagged.canonical_path, "/fragmenten?tag=muziek");
  EXPECT_EQ(size(load("/fragmenten", {{"tag", "interview"}}).data.at("fragments")), 0u);

  auto other = load("/fragmenten", {{"date", "20-11-2026"}, {"tag", "muziek"}});
  ASSERT_EQ(size(other.data.at("fragments")), 1u);
  EXPECT_EQ(str(other.data.at("fragments").at(0).at("slug")), "interview-jan");
  EXPECT_EQ(other.canonical_path, "/fragmenten?date=20-11-2026&tag=muziek");

  auto programme = load("/programmas/de-ochtendploeg/fragmenten");
  EXPECT_EQ(str(programme.data.at("date")), "2026-11-21");
  EXPECT_EQ(size(programme.data.at("fragments")), 0u);
  EXPECT_EQ(programme.canonical_path, "/programmas/de-ochtendploeg/fragmenten");
  auto yesterday = load("/programmas/de-ochtendploeg/fragmenten", {{"date", "20-11-2026"}, {"tag", "interview"}});
  ASSERT_EQ(size(yesterday.data.at("fragments")), 1u);
  EXPECT_EQ(yesterday.canonical_path, "/programmas/de-ochtendploeg/fragmenten?date=20-11-2026&tag=interview");
}

// Issue 51: fragments of other days can be reached. Both pages link the day before and after (none
// after today), and name the latest earlier day with fragments under the same programme and tag,
// which an empty day links to; a fragment not yet published does not count.
TEST_P(PagesFixture, FragmentsPagesLinkTheDaysAroundAndTheLatestEarlierDayWithFragments) {
  auto programme = load("/programmas/de-ochtendploeg/fragmenten");
  EXPECT_EQ(size(programme.data.at("fragments")), 0u);
  EXPECT_EQ(str(programme.data.at("previousDate")), "2026-11-20");
  EXPECT_TRUE(programme.data.at("nextDate").is_null());
  EXPECT_EQ(str(programme.data.at("earlierDate")), "2026-11-20");
  auto news = load("/programmas/de-ochtendploeg/fragmenten", {{"tag", "nieuws"}});
  EXPECT_EQ(str(news.data.at("earlierDate")), "2026-11-19");
  auto first = load("/programmas/de-ochtendploeg/fragmenten", {{"date", "19-11-2026"}});
  EXPECT_EQ(str(first.data.at("nextDate")), "2026-11-20");
  EXPECT_TRUE(first.data.at("earlierDate").is_null());

  auto day = load("/fragmenten", {{"date", "20-11-2026"}});
  EXPECT_EQ(str(day.data.at("previousDate")), "2026-11-19");
  EXPECT_EQ(str(day.data.at("nextDate")), "2026-11-21");
  EXPECT_EQ(str(day.data.at("earlierDate")), "2026-11-19");
  auto live = load("/fragmenten", {{"date", "20-11-2026"}, {"tag", "live"}});
  EXPECT_TRUE(live.data.at("earlierDate").is_null());
  auto after = load("/fragmenten", {{"date", "25-11-2026"}});
  EXPECT_EQ(size(after.data.at("fragments")), 0u);
  EXPECT_TRUE(after.data.at("nextDate").is_null());
  EXPECT_EQ(str(after.data.at("earlierDate")), "2026-11-21");
  auto program = load("/fragmenten", {{"program", "De Ochtendploeg"}});
  EXPECT_EQ(str(program.data.at("earlierDate")), "2026-11-20");
}

TEST_P(PagesFixture, FragmentDetailWithQueue) {
  auto r = load("/fragmenten/de-ochtendploeg/1/2026-11-20-interview-jan");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "fragment");
  EXPECT_EQ(r.title, "Interview met Jan - Ether");
  EXPECT_EQ(r.canonical_path, "/fragmenten/de-ochtendploeg/1/2026-11-20-interview-jan");
  EXPECT_EQ(keys(r.data), (Keys{"fragment", "queue"}));
  ASSERT_EQ(size(r.data.at("queue")), 1u);
  EXPECT_EQ(str(r.data.at("queue").at(0).at("slug")), "ochtendnieuws");
  auto nulls = load("/fragmenten/null/1/null-null");
  EXPECT_EQ(nulls.status, 200u);
  EXPECT_EQ(nulls.canonical_path, "/fragmenten/de-ochtendploeg/1/2026-11-20-interview-jan");
  EXPECT_EQ(load("/fragmenten/de-ochtendploeg/4/2026-11-22-toekomst").status, 404u);
  EXPECT_EQ(load("/fragmenten/x/999/y").status, 404u);
}

TEST_P(PagesFixture, BroadcastsAndBroadcastDetail) {
  // Every range counts as recorded here; recording_api_test covers the real recordings.
  loader_->set_recordings([](const std::string&, std::int64_t from, std::int64_t until) {
    return std::optional<RecordedRange>(RecordedRange{static_cast<double>(until - from), {}});
  });
  auto r = load("/uitzendingen");
  EXPECT_EQ(r.route, "uitzendingen");
  EXPECT_EQ(keys(r.data), (Keys{"programme", "programmes", "broadcasts", "paging"}));
  // Hours that have ended: the three of yesterday's Ochtendploeg, and the first hour (09:00 to 10:00
  // UTC) of each of the two broadcasts on air now.
  ASSERT_EQ(size(r.data.at("broadcasts")), 5u);
  EXPECT_EQ(r.data.at("broadcasts").as_array()[2].at("id"), 1);
  EXPECT_EQ(size(r.data.at("programmes")), 3u);
  auto filtered = load("/uitzendingen", {{"programme", "koffiepauze"}});
  ASSERT_EQ(size(filtered.data.at("broadcasts")), 1u);
  EXPECT_EQ(filtered.data.at("broadcasts").as_array()[0].at("hour").at("until"), "2026-11-21T10:00:00Z");
  EXPECT_EQ(filtered.canonical_path, "/uitzendingen?programme=koffiepauze");
  EXPECT_EQ(load("/uitzendingen", {{"programme", "onbekend"}}).canonical_path, "/uitzendingen");

  auto detail = load("/uitzendingen/de-ochtendploeg/1/2026-11-20-de-ochtendploeg");
  EXPECT_EQ(detail.status, 200u);
  EXPECT_EQ(detail.route, "uitzending");
  EXPECT_EQ(detail.title, "De Ochtendploeg - vrijdag 20 november 2026 - Ether");
  EXPECT_EQ(keys(detail.data), (Keys{"broadcast", "hours", "recording", "tracks"}));
  EXPECT_EQ(size(detail.data.at("hours")), 3u);
  EXPECT_EQ(size(detail.data.at("tracks")), 1u);
  auto nulls = load("/uitzendingen/null/3/null-null");
  EXPECT_EQ(nulls.status, 200u);
  EXPECT_EQ(nulls.canonical_path, "/uitzendingen/null/3/2026-11-21-middagmuziek");
  EXPECT_EQ(load("/uitzendingen/x/42/y").status, 404u);
}

TEST_P(PagesFixture, PodcastsFeedsAndEpisodes) {
  auto list = load("/podcasts");
  EXPECT_EQ(list.route, "podcasts");
  EXPECT_EQ(size(list.data.at("feeds")), 1u);
  auto feed = load("/podcasts/de-nieuwsduik");
  EXPECT_EQ(feed.route, "podcast");
  EXPECT_EQ(feed.title, "De Nieuwsduik - Ether");
  const auto& episodes = feed.data.at("episodes").as_array();
  ASSERT_EQ(episodes.size(), 2u);
  EXPECT_EQ(keys(episodes[0]), kEpisode);
  EXPECT_EQ(str(episodes[0].at("slug")), "aflevering-2");
  EXPECT_EQ(str(episodes[1].at("imageUrl")), "/img/duik.webp");  // falls back to the feed's image
  EXPECT_EQ(str(episodes[1].at("audioUrl")), "/media/podcasts/1.mp3");

  auto episode = load("/podcasts/de-nieuwsduik/1/verkeerd");
  EXPECT_EQ(episode.status, 200u);
  EXPECT_EQ(episode.route, "podcast-aflevering");
  EXPECT_EQ(episode.canonical_path, "/podcasts/de-nieuwsduik/1/aflevering-1");
  EXPECT_EQ(keys(episode.data), (Keys{"feed", "episode", "episodes"}));
  // The feed's published episodes, newest first, for the player's queue and the list beside it.
  ASSERT_EQ(size(episode.data.at("episodes")), 2u);
  EXPECT_EQ(str(episode.data.at("episodes").at(0).at("slug")), "aflevering-2");
  EXPECT_EQ(load("/podcasts/de-nieuwsduik/3/aflevering-3").status, 404u);
  EXPECT_EQ(load("/podcasts/onbekend").status, 404u);
}

TEST_P(PagesFixture, ThemeAndOverviewPagesResolveTheirBlocks) {
  auto r = load("/thema/kerst");
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "thema");
  EXPECT_EQ(r.title, "Kerst - Ether");
  EXPECT_EQ(keys(r.data), (Keys{"slug", "title", "description", "blocks"}));
  const auto& blocks = r.data.at("blocks").as_array();
  ASSERT_EQ(blocks.size(), 7u);
  EXPECT_EQ(keys(blocks[0]), (Keys{"type", "title", "text", "imageUrl", "url"}));
  EXPECT_EQ(str(blocks[0].at("imageUrl")), "/media/images/pages/kerst.webp");
  EXPECT_EQ(size(blocks[1].at("items")), 1u);
  EXPECT_EQ(keys(blocks[1].at("items").at(0)), kFragment);
  EXPECT_EQ(keys(blocks[2].at("items").at(0)), kArticleCard);
  EXPECT_EQ(keys(blocks[3].at("items").at(0)), kFeed);
  EXPECT_EQ(str(blocks[4].at("items").at(0).at("imageUrl")), "/media/images/t.webp");
  EXPECT_EQ(str(blocks[6].at("channel").at("name")), "Soul & Jazz");
  EXPECT_EQ(keys(blocks[6].at("items").at(0)), (Keys{"label", "title", "slug", "url", "urlType", "hasNoLink"}));
  EXPECT_EQ(str(blocks[6].at("items").at(0).at("urlType")), "external");

  auto app = load("/app/thema/kerst");
  EXPECT_EQ(app.status, 200u);
  EXPECT_EQ(app.canonical_path, "/thema/kerst");
  EXPECT_EQ(load("/thema/geheim").status, 404u);  // unpublished
  auto overview = load("/overzicht/zomer");
  EXPECT_EQ(overview.route, "overzicht");
  EXPECT_EQ(overview.description, "Zomer op Ether.");
  EXPECT_EQ(load("/overzicht/kerst").status, 404u);
  auto preview = load("/overzicht/preview/3", {{"x-craft-live-preview", "abc"}});
  EXPECT_EQ(preview.status, 403u);  // a token that does not verify (pages_content_test.cpp has the rest)
  EXPECT_EQ(preview.route, "not-found");
}

// What the suggestions find as the listener types, the results page finds after Enter (issue 39):
// the last word matches as a prefix there too ('midnight fer' found nothing but the suggestion).
TEST_P(PagesFixture, SearchResultsMatchTheLastWordAsAPrefixAsTheSuggestionsDo) {
  auto r = load("/zoeken/nieuwe muz");
  EXPECT_EQ(str(r.data.at("term")), "nieuwe muz");
  const auto& groups = r.data.at("groups").as_array();
  ASSERT_FALSE(groups.empty());
  EXPECT_EQ(str(groups[0].at("type")), "programma");
  EXPECT_EQ(str(groups[0].at("hits").at(0).at("title")), "Nieuwe Muziek");
}

TEST_P(PagesFixture, SearchFoldsCaseAndDiacritics) {
  auto r = load("/zoeken/Muziek");
  EXPECT_EQ(r.route, "zoeken");
  EXPECT_EQ(r.title, "Zoeken naar Muziek - Ether");
  EXPECT_EQ(keys(r.data), (Keys{"term", "groups"}));
  const auto& groups = r.data.at("groups").as_array();
  ASSERT_GE(groups.size(), 2u);
  EXPECT_EQ(keys(groups[0]), (Keys{"type", "label", "total", "page", "pageCount", "hits"}));
  EXPECT_EQ(str(groups[0].at("type")), "programma");
  EXPECT_EQ(str(groups[0].at("label")), "Programma's");
  EXPECT_EQ(groups[0].at("total").as_int64(), 2);
  EXPECT_EQ(str(groups[0].at("hits").at(0).at("title")), "Nieuwe Muziek");  // title match before text match
  EXPECT_EQ(str(groups[0].at("hits").at(1).at("title")), "De Ochtendploeg");
  EXPECT_EQ(keys(groups[0].at("hits").at(0)), (Keys{"type", "title", "text", "url", "imageUrl"}));
  EXPECT_EQ(str(groups[1].at("type")), "artikel");
  EXPECT_EQ(str(groups[1].at("hits").at(0).at("url")), "/nieuws/verdieping/1/muziek-in-de-nacht");

  auto cafe = load("/zoeken/cafe");
  std::set<std::string> types;
  for (const auto& group : cafe.data.at("groups").as_array()) types.insert(str(group.at("type")));
  EXPECT_EQ(types, (Keys{"programma", "fragment", "track"}));
  for (const auto& group : cafe.data.at("groups").as_array()) {
    if (str(group.at("type")) == "track") {
      EXPECT_EQ(str(group.at("hits").at(0).at("title")), "Koffie Zwart");
      EXPECT_EQ(str(group.at("hits").at(0).at("url")), "/nummers/2/koffie-zwart");
    }
    if (str(group.at("type")) == "fragment") {
      EXPECT_EQ(str(group.at("hits").at(0).at("url")), "/fragmenten/koffiepauze/2/2026-11-21-live-in-cafe-ether");
    }
  }
  auto queen = load("/zoeken/QUEEN");
  ASSERT_EQ(size(queen.data.at("groups")), 1u);
  EXPECT_EQ(str(queen.data.at("groups").at(0).at("hits").at(0).at("url")), "/nummers/1/bohemian-rhapsody");
  EXPECT_EQ(size(load("/zoeken/never").data.at("groups")), 0u);  // a song never played is not found
  EXPECT_EQ(load("/zoeken/café").canonical_path, "/zoeken/caf%C3%A9");
  auto empty = load("/zoeken");
  EXPECT_EQ(empty.status, 200u);
  EXPECT_EQ(size(empty.data.at("groups")), 0u);
}

TEST_P(PagesFixture, SearchKeepsTenHitsPerGroupAndCountsThemAll) {
  auto r = load("/zoeken/sportbericht");
  ASSERT_EQ(size(r.data.at("groups")), 1u);
  EXPECT_EQ(r.data.at("groups").at(0).at("total").as_int64(), 14);
  EXPECT_EQ(size(r.data.at("groups").at(0).at("hits")), 10u);
  EXPECT_EQ(str(r.params.at("searchTerm")), "sportbericht");
}

TEST_P(PagesFixture, InvalidUtf8InputIsIgnored) {
  auto r = load("/nieuws", {{"tag", "\xff\xfe"}});
  EXPECT_EQ(r.status, 200u);
  EXPECT_TRUE(r.data.at("tag").is_null());
  EXPECT_EQ(r.canonical_path, "/nieuws");
  auto unknown = load("/onbekend/\xff");
  EXPECT_EQ(unknown.status, 404u);
  EXPECT_EQ(str(unknown.data.at("path")), "/onbekend/%FF");
  auto search = load("/zoeken/\xc3\x28");
  EXPECT_EQ(search.status, 200u);
  EXPECT_EQ(size(search.data.at("groups")), 0u);
}

TEST_P(PagesFixture, StoreErrorsPropagate) {
  exec("DROP TABLE videos");
  EXPECT_THROW(load("/videos"), std::exception);
}

TEST_P(PagesFixture, SitemapGroups) {
  auto r = load("/sitemap");
  EXPECT_EQ(r.route, "sitemap");
  EXPECT_TRUE(r.data.at("group").is_null());
  const auto& groups = r.data.at("groups").as_array();
  ASSERT_EQ(groups.size(), 8u);
  EXPECT_EQ(keys(groups[0]), (Keys{"slug", "title", "links"}));
  EXPECT_EQ(str(groups[0].at("slug")), "zenders");
  bool has_3fm_gedraaid = false;
  for (const auto& link : groups[0].at("links").as_array()) {
    has_3fm_gedraaid = has_3fm_gedraaid || str(link.at("url")) == "/gedraaid?channel=3fm";
  }
  EXPECT_TRUE(has_3fm_gedraaid);
  auto programmes = load("/sitemap/programmas");
  EXPECT_EQ(str(programmes.data.at("group")), "programmas");
  // Every group is offered; only the chosen one carries its links.
  ASSERT_EQ(size(programmes.data.at("groups")), 8u);
  std::set<std::string> urls;
  for (const auto& group : programmes.data.at("groups").as_array()) {
    if (str(group.at("slug")) != "programmas") EXPECT_EQ(size(group.at("links")), 0u);
    for (const auto& link : group.at("links").as_array()) urls.insert(str(link.at("url")));
  }
  EXPECT_TRUE(urls.contains("/programmas"));
  EXPECT_TRUE(urls.contains("/programmas/de-ochtendploeg"));
  EXPECT_TRUE(urls.contains("/programmas/koffiepauze"));
  EXPECT_TRUE(urls.contains("/programmas/nieuwe-muziek"));
  EXPECT_TRUE(urls.contains("/programmas/de-ochtendploeg/fragmenten"));
  EXPECT_TRUE(urls.contains("/programmas/de-ochtendploeg/nieuws"));
  EXPECT_FALSE(urls.contains("/programmas/nieuwe-muziek/nieuws"));
  EXPECT_EQ(programmes.title, "Sitemap: Programma's - Ether");
  EXPECT_EQ(load("/sitemap/onbekend").status, 404u);
}

TEST_P(PagesFixture, VideosNewestFirst) {
  auto r = load("/videos");
  EXPECT_EQ(r.route, "videos");
  EXPECT_EQ(r.title, "Video's - Ether");
  ASSERT_EQ(size(r.data.at("videos")), 1u);
  EXPECT_EQ(r.data.at("videos").at(0).at("durationSeconds").as_int64(), 120);
}

TEST_P(PagesFixture, UnknownPathsAnswerNotFound) {
  for (const char* path : {"/bestaat/niet", "/gedraaid/a/b", "/videos/1", "/thema", "/app", "/nieuws/a/b"}) {
    auto r = load(path);
    EXPECT_EQ(r.status, 404u) << path;
    EXPECT_EQ(r.route, "not-found") << path;
    EXPECT_EQ(r.title, "Pagina niet gevonden - Ether") << path;
    EXPECT_EQ(keys(r.data), (Keys{"path"})) << path;
    EXPECT_EQ(str(r.data.at("path")), path);
  }
  EXPECT_EQ(load("/programmas/").route, "programmas");  // a trailing slash is the same page
}

// Every PagesFixture test of every file (pages_tracks_test's too) on both backends.
INSTANTIATE_TEST_SUITE_P(Store, PagesFixture, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::pages::testing
