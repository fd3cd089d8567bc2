// The route builder (spec §2 "Route building rules"), the Amsterdam time helpers and text folding.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "pages/text_fold.hpp"
#include "support/file_bytes.hpp"
#include "support/test_paths.hpp"

namespace ether::pages {
namespace {

using date::literals::operator""_y;
using date::literals::operator""_d;
using date::November;

const Date kToday = 2026_y / November / 21_d;
const RouteContext kCtx{kToday, "radio2"};

TEST(RouteBuilder, LeavesOutEmptyAndDefaultValues) {
  EXPECT_EQ(build_route("/x", {{"a", "", ""}, {"b", "1", "1"}, {"c", "2", "1"}}), "/x?c=2");
  EXPECT_EQ(build_route("/x", {}), "/x");
}

TEST(RouteBuilder, SortsKeysIgnoringCaseAndAppendsHash) {
  EXPECT_EQ(build_route("/x", {{"b", "2", ""}, {"A", "1", ""}, {"c", "3", ""}}, "top"), "/x?A=1&b=2&c=3#top");
  EXPECT_EQ(build_route("/x", {{"Zeta", "1", ""}, {"alpha", "2", ""}}), "/x?alpha=2&Zeta=1");
}

TEST(RouteBuilder, PercentEncodesValues) {
  EXPECT_EQ(build_route("/nieuws", {{"tag", "rock & roll", ""}}), "/nieuws?tag=rock%20%26%20roll");
  EXPECT_EQ(routes::search("café"), "/zoeken/caf%C3%A9");
}

TEST(RouteBuilder, GedraaidLeavesOutTodayAndDefaults) {
  EXPECT_EQ(routes::gedraaid(kCtx, "radio2", kToday), "/gedraaid");
  EXPECT_EQ(routes::gedraaid(kCtx, "3fm", kToday, 2, "10_11"), "/gedraaid?channel=3fm&page=2&time=10_11");
  EXPECT_EQ(routes::gedraaid(kCtx, "radio2", 2026_y / November / 2_d, 1, "0_24"), "/gedraaid/02-11-2026");
}

TEST(RouteBuilder, GidsUsesTheDatePathOnlyForOtherDays) {
  EXPECT_EQ(routes::gids(kCtx, "radio2", kToday), "/gids");
  EXPECT_EQ(routes::gids(kCtx, "3fm", 2026_y / November / 2_d), "/gids/2026/11/02?channel=3fm");
}

TEST(RouteBuilder, FragmentsWithProgramGoToTheProgrammePage) {
  EXPECT_EQ(routes::fragments({}, 1, "de ochtendploeg", "muziek"), "/programmas/de-ochtendploeg/fragmenten?tag=muziek");
  // The loaders pass no day for today, the default day.
  EXPECT_EQ(routes::fragments(2026_y / November / 18_d, 2, "", "live"), "/fragmenten?date=18-11-2026&page=2&tag=live");
  EXPECT_EQ(routes::fragments(), "/fragmenten");
}

TEST(RouteBuilder, DetailRoutesWriteMissingPartsAsNull) {
  EXPECT_EQ(routes::fragment("de-ochtendploeg", 7, kToday, "interview"),
            "/fragmenten/de-ochtendploeg/7/2026-11-21-interview");
  EXPECT_EQ(routes::fragment("", 7, std::nullopt, ""), "/fragmenten/null/7/null-null");
  EXPECT_EQ(routes::broadcast("", 3, kToday, "middag"), "/uitzendingen/null/3/2026-11-21-middag");
  EXPECT_EQ(routes::broadcast_hour("de-middagshow", 3, kToday, "middag", "18-uur"),
            "/uitzendingen/de-middagshow/3/2026-11-21-middag/18-uur");
  EXPECT_EQ(routes::broadcast_hour("", 3, std::nullopt, "", "02-uur-2"), "/uitzendingen/null/3/null-null/02-uur-2");
  EXPECT_EQ(routes::broadcast_hour_audio(3, 1'795'280'400), "/api/play/broadcast/3/1795280400/audio");
  EXPECT_EQ(routes::article("sport", 12, "ajax-wint", false), "/nieuws/sport/12/ajax-wint");
  EXPECT_EQ(routes::article("sport", 12, "ajax-wint", true), "/app/nieuws/sport/12/ajax-wint");
  EXPECT_EQ(routes::thema("kerst", true), "/app/thema/kerst");
  EXPECT_EQ(routes::podcast_episode("duik", 4, "eerste"), "/podcasts/duik/4/eerste");
}

TEST(RouteBuilder, OtherListRoutes) {
  EXPECT_EQ(routes::news("", 1, ""), "/nieuws");
  EXPECT_EQ(routes::news("sport", 3, "voetbal"), "/nieuws/sport?page=3&tag=voetbal");
  EXPECT_EQ(routes::broadcasts("koffiepauze"), "/uitzendingen?programme=koffiepauze");
  EXPECT_EQ(routes::broadcasts("koffiepauze", 2), "/uitzendingen?page=2&programme=koffiepauze");
  EXPECT_EQ(routes::broadcasts("", 3), "/uitzendingen?page=3");
  EXPECT_EQ(routes::broadcasts("", 1), "/uitzendingen");
  // A search pages through one group of hits: the group only matters beyond its first page.
  EXPECT_EQ(routes::search("de golven"), "/zoeken/de%20golven");
  EXPECT_EQ(routes::search("de golven", "track", 2), "/zoeken/de%20golven?page=2&type=track");
  EXPECT_EQ(routes::search("de golven", "track", 1), "/zoeken/de%20golven");
  EXPECT_EQ(routes::programme_news("koffiepauze", "sport", 1), "/programmas/koffiepauze/nieuws?category=sport");
  EXPECT_EQ(routes::live(kCtx, "radio2"), "/live");
  EXPECT_EQ(routes::live(kCtx, "3fm"), "/live?channel=3fm");
}

// The app's slugify.test.ts reads the same table: one behaviour on both sides.
TEST(RouteBuilder, SlugifyFollowsSpecFiveOnTheSharedTable) {
  const std::string text = test::file_bytes(std::filesystem::path(ETHER_SOURCE_DIR) / "server" / "tests" / "fixtures" /
                                            "slugify-cases.json");
  ASSERT_FALSE(text.empty());
  const auto cases = boost::json::parse(text).at("cases").as_array();
  ASSERT_GE(cases.size(), 20U);
  for (const auto& row : cases) {
    const auto& pair = row.as_array();
    const std::string input(pair.at(0).as_string());
    EXPECT_EQ(slugify(input), std::string_view(pair.at(1).as_string())) << "slugify(\"" << input << "\")";
  }
}

TEST(PageTime, ParsesAndRejectsDates) {
  EXPECT_EQ(parse_route_date("21-11-2026"), kToday);
  EXPECT_FALSE(parse_route_date("31-02-2026"));
  EXPECT_FALSE(parse_route_date("2026-11-21"));
  EXPECT_FALSE(parse_route_date("aa-bb-cccc"));
  EXPECT_EQ(parse_iso_date("2026-11-21"), kToday);
  EXPECT_FALSE(parse_iso_date("2026-13-01"));
  EXPECT_EQ(parse_date_parts("2026", "11", "21"), kToday);
  EXPECT_EQ(parse_date_parts("2026", "1", "2"), 2026_y / date::January / 2_d);
  EXPECT_FALSE(parse_date_parts("2026", "02", "30"));
  // Found by fuzz_route: a sign is not a digit.
  EXPECT_FALSE(parse_date_parts("-202", "11", "21"));
  EXPECT_FALSE(parse_date_parts("2026", "-1", "21"));
  EXPECT_FALSE(parse_iso_date("-026-11-21"));
  EXPECT_FALSE(parse_route_date("21-11--026"));
  EXPECT_FALSE(parse_iso_instant("-026-11-21T00:00:00Z"));
  EXPECT_FALSE(parse_iso_instant("2026-11-21T-1:00:00Z"));
  EXPECT_FALSE(parse_iso_instant("2026-11-21T24:00:00Z"));
  // Found by fuzz_route: early years keep four digits, so they parse back.
  EXPECT_EQ(iso_date(date::year{509} / November / 21_d), "0509-11-21");
  EXPECT_EQ(parse_route_date(route_date(date::year{509} / November / 21_d)), date::year{509} / November / 21_d);
  EXPECT_FALSE(parse_iso_instant("2026-11-21T12:60:00Z"));
  EXPECT_FALSE(parse_positive("0"));
  EXPECT_FALSE(parse_positive("abc"));
  EXPECT_FALSE(parse_positive("-3"));
  EXPECT_EQ(parse_positive("12"), 12);
}

TEST(PageTime, FormatsInAmsterdamTime) {
  EXPECT_EQ(dutch_long_date(kToday), "zaterdag 21 november 2026");
  EXPECT_EQ(route_date(2026_y / November / 2_d), "02-11-2026");
  EXPECT_EQ(iso_date(kToday), "2026-11-21");
  // 23:30 UTC on 20 November is already 21 November in Amsterdam (UTC+1).
  auto instant = amsterdam_day_start(kToday);
  EXPECT_EQ(iso_instant(instant), "2026-11-20T23:00:00Z");
  EXPECT_EQ(amsterdam_date(instant), kToday);
  EXPECT_EQ(amsterdam_date(instant - 1), 2026_y / November / 20_d);
  EXPECT_EQ(parse_iso_instant("2026-11-20T23:00:00Z"), instant);
  // Summer time: local midnight of 1 July is 22:00 UTC the day before.
  EXPECT_EQ(iso_instant(amsterdam_day_start(2026_y / date::July / 1_d)), "2026-06-30T22:00:00Z");
  // The spring-forward day has 23 hours.
  auto march29 = 2026_y / date::March / 29_d;
  EXPECT_EQ(amsterdam_hour_start(march29, 24) - amsterdam_day_start(march29), 23 * 3600);
}

TEST(PageTime, BroadcastSlotLabelIsTheAmsterdamClockHour) {
  // 17:00 UTC on 21 November is 18:00 in Amsterdam (UTC+1); any instant of the hour gives its label.
  const auto evening = amsterdam_hour_start(kToday, 18);
  EXPECT_EQ(iso_instant(evening), "2026-11-21T17:00:00Z");
  EXPECT_EQ(broadcast_slot_label(evening), "Zaterdag 21 november 2026 18 - 19 uur");
  EXPECT_EQ(broadcast_slot_label(evening + 1799), "Zaterdag 21 november 2026 18 - 19 uur");
  // Single digits get a leading zero; the day's last hour ends at 24.
  EXPECT_EQ(broadcast_slot_label(amsterdam_day_start(kToday)), "Zaterdag 21 november 2026 00 - 01 uur");
  EXPECT_EQ(broadcast_slot_label(amsterdam_hour_start(kToday, 23)), "Zaterdag 21 november 2026 23 - 24 uur");
  // Summer time (UTC+2): 08:00 UTC on 1 July is 10:00 in Amsterdam.
  EXPECT_EQ(broadcast_slot_label(*parse_iso_instant("2026-07-01T08:00:00Z")), "Woensdag 1 juli 2026 10 - 11 uur");
}

TEST(TextFold, LowercasesAndStripsDiacritics) {
  EXPECT_EQ(fold_text("Muziek"), "muziek");
  EXPECT_EQ(fold_text("Café Noir"), "cafe noir");
  EXPECT_EQ(fold_text("ÀÉÎÕÜ çñ"), "aeiou cn");
  EXPECT_EQ(fold_text("Straße Ærø"), "strasse aero");
  EXPECT_EQ(fold_text("Łódź Dvořák Žižek Ĳssel Œuvre"), "lodz dvorak zizek ijssel oeuvre");
  EXPECT_EQ(fold_text("日本"), "日本");
}

TEST(TextFold, RecognisesWellFormedUtf8) {
  EXPECT_TRUE(valid_utf8("Café 日本 🎵"));
  EXPECT_FALSE(valid_utf8("\xff"));
  EXPECT_FALSE(valid_utf8("\xc3\x28"));
  EXPECT_FALSE(valid_utf8("\xc0\xaf"));      // overlong '/'
  EXPECT_FALSE(valid_utf8("\xed\xa0\x80"));  // a surrogate
  EXPECT_FALSE(valid_utf8("\xe6\x97"));      // cut short
}

}  // namespace
}  // namespace ether::pages
