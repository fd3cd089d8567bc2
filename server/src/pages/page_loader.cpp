#include "pages/page_loader.hpp"

#include <utility>

#include "pages/loaders/broadcasts.hpp"
#include "pages/loaders/content_pages.hpp"
#include "pages/loaders/fragments.hpp"
#include "pages/loaders/guide.hpp"
#include "pages/loaders/home.hpp"
#include "pages/loaders/live.hpp"
#include "pages/loaders/news.hpp"
#include "pages/loaders/played_tracks.hpp"
#include "pages/loaders/podcasts.hpp"
#include "pages/loaders/presenters.hpp"
#include "pages/loaders/programmes.hpp"
#include "pages/loaders/search.hpp"
#include "pages/loaders/sitemap.hpp"
#include "pages/loaders/tracks.hpp"
#include "pages/loaders/videos.hpp"
#include "pages/page_time.hpp"
#include "pages/queries/catalog.hpp"
#include "pages/route_table.hpp"
#include "pages/search_documents.hpp"

namespace ether::pages {
namespace json = boost::json;
using queries::Catalog;

namespace {

// Hands a matched route to the loader of its family.
PageResult answer(const loaders::PageRequest& request, const RouteMatch& match) {
  using namespace loaders;
  const auto& v = match.values;
  switch (match.route) {
    case Route::home:
      return HomeLoader(request).home();
    case Route::sitemap:
      return SitemapLoader(request).sitemap("");
    case Route::sitemap_group:
      return SitemapLoader(request).sitemap(v[0]);
    case Route::live:
      return LiveLoader(request).live();
    case Route::popout:
      return LiveLoader(request).popout(v[0]);
    case Route::played_tracks:
      return PlayedTracksLoader(request).gedraaid("");
    case Route::played_tracks_day:
      return PlayedTracksLoader(request).gedraaid(v[0]);
    case Route::guide:
    case Route::guide_day:
      return GuideLoader(request).gids(v);
    case Route::programmes:
      return ProgrammesLoader(request).programmes();
    case Route::programme:
      return ProgrammesLoader(request).programme(v[0]);
    case Route::programme_fragments:
      return FragmentsLoader(request).programme_fragments(v[0]);
    case Route::programme_news:
      return ProgrammesLoader(request).programme_news(v[0]);
    case Route::presenters:
      return PresentersLoader(request).presenters();
    case Route::presenter:
      return PresentersLoader(request).presenter(v[0]);
    case Route::news:
      return NewsLoader(request).news("");
    case Route::news_category:
      return NewsLoader(request).news(v[0]);
    case Route::article:
    case Route::app_article:
      return NewsLoader(request).article(v[1]);
    case Route::article_preview:
      return NewsLoader(request).article_preview(v[0]);
    case Route::fragments:
      return FragmentsLoader(request).fragments();
    case Route::fragment:
      return FragmentsLoader(request).fragment(v[1]);
    case Route::broadcasts:
      return BroadcastsLoader(request).broadcasts();
    case Route::broadcast:
      return BroadcastsLoader(request).broadcast(v[1]);
    case Route::broadcast_hour:
      return BroadcastsLoader(request).broadcast_hour(v[1], v[3]);
    case Route::podcasts:
      return PodcastsLoader(request).podcasts();
    case Route::podcast:
      return PodcastsLoader(request).podcast(v[0]);
    case Route::podcast_episode:
      return PodcastsLoader(request).podcast_episode(v[1]);
    case Route::thema:
    case Route::app_thema:
      return ContentPagesLoader(request).content_page("thema", v[0]);
    case Route::overzicht:
      // "preview" is the previews' prefix, never an overview's slug.
      if (v[0] == "preview") break;
      return ContentPagesLoader(request).content_page("overzicht", v[0]);
    case Route::overzicht_preview:
      return ContentPagesLoader(request).preview(v[0]);
    case Route::search:
      return SearchLoader(request).search_query();
    case Route::search_term:
      return SearchLoader(request).search(v[0]);
    case Route::videos:
      return VideosLoader(request).videos();
    case Route::track:
      return TracksLoader(request).track(v[0]);
  }
  return PageContext(request).not_found();
}

}  // namespace

PageLoader::PageLoader(store::Database& db, SiteSettings settings, Clock clock)
    : db_(db), settings_(std::move(settings)), clock_(std::move(clock)) {
  auto unix_now = [this] {
    return std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count();
  };
  search_ = std::make_unique<search::SearchService>(
      search::Source{[this, unix_now] { return search_corpus(db_, settings_.default_channel, unix_now()); },
                     [this, unix_now] { return search_fingerprint(db_, unix_now()); }});
}

PageResult PageLoader::load(std::string_view path, const http::QueryParams& query) {
  auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count();
  Catalog catalog(db_, RouteContext{amsterdam_date(now), settings_.default_channel}, now);
  loaders::PageRequest request{catalog, settings_, std::string(path), query, *search_};
  auto match = match_route(path);
  return match ? answer(request, *match) : loaders::PageContext(request).not_found();
}

json::object PageLoader::site_config() {
  auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count();
  Catalog catalog(db_, RouteContext{amsterdam_date(now), settings_.default_channel}, now);
  json::array channels;
  for (const auto& c : catalog.channels()) channels.push_back(catalog.channel_summary(c));
  return json::object{{"name", settings_.name},
                      {"baseUrl", settings_.base_url},
                      {"siteCode", settings_.site_code},
                      {"defaultChannel", settings_.default_channel},
                      {"channels", std::move(channels)},
                      {"errorReporting", error_reporting_config()},
                      {"staticPrefix", settings_.static_prefix}};
}

json::value PageLoader::error_reporting_config() const {
  if (settings_.sentry_dsn.empty()) return nullptr;
  return json::object{{"dsn", settings_.sentry_dsn},
                      {"tracesSampleRate", settings_.sentry_traces_sample_rate},
                      {"environment", "production"}};
}

}  // namespace ether::pages
