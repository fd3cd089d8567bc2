// The monthly royalty report from the admin API of a real ether-server (issue 52): songs, plays
// and listener sessions written into its store for February 2024 (Amsterdam), the CSV a beheerder
// downloads with its exact rows, the refusals of the other roles and of bad parameters; on SQLite
// and PostgreSQL.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "listeners/royalty_report.hpp"
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

long long add_song(soci::session& sql, const std::string& slug, const std::string& title, long long duration_ms,
                   const std::string& extra_columns, const std::string& extra_values) {
  sql << "INSERT INTO songs (slug, title, artist, audio_path, duration_ms" + extra_columns + ") VALUES ('" + slug +
             "', :t, 'Doe Maar', '', :d" + extra_values + ")",
      soci::use(title), soci::use(duration_ms);
  long long id = 0;
  sql << "SELECT id FROM songs WHERE slug = :s", soci::into(id), soci::use(slug);
  return id;
}

void the_report_is_exact_and_for_the_beheerder_only(const std::string& database_url) {
  const auto data_dir = std::filesystem::path(ETHER_TEST_TMP) / ("royalty-data-" + std::to_string(::getpid()));
  std::filesystem::remove_all(data_dir);
  std::vector<std::string> env{"ETHER_DATA_DIR=" + data_dir.string()};
  if (!database_url.empty()) env.push_back("DATABASE_URL=" + database_url);
  const auto store_url = database_url.empty() ? "sqlite:" + (data_dir / "ether.db").string() : database_url;
  ServerProcess server("royalty-report", env);
  const auto boss = test::server_login(server, store_url, "beheer@radio.example", admin::Role::beheerder);
  const auto editor = test::server_login(server, store_url, "eind@radio.example", admin::Role::eindredacteur);
  const auto writer = test::server_login(server, store_url, "redactie@radio.example", admin::Role::redacteur);
  ASSERT_FALSE(boss.cookie.empty());
  ASSERT_FALSE(editor.cookie.empty());
  ASSERT_FALSE(writer.cookie.empty());
  {
    auto db = store::Database::open(store_url, 1);
    auto lease = db->lease();
    auto& sql = *lease;
    const auto whole = add_song(sql, "royalty-een", "Eén, twee \"drie\"", 200'000, ", isrc, album, label, composer",
                                ", 'NLA128400001', 'Lijf aan lijf', 'Telstar', 'Henny Vrienten'");
    const auto unknown = add_song(sql, "royalty-twee", "Zonder gegevens", 0, "", "");
    add_play(sql, "radio2", whole, kFebruary - 1, kFebruary + 150);  // January's last second
    add_play(sql, "radio2", whole, kFebruary, kFebruary + 200);      // 1 February 00:00: whole
    add_play(sql, "radio2", unknown, kFebruary + 9 * 86400 + 46800, kFebruary + 9 * 86400 + 46900);
    add_play(sql, "radio2", whole, kFebruary + 20 * 86400, kFebruary + 20 * 86400 + 100);  // cut short
    add_play(sql, "radio4", whole, kFebruary + 20 * 86400, kFebruary + 20 * 86400 + 200);  // another channel
    add_play(sql, "radio2", whole, kFebruary + 29 * 86400, kFebruary + 29 * 86400 + 200);  // 1 March 00:00
    // Across the month's start and an hour: counts at 1 February 00:00.
    add_session(sql, "radio2", kFebruary - 1800, kFebruary + 1800);
    // 30 s, running then: under the minimum (60 s), counts nowhere.
    add_session(sql, "radio2", kFebruary - 10, kFebruary + 20);
    // Radio 4's listener, and two of radio 2 at the play on the 21st (one started at that instant).
    add_session(sql, "radio4", kFebruary - 600, kFebruary + 600);
    add_session(sql, "radio2", kFebruary + 20 * 86400 - 600, kFebruary + 20 * 86400 + 600);
    add_session(sql, "radio2", kFebruary + 20 * 86400, kFebruary + 20 * 86400 + 3600);
    add_session(sql, "radio2", kFebruary + 20 * 86400 - 3600, kFebruary + 20 * 86400);  // ended then
  }

  const auto target = std::string("/api/admin/reports/royalty?channel=radio2&month=2024-02");
  const auto csv = test::server_admin_send(server, "GET", target, "", boss);
  ASSERT_EQ(csv.status, 200) << csv.body;
  EXPECT_NE(csv.headers.find("text/csv"), std::string::npos) << csv.headers;
  EXPECT_NE(csv.headers.find("filename=\"ether-royalty-radio2-2024-02.csv\""), std::string::npos) << csv.headers;
  EXPECT_NE(csv.headers.find("no-store"), std::string::npos) << csv.headers;
  EXPECT_EQ(csv.body,
            std::string(listeners::kRoyaltyCsvHeader) +
                "\r\n"
                "radio2,2024-01-31T23:00:00Z,2024-02-01T00:00:00+01:00,200,Doe Maar,"
                "\"E\xc3\xa9n, twee \"\"drie\"\"\",Lijf aan lijf,Telstar,NLA128400001,Henny Vrienten,yes,1\r\n"
                "radio2,2024-02-10T12:00:00Z,2024-02-10T13:00:00+01:00,100,Doe Maar,Zonder gegevens,,,,,,0\r\n"
                "radio2,2024-02-20T23:00:00Z,2024-02-21T00:00:00+01:00,100,Doe Maar,"
                "\"E\xc3\xa9n, twee \"\"drie\"\"\",Lijf aan lijf,Telstar,NLA128400001,Henny Vrienten,no,2\r\n");
  const auto radio4 =
      test::server_admin_send(server, "GET", "/api/admin/reports/royalty?channel=radio4&month=2024-02", "", boss);
  ASSERT_EQ(radio4.status, 200) << radio4.body;
  EXPECT_NE(radio4.body.find(",yes,0\r\n"), std::string::npos) << radio4.body;
  const auto empty =
      test::server_admin_send(server, "GET", "/api/admin/reports/royalty?channel=radio2&month=2024-05", "", boss);
  EXPECT_EQ(empty.body, std::string(listeners::kRoyaltyCsvHeader) + "\r\n");

  // Only the beheerder; without a session 401.
  for (const auto* who : {&editor, &writer}) {
    const auto refused = test::server_admin_send(server, "GET", target, "", *who);
    EXPECT_EQ(refused.status, 403) << refused.body;
    EXPECT_EQ(json::parse(refused.body).at("error").at("code"), "forbidden") << refused.body;
  }
  EXPECT_EQ(server.get(target).status, 401);
  // Bad parameters: 400 with the error envelope, never a 500.
  for (const auto* query : {"channel=radio2&month=2024-13", "channel=radio2&month=2024-2", "channel=radio2",
                            "month=2024-02", "channel=Radio%202&month=2024-02", "channel=radio2&month=2024-02-01"}) {
    const auto bad =
        test::server_admin_send(server, "GET", std::string("/api/admin/reports/royalty?") + query, "", boss);
    EXPECT_EQ(bad.status, 400) << query << ": " << bad.body;
    const auto body = json::parse(bad.body);
    EXPECT_EQ(body.at("error").at("code"), "bad_parameter") << query;
    EXPECT_FALSE(body.at("error").at("message").as_string().empty()) << query;
  }
  const auto unknown =
      test::server_admin_send(server, "GET", "/api/admin/reports/royalty?channel=radio99&month=2024-02", "", boss);
  EXPECT_EQ(unknown.status, 404) << unknown.body;
  EXPECT_EQ(json::parse(unknown.body).at("error").at("code"), "not_found") << unknown.body;
  test::remove_unless_failed(data_dir);
}

TEST(RoyaltyReportServer, TheReportIsExactAndForTheBeheerderOnlyOnSqlite) {
  the_report_is_exact_and_for_the_beheerder_only("");
}

const bool registered = test::register_postgres_tests(
    "RoyaltyReportServerPostgres", __FILE__, {{"TheReportIsExactAndForTheBeheerderOnly", [] {
                                                 test::FreshPostgresDatabase database("royalty_report");
                                                 the_report_is_exact_and_for_the_beheerder_only(database.url());
                                               }}});

}  // namespace
}  // namespace ether
