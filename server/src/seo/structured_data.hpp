#pragma once
// Structured data (schema.org JSON-LD) and feed discovery for the HTML shell, built from a page's
// PageResult: RadioStation with its RadioChannels (home, /live), RadioSeries (programme),
// BroadcastEvent (guide, broadcast), NewsArticle (article), PodcastSeries and PodcastEpisode
// (podcasts), VideoObject (videos), Person (presenter) and a BreadcrumbList where the page sits
// below an overview.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "pages/page_result.hpp"

namespace ether::seo {

/// The page's schema.org nodes; empty for pages without structured data (and for error pages).
/// `site` is the SiteConfig (name, channels); URLs are made absolute with `base_url`.
boost::json::array structured_data(const pages::PageResult& page, const boost::json::object& site,
                                   std::string_view base_url);

/// The JSON-LD document of `nodes`: {"@context": "https://schema.org", "@graph": nodes}.
boost::json::object json_ld_document(boost::json::array nodes);

/// An RSS feed a page links with <link rel="alternate" type="application/rss+xml">.
struct AlternateFeed {
  std::string title;
  std::string url;  // absolute
};

/// The podcast feed of a podcast or episode page; empty for other pages.
std::vector<AlternateFeed> alternate_feeds(const pages::PageResult& page, std::string_view base_url);

}  // namespace ether::seo
