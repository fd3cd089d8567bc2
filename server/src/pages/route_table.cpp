#include "pages/route_table.hpp"

#include <array>
#include <stdexcept>

namespace ether::pages {
namespace {

struct RoutePattern {
  Route route;
  std::string_view pattern;
};

// First match wins, so a literal segment is listed before a placeholder in its place.
constexpr std::array kRoutes{
    RoutePattern{Route::home, "/"},
    RoutePattern{Route::sitemap, "/sitemap"},
    RoutePattern{Route::sitemap_group, "/sitemap/{group}"},
    RoutePattern{Route::live, "/live"},
    RoutePattern{Route::popout, "/popout/{channel}"},
    RoutePattern{Route::played_tracks, "/gedraaid"},
    RoutePattern{Route::played_tracks_day, "/gedraaid/{date}"},
    RoutePattern{Route::guide, "/gids"},
    RoutePattern{Route::guide_day, "/gids/{year}/{month}/{day}"},
    // A partial date shows today's guide.
    RoutePattern{Route::guide, "/gids/{year}"},
    RoutePattern{Route::guide, "/gids/{year}/{month}"},
    RoutePattern{Route::programmes, "/programmas"},
    RoutePattern{Route::programme, "/programmas/{programmeSlug}"},
    RoutePattern{Route::programme_fragments, "/programmas/{programmeSlug}/fragmenten"},
    RoutePattern{Route::programme_news, "/programmas/{programmeSlug}/nieuws"},
    RoutePattern{Route::presenters, "/presentatoren"},
    RoutePattern{Route::presenter, "/presentatoren/{presenterSlug}"},
    RoutePattern{Route::news, "/nieuws"},
    RoutePattern{Route::news_category, "/nieuws/{categorySlug}"},
    RoutePattern{Route::article_preview, "/nieuws/preview/{articleId}"},
    RoutePattern{Route::article, "/nieuws/{categorySlug}/{articleId}/{articleSlug}"},
    RoutePattern{Route::app_article, "/app/nieuws/{categorySlug}/{articleId}/{articleSlug}"},
    RoutePattern{Route::fragments, "/fragmenten"},
    RoutePattern{Route::fragment, "/fragmenten/{programmeSlug}/{fragmentId}/{fragmentSlug}"},
    RoutePattern{Route::broadcasts, "/uitzendingen"},
    RoutePattern{Route::broadcast, "/uitzendingen/{programmeSlug}/{broadcastId}/{broadcastSlug}"},
    RoutePattern{Route::broadcast_hour, "/uitzendingen/{programmeSlug}/{broadcastId}/{broadcastSlug}/{hour}"},
    RoutePattern{Route::podcasts, "/podcasts"},
    RoutePattern{Route::podcast, "/podcasts/{feedSlug}"},
    RoutePattern{Route::podcast_episode, "/podcasts/{feedSlug}/{episodeId}/{episodeSlug}"},
    RoutePattern{Route::thema, "/thema/{slug}"},
    RoutePattern{Route::app_thema, "/app/thema/{slug}"},
    RoutePattern{Route::overzicht_preview, "/overzicht/preview/{pageId}"},
    RoutePattern{Route::overzicht, "/overzicht/{slug}"},
    RoutePattern{Route::search, "/zoeken"},
    RoutePattern{Route::search_term, "/zoeken/{searchTerm}"},
    RoutePattern{Route::videos, "/videos"},
    // A song that was played (spec §3 Track: the url of radioTracksItem {id, slug}); the id finds
    // it, the slug makes the path readable.
    RoutePattern{Route::track, "/nummers/{songId}/{songSlug}"},
};

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> segments;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    if (end > start) segments.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return segments;
}

bool is_placeholder(std::string_view segment) { return segment.size() > 2 && segment.front() == '{'; }

}  // namespace

std::optional<RouteMatch> match_route(std::string_view path) {
  auto segments = split_path(path);
  for (const auto& entry : kRoutes) {
    auto pattern = split_path(entry.pattern);
    if (pattern.size() != segments.size()) continue;
    RouteMatch match{entry.route, {}};
    bool matches = true;
    for (std::size_t i = 0; i < pattern.size() && matches; ++i) {
      if (is_placeholder(pattern[i])) {
        match.values.emplace_back(segments[i]);
      } else {
        matches = pattern[i] == segments[i];
      }
    }
    if (matches) return match;
  }
  return std::nullopt;
}

std::string canonical_path(std::string_view path) {
  std::string canonical;
  for (auto segment : split_path(path)) {
    canonical += '/';
    canonical += segment;
  }
  return canonical.empty() ? std::string("/") : canonical;
}

std::string route_path(Route route, const std::vector<std::string>& values) {
  for (const auto& entry : kRoutes) {
    if (entry.route != route) continue;
    std::string path;
    std::size_t next = 0;
    for (auto segment : split_path(entry.pattern)) {
      path += '/';
      if (!is_placeholder(segment)) {
        path += segment;
      } else if (next < values.size()) {
        path += values[next++];
      } else {
        throw std::invalid_argument("route_path: a value is missing for " + std::string(entry.pattern));
      }
    }
    return path.empty() ? std::string("/") : path;
  }
  throw std::invalid_argument("route_path: a route without a pattern");
}

}  // namespace ether::pages
