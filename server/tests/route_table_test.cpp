// The one table of spec §2 routes: a path is matched to its route and values, and a route's path
// is built from the same pattern.

#include <gtest/gtest.h>

#include "pages/route_table.hpp"

namespace ether::pages {
namespace {

TEST(RouteTable, MatchesPathsToRoutesAndValues) {
  auto fragment = match_route("/fragmenten/de-ochtendploeg/7/2026-11-21-interview");
  ASSERT_TRUE(fragment);
  EXPECT_EQ(fragment->route, Route::fragment);
  EXPECT_EQ(fragment->values, (std::vector<std::string>{"de-ochtendploeg", "7", "2026-11-21-interview"}));
  EXPECT_EQ(match_route("/")->route, Route::home);
  EXPECT_EQ(match_route("")->route, Route::home);
  EXPECT_EQ(match_route("//gids//")->route, Route::guide);
  EXPECT_EQ(match_route("/programmas/koffiepauze/fragmenten")->route, Route::programme_fragments);
  EXPECT_EQ(match_route("/app/nieuws/sport/12/ajax-wint")->route, Route::app_article);
  EXPECT_FALSE(match_route("/programmas/koffiepauze/onbekend"));
  EXPECT_FALSE(match_route("/app/onbekend"));
}

TEST(RouteTable, ALiteralSegmentWinsOverAPlaceholder) {
  EXPECT_EQ(match_route("/nieuws/preview/4")->route, Route::article_preview);
  EXPECT_EQ(match_route("/overzicht/preview/4")->route, Route::overzicht_preview);
  EXPECT_EQ(match_route("/nieuws/sport")->route, Route::news_category);
}

TEST(RouteTable, APartialGuideDateIsTheGuideOfToday) {
  EXPECT_EQ(match_route("/gids/2026")->route, Route::guide);
  EXPECT_EQ(match_route("/gids/2026/11")->route, Route::guide);
  EXPECT_EQ(match_route("/gids/2026/11/21")->route, Route::guide_day);
  EXPECT_EQ(route_path(Route::guide), "/gids");
}

TEST(RouteTable, BuildsWhatItMatches) {
  EXPECT_EQ(route_path(Route::home), "/");
  EXPECT_EQ(route_path(Route::broadcast_hour, {"x", "3", "2026-11-21-middag", "18-uur"}),
            "/uitzendingen/x/3/2026-11-21-middag/18-uur");
  auto match = match_route(route_path(Route::podcast_episode, {"duik", "4", "eerste"}));
  ASSERT_TRUE(match);
  EXPECT_EQ(match->route, Route::podcast_episode);
  EXPECT_EQ(match->values, (std::vector<std::string>{"duik", "4", "eerste"}));
  EXPECT_THROW(route_path(Route::programme), std::invalid_argument);
}

}  // namespace
}  // namespace ether::pages
