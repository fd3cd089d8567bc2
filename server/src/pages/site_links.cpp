#include "pages/site_links.hpp"

#include <algorithm>

namespace ether::pages {
namespace json = boost::json;

namespace {

std::string text(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::int64_t instant(const json::object& object, std::string_view key) {
  return parse_iso_instant(text(object, key)).value_or(0);
}

std::int64_t newest(const std::vector<SiteLink>& links) {
  std::int64_t latest = 0;
  for (const auto& link : links) latest = std::max(latest, link.lastmod);
  return latest;
}

}  // namespace

std::vector<SiteLinkGroup> site_link_groups(queries::Catalog& catalog) {
  const auto& ctx = catalog.context();
  const auto now = catalog.now();
  std::vector<SiteLinkGroup> groups;

  // Played tracks and the guide change all day, so their content is as new as now.
  SiteLinkGroup channels{"zenders", "Zenders", {}};
  for (const auto& c : catalog.channels()) {
    channels.links.push_back({"Gedraaid op " + c.name, routes::gedraaid(ctx, c.slug, ctx.today), now});
    channels.links.push_back({"Gids van " + c.name, routes::gids(ctx, c.slug, ctx.today), now});
    channels.links.push_back({(c.live_video_url.empty() ? "Luister live naar " : "Kijk live naar ") + c.name,
                              routes::live(ctx, c.slug), now});
  }
  groups.push_back(std::move(channels));

  SiteLinkGroup programmes{"programmas", "Programma's", {{"Alle programma's", routes::programmes(), 0}}};
  for (const auto& p : catalog.programmes()) {
    queries::FragmentFilter fragment_filter;
    fragment_filter.programme_id = p.id;
    auto fragments = catalog.fragments(fragment_filter, 1, 0);
    queries::ArticleFilter article_filter;
    article_filter.programme_id = p.id;
    auto articles = catalog.article_cards(article_filter, 1, 0);
    const auto fragment_time = fragments.items.empty() ? 0 : instant(fragments.items[0].as_object(), "publishedAt");
    const auto article_time = articles.items.empty() ? 0 : instant(articles.items[0].as_object(), "publishedAt");
    programmes.links.push_back({p.name, routes::programme(p.slug), std::max(fragment_time, article_time)});
    if (fragments.total > 0) {
      programmes.links.push_back({"Fragmenten van " + p.name, routes::programme_fragments(p.slug), fragment_time});
    }
    if (articles.total > 0) {
      programmes.links.push_back({"Nieuws van " + p.name, routes::programme_news(p.slug), article_time});
    }
  }
  groups.push_back(std::move(programmes));

  SiteLinkGroup presenters{"presentatoren", "Presentatoren", {{"Alle presentatoren", routes::presenters(), 0}}};
  for (const auto& p : catalog.presenters()) presenters.links.push_back({p.name, routes::presenter(p.slug), 0});
  groups.push_back(std::move(presenters));

  SiteLinkGroup news{"nieuws", "Nieuws", {}};
  std::vector<SiteLink> articles;
  for (const auto& item : catalog.article_cards({}, 0, 0).items) {
    const auto& card = item.as_object();
    articles.push_back({text(card, "title"), catalog.article_url(card), instant(card, "publishedAt")});
  }
  news.links.push_back({"Al het nieuws", routes::news(), newest(articles)});
  for (const auto& c : catalog.categories()) {
    queries::ArticleFilter filter;
    filter.category = c.slug;
    auto latest = catalog.article_cards(filter, 1, 0).items;
    news.links.push_back(
        {c.name, routes::news(c.slug), latest.empty() ? 0 : instant(latest[0].as_object(), "publishedAt")});
  }
  news.links.insert(news.links.end(), articles.begin(), articles.end());
  groups.push_back(std::move(news));

  SiteLinkGroup fragments{"fragmenten", "Fragmenten", {}};
  std::vector<SiteLink> fragment_links;
  for (const auto& item : catalog.fragments({}, 0, 0).items) {
    const auto& f = item.as_object();
    fragment_links.push_back({text(f, "title"), catalog.fragment_url(f), instant(f, "publishedAt")});
  }
  fragments.links.push_back({"Alle fragmenten", routes::fragments(), newest(fragment_links)});
  fragments.links.insert(fragments.links.end(), fragment_links.begin(), fragment_links.end());
  groups.push_back(std::move(fragments));

  SiteLinkGroup podcasts{"podcasts", "Podcasts", {}};
  std::vector<SiteLink> feed_links;
  for (const auto& feed_value : catalog.podcast_feeds()) {
    const auto& feed = feed_value.as_object();
    const auto slug = text(feed, "slug");
    std::vector<SiteLink> episodes;
    for (const auto& episode_value : catalog.podcast_episodes(slug)) {
      const auto& e = episode_value.as_object();
      episodes.push_back({text(e, "title"), routes::podcast_episode(slug, e.at("id").as_int64(), text(e, "slug")),
                          instant(e, "publishedAt")});
    }
    feed_links.push_back({text(feed, "title"), routes::podcast(slug), newest(episodes)});
    feed_links.insert(feed_links.end(), episodes.begin(), episodes.end());
  }
  podcasts.links.push_back({"Alle podcasts", routes::podcasts(), newest(feed_links)});
  podcasts.links.insert(podcasts.links.end(), feed_links.begin(), feed_links.end());
  groups.push_back(std::move(podcasts));

  SiteLinkGroup pages{"themas", "Thema's en overzichten", {}};
  for (const auto& [slug, page_title] : catalog.content_page_list("thema")) {
    pages.links.push_back({page_title, routes::thema(slug), 0});
  }
  for (const auto& [slug, page_title] : catalog.content_page_list("overzicht")) {
    pages.links.push_back({page_title, routes::overzicht(slug), 0});
  }
  groups.push_back(std::move(pages));

  auto videos = catalog.videos();
  groups.push_back(
      SiteLinkGroup{"overig",
                    "Overig",
                    {{"Voorpagina", routes::home(), now},
                     {"Uitzendingen terugluisteren", routes::broadcasts(), now},
                     {"Video's", routes::videos(), videos.empty() ? 0 : instant(videos[0].as_object(), "publishedAt")},
                     {"Sitemap", routes::sitemap(), 0}}});
  return groups;
}

}  // namespace ether::pages
