#pragma once
// The documents for crawlers and podcast apps, served from the store:
//   GET /robots.txt                    what crawlers may fetch (not /api/, /app/, previews, the pop-out) and
//                                      where the sitemap is
//   GET /sitemap.xml                   every public page (pages::site_link_groups) with lastmod
//   GET /podcasts/{feed}/feed.xml      a podcast feed as RSS 2.0 with iTunes and Podcasting 2.0 tags;
//                                      enclosures are the public /media/ files with their real size
// Each answers a strong ETag and 304 for a matching If-None-Match. Absolute URLs use base_url.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::seo {

struct SeoOptions {
  std::string base_url;  // ETHER_BASE_URL, no trailing slash needed
  std::filesystem::path media_dir;
  std::string site_code = "ether";
  std::string default_channel = "radio2";
  std::filesystem::path uploads_dir;  // the media library's root: the files behind "/uploads/..." audio
};

/// The path of a feed's RSS document: "/podcasts/{feed}/feed.xml".
std::string podcast_feed_path(std::string_view feed_slug);

class SeoRoutes {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  SeoRoutes(store::Database& db, SeoOptions options, Clock clock);

  /// Adds the three routes above to `router`.
  void add_routes(http::Router& router);

  [[nodiscard]] http::Response robots(const http::Request& request) const;
  [[nodiscard]] http::Response sitemap(const http::Request& request) const;
  [[nodiscard]] http::Response podcast_feed(const http::Request& request, const std::string& feed_slug) const;

 private:
  [[nodiscard]] std::string absolute(std::string_view url) const;
  // The file on disk behind an episode's stored audio path; empty when it has none here.
  [[nodiscard]] std::filesystem::path audio_file(const std::string& audio_path) const;

  store::Database& db_;
  SeoOptions options_;
  Clock clock_;
};

}  // namespace ether::seo
