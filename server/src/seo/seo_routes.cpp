#include "seo/seo_routes.hpp"

#include <soci/soci.h>

#include <system_error>
#include <vector>

#include "api/json_error.hpp"
#include "http/mime.hpp"
#include "http/range.hpp"
#include "media/stored_files.hpp"
#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/queries/catalog.hpp"
#include "pages/route_builder.hpp"
#include "pages/site_links.hpp"
#include "seo/podcast_rss.hpp"
#include "seo/xml_text.hpp"
#include "store/publication.hpp"

namespace ether::seo {
namespace {

// Bodies are small and built per request; the ETag lets crawlers and podcast apps skip unchanged ones.
http::Response document(const http::Request& request, std::string body, std::string_view content_type,
                        std::string_view cache_control) {
  http::Response response;
  const auto etag = http::strong_etag(body);
  response.set_header("ETag", etag);
  response.set_header("Cache-Control", cache_control);
  if (http::if_none_match(request.header("If-None-Match"), etag)) {
    response.status = 304;
    return response;
  }
  response.status = 200;
  response.set_header("Content-Type", content_type);
  response.body = std::move(body);
  return response;
}

struct FeedRow {
  long long id = 0;
  std::string slug, title, description, author, image_url, category;
};

struct EpisodeRow {
  long long id = 0;
  std::string slug, title, description, image_url, audio_path;
  long long duration_ms = 0, byte_length = 0, published_at = 0;
};

}  // namespace

std::string podcast_feed_path(std::string_view feed_slug) { return pages::routes::podcast(feed_slug) + "/feed.xml"; }

SeoRoutes::SeoRoutes(store::Database& db, SeoOptions options, Clock clock)
    : db_(db), options_(std::move(options)), clock_(std::move(clock)) {
  while (!options_.base_url.empty() && options_.base_url.back() == '/') options_.base_url.pop_back();
}

void SeoRoutes::add_routes(http::Router& router) {
  router.add("GET", "/robots.txt", [this](const http::Request& r, const http::RouteParams&) { return robots(r); });
  router.add("GET", "/sitemap.xml", [this](const http::Request& r, const http::RouteParams&) { return sitemap(r); });
  router.add("GET", "/podcasts/{feed}/feed.xml",
             [this](const http::Request& r, const http::RouteParams& p) { return podcast_feed(r, p.at("feed")); });
}

std::string SeoRoutes::absolute(std::string_view url) const {
  if (url.empty() || url.starts_with("http://") || url.starts_with("https://")) return std::string(url);
  return options_.base_url + (url.front() == '/' ? "" : "/") + std::string(url);
}

http::Response SeoRoutes::robots(const http::Request& request) const {
  std::string body =
      "User-agent: *\n"
      "Disallow: /api/\n"
      "Disallow: /app/\n"
      "Disallow: /beheer\n"
      "Disallow: /overzicht/preview/\n"
      "Disallow: /popout/\n"
      "Allow: /\n"
      "\n"
      "Sitemap: " +
      absolute("/sitemap.xml") + "\n";
  return document(request, std::move(body), "text/plain; charset=utf-8", "public, max-age=3600");
}

http::Response SeoRoutes::sitemap(const http::Request& request) const {
  const auto now = clock_();
  pages::queries::Catalog catalog(db_, pages::RouteContext{pages::amsterdam_date(now), options_.default_channel}, now);
  std::string body =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const auto& group : pages::site_link_groups(catalog)) {
    for (const auto& link : group.links) {
      body += "<url><loc>" + xml_escape(absolute(link.url)) + "</loc>";
      if (link.lastmod > 0) body += "<lastmod>" + w3c_datetime(link.lastmod) + "</lastmod>";
      body += "</url>\n";
    }
  }
  body += "</urlset>\n";
  return document(request, std::move(body), "application/xml; charset=utf-8", "public, max-age=300");
}

std::filesystem::path SeoRoutes::audio_file(const std::string& audio_path) const {
  // An uploaded episode's MP3 ("/uploads/audio/..."), or a file of the media directory; another
  // site path or URL has no file here.
  if (!options_.uploads_dir.empty()) {
    if (auto upload = media::stored_file(options_.uploads_dir, audio_path)) return *upload;
  }
  if (audio_path.empty() || audio_path.starts_with('/') || audio_path.find("://") != std::string::npos) return {};
  return options_.media_dir / audio_path;
}

http::Response SeoRoutes::podcast_feed(const http::Request& request, const std::string& feed_slug) const {
  FeedRow feed;
  std::vector<EpisodeRow> episodes;
  const long long now = clock_();
  {
    auto lease = db_.lease();
    *lease << "SELECT id, slug, title, description, author, image_url, category FROM podcast_feeds WHERE slug = :s "
              "AND " +
                  store::not_trashed(""),
        soci::into(feed.id), soci::into(feed.slug), soci::into(feed.title), soci::into(feed.description),
        soci::into(feed.author), soci::into(feed.image_url), soci::into(feed.category), soci::use(feed_slug);
    if (!lease->got_data()) return api::json_error(404, "not_found", "De podcast '" + feed_slug + "' bestaat niet.");
    EpisodeRow row;
    soci::statement st =
        (lease->prepare << "SELECT id, slug, title, description, image_url, audio_path, duration_ms, byte_length, "
                           "published_at FROM podcast_episodes WHERE feed_id = :f AND " +
                               store::dated_visible("", now) + " ORDER BY published_at DESC, id DESC",
         soci::into(row.id), soci::into(row.slug), soci::into(row.title), soci::into(row.description),
         soci::into(row.image_url), soci::into(row.audio_path), soci::into(row.duration_ms),
         soci::into(row.byte_length), soci::into(row.published_at), soci::use(feed.id));
    st.execute();
    while (st.fetch()) episodes.push_back(row);
  }

  RssChannel channel;
  channel.title = feed.title;
  channel.description = feed.description;
  channel.author = feed.author;
  channel.category = feed.category;
  channel.page_url = absolute(pages::routes::podcast(feed.slug));
  channel.feed_url = absolute(podcast_feed_path(feed.slug));
  // Stored image URLs pass the pages' safe_url rule; an unsafe one is left out of the feed. A
  // library image is named at its largest square size (podcast apps want square artwork).
  const media::VariantSize artwork{1200, 1200};
  const auto feed_image = media::sized_image_url(pages::safe_url(feed.image_url), artwork);
  channel.image_url = absolute(feed_image);

  std::vector<RssItem> items;
  auto number = static_cast<std::int64_t>(episodes.size());
  for (const auto& e : episodes) {
    RssItem item;
    item.guid = options_.site_code + "-podcast-episode-" + std::to_string(e.id);
    item.title = e.title;
    item.description = e.description;
    item.page_url = absolute(pages::routes::podcast_episode(feed.slug, e.id, e.slug));
    const auto episode_image = media::sized_image_url(pages::safe_url(e.image_url), artwork);
    item.image_url = absolute(episode_image.empty() ? feed_image : episode_image);
    item.audio_url = absolute(pages::queries::Catalog::media_url(e.audio_path));
    item.audio_type = std::string(http::content_type_for(e.audio_path));
    item.published_at = e.published_at;
    item.duration_seconds = (e.duration_ms + 500) / 1000;
    // The enclosure announces the bytes a podcast app will download: the file's real size.
    std::error_code ec;
    const auto size = std::filesystem::file_size(audio_file(e.audio_path), ec);
    item.byte_length = ec ? e.byte_length : static_cast<std::int64_t>(size);
    item.episode_number = number--;
    items.push_back(std::move(item));
  }
  return document(request, render_podcast_rss(channel, items), "application/rss+xml; charset=utf-8",
                  "public, max-age=300");
}

}  // namespace ether::seo
