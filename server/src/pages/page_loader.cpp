#include "pages/page_loader.hpp"

#include <utility>

#include "content/overlay_lists.hpp"
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
#include "pages/route_builder.hpp"
#include "pages/route_table.hpp"
#include "pages/search_documents.hpp"
#include "store/slug_history_repository.hpp"

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

// A detail page whose URL holds the item's id and its slug: a stale slug (or category, feed,
// programme) in the path moves to the canonical one rather than showing the page under two URLs.
bool names_item_by_id(Route route) {
  return route == Route::article || route == Route::fragment || route == Route::podcast_episode;
}

// A page that names its item by slug alone: the content type and slug scope an earlier slug of it
// is kept under (store/slug_history_repository.hpp), and the table its current slug is read from.
struct SlugRoute {
  std::string_view type;
  std::string_view scope;
  std::string_view table;
};

std::optional<SlugRoute> slug_route(Route route) {
  switch (route) {
    case Route::programme:
    case Route::programme_fragments:
    case Route::programme_news:
      return SlugRoute{"programmes", "", "programmes"};
    case Route::presenter:
      return SlugRoute{"presenters", "", "presenters"};
    case Route::podcast:
      return SlugRoute{"podcast-feeds", "", "podcast_feeds"};
    case Route::thema:
    case Route::app_thema:
      return SlugRoute{"pages", "thema", "content_pages"};
    case Route::overzicht:
      return SlugRoute{"pages", "overzicht", "content_pages"};
    default:
      return std::nullopt;
  }
}

// The path with the segment that held `old_slug` replaced by the item's current slug, or "" when
// the slug was never another item's or that item is gone.
std::string moved_path(store::Database& db, std::string_view path, const RouteMatch& match) {
  auto route = slug_route(match.route);
  if (!route || match.values.empty()) return {};
  const auto& old_slug = match.values[0];
  auto lease = db.lease();
  auto key = store::earlier_slug_owner(*lease, route->type, route->scope, old_slug);
  if (!key) return {};
  std::string slug;
  soci::indicator ind = soci::i_null;
  const long long id = std::stoll(*key);
  *lease << "SELECT slug FROM " + std::string(route->table) + " WHERE id = :k AND trashed_at IS NULL",
      soci::into(slug, ind), soci::use(id);
  if (!lease->got_data() || ind != soci::i_ok || slug == old_slug) return {};
  // The matcher ignores empty segments; the slug is the first segment equal to it after the prefix.
  std::string moved;
  bool replaced = false;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    auto segment = path.substr(start, end - start);
    if (!segment.empty()) {
      const bool is_slug = !replaced && segment == old_slug;
      moved += '/';
      moved += percent_encode(is_slug ? std::string_view(slug) : segment);
      replaced = replaced || is_slug;
    }
    start = end + 1;
  }
  return replaced ? moved : std::string();
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
  if (!match) return loaders::PageContext(request).not_found();
  auto result = answer(request, *match);
  result.loaded_at = now;
  if (result.status == 200 && names_item_by_id(match->route) && result.canonical_path != path) {
    result.moved_to = result.canonical_path;
  } else if (result.status == 200 && match->route == Route::played_tracks && query.contains("date") &&
             result.bad_parameter.empty()) {
    // The server's filter form of Gedraaid sends its day as `date`; the canonical URL has it in the
    // path, so the form's answer is one address per day whether it came with script or without.
    result.moved_to = result.canonical_path;
    result.moved_to_whole = true;
  } else if (result.status == 404) {
    result.moved_to = moved_path(db_, path, *match);
  }
  return result;
}

json::array PageLoader::maintenance_notifications() {
  return content::maintenance_notifications(
      db_, std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count());
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
