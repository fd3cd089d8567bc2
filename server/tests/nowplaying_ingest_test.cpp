// Now-playing from outside (server/src/ingest/): the fields playout systems send, and against a
// real server on 127.0.0.1 (SQLite, and PostgreSQL when ETHER_TEST_DATABASE_URL is set) the
// Icecast metadata call and the JSON ingest changing the info document, its Server-Sent Events and
// the ICY StreamTitle of a connected listener; an ad break; a replayed item; API key scopes.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <regex>
#include <thread>

#include "admin/api_keys.hpp"
#include "ingest/item_fields.hpp"
#include "ingest/now_playing_ingest.hpp"
#include "playout/demo_playout.hpp"
#include "seed/demo_seed.hpp"
#include "store/database.hpp"
#include "store_test_support.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::ingest {
namespace {
namespace json = boost::json;

constexpr std::int64_t kNow = 1'795'258'800;  // 2026-11-21 11:00 UTC

NowPlayingItem read_ok(const json::object& fields) {
  auto read = read_item(fields, "radio2", kNow);
  if (auto* error = std::get_if<FieldError>(&read)) ADD_FAILURE() << error->message;
  return std::get<NowPlayingItem>(read);
}

std::string refusal(const json::object& fields) {
  auto read = read_item(fields, "radio2", kNow);
  auto* error = std::get_if<FieldError>(&read);
  return error ? error->message : "";
}

TEST(IngestFields, DurationsInSecondsMillisecondsAndClockForm) {
  EXPECT_EQ(parse_duration_ms("215", false), 215'000);
  EXPECT_EQ(parse_duration_ms("215.4", false), 215'400);
  EXPECT_EQ(parse_duration_ms("3:35", false), 215'000);
  EXPECT_EQ(parse_duration_ms("1:02:03", false), 3'723'000);
  EXPECT_EQ(parse_duration_ms("8000ms", false), 8'000);
  EXPECT_EQ(parse_duration_ms("12s", false), 12'000);
  // From 36000 a bare number counts milliseconds: no item lasts ten hours.
  EXPECT_EQ(parse_duration_ms("215000", false), 215'000);
  EXPECT_EQ(parse_duration_ms("35999", false), 35'999'000);
  EXPECT_EQ(parse_duration_ms("8000", true), 8'000);
  for (auto bad : {"", "-3", "abc", "3:75", "1:2:3:4", "1e99", "nan", "3:"}) {
    EXPECT_FALSE(parse_duration_ms(bad, false)) << bad;
  }
}

TEST(IngestFields, InstantsInIsoUnixSecondsAndMilliseconds) {
  EXPECT_EQ(parse_instant("2026-11-21T11:00:00Z"), kNow);
  EXPECT_EQ(parse_instant("2026-11-21T12:00:00+01:00"), kNow);
  EXPECT_EQ(parse_instant("2026-11-21 11:00:00.250Z"), kNow);
  EXPECT_EQ(parse_instant("1795258800"), kNow);
  EXPECT_EQ(parse_instant("1795258800123"), kNow);
  for (auto bad : {"", "2026-11-21T11:00:00", "2026-02-30T11:00:00Z", "gisteren", "2026-11-21T25:00:00Z"}) {
    EXPECT_FALSE(parse_instant(bad)) << bad;
  }
}

TEST(IngestFields, ItemsAreReadAndCheckedWithClearReasons) {
  auto item = read_ok(json::object{{"artist", " Doe Maar "},
                                   {"title", "Smoorverliefd"},
                                   {"duration", 215},
                                   {"isrc", "nl-a12-84-00001"},
                                   {"start", "2026-11-21T10:59:00Z"},
                                   {"next", json::object{{"artist", "Golden Earring"}, {"title", "Radar Love"}}}});
  EXPECT_EQ(item.artist, "Doe Maar");
  EXPECT_EQ(item.kind, ItemKind::song);
  EXPECT_EQ(item.duration_ms, 215'000);
  EXPECT_EQ(item.isrc, "NLA128400001");
  EXPECT_EQ(item.starts_at, kNow - 60);
  EXPECT_NE(item.next_json.find("Radar Love"), std::string::npos);

  auto song = read_ok(json::object{{"song", "Anouk - Nobody's Wife"}});
  EXPECT_EQ(song.artist, "Anouk");
  EXPECT_EQ(song.title, "Nobody's Wife");
  EXPECT_EQ(song.starts_at, kNow);
  auto ad = read_ok(json::object{{"type", "ad"}, {"durationMs", "30000"}});
  EXPECT_EQ(ad.kind, ItemKind::ad);
  EXPECT_EQ(ad.duration_ms, 30'000);

  EXPECT_NE(refusal(json::object{{"type", "song"}}), "");
  EXPECT_NE(refusal(json::object{{"title", "x"}, {"type", "reclame"}}), "");
  EXPECT_NE(refusal(json::object{{"title", "x"}, {"duration", "lang"}}), "");
  EXPECT_NE(refusal(json::object{{"title", "x"}, {"start", "2026-11-19T11:00:00Z"}}), "");
  EXPECT_NE(refusal(json::object{{"title", "x"}, {"isrc", "123"}}), "");
  EXPECT_NE(refusal(json::object{{"title", std::string(501, 'a')}}), "");
  EXPECT_NE(refusal(json::object{{"title", "a\x01"}}), "");
  EXPECT_NE(refusal(json::object{{"title", "\xff\xfe"}}), "");
  EXPECT_NE(refusal(json::object{{"title", "x"}, {"next", "y"}}), "");
  EXPECT_EQ(latin1_to_utf8("Caf\xe9"), "Caf\xc3\xa9");
  EXPECT_NE(item_identity(read_ok(json::object{{"title", "A"}})), item_identity(read_ok(json::object{{"title", "B"}})));
  EXPECT_EQ(item_identity(read_ok(json::object{{"title", "Abc"}})),
            item_identity(read_ok(json::object{{"title", "aBC"}})));
}

// Album and label (issue 52's royalty report), as JSON values and as the strings a form or a
// query string carries: trimmed, empty when absent, refused when too long or not clean text.
TEST(IngestFields, AlbumAndLabelAreReadFromJsonFormsAndQueries) {
  auto item = read_ok(json::object{
      {"artist", "Doe Maar"}, {"title", "Smoorverliefd"}, {"album", " Doe Maar "}, {"label", "Telstar, \"Weert\""}});
  EXPECT_EQ(item.album, "Doe Maar");
  EXPECT_EQ(item.label, "Telstar, \"Weert\"");
  // A form or query string: every value is a string (ingest_api.cpp's form_fields and query).
  auto form = read_ok(json::object{{"title", "Radar Love"}, {"album", "Moontan"}, {"label", "Polydor"}});
  EXPECT_EQ(form.album, "Moontan");
  EXPECT_EQ(form.label, "Polydor");
  auto none = read_ok(json::object{{"title", "Zomer"}, {"album", "  "}});
  EXPECT_EQ(none.album, "");
  EXPECT_EQ(none.label, "");
  EXPECT_EQ(read_ok(json::object{{"title", "x"}, {"album", 1984}}).album, "1984");

  auto too_long = read_item(json::object{{"title", "x"}, {"album", std::string(501, 'a')}}, "radio2", kNow);
  ASSERT_TRUE(std::holds_alternative<FieldError>(too_long));
  EXPECT_EQ(std::get<FieldError>(too_long).field, "album");
  auto control = read_item(json::object{{"title", "x"}, {"label", "a\nb"}}, "radio2", kNow);
  ASSERT_TRUE(std::holds_alternative<FieldError>(control));
  EXPECT_EQ(std::get<FieldError>(control).field, "label");
}

// The ingest keeps album and label on the song: a new song gets them, a known one without them
// learns them (found by ISRC, external id or artist and title), and values a song has stay.
void album_and_label_are_kept_on_the_song(const std::string& backend) {
  testing_support::TempStore store(backend);
  {
    auto lease = store.db().lease();
    *lease << "INSERT INTO channels (slug, name) VALUES ('radio2', 'NPO Radio 2')";
  }
  NowPlayingIngest ingest(store.db(), 600);
  const auto album_and_label = [&](const std::string& title) {
    auto lease = store.db().lease();
    std::string album;
    std::string label;
    soci::indicator album_ind = soci::i_null;
    soci::indicator label_ind = soci::i_null;
    *lease << "SELECT album, label FROM songs WHERE title = :t", soci::into(album, album_ind),
        soci::into(label, label_ind), soci::use(title);
    return std::string(album_ind == soci::i_ok ? album : "NULL") + "|" + (label_ind == soci::i_ok ? label : "NULL");
  };
  const auto send = [&](const json::object& fields, std::int64_t at) {
    auto read = read_item(fields, "radio2", at);
    ASSERT_TRUE(std::holds_alternative<NowPlayingItem>(read));
    ASSERT_TRUE(ingest.ingest(std::get<NowPlayingItem>(read), at));
  };
  send(json::object{{"artist", "Doe Maar"}, {"title", "Smoorverliefd"}, {"album", "4US"}, {"label", "Telstar"}}, kNow);
  EXPECT_EQ(album_and_label("Smoorverliefd"), "4US|Telstar");

  send(json::object{{"artist", "Golden Earring"}, {"title", "Radar Love"}, {"isrc", "NLA127300001"}}, kNow + 10);
  EXPECT_EQ(album_and_label("Radar Love"), "NULL|NULL");
  send(json::object{{"artist", "Golden Earring"}, {"title", "Radar Love"}, {"album", "Moontan"}}, kNow + 400);
  EXPECT_EQ(album_and_label("Radar Love"), "Moontan|NULL") << "learnt by artist and title";
  send(json::object{{"title", "Radar Love (edit)"}, {"isrc", "NLA127300001"}, {"label", "Polydor"}}, kNow + 800);
  EXPECT_EQ(album_and_label("Radar Love"), "Moontan|Polydor") << "learnt by ISRC";

  send(json::object{{"artist", "Doe Maar"}, {"title", "Smoorverliefd"}, {"album", "Het complete werk"}}, kNow + 1200);
  EXPECT_EQ(album_and_label("Smoorverliefd"), "4US|Telstar") << "a known album stays";
  auto lease = store.db().lease();
  long long songs = 0;
  *lease << "SELECT COUNT(*) FROM songs", soci::into(songs);
  EXPECT_EQ(songs, 2);
}

TEST(NowPlayingIngestStore, AlbumAndLabelAreKeptOnTheSong) { album_and_label_are_kept_on_the_song("sqlite"); }

const bool registered_album = test::register_postgres_tests(
    "NowPlayingIngestStorePostgreSQL", __FILE__,
    {{"AlbumAndLabelAreKeptOnTheSong", [] { album_and_label_are_kept_on_the_song("postgresql"); }}});

// The demo station seeded an hour before `now`, with its playout as the station sets it up
// (recording 10 s ahead, giving way to external items, resuming after a source's), caught up to `now`.
struct SeededPlayout {
  explicit SeededPlayout(long long now) : demo(store.db(), 1) {
    EXPECT_TRUE(seed::seed_demo_station_if_empty(store.db(), testing_support::fixture_seed(),
                                                 testing_support::fixture_media(), testing_support::at(now - 3600)));
    demo.set_record_ahead(std::chrono::seconds(10));
    demo.set_give_way(&NowPlayingIngest::give_way_windows);
    demo.set_resume(&NowPlayingIngest::source_end_times);
    demo.catch_up(testing_support::at(now));
  }
  testing_support::TempStore store;
  playout::DemoPlayout demo;
};

// The demo playout gives way: its plays within an external item are withdrawn and not recorded,
// while what it plays (the live origin's schedule) does not change, before or after the item.
TEST(NowPlayingIngestStore, TheDemoPlayoutGivesWayWithoutChangingItsAudio) {
  const long long now = testing_support::utc(2026, 11, 21, 10, 17, 5);
  SeededPlayout seeded(now);
  auto& store = seeded.store;
  auto& demo = seeded.demo;
  // What the plan holds at `now` (it reaches kAheadSeconds, 600 s, ahead).
  std::vector<std::string> planned;
  for (long long t = now; t < now + 590; t += 30)
    planned.push_back(demo.now_playing("radio2", testing_support::at(t))->title);

  NowPlayingIngest ingest(store.db(), 900);
  NowPlayingItem item;
  item.channel = "radio2";
  item.artist = "Doe Maar";
  item.title = "Smoorverliefd";
  item.starts_at = now;
  item.duration_ms = 600'000;
  auto outcome = ingest.ingest(item, now);
  ASSERT_TRUE(outcome && outcome->track_play_id);
  EXPECT_EQ(outcome->ends_at, now + 600);
  EXPECT_FALSE(ingest.ingest(NowPlayingItem{.channel = "radio9", .title = "x", .starts_at = now}, now));

  auto plays_in = [&](long long from, long long until) {
    auto lease = store.db().lease();
    long long n = 0;
    *lease << "SELECT COUNT(*) FROM track_plays WHERE channel_slug = 'radio2' AND source = 'playout' AND starts_at >= "
              ":f AND starts_at < :u",
        soci::into(n), soci::use(from), soci::use(until);
    return n;
  };
  for (long long t = now; t <= now + 900; t += 5) demo.catch_up(testing_support::at(t));
  EXPECT_EQ(plays_in(now, now + 600), 0);
  EXPECT_GT(plays_in(now + 600, now + 920), 0);  // after the item, its songs are logged again
  std::vector<std::string> played;
  for (long long t = now; t < now + 590; t += 30)
    played.push_back(demo.now_playing("radio2", testing_support::at(t))->title);
  EXPECT_EQ(played, planned);

  // The play on air before the item was closed at its start.
  auto lease = store.db().lease();
  long long open_across = 0;
  *lease << "SELECT COUNT(*) FROM track_plays WHERE channel_slug = 'radio2' AND starts_at < :s AND ends_at > :s2",
      soci::into(open_across), soci::use(now), soci::use(now);
  EXPECT_EQ(open_across, 0);
}

// Issue 29: an item a live source brought ends with the source (closed with its play at the
// instant it left), and from there the demo playout's plays are logged again: the one on air then
// from that instant to its planned end, with its audio unchanged, and those after it. An external
// playout's item keeps its hold.
TEST(NowPlayingIngestStore, ASourcesItemEndsWithItAndThePlayoutIsLoggedFromThere) {
  const long long now = testing_support::utc(2026, 11, 21, 10, 17, 5);
  SeededPlayout seeded(now);
  auto& store = seeded.store;
  auto& demo = seeded.demo;

  NowPlayingIngest ingest(store.db(), 900);
  auto studio = ingest.ingest(
      NowPlayingItem{.channel = "radio2", .artist = "Studio", .title = "Live", .starts_at = now, .from_source = true},
      now);
  ASSERT_TRUE(studio && studio->track_play_id);
  EXPECT_EQ(studio->ends_at, now + 900);
  // The source leaves in the middle of one of the playout's songs.
  long long left = now + 200;
  for (long long t = now; t <= left; t += 5) demo.catch_up(testing_support::at(t));
  auto on_air = demo.now_playing("radio2", testing_support::at(left));
  ASSERT_TRUE(on_air);
  if (on_air->play.starts_at == left) {
    left += 1;
    on_air = demo.now_playing("radio2", testing_support::at(left));
  }
  ASSERT_LT(on_air->play.starts_at, left);

  auto one = [&](const std::string& sql) {
    auto lease = store.db().lease();
    long long n = -1;
    *lease << sql, soci::into(n);
    return n;
  };
  const auto plays_from = [&](long long from) {
    return "SELECT COUNT(*) FROM track_plays WHERE channel_slug = 'radio2' AND source = 'playout' AND starts_at >= " +
           std::to_string(from);
  };
  EXPECT_EQ(one(plays_from(now + 1)), 0) << "the playout gave way to the studio's item";

  EXPECT_EQ(ingest.end_source_items("radio2", left), 1);
  EXPECT_EQ(ingest.end_source_items("radio2", left + 5), 0) << "ended once";
  EXPECT_EQ(one("SELECT ends_at FROM nowplaying_items WHERE id = " + std::to_string(studio->item_id)), left);
  EXPECT_EQ(one("SELECT ends_at FROM track_plays WHERE id = " + std::to_string(*studio->track_play_id)), left);

  demo.catch_up(testing_support::at(left));
  // The song on air when the studio left, logged from then to its planned end.
  EXPECT_EQ(one("SELECT song_id FROM track_plays WHERE channel_slug = 'radio2' AND source = 'playout' AND "
                "starts_at = " +
                std::to_string(left)),
            on_air->play.song_id);
  EXPECT_EQ(
      one("SELECT ends_at FROM track_plays WHERE channel_slug = 'radio2' AND starts_at = " + std::to_string(left)),
      on_air->play.ends_at);
  // Its audio goes on where it was: the plan, synced with the store again, keeps the song's own start.
  demo.catch_up(testing_support::at(left + 1));
  const auto later = demo.now_playing("radio2", testing_support::at(left + 2));
  ASSERT_TRUE(later);
  EXPECT_EQ(later->play.starts_at, on_air->play.starts_at);
  EXPECT_EQ(later->audio_path, on_air->audio_path);
  // And the songs after it are logged as they come, back to back.
  for (long long t = left; t <= left + 600; t += 5) demo.catch_up(testing_support::at(t));
  EXPECT_GE(one(plays_from(on_air->play.ends_at)), 2);
  EXPECT_EQ(one("SELECT COUNT(*) FROM track_plays a JOIN track_plays b ON a.channel_slug = b.channel_slug AND "
                "a.id <> b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at WHERE a.channel_slug = "
                "'radio2'"),
            0)
      << "no two plays overlap";

  // An external playout's item (the ingest API) is not the source's: it keeps its hold.
  const long long external_at = left + 700;
  auto external = ingest.ingest(
      NowPlayingItem{.channel = "radio2", .artist = "Playout", .title = "Extern", .starts_at = external_at},
      external_at);
  ASSERT_TRUE(external);
  EXPECT_EQ(ingest.end_source_items("radio2", external_at + 10), 0);
  EXPECT_EQ(one("SELECT ends_at FROM nowplaying_items WHERE id = " + std::to_string(external->item_id)),
            external_at + 900);
}

// ---- against a real server -------------------------------------------------------------------

constexpr const char* kSourcePassword = "bron-wachtwoord-voor-de-test";

struct Keys {
  std::string writer;  // nowplaying:write
  std::string other;   // ingest:source only
};

Keys make_keys(const std::string& database_url) {
  auto db = store::Database::open(database_url, 1);
  auto lease = db->lease();
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  admin::ApiKeyRepository keys(*lease);
  return Keys{keys.create("playout", {"nowplaying:write"}, 1, now).secret,
              keys.create("encoder", {"ingest:source"}, 1, now).secret};
}

long long count(const std::string& database_url, const std::string& sql) {
  auto db = store::Database::open(database_url, 1);
  auto lease = db->lease();
  long long n = 0;
  *lease << sql, soci::into(n);
  return n;
}

json::value info(const test::ServerProcess& server) {
  return json::parse(server.get("/api/miniplayer/info?channel=radio2").body);
}

std::string first_song(const json::value& document) {
  const auto& plays = document.at("data").at("radioTrackPlays").at("data").as_array();
  if (plays.empty()) return "";
  return std::string(plays[0].at("artist").as_string()) + " - " + std::string(plays[0].at("song").as_string());
}

bool ad_break(const json::value& document) {
  return document.at("data").at("coreChannels").at("data").at(0).at("isAdBreak").as_bool();
}

// Polls the info document until `done` holds or 5 s pass (a deadline against hanging, not a speed test).
template <class Done>
json::value await_info(const test::ServerProcess& server, Done done) {
  auto document = info(server);
  for (int i = 0; i < 50 && !done(document); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    document = info(server);
  }
  return document;
}

test::ServerProcess::Answer post_json(const test::ServerProcess& server, const std::string& key,
                                      const std::string& body, const std::string& channel = "radio2") {
  return server.get("/api/ingest/" + channel + "/nowplaying",
                    "-X POST -H 'Content-Type: application/json' " +
                        (key.empty() ? std::string() : "-H 'Authorization: Bearer " + key + "' ") + "--data '" + body +
                        "'");
}

void run_scenario(const std::string& label, const std::string& database_url, std::vector<std::string> env) {
  env.push_back(std::string("ETHER_SOURCE_PASSWORD=") + kSourcePassword);
  test::ServerProcess server(label, env);
  const auto url = database_url.empty() ? test::sqlite_url_of(server) : database_url;
  const auto keys = make_keys(url);

  // Scopes: no key 401, a key without nowplaying:write 403; bad input gets the JSON error.
  EXPECT_EQ(post_json(server, "", R"({"title":"x"})").status, 401);
  auto forbidden = post_json(server, keys.other, R"({"title":"x"})");
  EXPECT_EQ(forbidden.status, 403);
  EXPECT_EQ(json::parse(forbidden.body).at("error").at("code"), "forbidden") << forbidden.body;
  auto bad_json = post_json(server, keys.writer, "{nope");
  EXPECT_EQ(bad_json.status, 400);
  EXPECT_EQ(json::parse(bad_json.body).at("error").at("code"), "bad_json");
  auto bad_type = post_json(server, keys.writer, R"({"title":"x","type":"reclame"})");
  EXPECT_EQ(bad_type.status, 422);
  EXPECT_FALSE(json::parse(bad_type.body).at("error").at("message").as_string().empty());
  EXPECT_EQ(post_json(server, keys.writer, R"({"title":"x"})", "radio99").status, 404);

  // A listener with ICY metadata and an SSE subscriber are connected before the first item.
  auto play = json::parse(server.get("/api/player/radio2/token").body);
  const std::string stream_url = server.base_url() + std::string(play.at("streamUrl").as_string());
  std::string icy_log;
  std::thread listener([&] {
    // 64 KiB of burst (8 s at 64 kbit/s) arrive at once; the last 18 s are heard live.
    icy_log = test::run_command("ffmpeg -hide_banner -nostdin -loglevel debug -icy 1 -i '" + stream_url +
                                "' -t 26 -f null - 2>&1");
  });
  std::string events;
  std::thread subscriber([&] {
    events =
        test::run_command("curl -sN --max-time 8 '" + server.base_url() + "/api/miniplayer/events?channel=radio2'");
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));

  // The JSON ingest: a song with its ISRC and duration.
  auto first = post_json(
      server, keys.writer,
      R"({"artist":"Doe Maar","title":"Smoorverliefd","duration":215,"isrc":"NLA128400001",)"
      R"("album":"4US","label":"Telstar","type":"song","next":{"artist":"Golden Earring","title":"Radar Love"}})");
  ASSERT_EQ(first.status, 201) << first.body;
  auto item = json::parse(first.body).at("item");
  EXPECT_FALSE(item.at("trackPlayId").is_null());
  auto document = await_info(server, [](const json::value& d) { return first_song(d) == "Doe Maar - Smoorverliefd"; });
  EXPECT_EQ(first_song(document), "Doe Maar - Smoorverliefd");
  EXPECT_FALSE(ad_break(document));

  // Replayed (same item, within its play): one play, not two.
  auto again = post_json(server, keys.writer,
                         R"({"artist":"Doe Maar","title":"Smoorverliefd","duration":215,"isrc":"NLA128400001"})");
  EXPECT_EQ(again.status, 200) << again.body;
  EXPECT_TRUE(json::parse(again.body).at("repeated").as_bool());
  EXPECT_EQ(count(url,
                  "SELECT COUNT(*) FROM track_plays tp JOIN songs s ON s.id = tp.song_id "
                  "WHERE s.isrc = 'NLA128400001'"),
            1);
  EXPECT_EQ(count(url, "SELECT COUNT(*) FROM songs WHERE isrc = 'NLA128400001'"), 1);
  EXPECT_EQ(
      count(url, "SELECT COUNT(*) FROM songs WHERE isrc = 'NLA128400001' AND album = '4US' AND label = 'Telstar'"), 1);
  // The demo playout's own plays give way for the item's duration: none starts within it.
  const auto starts = std::to_string(*parse_instant(std::string(item.at("startsAt").as_string())));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // a playout tick or two
  EXPECT_EQ(count(url,
                  "SELECT COUNT(*) FROM track_plays WHERE channel_slug = 'radio2' AND source = 'playout' AND "
                  "starts_at >= " +
                      starts + " AND starts_at < " + starts + " + 215"),
            0);

  listener.join();
  subscriber.join();
  EXPECT_NE(events.find("Smoorverliefd"), std::string::npos) << events.substr(0, 500);
  std::smatch match;
  EXPECT_TRUE(std::regex_search(icy_log, match, std::regex("StreamTitle: Doe Maar - Smoorverliefd")))
      << icy_log.substr(icy_log.size() > 3000 ? icy_log.size() - 3000 : 0);

  // Icecast's metadata call with the source's credentials; latin-1 is read as such.
  const auto metadata =
      "/admin/metadata?mount=/live/radio2.mp3&mode=updinfo&charset=ISO-8859-1&song=Caf%E9%20Noir%20-%20"
      "Zomer";
  auto refused = server.get(metadata, "-u source:wrong");
  EXPECT_EQ(refused.status, 401);
  EXPECT_NE(refused.headers.find("WWW-Authenticate: Basic realm="), std::string::npos) << refused.headers;
  EXPECT_NE(refused.body.find("<return>0</return>"), std::string::npos);
  EXPECT_EQ(server.get("/admin/metadata?mount=/live/radio2.mp3&mode=updinfo&song=x", "").status, 401);
  auto updated = server.get(metadata, std::string("-u source:") + kSourcePassword);
  EXPECT_EQ(updated.status, 200);
  EXPECT_EQ(updated.body,
            "<?xml version=\"1.0\"?>\n<iceresponse><message>Metadata update successful</message><return>1</return>"
            "</iceresponse>\n");
  EXPECT_NE(updated.headers.find("text/xml"), std::string::npos);
  EXPECT_EQ(
      server.get("/admin/metadata?mount=/live/radio2.mp3&mode=updinfo", std::string("-u source:") + kSourcePassword)
          .status,
      400);
  document = await_info(server, [](const json::value& d) { return first_song(d) == "Caf\xc3\xa9 Noir - Zomer"; });
  EXPECT_EQ(first_song(document), "Caf\xc3\xa9 Noir - Zomer");
  // It closed the play before it.
  EXPECT_EQ(count(url,
                  "SELECT COUNT(*) FROM track_plays tp JOIN songs s ON s.id = tp.song_id WHERE s.isrc = "
                  "'NLA128400001' AND tp.ends_at <= (SELECT MAX(starts_at) FROM nowplaying_items)"),
            1);

  // An ad break, sent as a form: isAdBreak until the next item that is not an ad; not a song. It
  // starts a second later: an item in the same second as the one before is a correction of it.
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  auto ad = server.get("/api/ingest/radio2/nowplaying", "-X POST -H 'Authorization: Bearer " + keys.writer +
                                                            "' --data 'type=ad&title=Reclame&duration=60'");
  ASSERT_EQ(ad.status, 201) << ad.body;
  EXPECT_TRUE(json::parse(ad.body).at("item").at("trackPlayId").is_null());
  document = await_info(server, [](const json::value& d) { return ad_break(d); });
  EXPECT_TRUE(ad_break(document));
  EXPECT_EQ(first_song(document), "Caf\xc3\xa9 Noir - Zomer");  // the ad is not shown as a song
  // News neither; a GET with the key in the URL ends the break.
  auto news = server.get("/api/ingest/radio2/nowplaying?type=news&title=Het%20nieuws&duration=120&key=" + keys.writer);
  ASSERT_EQ(news.status, 201) << news.body;
  document = await_info(server, [](const json::value& d) { return !ad_break(d); });
  EXPECT_FALSE(ad_break(document));
  EXPECT_EQ(count(url, "SELECT COUNT(*) FROM songs WHERE title = 'Het nieuws' OR title = 'Reclame'"), 0);
}

TEST(NowPlayingIngestServer, MetadataCallAndJsonIngestReachInfoEventsAndIcyOnSqlite) {
  run_scenario("nowplaying-ingest", "", {});
}

const bool registered = test::register_postgres_tests("NowPlayingIngestPostgreSQL", __FILE__,
                                                      {{"MetadataCallAndJsonIngestReachInfoEventsAndIcy", [] {
                                                          test::FreshPostgresDatabase database("nowplaying");
                                                          run_scenario("nowplaying-ingest-pg", database.url(),
                                                                       {"DATABASE_URL=" + database.url()});
                                                        }}});

}  // namespace
}  // namespace ether::ingest
