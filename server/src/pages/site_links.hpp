#pragma once
// Every public page of the site as one list, grouped the way the sitemap page shows it: channels'
// played-tracks, guide and live pages, programmes with their fragments and news pages, presenters,
// news with every article, fragments, missed broadcasts, podcasts with every episode, theme and
// overview pages and the rest. The sitemap page (/sitemap) and the crawlers' /sitemap.xml both
// read it, so a page listed for people is listed for search engines too. Never lists /app/
// variants, previews or the pop-out player.

#include <cstdint>
#include <string>
#include <vector>

#include "pages/queries/catalog.hpp"

namespace ether::pages {

/// One page: its Dutch link text, its path (and query) and when its content last changed (unix
/// seconds; 0 when the store does not know).
struct SiteLink {
  std::string title;
  std::string url;
  std::int64_t lastmod = 0;
};

/// A group of the sitemap, e.g. {"nieuws", "Nieuws", ...}.
struct SiteLinkGroup {
  std::string slug;
  std::string title;
  std::vector<SiteLink> links;
};

/// The groups in the sitemap page's order.
std::vector<SiteLinkGroup> site_link_groups(queries::Catalog& catalog);

}  // namespace ether::pages
