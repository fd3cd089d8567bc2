// The crawler and podcast-app documents: RSS feeds and the sitemap parsed back with libxml2,
// robots.txt, the JSON-LD of the HTML shell parsed back as JSON, and the episode API.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <memory>
#include <regex>
#include <set>

#include "api/podcast_api.hpp"
#include "http_test_support.hpp"
#include "pages_fixture.hpp"
#include "seo/podcast_rss.hpp"
#include "seo/seo_routes.hpp"
#include "seo/structured_data.hpp"
#include "seo/xml_text.hpp"
#include "shell/html_shell.hpp"
#include "support/xml_doc.hpp"

namespace ether::seo {
namespace {
namespace json = boost::json;

constexpr const char* kBase = "https://ether.example";

using test::Xml;

TEST(PodcastRss, GuidIsTheUuidV5OfTheFeedUrlWithoutScheme) {
  // The example of the Podcasting 2.0 namespace's <podcast:guid>.
  EXPECT_EQ(podcast_guid("https://mp3s.nashownotes.com/pc20rss.xml"), "917393e3-1b1e-5cef-ace4-edaa54e1f810");
  EXPECT_EQ(podcast_guid("http://mp3s.nashownotes.com/pc20rss.xml/"), "917393e3-1b1e-5cef-ace4-edaa54e1f810");
  EXPECT_NE(podcast_guid("https://ether.example/podcasts/a/feed.xml"),
            podcast_guid("https://ether.example/podcasts/b/feed.xml"));
}

TEST(PodcastRss, AwkwardTextIsEscapedAndParsesBack) {
  RssChannel channel;
  channel.title = "Rock & Roll <live> \"nu\" 'ok' ]]> \x01klaar";
  channel.description = "</description><evil/>";
  channel.author = "Tom & Jerry";
  channel.category = "Society & Culture";
  channel.page_url = "https://ether.example/podcasts/rock?a=1&b=2";
  channel.feed_url = "https://ether.example/podcasts/rock/feed.xml";
  channel.image_url = "https://ether.example/media/a&b.webp";
  RssItem item;
  item.guid = "ether-podcast-episode-1";
  item.title = "Aflevering <1> & \"2\"";
  item.description = "Café ‘’ — ünïcode";
  item.audio_url = "https://ether.example/media/x.mp3?a=1&b=2";
  item.published_at = pages::testing::utc(2026, 11, 21, 6);
  item.duration_seconds = 3725;
  item.byte_length = 12345;
  item.episode_number = 7;
  Xml xml(render_podcast_rss(channel, {item}));
  ASSERT_TRUE(xml.ok());
  EXPECT_EQ(xml.one("/rss/channel/title"), "Rock & Roll <live> \"nu\" 'ok' ]]> klaar");
  EXPECT_EQ(xml.one("/rss/channel/description"), "</description><evil/>");
  EXPECT_EQ(xml.one("/rss/channel/itunes:category/@text"), "Society & Culture");
  EXPECT_EQ(xml.one("/rss/channel/link"), "https://ether.example/podcasts/rock?a=1&b=2");
  EXPECT_EQ(xml.one("/rss/channel/item/title"), "Aflevering <1> & \"2\"");
  EXPECT_EQ(xml.one("/rss/channel/item/description"), "Café ‘’ — ünïcode");
  EXPECT_EQ(xml.one("/rss/channel/item/enclosure/@url"), "https://ether.example/media/x.mp3?a=1&b=2");
  EXPECT_EQ(xml.one("/rss/channel/item/pubDate"), "Sat, 21 Nov 2026 06:00:00 +0000");
  EXPECT_EQ(xml.one("/rss/channel/item/itunes:duration"), "1:02:05");
  EXPECT_EQ(xml.one("/rss/channel/item/itunes:episode"), "7");
}

TEST(XmlText, DatesAndDurations) {
  EXPECT_EQ(rfc2822_date(0), "Thu, 01 Jan 1970 00:00:00 +0000");
  EXPECT_EQ(w3c_datetime(pages::testing::utc(2026, 2, 3, 4, 5)), "2026-02-03T04:05:00+00:00");
  EXPECT_EQ(hms_duration(59), "0:00:59");
  EXPECT_EQ(hms_duration(36000), "10:00:00");
}

class SeoStore : public pages::testing::PagesFixture {
 protected:
  void SetUp() override {
    PagesFixture::SetUp();
    if (HasFatalFailure()) return;
    media_ = dir_ / "media";
    test::write_file(media_ / "podcasts" / "1.mp3", std::string(1234, 'a'));
    test::write_file(media_ / "podcasts" / "2.mp3", std::string(777, 'b'));
    routes_ = std::make_unique<SeoRoutes>(*db_, SeoOptions{std::string(kBase) + "/", media_, "ether", "radio2"},
                                          [] { return pages::testing::kNow; });
  }

  static http::Request get(std::string_view target, const std::string& if_none_match = {}) {
    if (if_none_match.empty()) return test::get(target);
    return test::get(target, {{"If-None-Match", if_none_match}});
  }

  std::string shell_html(std::string_view path) {
    shell::HtmlShell shell(test::kIndexHtml);
    return shell.render(load(path), loader_->site_config(), kBase);
  }

  std::filesystem::path media_;
  std::unique_ptr<SeoRoutes> routes_;
};

TEST_P(SeoStore, FeedCarriesTheChannelAndItemElementsPodcastAppsNeed) {
  auto response = routes_->podcast_feed(get("/podcasts/de-nieuwsduik/feed.xml"), "de-nieuwsduik");
  ASSERT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Type"), "application/rss+xml; charset=utf-8");
  Xml xml(response.body);
  ASSERT_TRUE(xml.ok()) << response.body;
  const std::string feed_url = std::string(kBase) + "/podcasts/de-nieuwsduik/feed.xml";
  EXPECT_EQ(xml.one("/rss/@version"), "2.0");
  EXPECT_EQ(xml.one("/rss/channel/title"), "De Nieuwsduik");
  EXPECT_EQ(xml.one("/rss/channel/link"), std::string(kBase) + "/podcasts/de-nieuwsduik");
  EXPECT_EQ(xml.one("/rss/channel/description"), "Elke week een duik in het nieuws.");
  EXPECT_EQ(xml.one("/rss/channel/language"), "nl");
  EXPECT_EQ(xml.one("/rss/channel/atom:link[@rel='self']/@href"), feed_url);
  EXPECT_EQ(xml.one("/rss/channel/itunes:author"), "Ether");
  EXPECT_EQ(xml.one("/rss/channel/itunes:image/@href"), std::string(kBase) + "/img/duik.webp");
  EXPECT_EQ(xml.one("/rss/channel/itunes:category/@text"), "News");
  EXPECT_EQ(xml.one("/rss/channel/itunes:explicit"), "false");
  EXPECT_EQ(xml.one("/rss/channel/itunes:type"), "episodic");
  EXPECT_EQ(xml.one("/rss/channel/itunes:owner/itunes:name"), "Ether");
  EXPECT_EQ(xml.one("/rss/channel/podcast:guid"), podcast_guid(feed_url));
  EXPECT_EQ(xml.one("/rss/channel/podcast:locked"), "yes");
  EXPECT_EQ(xml.one("/rss/channel/podcast:medium"), "podcast");

  // Episode 3 is published next week: not in the feed yet. Newest first.
  EXPECT_EQ(xml.all("/rss/channel/item/title"), (std::vector<std::string>{"De tweede duik", "De eerste duik"}));
  EXPECT_EQ(xml.all("/rss/channel/item/guid"),
            (std::vector<std::string>{"ether-podcast-episode-2", "ether-podcast-episode-1"}));
  EXPECT_EQ(xml.all("/rss/channel/item/guid/@isPermaLink"), (std::vector<std::string>{"false", "false"}));
  EXPECT_EQ(xml.all("/rss/channel/item/pubDate"),
            (std::vector<std::string>{"Sat, 21 Nov 2026 06:00:00 +0000", "Sat, 14 Nov 2026 06:00:00 +0000"}));
  EXPECT_EQ(xml.all("/rss/channel/item/enclosure/@url"),
            (std::vector<std::string>{std::string(kBase) + "/media/podcasts/2.mp3",
                                      std::string(kBase) + "/media/podcasts/1.mp3"}));
  // The real file sizes, not the store's 1000.
  EXPECT_EQ(xml.all("/rss/channel/item/enclosure/@length"), (std::vector<std::string>{"777", "1234"}));
  EXPECT_EQ(xml.all("/rss/channel/item/enclosure/@type"), (std::vector<std::string>{"audio/mpeg", "audio/mpeg"}));
  EXPECT_EQ(xml.all("/rss/channel/item/itunes:duration"), (std::vector<std::string>{"0:25:00", "0:20:00"}));
  EXPECT_EQ(xml.all("/rss/channel/item/itunes:episode"), (std::vector<std::string>{"2", "1"}));
  EXPECT_EQ(xml.all("/rss/channel/item/link"),
            (std::vector<std::string>{std::string(kBase) + "/podcasts/de-nieuwsduik/2/aflevering-2",
                                      std::string(kBase) + "/podcasts/de-nieuwsduik/1/aflevering-1"}));
}

TEST_P(SeoStore, FeedAnswers304ForItsETagAnd404ForAnUnknownFeed) {
  auto first = routes_->podcast_feed(get("/podcasts/de-nieuwsduik/feed.xml"), "de-nieuwsduik");
  auto etag = std::string(first.header("ETag"));
  ASSERT_FALSE(etag.empty());
  auto again = routes_->podcast_feed(get("/podcasts/de-nieuwsduik/feed.xml", etag), "de-nieuwsduik");
  EXPECT_EQ(again.status, 304u);
  EXPECT_TRUE(again.body.empty());
  auto missing = routes_->podcast_feed(get("/podcasts/bestaat-niet/feed.xml"), "bestaat-niet");
  EXPECT_EQ(missing.status, 404u);
  EXPECT_EQ(json::parse(missing.body).at("error").at("code").as_string(), "not_found");
}

TEST_P(SeoStore, SitemapListsEveryPublicPageOnceWithLastmodAndNoPrivatePaths) {
  auto response = routes_->sitemap(get("/sitemap.xml"));
  ASSERT_EQ(response.status, 200u);
  Xml xml(response.body);
  ASSERT_TRUE(xml.ok()) << response.body;
  auto locs = xml.all("/sm:urlset/sm:url/sm:loc");
  std::set<std::string> unique(locs.begin(), locs.end());
  EXPECT_EQ(unique.size(), locs.size());
  const std::string base = kBase;
  for (const auto& loc : locs) {
    EXPECT_TRUE(loc.starts_with(base + "/")) << loc;
    EXPECT_EQ(loc.find("/app/"), std::string::npos) << loc;
    EXPECT_EQ(loc.find("preview"), std::string::npos) << loc;
    EXPECT_EQ(loc.find("/popout/"), std::string::npos) << loc;
    EXPECT_EQ(loc.find("/api/"), std::string::npos) << loc;
  }
  for (const auto* path :
       {"/", "/gids", "/gedraaid", "/gids?channel=3fm", "/programmas", "/programmas/de-ochtendploeg", "/presentatoren",
        "/nieuws", "/nieuws/sport", "/nieuws/sport/2/ajax-wint", "/fragmenten", "/podcasts", "/podcasts/de-nieuwsduik",
        "/podcasts/de-nieuwsduik/2/aflevering-2", "/thema/kerst", "/overzicht/zomer", "/videos", "/uitzendingen"}) {
    EXPECT_TRUE(unique.contains(base + path)) << path;
  }
  // Not published yet, or not public.
  EXPECT_FALSE(unique.contains(base + "/podcasts/de-nieuwsduik/3/aflevering-3"));
  EXPECT_FALSE(unique.contains(base + "/nieuws/sport/3/later"));
  EXPECT_FALSE(unique.contains(base + "/thema/geheim"));

  const std::regex w3c(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00)");
  for (const auto& lastmod : xml.all("//sm:lastmod")) EXPECT_TRUE(std::regex_match(lastmod, w3c)) << lastmod;
  EXPECT_EQ(xml.one("/sm:urlset/sm:url[sm:loc='" + base + "/podcasts/de-nieuwsduik/2/aflevering-2']/sm:lastmod"),
            "2026-11-21T06:00:00+00:00");
  EXPECT_EQ(xml.one("/sm:urlset/sm:url[sm:loc='" + base + "/nieuws/sport/2/ajax-wint']/sm:lastmod"),
            "2026-11-21T08:00:00+00:00");

  // The sitemap page lists exactly what the crawlers get.
  auto page = load("/sitemap");
  std::set<std::string> page_urls;
  for (const auto& group : page.data.at("groups").as_array()) {
    for (const auto& link : group.at("links").as_array()) {
      page_urls.insert(base + std::string(link.at("url").as_string()));
    }
  }
  EXPECT_EQ(page_urls, unique);
}

TEST_P(SeoStore, SitemapPageOffersEveryGroupAndShowsTheLinksOfOne) {
  auto page = load("/sitemap/podcasts");
  ASSERT_EQ(page.status, 200u);
  std::vector<std::string> titles;
  for (const auto& group : page.data.at("groups").as_array()) {
    const auto slug = std::string(group.at("slug").as_string());
    titles.push_back(slug);
    EXPECT_EQ(group.at("links").as_array().empty(), slug != "podcasts") << slug;
  }
  EXPECT_EQ(titles, (std::vector<std::string>{"zenders", "programmas", "presentatoren", "nieuws", "fragmenten",
                                              "podcasts", "themas", "overig"}));
  EXPECT_EQ(load("/sitemap/bestaat-niet").status, 404u);
}

TEST_P(SeoStore, RobotsKeepsCrawlersOutOfPrivatePathsAndNamesTheSitemap) {
  auto response = routes_->robots(get("/robots.txt"));
  ASSERT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Type"), "text/plain; charset=utf-8");
  for (const auto* line :
       {"User-agent: *\n", "Disallow: /api/\n", "Disallow: /app/\n", "Disallow: /beheer\n",
        "Disallow: /overzicht/preview/\n", "Disallow: /popout/\n", "Sitemap: https://ether.example/sitemap.xml\n"}) {
    EXPECT_NE(response.body.find(line), std::string::npos) << line;
  }
}

std::vector<json::object> json_ld_nodes(const std::string& html) {
  const std::string open = "<script type=\"application/ld+json\">";
  auto start = html.find(open);
  if (start == std::string::npos) return {};
  start += open.size();
  auto end = html.find("</script>", start);
  auto text = html.substr(start, end - start);
  EXPECT_EQ(text.find('<'), std::string::npos);
  auto document = json::parse(text).as_object();
  EXPECT_EQ(document.at("@context").as_string(), "https://schema.org");
  std::vector<json::object> nodes;
  for (const auto& node : document.at("@graph").as_array()) nodes.push_back(node.as_object());
  return nodes;
}

std::multiset<std::string> types_of(const std::vector<json::object>& nodes) {
  std::multiset<std::string> types;
  for (const auto& node : nodes) types.insert(std::string(node.at("@type").as_string()));
  return types;
}

const json::object* first_of(const std::vector<json::object>& nodes, std::string_view type) {
  for (const auto& node : nodes) {
    if (node.at("@type").as_string() == type) return &node;
  }
  return nullptr;
}

TEST_P(SeoStore, ShellCarriesJsonLdForEachKindOfPage) {
  auto home = json_ld_nodes(shell_html("/"));
  EXPECT_EQ(types_of(home).count("RadioStation"), 1u);
  EXPECT_EQ(types_of(home).count("RadioChannel"), 3u);
  ASSERT_NE(first_of(home, "RadioChannel"), nullptr);
  EXPECT_EQ(first_of(home, "RadioChannel")->at("providesBroadcastService").at("broadcaster").at("@id").as_string(),
            "https://ether.example/#station");

  auto live = types_of(json_ld_nodes(shell_html("/live")));
  EXPECT_TRUE(live.contains("RadioStation") && live.contains("RadioChannel") && live.contains("BroadcastEvent"));

  auto programme = json_ld_nodes(shell_html("/programmas/de-ochtendploeg"));
  ASSERT_NE(first_of(programme, "RadioSeries"), nullptr);
  EXPECT_EQ(first_of(programme, "RadioSeries")->at("name").as_string(), "De Ochtendploeg");
  EXPECT_EQ(first_of(programme, "RadioSeries")->at("url").as_string(),
            "https://ether.example/programmas/de-ochtendploeg");
  ASSERT_NE(first_of(programme, "BreadcrumbList"), nullptr);
  EXPECT_EQ(first_of(programme, "BreadcrumbList")->at("itemListElement").as_array().size(), 3u);

  auto guide = json_ld_nodes(shell_html("/gids"));
  ASSERT_NE(first_of(guide, "BroadcastEvent"), nullptr);
  EXPECT_TRUE(std::string(first_of(guide, "BroadcastEvent")->at("startDate").as_string()).ends_with("Z"));
  EXPECT_EQ(first_of(guide, "BroadcastEvent")->at("publishedOn").at("@type").as_string(), "BroadcastService");

  auto article = json_ld_nodes(shell_html("/nieuws/sport/2/ajax-wint"));
  ASSERT_NE(first_of(article, "NewsArticle"), nullptr);
  EXPECT_EQ(first_of(article, "NewsArticle")->at("headline").as_string(), "Ajax wint de topper");
  EXPECT_EQ(first_of(article, "NewsArticle")->at("datePublished").as_string(), "2026-11-21T08:00:00Z");
  EXPECT_EQ(first_of(article, "NewsArticle")->at("author").at("name").as_string(), "Piet");

  auto feed = json_ld_nodes(shell_html("/podcasts/de-nieuwsduik"));
  ASSERT_NE(first_of(feed, "PodcastSeries"), nullptr);
  EXPECT_EQ(first_of(feed, "PodcastSeries")->at("webFeed").as_string(),
            "https://ether.example/podcasts/de-nieuwsduik/feed.xml");
  EXPECT_EQ(types_of(feed).count("PodcastEpisode"), 2u);

  auto episode = json_ld_nodes(shell_html("/podcasts/de-nieuwsduik/2/aflevering-2"));
  ASSERT_NE(first_of(episode, "PodcastEpisode"), nullptr);
  EXPECT_EQ(first_of(episode, "PodcastEpisode")->at("timeRequired").as_string(), "PT25M");
  EXPECT_EQ(first_of(episode, "PodcastEpisode")->at("associatedMedia").at("contentUrl").as_string(),
            "https://ether.example/media/podcasts/2.mp3");
  EXPECT_EQ(first_of(episode, "PodcastEpisode")->at("partOfSeries").at("@id"),
            first_of(episode, "PodcastSeries")->at("@id"));
  EXPECT_EQ(first_of(episode, "BreadcrumbList")->at("itemListElement").as_array().size(), 4u);

  auto videos = json_ld_nodes(shell_html("/videos"));
  ASSERT_NE(first_of(videos, "VideoObject"), nullptr);
  EXPECT_EQ(first_of(videos, "VideoObject")->at("duration").as_string(), "PT2M");
  EXPECT_EQ(first_of(videos, "VideoObject")->at("thumbnailUrl").as_string(), "https://ether.example/img/poster.webp");

  // Error pages carry none.
  EXPECT_TRUE(json_ld_nodes(shell_html("/podcasts/bestaat-niet")).empty());
}

TEST_P(SeoStore, JsonLdIsSafeInsideItsScriptElement) {
  exec("UPDATE podcast_episodes SET title = '</script><script>alert(1)</script> & Co' WHERE id = 2");
  auto html = shell_html("/podcasts/de-nieuwsduik/2/aflevering-2");
  EXPECT_EQ(html.find("<script>alert(1)"), std::string::npos);
  auto nodes = json_ld_nodes(html);
  ASSERT_NE(first_of(nodes, "PodcastEpisode"), nullptr);
  EXPECT_EQ(first_of(nodes, "PodcastEpisode")->at("name").as_string(), "</script><script>alert(1)</script> & Co");
}

TEST_P(SeoStore, PodcastPagesLinkTheirFeedForDiscovery) {
  const std::string link =
      "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"De Nieuwsduik (RSS)\" "
      "href=\"https://ether.example/podcasts/de-nieuwsduik/feed.xml\">";
  EXPECT_NE(shell_html("/podcasts/de-nieuwsduik").find(link), std::string::npos);
  EXPECT_NE(shell_html("/podcasts/de-nieuwsduik/1/aflevering-1").find(link), std::string::npos);
  EXPECT_EQ(shell_html("/podcasts").find("application/rss+xml"), std::string::npos);
}

class EpisodeApi : public pages::testing::PagesFixture {
 protected:
  void SetUp() override {
    PagesFixture::SetUp();
    if (HasFatalFailure()) return;
    api_ = std::make_unique<api::PodcastApi>(*db_, "radio2", [] { return pages::testing::kNow; });
  }
  std::unique_ptr<api::PodcastApi> api_;
};

TEST_P(EpisodeApi, AnswersTheEpisodeWithItsFeed) {
  auto response = api_->episode("2");
  ASSERT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  auto body = json::parse(response.body);
  EXPECT_EQ(pages::testing::keys(body), (std::set<std::string>{"episode", "feed"}));
  // The fields of PodcastEpisode and PodcastFeed in web/src/api/types.ts.
  EXPECT_EQ(pages::testing::keys(body.at("episode")),
            (std::set<std::string>{"id", "slug", "feedSlug", "title", "description", "publishedAt", "durationSeconds",
                                   "audioUrl", "imageUrl"}));
  EXPECT_EQ(pages::testing::keys(body.at("feed")),
            (std::set<std::string>{"slug", "title", "description", "author", "imageUrl", "episodeCount"}));
  EXPECT_EQ(body.at("episode").at("id").as_int64(), 2);
  EXPECT_EQ(body.at("episode").at("title").as_string(), "De tweede duik");
  EXPECT_EQ(body.at("episode").at("durationSeconds").as_int64(), 1500);
  EXPECT_EQ(body.at("episode").at("audioUrl").as_string(), "/media/podcasts/2.mp3");
  EXPECT_EQ(body.at("feed").at("slug").as_string(), "de-nieuwsduik");
  EXPECT_EQ(body.at("feed").at("episodeCount").as_int64(), 2);
}

TEST_P(EpisodeApi, UnknownAndUnpublishedEpisodesAre404) {
  for (const auto* id : {"3", "999", "9223372036854775807"}) {
    auto response = api_->episode(id);
    EXPECT_EQ(response.status, 404u) << id;
    EXPECT_EQ(json::parse(response.body).at("error").at("code").as_string(), "not_found") << id;
  }
}

TEST_P(EpisodeApi, MalformedIdsAre400) {
  for (const auto* id : {"abc", "0", "-1", "1x", "", "1.5", "99999999999999999999"}) {
    auto response = api_->episode(id);
    EXPECT_EQ(response.status, 400u) << id;
    auto error = json::parse(response.body).at("error");
    EXPECT_EQ(error.at("code").as_string(), "bad_parameter") << id;
    EXPECT_FALSE(error.at("message").as_string().empty());
  }
}

INSTANTIATE_TEST_SUITE_P(Store, SeoStore, ::testing::ValuesIn(test::store_backends()), test::backend_name);
INSTANTIATE_TEST_SUITE_P(Store, EpisodeApi, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::seo
