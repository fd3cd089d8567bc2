// The song page of pages/loaders/tracks.cpp (/nummers/{songId}/{songSlug}, spec §3 Track "the track
// url through a track route"): the song, its last play and recent plays, each play's broadcast hour
// and recording, its 404s, and its server HTML.

#include <gtest/gtest.h>

#include <sstream>

#include "pages/route_builder.hpp"
#include "pages/route_table.hpp"
#include "pages_fixture.hpp"
#include "render/page_html.hpp"

namespace ether::pages::testing {
namespace {

namespace json = boost::json;
using Keys = std::set<std::string>;

std::string str(const json::value& value) { return std::string(value.as_string()); }

TEST(TrackRoute, IsDeclaredOnceForMatchingAndBuilding) {
  EXPECT_EQ(routes::track(1, "bohemian-rhapsody"), "/nummers/1/bohemian-rhapsody");
  EXPECT_EQ(routes::track(1, ""), "/nummers/1/null");
  auto match = match_route(routes::track(12, "koffie-zwart"));
  ASSERT_TRUE(match);
  EXPECT_EQ(match->route, Route::track);
  EXPECT_EQ(match->values, (std::vector<std::string>{"12", "koffie-zwart"}));
  EXPECT_FALSE(match_route("/nummers/12"));
  EXPECT_FALSE(match_route("/nummers"));
}

TEST_P(PagesFixture, TrackPageShowsTheSongItsLastPlayAndItsRecentPlays) {
  auto r = load("/nummers/1/bohemian-rhapsody");
  ASSERT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "nummer");
  EXPECT_EQ(r.title, "Bohemian Rhapsody van Queen - Ether");
  EXPECT_EQ(r.description,
            "Bohemian Rhapsody van Queen is voor het laatst gedraaid op zaterdag 21 november 2026 om 11:29 op Ether "
            "3FM.");
  EXPECT_EQ(r.canonical_path, "/nummers/1/bohemian-rhapsody");
  EXPECT_EQ(keys(r.data), (Keys{"track", "playCount", "plays"}));
  const auto& track = r.data.at("track");
  EXPECT_EQ(keys(track),
            (Keys{"id", "slug", "url", "title", "artist", "composer", "completeWork", "ensemble", "coverUrl"}));
  EXPECT_EQ(str(track.at("title")), "Bohemian Rhapsody");
  EXPECT_EQ(str(track.at("artist")), "Queen");
  EXPECT_EQ(str(track.at("url")), "/nummers/1/bohemian-rhapsody");
  EXPECT_EQ(str(track.at("coverUrl")), "/covers/queen.webp");
  // 13 plays on radio2 last night, one yesterday and one on 3FM now; the one at 11:00 UTC is still to come.
  EXPECT_EQ(r.data.at("playCount").as_int64(), 15);
  const auto& plays = r.data.at("plays").as_array();
  ASSERT_EQ(plays.size(), 10u);
  EXPECT_EQ(keys(plays[0]), (Keys{"id", "from", "until", "chartPosition", "channel", "playedTracksUrl", "broadcast",
                                  "hour", "hours", "offsetSeconds", "recording"}));

  // The last play: on 3FM now, during Nieuwe Muziek's hour 11-12 (Amsterdam), 29 minutes in.
  const auto& last = plays[0];
  EXPECT_EQ(str(last.at("from")), "2026-11-21T10:29:00Z");
  EXPECT_EQ(str(last.at("channel").at("slug")), "3fm");
  EXPECT_EQ(str(last.at("channel").at("name")), "Ether 3FM");
  EXPECT_EQ(last.at("chartPosition").as_int64(), 3);
  EXPECT_EQ(str(last.at("playedTracksUrl")), "/gedraaid?channel=3fm");
  EXPECT_EQ(last.at("broadcast").at("id").as_int64(), 4);
  EXPECT_EQ(str(last.at("hour").at("url")), "/uitzendingen/nieuwe-muziek/4/2026-11-21-nieuwe-muziek/11-uur");
  EXPECT_EQ(last.at("offsetSeconds").as_int64(), 29 * 60);
  // The hour is still on air: nothing to hear back yet.
  EXPECT_FALSE(last.at("recording").at("available").as_bool());

  // Newest first, the newest of each channel and clock hour (05:00 and 05:40 are one hour's, in one
  // recording); last night's plays fell in no broadcast.
  std::vector<std::string> froms;
  for (const auto& play : plays) froms.push_back(str(play.at("from")));
  EXPECT_EQ(froms, (std::vector<std::string>{"2026-11-21T10:29:00Z", "2026-11-21T07:00:00Z", "2026-11-21T06:20:00Z",
                                             "2026-11-21T05:40:00Z", "2026-11-21T04:20:00Z", "2026-11-21T03:40:00Z",
                                             "2026-11-21T02:20:00Z", "2026-11-21T01:40:00Z", "2026-11-21T00:20:00Z",
                                             "2026-11-20T23:40:00Z"}));
  EXPECT_EQ(str(plays[1].at("channel").at("slug")), "radio2");
  EXPECT_EQ(str(plays[1].at("playedTracksUrl")), "/gedraaid");
  EXPECT_TRUE(plays[1].at("broadcast").is_null());
  EXPECT_TRUE(plays[1].at("hour").is_null());
  EXPECT_TRUE(plays[1].at("hours").as_array().empty());

  // The id finds the song; the canonical path carries its stored slug.
  auto renamed = load("/nummers/1/oude-naam");
  EXPECT_EQ(renamed.status, 200u);
  EXPECT_EQ(renamed.canonical_path, "/nummers/1/bohemian-rhapsody");
}

TEST_P(PagesFixture, TrackPageLeadsIntoTheRecordingOfThePlaysHour) {
  // Never played yet: no page.
  EXPECT_EQ(load("/nummers/3/never-played").status, 404u);
  exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES ('radio2', 3, " +
       t(utc(2026, 11, 20, 5, 40)) + ", " + t(utc(2026, 11, 20, 5, 44)) + ", NULL)");
  auto r = load("/nummers/3/never-played");
  ASSERT_EQ(r.status, 200u);
  const auto& play = r.data.at("plays").at(0);
  // Yesterday 06:40 in Amsterdam, in De Ochtendploeg's hour 06-07, 40 minutes in.
  EXPECT_EQ(str(play.at("hour").at("url")), "/uitzendingen/de-ochtendploeg/1/2026-11-20-de-ochtendploeg/06-uur");
  EXPECT_EQ(str(play.at("hour").at("from")), "2026-11-20T05:00:00Z");
  EXPECT_EQ(play.at("offsetSeconds").as_int64(), 40 * 60);
  EXPECT_EQ(str(play.at("playedTracksUrl")), "/gedraaid/20-11-2026");
  EXPECT_FALSE(play.at("recording").at("available").as_bool());  // no recording on disk
  // The broadcast's hours, as its hour page has them: the player goes on into 07-08 and 08-09.
  const auto& hours = play.at("hours").as_array();
  ASSERT_EQ(hours.size(), 3u);
  EXPECT_EQ(str(hours.at(0).at("url")), "/uitzendingen/de-ochtendploeg/1/2026-11-20-de-ochtendploeg/06-uur");
  EXPECT_EQ(str(hours.at(1).at("from")), "2026-11-20T06:00:00Z");
  EXPECT_EQ(str(hours.at(2).at("url")), "/uitzendingen/de-ochtendploeg/1/2026-11-20-de-ochtendploeg/08-uur");
  EXPECT_TRUE(hours.at(2).at("ended").as_bool());

  std::vector<std::pair<std::int64_t, std::int64_t>> asked;
  loader_->set_recordings([&asked](const std::string& channel, std::int64_t from, std::int64_t until) {
    EXPECT_EQ(channel, "radio2");
    asked.emplace_back(from, until);
    return std::optional<RecordedRange>(RecordedRange{static_cast<double>(until - from), {}});
  });
  r = load("/nummers/3/never-played");
  const auto& recorded = r.data.at("plays").at(0);
  EXPECT_TRUE(recorded.at("recording").at("available").as_bool());
  EXPECT_EQ(recorded.at("recording").at("durationSeconds").as_double(), 3600.0);
  // The recording asked for is the hour's, the one the hour's page plays.
  EXPECT_EQ(asked, (std::vector<std::pair<std::int64_t, std::int64_t>>{{utc(2026, 11, 20, 5), utc(2026, 11, 20, 6)}}));
}

TEST_P(PagesFixture, PlayedTracksNameTheRecordedBroadcastHoursTheyFallIn) {
  // Yesterday on Radio 2: two plays in De Ochtendploeg's hour 06-07 (05:30 from the fixture), one in
  // its hour 07-08, and one in the evening, when no broadcast was on air.
  exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES ('radio2', 2, " +
       t(utc(2026, 11, 20, 5, 50)) + ", " + t(utc(2026, 11, 20, 5, 54)) + ", NULL), ('radio2', 2, " +
       t(utc(2026, 11, 20, 6, 10)) + ", " + t(utc(2026, 11, 20, 6, 14)) + ", NULL), ('radio2', 1, " +
       t(utc(2026, 11, 20, 20, 0)) + ", " + t(utc(2026, 11, 20, 20, 6)) + ", NULL), ('radio2', 1, " +
       t(utc(2026, 11, 20, 20, 10)) + ", " + t(utc(2026, 11, 20, 20, 14)) + ", NULL), ('radio2', 2, " +
       t(utc(2026, 11, 20, 20, 20)) + ", " + t(utc(2026, 11, 20, 20, 24)) + ", NULL)");
  // The page asks the store for the broadcasts of its tracks once, however many of its tracks
  // fall in no broadcast: a lease held here is the one the loader's shares, so its log shows them.
  std::stringstream queries;
  auto unrecorded = [&] {
    auto lease = db_->lease();
    lease->set_log_stream(&queries);
    auto page = load("/gedraaid/20-11-2026");
    lease->set_log_stream(nullptr);
    return page;
  }();
  ASSERT_EQ(unrecorded.status, 200u);
  EXPECT_EQ(unrecorded.data.at("tracks").as_array().size(), 6u);
  std::size_t broadcast_queries = 0;
  for (std::string line; std::getline(queries, line);) {
    if (line.find("b.channel_slug = :c AND b.starts_at <=") != std::string::npos) ++broadcast_queries;
  }
  EXPECT_EQ(broadcast_queries, 1u) << queries.str();
  EXPECT_TRUE(unrecorded.data.at("recordedHours").as_array().empty());  // no recording on disk

  std::vector<std::pair<std::int64_t, std::int64_t>> asked;
  loader_->set_recordings([&asked](const std::string& channel, std::int64_t from, std::int64_t until) {
    EXPECT_EQ(channel, "radio2");
    asked.emplace_back(from, until);
    return std::optional<RecordedRange>(RecordedRange{static_cast<double>(until - from), {}});
  });
  auto r = load("/gedraaid/20-11-2026");
  ASSERT_EQ(r.status, 200u);
  const auto& hours = r.data.at("recordedHours").as_array();
  ASSERT_EQ(hours.size(), 2u);
  // Newest first, as the tracks; each with its broadcast, the broadcast's hours and the recording,
  // as a song page's play has them.
  EXPECT_EQ(str(hours.at(0).at("hour").at("url")), "/uitzendingen/de-ochtendploeg/1/2026-11-20-de-ochtendploeg/07-uur");
  EXPECT_EQ(str(hours.at(1).at("hour").at("url")), "/uitzendingen/de-ochtendploeg/1/2026-11-20-de-ochtendploeg/06-uur");
  EXPECT_EQ(str(hours.at(1).at("hour").at("from")), "2026-11-20T05:00:00Z");
  EXPECT_EQ(str(hours.at(1).at("broadcast").at("title")), "De Ochtendploeg");
  EXPECT_EQ(hours.at(1).at("hours").as_array().size(), 3u);
  EXPECT_TRUE(hours.at(1).at("recording").at("available").as_bool());
  EXPECT_EQ(hours.at(1).at("recording").at("durationSeconds").as_double(), 3600.0);
  // One lookup an hour, not one a track: the evening tracks are in no broadcast, so in no hour.
  EXPECT_EQ(asked, (std::vector<std::pair<std::int64_t, std::int64_t>>{{utc(2026, 11, 20, 6), utc(2026, 11, 20, 7)},
                                                                       {utc(2026, 11, 20, 5), utc(2026, 11, 20, 6)}}));
}

TEST_P(PagesFixture, PlayedTracksNameTheSpansOfLiveRewindInTheirDayOrHourSlot) {
  // Yesterday 06:10 and 20:10 UTC; live rewind holds yesterday 05:00-07:00 and 19:30-21:00, and an
  // hour of the day before, which the page's day does not reach.
  exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES ('radio2', 2, " +
       t(utc(2026, 11, 20, 6, 10)) + ", " + t(utc(2026, 11, 20, 6, 14)) + ", NULL), ('radio2', 1, " +
       t(utc(2026, 11, 20, 20, 10)) + ", " + t(utc(2026, 11, 20, 20, 14)) + ", NULL)");
  const std::vector<std::pair<std::int64_t, std::int64_t>> window{{utc(2026, 11, 19, 3), utc(2026, 11, 19, 4)},
                                                                  {utc(2026, 11, 20, 5), utc(2026, 11, 20, 7)},
                                                                  {utc(2026, 11, 20, 19, 30), utc(2026, 11, 20, 21)}};
  EXPECT_TRUE(load("/gedraaid/20-11-2026").data.at("rewindSpans").as_array().empty());  // unset: none
  std::vector<std::string> asked;
  loader_->set_rewind_spans([&](const std::string& channel) {
    asked.push_back(channel);
    return std::vector(window);
  });
  const auto spans_of = [&](const std::string& path, http::QueryParams query = {}) {
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    for (const auto& span : load(path, std::move(query)).data.at("rewindSpans").as_array()) {
      spans.emplace_back(span.at("fromMs").as_int64() / 1000, span.at("untilMs").as_int64() / 1000);
    }
    return spans;
  };
  // The whole day (Amsterdam, from 23:00 UTC the day before) holds the last two spans.
  EXPECT_EQ(spans_of("/gedraaid/20-11-2026"),
            (std::vector<std::pair<std::int64_t, std::int64_t>>(window.begin() + 1, window.end())));
  // The slot 21-22 Amsterdam (20-21 UTC) only the last; a slot with no track asks nothing.
  EXPECT_EQ(spans_of("/gedraaid/20-11-2026", {{"time", "21_22"}}),
            (std::vector<std::pair<std::int64_t, std::int64_t>>{window.back()}));
  asked.clear();
  EXPECT_TRUE(spans_of("/gedraaid/20-11-2026", {{"time", "3_4"}}).empty());
  EXPECT_TRUE(asked.empty());
  spans_of("/gedraaid/20-11-2026");
  EXPECT_EQ(asked, std::vector<std::string>{"radio2"});
}

TEST_P(PagesFixture, AnUnknownTrackIsNotFound) {
  for (const auto* path : {"/nummers/99/bestaat-niet", "/nummers/0/x", "/nummers/abc/x", "/nummers/-1/x"}) {
    auto r = load(path);
    EXPECT_EQ(r.status, 404u) << path;
    EXPECT_EQ(r.route, "not-found") << path;
    EXPECT_EQ(r.description, "Dit nummer is (nog) niet gedraaid. Zoek het op, of kijk wat er vandaag is gedraaid.")
        << path;
  }
  EXPECT_EQ(load("/nummers/1").status, 404u);
}

TEST_P(PagesFixture, TrackPageHtmlHasTheSongAsItsHeading) {
  auto r = load("/nummers/2/koffie-zwart");
  ASSERT_EQ(r.status, 200u);
  auto html = render::main_html(r, json::object{{"name", "Ether"}, {"defaultChannel", "radio2"}});
  EXPECT_NE(html.find("<h1 tabindex=\"-1\" id=\"main-heading\" class=\"page-title\">Koffie Zwart</h1>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<p class=\"card__meta\">Café Noir</p>"), std::string::npos);
  EXPECT_NE(html.find("Laatst gedraaid: zaterdag 21 november 2026, 11:28 op <a href=\"/gedraaid\">Ether Radio 2</a>"),
            std::string::npos)
      << html;
}

// spec §3 Track naming, once on the server: the played tracks' data carry the name and artist the
// app shows, and the server's HTML writes the same, before JavaScript and without it.
TEST_P(PagesFixture, PlayedTracksAndGuideHtmlHaveTheAppsFiltersAsFormsThatWorkWithoutScript) {
  // The app draws the filters above the list; the server's HTML has them in the same place, or the
  // list and its paging moved down when the app took over. Without script the form is a GET of
  // /gedraaid, which takes the day from `date`.
  const json::object site{{"name", "Ether"},
                          {"defaultChannel", "radio2"},
                          {"channels", json::array{json::object{{"slug", "radio2"}, {"name", "Ether Radio 2"}},
                                                   json::object{{"slug", "3fm"}, {"name", "Ether 3FM"}}}}};
  auto today = load("/gedraaid");
  ASSERT_EQ(today.status, 200u);
  auto html = render::main_html(today, site);
  const auto form = html.find("<form class=\"filters\" aria-label=\"Filters\" action=\"/gedraaid\" method=\"get\">");
  ASSERT_NE(form, std::string::npos) << html;
  EXPECT_LT(html.find("class=\"page-intro\""), form);
  EXPECT_LT(form, html.find("class=\"filters__summary\""));
  EXPECT_NE(html.find("<option value=\"2026-11-21\" selected>Vandaag 21 november 2026</option>"
                      "<option value=\"2026-11-20\">Gisteren 20 november 2026</option>"
                      "<option value=\"2026-11-19\">Donderdag 19 november 2026</option>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<option value=\"2026-11-07\">Zaterdag 7 november 2026</option></select>"), std::string::npos)
      << html;
  // Today (11:30 in Amsterdam) offers the slots up to the current hour + 1 (spec §9).
  EXPECT_NE(html.find("<option value=\"0_24\" selected>Hele dag</option><option value=\"0_1\">0:00-1:00</option>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<option value=\"11_12\">11:00-12:00</option></select>"), std::string::npos) << html;
  EXPECT_NE(html.find("<select id=\"gedraaid-zender\" name=\"channel\"><option value=\"radio2\" selected>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<button type=\"submit\" class=\"button filters__submit\">Toon nummers</button></form>"),
            std::string::npos);

  // What the form sends: the day as yyyy-MM-dd (or dd-MM-yyyy), under its canonical path.
  auto sent = load("/gedraaid", {{"date", "2026-11-20"}, {"time", "8_9"}, {"channel", "3fm"}});
  ASSERT_EQ(sent.status, 200u);
  EXPECT_TRUE(sent.bad_parameter.empty()) << sent.bad_parameter;
  EXPECT_EQ(str(sent.data.at("date")), "2026-11-20");
  EXPECT_EQ(sent.canonical_path, "/gedraaid/20-11-2026?channel=3fm&time=8_9");
  // A full page load of the form's answer moves to that one address (issue 51 #4), query and all.
  EXPECT_EQ(sent.moved_to, sent.canonical_path);
  EXPECT_TRUE(sent.moved_to_whole);
  EXPECT_EQ(load("/gedraaid", {{"date", std::string(str(today.data.at("date")))}}).moved_to, "/gedraaid");
  EXPECT_TRUE(load("/gedraaid", {{"time", "8_9"}}).moved_to.empty());
  auto sent_html = render::main_html(sent, site);
  EXPECT_NE(sent_html.find("<option value=\"2026-11-20\" selected>Gisteren"), std::string::npos) << sent_html;
  EXPECT_NE(sent_html.find("<option value=\"8_9\" selected>8:00-9:00</option>"), std::string::npos) << sent_html;
  EXPECT_NE(sent_html.find("<option value=\"23_24\">23:00-24:00</option>"), std::string::npos) << sent_html;
  EXPECT_NE(sent_html.find("<option value=\"3fm\" selected>Ether 3FM</option>"), std::string::npos) << sent_html;
  EXPECT_EQ(str(load("/gedraaid", {{"date", "20-11-2026"}}).data.at("date")), "2026-11-20");
  EXPECT_FALSE(load("/gedraaid", {{"date", "31-02-2026"}}).bad_parameter.empty());

  // A slot in the URL that today does not offer yet stays chosen rather than silently changing.
  auto later = render::main_html(load("/gedraaid", {{"time", "20_21"}}), site);
  EXPECT_NE(later.find("<option value=\"11_12\">11:00-12:00</option><option value=\"20_21\" selected>20:00-21:00"),
            std::string::npos)
      << later;
  EXPECT_EQ(later.find("value=\"12_13\""), std::string::npos) << later;

  // The guide's channel filter too, before its day tabs: a GET of the day's own guide.
  auto guide = render::main_html(load("/gids/2026/11/20", {{"channel", "3fm"}}), site);
  const auto guide_form = guide.find(
      "<form class=\"filters\" aria-label=\"Zender kiezen\" action=\"/gids/2026/11/20\" method=\"get\"><div "
      "class=\"field\"><label for=\"gids-zender\">Zender</label><select id=\"gids-zender\" name=\"channel\"><option "
      "value=\"radio2\">Ether Radio 2</option><option value=\"3fm\" selected>Ether 3FM</option></select></div><button "
      "type=\"submit\" class=\"button filters__submit\">Toon gids</button></form>");
  ASSERT_NE(guide_form, std::string::npos) << guide;
  EXPECT_LT(guide_form, guide.find("class=\"day-tabs\""));
  // A site of one channel has no channel to choose, in the app as here.
  const json::object one_channel{{"name", "Ether"}, {"defaultChannel", "radio2"}};
  EXPECT_EQ(render::main_html(load("/gids"), one_channel).find("Zender kiezen"), std::string::npos);
  EXPECT_EQ(render::main_html(load("/gedraaid"), one_channel).find("gedraaid-zender"), std::string::npos);
}

TEST_P(PagesFixture, PlayedTracksAreNamedBySpecThreeInTheDataAndTheHtml) {
  exec(
      "INSERT INTO channels (slug, name, parent_slug, description, color, logo_url, sort_order, has_programming, "
      "player_mode, classical, live_video_url) VALUES "
      "('radio4', 'Ether Radio 4', NULL, 'Klassiek', '#00a0a0', '/c/radio4.webp', 4, 1, 'music', 1, NULL)");
  exec(
      "INSERT INTO songs (id, slug, title, artist, composer, complete_work, ensemble, cover_url, audio_path, "
      "duration_ms) VALUES "
      "(10, 'allegro', 'Allegro con brio', 'Radio Filharmonisch', 'Ludwig van Beethoven', 'Symfonie nr. 5', "
      "'Radio Filharmonisch', NULL, 'songs/allegro.mp3', 420000), "
      "(11, 'null', '', 'Jingle', NULL, NULL, NULL, NULL, 'songs/jingle.mp3', 5000)");
  exec("INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES ('radio4', 10, " +
       t(utc(2026, 11, 21, 9, 0)) + ", " + t(utc(2026, 11, 21, 9, 7)) + ", NULL), ('radio4', 11, " +
       t(utc(2026, 11, 21, 9, 7)) + ", " + t(utc(2026, 11, 21, 9, 8)) + ", NULL), ('3fm', 11, " +
       t(utc(2026, 11, 21, 10, 35)) + ", " + t(utc(2026, 11, 21, 10, 36)) + ", NULL)");
  const json::object site{{"name", "Ether"}, {"defaultChannel", "radio2"}};

  // A chart position prefixes the name with '#{position}:  '; the song without a title is dropped.
  auto chart = load("/gedraaid", {{"channel", "3fm"}});
  ASSERT_EQ(chart.status, 200u);
  const auto& chart_tracks = chart.data.at("tracks").as_array();
  ASSERT_EQ(chart_tracks.size(), 1u);
  EXPECT_EQ(chart.data.at("paging").at("total").as_int64(), 1);
  EXPECT_EQ(str(chart_tracks[0].at("name")), "#3:  Bohemian Rhapsody");
  EXPECT_EQ(str(chart_tracks[0].at("displayArtist")), "Queen");
  auto chart_html = render::main_html(chart, site);
  EXPECT_NE(chart_html.find(">#3:  Bohemian Rhapsody</a>"), std::string::npos) << chart_html;
  EXPECT_EQ(chart_html.find("Jingle"), std::string::npos) << chart_html;

  // On a classical channel the complete work names it, and the composer is its artist.
  auto classical = load("/gedraaid", {{"channel", "radio4"}});
  const auto& classical_tracks = classical.data.at("tracks").as_array();
  ASSERT_EQ(classical_tracks.size(), 1u);
  EXPECT_EQ(str(classical_tracks[0].at("name")), "Symfonie nr. 5");
  EXPECT_EQ(str(classical_tracks[0].at("displayArtist")), "Ludwig van Beethoven");
  auto classical_html = render::main_html(classical, site);
  EXPECT_NE(classical_html.find(">Symfonie nr. 5</a></span><span class=\"track__artist\">Ludwig van Beethoven</span>"),
            std::string::npos)
      << classical_html;
  EXPECT_EQ(classical_html.find("Jingle"), std::string::npos) << classical_html;
  EXPECT_EQ(classical_html.find("Allegro con brio"), std::string::npos) << classical_html;
}

}  // namespace
}  // namespace ether::pages::testing
