// The real server with the demo station: its podcast feeds as a podcast app reads them (every
// enclosure downloadable without a token, at the size the feed announces, which is the file's),
// robots.txt, sitemap.xml and the episode API over HTTP.

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <regex>
#include <string>

#include "support/server_process.hpp"
#include "support/test_paths.hpp"
#include "support/xml_doc.hpp"

namespace ether::test {
namespace {
namespace json = boost::json;

TEST(PodcastFeedServer, FeedsAnnounceEnclosuresAppsCanDownloadWithoutAToken) {
  ServerProcess server("podcast-feeds");
  const std::filesystem::path media = std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo";
  const std::string base = server.base_url();

  auto sitemap = server.get("/sitemap.xml");
  ASSERT_EQ(sitemap.status, 200);
  Xml urls(sitemap.body);
  ASSERT_TRUE(urls.ok());
  std::vector<std::string> feeds;
  for (const auto& loc : urls.all("/sm:urlset/sm:url/sm:loc")) {
    // Feed pages: /podcasts/{slug}, one segment below /podcasts.
    auto rest = loc.substr(std::min(loc.size(), (base + "/podcasts/").size()));
    if (loc.starts_with(base + "/podcasts/") && !rest.empty() && rest.find('/') == std::string::npos) {
      feeds.push_back(rest);
    }
  }
  ASSERT_EQ(feeds.size(), 3u);

  int enclosures = 0;
  for (const auto& slug : feeds) {
    auto feed = server.get("/podcasts/" + slug + "/feed.xml");
    ASSERT_EQ(feed.status, 200) << slug;
    EXPECT_NE(feed.headers.find("application/rss+xml"), std::string::npos);
    Xml xml(feed.body);
    ASSERT_TRUE(xml.ok()) << feed.body;
    std::string self = base;
    self += "/podcasts/" + slug + "/feed.xml";
    EXPECT_EQ(xml.one("/rss/channel/atom:link/@href"), self);
    auto urls_of = xml.all("/rss/channel/item/enclosure/@url");
    auto lengths = xml.all("/rss/channel/item/enclosure/@length");
    ASSERT_EQ(urls_of.size(), lengths.size());
    ASSERT_FALSE(urls_of.empty());
    for (std::size_t i = 0; i < urls_of.size(); ++i) {
      ASSERT_TRUE(urls_of[i].starts_with(base + "/media/")) << urls_of[i];
      const auto relative = urls_of[i].substr((base + "/media/").size());
      EXPECT_EQ(std::to_string(std::filesystem::file_size(media / relative)), lengths[i]) << relative;
      // What a podcast app does: a plain GET with no token or cookie.
      auto download = run_command("curl -s -o /dev/null -w '%{http_code} %{size_download}' '" + urls_of[i] + "'");
      EXPECT_EQ(download, "200 " + lengths[i]) << urls_of[i];
      ++enclosures;
    }
  }
  EXPECT_EQ(enclosures, 15);

  auto robots = server.get("/robots.txt");
  EXPECT_EQ(robots.status, 200);
  EXPECT_NE(robots.body.find("Sitemap: " + base + "/sitemap.xml"), std::string::npos);

  EXPECT_EQ(server.get("/podcasts/bestaat-niet/feed.xml").status, 404);
  EXPECT_EQ(server.get("/api/podcasts/episodes/abc").status, 400);
  EXPECT_EQ(server.get("/api/podcasts/episodes/999999").status, 404);
  auto episode = server.get("/api/podcasts/episodes/1");
  ASSERT_EQ(episode.status, 200);
  auto body = json::parse(episode.body);
  EXPECT_EQ(body.at("episode").at("id").as_int64(), 1);
  EXPECT_EQ(body.at("feed").at("slug"), body.at("episode").at("feedSlug"));
  // Spec §9: API dates are 'yyyy-MM-dd HH:mm:ss' (issue 30: the episode had an ISO instant).
  const std::string published(body.at("episode").at("publishedAt").as_string());
  EXPECT_TRUE(std::regex_match(published, std::regex(R"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})"))) << published;
}

}  // namespace
}  // namespace ether::test
