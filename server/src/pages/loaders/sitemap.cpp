#include "pages/loaders/sitemap.hpp"

#include "pages/site_links.hpp"

namespace ether::pages::loaders {

PageResult SitemapLoader::sitemap(const std::string& group) {
  // Every group is listed (the page offers them all), with links only for the one shown.
  json::array out;
  std::string group_title;
  for (auto& g : site_link_groups(catalog_)) {
    const bool shown = group.empty() || g.slug == group;
    if (g.slug == group) group_title = g.title;
    json::array links;
    if (shown) {
      for (auto& l : g.links) links.push_back(json::object{{"title", std::move(l.title)}, {"url", std::move(l.url)}});
    }
    out.push_back(json::object{{"slug", g.slug}, {"title", g.title}, {"links", std::move(links)}});
  }
  if (!group.empty() && group_title.empty()) out.clear();
  if (out.empty()) return not_found();
  json::object params;
  if (!group.empty()) params["group"] = group;
  return result(
      "sitemap", title(group.empty() ? "Sitemap" : "Sitemap: " + group_title),
      group.empty() ? "Alle pagina's van " + settings_.name +
                          " op een rij: zenders, programma's, "
                          "presentatoren, nieuws, podcasts en meer."
                    : group_title + " van " + settings_.name + " op een rij.",
      routes::sitemap(group), std::move(params),
      json::object{{"group", group.empty() ? json::value(nullptr) : json::value(group)}, {"groups", std::move(out)}});
}

}  // namespace ether::pages::loaders
