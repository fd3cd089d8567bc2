#pragma once
// The routes of spec §2, declared once: each route's path pattern, from which a path is matched
// (PageLoader::load) and a route's path is built (pages/route_builder.hpp). A pattern is literal
// segments and {placeholders}; a route may have more patterns, of which the first is the one
// built, the others only matched.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::pages {

/// A page route of spec §2.
enum class Route {
  home,
  sitemap,
  sitemap_group,
  live,
  popout,
  played_tracks,
  played_tracks_day,
  guide,
  guide_day,
  programmes,
  programme,
  programme_fragments,
  programme_news,
  presenters,
  presenter,
  news,
  news_category,
  article,
  app_article,
  article_preview,
  fragments,
  fragment,
  broadcasts,
  broadcast,
  broadcast_hour,
  podcasts,
  podcast,
  podcast_episode,
  thema,
  app_thema,
  overzicht,
  overzicht_preview,
  search,
  search_term,
  videos,
  track,
};

/// A path matched to a route: the route and its placeholders' values, in path order.
struct RouteMatch {
  Route route;
  std::vector<std::string> values;
};

/// The route of `path` (decoded; empty segments are ignored), or nullopt when no route has its shape.
std::optional<RouteMatch> match_route(std::string_view path);

/// The one form of a page path that is answered (spec §2): no empty segments and no trailing slash
/// ("/live/" and "//live" are "/live"; the root stays "/"). Works on encoded and decoded paths alike.
std::string canonical_path(std::string_view path);

/// The path of `route` with its placeholders filled by `values` in order, taken as given (the
/// caller encodes them).
std::string route_path(Route route, const std::vector<std::string>& values = {});

}  // namespace ether::pages
