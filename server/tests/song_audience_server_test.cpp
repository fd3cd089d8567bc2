// The audience per song from the admin API of a real ether-server (issue 52): songs, plays and
// listener sessions written into its store for February 2024 (Amsterdam, CET, 29 days: 1740
// minutes at each hour of the day), the figures worked out by hand below in JSON and CSV, for every
// admin role, and the refusals of bad parameters; on SQLite and PostgreSQL.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "listeners/song_audience.hpp"
#include "support/admin_server.hpp"
#include "support/listener_rows.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether {
namespace {

namespace json = boost::json;
using test::add_play;
using test::add_session;
using test::ServerProcess;

constexpr long long kFebruary = 1'706'742'000;  // 2024-01-31T23:00:00Z: 1 February 2024 00:00 in Amsterdam
constexpr long long kDay = 86'400;
// 10 February 2024 12:00 in Amsterdam.
constexpr long long kNoon = kFebruary + 9 * kDay + 12 * 3600;

long long add_song(soci::session& sql, const std::string& slug, const std::string& title) {
  sql << "INSERT INTO songs (slug, title, artist, audio_path, duration_ms) VALUES (:s, :t, 'Doe Maar', '', 0)",
      soci::use(slug), soci::use(title);
  long long id = 0;
  sql << "SELECT id FROM songs WHERE slug = :s", soci::into(id), soci::use(slug);
  return id;
}

double number(const json::value& value) { return value.to_number<double>(); }

void the_songs_audience_is_exact_for_every_role(const std::string& database_url) {
  const auto data_dir = std::filesystem::path(ETHER_TEST_TMP) / ("song-audience-data-" + std::to_string(::getpid()));
  std::filesystem::remove_all(data_dir);
  std::vector<std::string> env{"ETHER_DATA_DIR=" + data_dir.string()};
  if (!database_url.empty()) env.push_back("DATABASE_URL=" + database_url);
  const auto store_url = database_url.empty() ? "sqlite:" + (data_dir / "ether.db").string() : database_url;
  ServerProcess server("song-audience", env);
  const auto writer = test::server_login(server, store_url, "redactie@radio.example", admin::Role::redacteur);
  const auto editor = test::server_login(server, store_url, "eind@radio.example", admin::Role::eindredacteur);
  ASSERT_FALSE(writer.cookie.empty());
  ASSERT_FALSE(editor.cookie.empty());
  long long dropper = 0;
  long long keeper = 0;
  {
    auto db = store::Database::open(store_url, 1);
    auto lease = db->lease();
    auto& sql = *lease;
    dropper = add_song(sql, "per-nummer-afknapper", "Afknapper");
    keeper = add_song(sql, "per-nummer-blijvertje", "Blijvertje");
    add_play(sql, "radio2", dropper, kNoon, kNoon + 300);                                  // 12:00-12:05
    add_play(sql, "radio2", dropper, kNoon + kDay, kNoon + kDay + 300);                    // 11 February 12:00-12:05
    add_play(sql, "radio2", keeper, kNoon + 600, kNoon + 840);                             // 12:10-12:14
    add_play(sql, "radio2", keeper, kNoon + 1200, kNoon + 1500, true);                     // hidden: did not go out so
    add_play(sql, "radio4", keeper, kNoon, kNoon + 240);                                   // another channel
    add_play(sql, "radio2", keeper, kFebruary - 60, kFebruary + 180);                      // January's
    add_play(sql, "radio2", dropper, kFebruary + 29 * kDay, kFebruary + 29 * kDay + 200);  // 1 March 00:00
    add_session(sql, "radio2", kNoon - 1800, kNoon + 120);              // in at 11, out within Afknapper
    add_session(sql, "radio2", kNoon - 600, kNoon + 200);               // in at 11, out within Afknapper
    add_session(sql, "radio2", kNoon + kDay - 900, kNoon + kDay + 60);  // in at 11, out within its second play
    add_session(sql, "radio2", kNoon + 650, kNoon + 3000);              // in within Blijvertje, out at 12
    add_session(sql, "radio2", kNoon + 1300, kNoon + 2000);             // in and out at 12, in the hidden play
    add_session(sql, "radio2", kNoon + 10, kNoon + 40);                 // 30 s: counts nowhere
    add_session(sql, "radio4", kNoon + 100, kNoon + 200);               // another channel's
  }
  // The curve: in at 11: 3, in at 12: 2, out at 12: 5, over 1740 minutes each.
  // Afknapper: 2 plays, 10 minutes at 12, 0 in, 3 out; expected in 10 x 2/1740, out 10 x 5/1740.
  // Blijvertje: 1 play (the hidden one left out), 4 minutes at 12, 1 in, 0 out; expected in
  // 4 x 2/1740, out 4 x 5/1740.
  const auto target = std::string("/api/admin/listeners/songs?channel=radio2&month=2024-02");
  for (const auto* who : {&writer, &editor}) {
    const auto answer = test::server_admin_send(server, "GET", target, "", *who);
    ASSERT_EQ(answer.status, 200) << answer.body;
    EXPECT_NE(answer.headers.find("no-store"), std::string::npos) << answer.headers;
  }
  const auto answer = test::server_admin_send(server, "GET", target, "", writer);
  const auto body = json::parse(answer.body);
  EXPECT_EQ(body.at("channel"), "radio2");
  EXPECT_EQ(body.at("month"), "2024-02");
  EXPECT_EQ(body.at("from"), "2024-01-31T23:00:00Z");
  EXPECT_EQ(body.at("until"), "2024-02-29T23:00:00Z");
  EXPECT_EQ(body.at("minSessionSeconds").as_int64(), 60);
  const auto& curve = body.at("curve").as_array();
  ASSERT_EQ(curve.size(), 24U);
  EXPECT_EQ(curve[11].at("hour").to_number<int>(), 11);
  EXPECT_DOUBLE_EQ(number(curve[11].at("minutes")), 1740);
  EXPECT_EQ(curve[11].at("tuneIns").as_int64(), 3);
  EXPECT_EQ(curve[11].at("tuneOuts").as_int64(), 0);
  EXPECT_EQ(curve[12].at("tuneIns").as_int64(), 2);
  EXPECT_EQ(curve[12].at("tuneOuts").as_int64(), 5);
  const auto& songs = body.at("songs").as_array();
  ASSERT_EQ(songs.size(), 2U) << answer.body;
  const auto& first = songs[0].as_object();
  EXPECT_EQ(first.at("id").as_int64(), dropper);
  EXPECT_EQ(first.at("artist"), "Doe Maar");
  EXPECT_EQ(first.at("title"), "Afknapper");
  EXPECT_EQ(first.at("plays").as_int64(), 2);
  EXPECT_DOUBLE_EQ(number(first.at("minutesPlayed")), 10);
  EXPECT_EQ(first.at("tuneIns").as_int64(), 0);
  EXPECT_EQ(first.at("tuneOuts").as_int64(), 3);
  EXPECT_DOUBLE_EQ(number(first.at("expectedTuneIns")), 0.011);   // 20/1740 = 0.01149
  EXPECT_DOUBLE_EQ(number(first.at("expectedTuneOuts")), 0.029);  // 50/1740 = 0.02874
  EXPECT_EQ(first.at("net").as_int64(), -3);
  EXPECT_DOUBLE_EQ(number(first.at("expectedNet")), -0.017);  // -30/1740 = -0.01724
  EXPECT_DOUBLE_EQ(number(first.at("difference")), -2.983);   // -3 + 0.01724
  const auto& second = songs[1].as_object();
  EXPECT_EQ(second.at("id").as_int64(), keeper);
  EXPECT_EQ(second.at("plays").as_int64(), 1);
  EXPECT_DOUBLE_EQ(number(second.at("minutesPlayed")), 4);
  EXPECT_EQ(second.at("tuneIns").as_int64(), 1);
  EXPECT_EQ(second.at("tuneOuts").as_int64(), 0);
  EXPECT_DOUBLE_EQ(number(second.at("expectedTuneIns")), 0.005);   // 8/1740 = 0.00460
  EXPECT_DOUBLE_EQ(number(second.at("expectedTuneOuts")), 0.011);  // 20/1740 = 0.01149
  EXPECT_EQ(second.at("net").as_int64(), 1);
  EXPECT_DOUBLE_EQ(number(second.at("expectedNet")), -0.007);  // -12/1740 = -0.00690
  EXPECT_DOUBLE_EQ(number(second.at("difference")), 1.007);

  const auto csv = test::server_admin_send(server, "GET", target + "&format=csv", "", writer);
  ASSERT_EQ(csv.status, 200) << csv.body;
  EXPECT_NE(csv.headers.find("text/csv"), std::string::npos) << csv.headers;
  EXPECT_NE(csv.headers.find("no-store"), std::string::npos) << csv.headers;
  EXPECT_NE(csv.headers.find("filename=\"luistercijfers-per-nummer-radio2-2024-02.csv\""), std::string::npos)
      << csv.headers;
  EXPECT_EQ(csv.body, std::string(listeners::kSongAudienceCsvHeader) + "\r\nradio2,2024-02," + std::to_string(dropper) +
                          ",Doe Maar,Afknapper,2,10.000,0,0.011,3,0.029,-3,-0.017,-2.983\r\n" + "radio2,2024-02," +
                          std::to_string(keeper) + ",Doe Maar,Blijvertje,1,4.000,1,0.005,0,0.011,1,-0.007,1.007\r\n");

  // Radio 4's month: its own play and its own listener, in and out within it.
  const auto radio4 = json::parse(
      test::server_admin_send(server, "GET", "/api/admin/listeners/songs?channel=radio4&month=2024-02", "", writer)
          .body);
  ASSERT_EQ(radio4.at("songs").as_array().size(), 1U);
  EXPECT_EQ(radio4.at("songs").as_array()[0].at("tuneIns").as_int64(), 1);
  EXPECT_EQ(radio4.at("songs").as_array()[0].at("tuneOuts").as_int64(), 1);
  const auto empty = json::parse(
      test::server_admin_send(server, "GET", "/api/admin/listeners/songs?channel=radio2&month=2024-05", "", writer)
          .body);
  EXPECT_TRUE(empty.at("songs").as_array().empty());

  EXPECT_EQ(server.get(target).status, 401);
  // Bad parameters: 400 with the error envelope, an unknown channel 404; never a 500.
  for (const auto* query : {"channel=radio2&month=2024-13", "channel=radio2&month=2024-2", "channel=radio2",
                            "month=2024-02", "channel=Radio%202&month=2024-02", "channel=radio2&month=2024-02-01",
                            "channel=radio2&month=2024-02&format=xml"}) {
    const auto bad =
        test::server_admin_send(server, "GET", std::string("/api/admin/listeners/songs?") + query, "", writer);
    EXPECT_EQ(bad.status, 400) << query << ": " << bad.body;
    const auto error = json::parse(bad.body);
    EXPECT_EQ(error.at("error").at("code"), "bad_parameter") << query;
    EXPECT_FALSE(error.at("error").at("message").as_string().empty()) << query;
  }
  const auto unknown =
      test::server_admin_send(server, "GET", "/api/admin/listeners/songs?channel=radio99&month=2024-02", "", writer);
  EXPECT_EQ(unknown.status, 404) << unknown.body;
  EXPECT_EQ(json::parse(unknown.body).at("error").at("code"), "not_found");
  test::remove_unless_failed(data_dir);
}

TEST(SongAudienceServer, TheSongsAudienceIsExactForEveryRoleOnSqlite) {
  the_songs_audience_is_exact_for_every_role("");
}

const bool registered = test::register_postgres_tests("SongAudienceServerPostgres", __FILE__,
                                                      {{"TheSongsAudienceIsExactForEveryRole", [] {
                                                          test::FreshPostgresDatabase database("song_audience");
                                                          the_songs_audience_is_exact_for_every_role(database.url());
                                                        }}});

}  // namespace
}  // namespace ether
