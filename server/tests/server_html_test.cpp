// The real ether-server with the demo station, fetched with curl (no JavaScript): every route
// answers its headings, text and links as HTML inside #root, and pages with artwork carry
// og:image and a large Twitter card with the absolute URL of that artwork, which answers 200.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "support/server_process.hpp"

namespace ether {
namespace {

// The server once for the whole suite: it seeds the demo station on start.
class ServerHtml : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server = new test::ServerProcess("server-html"); }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static std::string page(const std::string& target, int status = 200) {
    auto answer = server->get(target);
    EXPECT_EQ(answer.status, status) << target;
    return answer.body;
  }

  // What the browser shows before any script runs: the content of #root.
  static std::string root_of(const std::string& html) {
    auto start = html.find("<div id=\"root\">");
    auto end = html.find("<!--/ether-body-->");
    if (start == std::string::npos || end == std::string::npos || end < start) return {};
    return html.substr(start, end - start);
  }

  static std::string h1_of(const std::string& html) {
    std::smatch match;
    static const std::regex kH1("<h1[^>]*>([^<]*)</h1>");
    return std::regex_search(html, match, kH1) ? match[1].str() : std::string();
  }

  static std::vector<std::string> hrefs(const std::string& html, const std::string& prefix = "/") {
    std::vector<std::string> found;
    static const std::regex kHref("href=\"([^\"]*)\"");
    for (std::sregex_iterator it(html.begin(), html.end(), kHref), end; it != end; ++it) {
      auto href = (*it)[1].str();
      if (href.starts_with(prefix)) found.push_back(href);
    }
    return found;
  }

  static std::string meta(const std::string& html, const std::string& attribute, const std::string& name) {
    std::smatch match;
    std::regex pattern("<meta " + attribute + "=\"" + name + "\" content=\"([^\"]*)\">");
    return std::regex_search(html, match, pattern) ? match[1].str() : std::string();
  }

  // The first link under `prefix` of a list page whose path has `segments` parts.
  static std::string first_link(const std::string& list_page, const std::string& prefix, std::size_t segments) {
    for (const auto& href : hrefs(root_of(page(list_page)), prefix)) {
      auto path = href.substr(0, href.find('?'));
      if (static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')) == segments) return href;
    }
    ADD_FAILURE() << "no link under " << prefix << " on " << list_page;
    return prefix;
  }

  static test::ServerProcess* server;
};

test::ServerProcess* ServerHtml::server = nullptr;

TEST_F(ServerHtml, EveryRouteAnswersItsHeadingAndLinksWithoutJavaScript) {
  const std::vector<std::pair<std::string, std::string>> routes{
      {"/", "Nu op "},
      {"/gids", "Gids "},
      {"/gedraaid", "Gedraaid op "},
      {"/programmas", "Programma's"},
      {"/presentatoren", "Presentatoren"},
      {"/nieuws", "Nieuws"},
      {"/fragmenten", "Fragmenten"},
      {"/uitzendingen", "Uitzending gemist"},
      {"/podcasts", "Podcasts"},
      {"/videos", "Video's"},
      {"/sitemap", "Sitemap"},
      {"/zoeken", "Zoeken"},
      {"/zoeken/muziek", "Zoekresultaten voor ‘muziek’"},
      {"/zoeken?q=muziek", "Zoekresultaten voor ‘muziek’"},
  };
  for (const auto& [target, heading] : routes) {
    auto root = root_of(page(target));
    ASSERT_FALSE(root.empty()) << target;
    // Text is HTML-escaped ("Programma's" arrives as Programma&apos;s).
    auto h1 = std::regex_replace(h1_of(root), std::regex("&apos;"), "'");
    EXPECT_TRUE(h1.starts_with(heading)) << target << ": " << h1;
    auto links = hrefs(root);
    EXPECT_GE(links.size(), 15u) << target;  // navigation, channels, content and footer
    EXPECT_NE(std::find(links.begin(), links.end(), "/sitemap"), links.end()) << target;
    EXPECT_NE(root.find("<main id=\"main\""), std::string::npos) << target;
  }
  // Lists carry their items as links.
  EXPECT_GE(hrefs(root_of(page("/programmas")), "/programmas/").size(), 10u);
  EXPECT_GE(hrefs(root_of(page("/nieuws")), "/nieuws/").size(), 6u);
  EXPECT_GE(hrefs(root_of(page("/")), "/fragmenten/").size(), 4u);
  // The search term stays in the header's box.
  EXPECT_NE(root_of(page("/zoeken/muziek")).find("value=\"muziek\""), std::string::npos);

  auto missing = root_of(page("/bestaat-niet", 404));
  EXPECT_EQ(h1_of(missing), "Deze pagina bestaat niet (meer)");
  EXPECT_NE(missing.find("<code>/bestaat-niet</code>"), std::string::npos);
}

TEST_F(ServerHtml, DetailPagesCarryTheirArtworkForSharing) {
  const std::vector<std::string> pages{
      first_link("/programmas", "/programmas/", 2),
      first_link("/nieuws", "/nieuws/", 4),
      first_link("/presentatoren", "/presentatoren/", 2),
      first_link("/fragmenten", "/fragmenten/", 4),
      first_link("/podcasts", "/podcasts/", 2),
      first_link(first_link("/podcasts", "/podcasts/", 2), "/podcasts/", 4),
      first_link("/sitemap/themas", "/thema/", 2),
  };
  for (const auto& target : pages) {
    auto html = page(target);
    auto image = meta(html, "property", "og:image");
    EXPECT_TRUE(image.starts_with(server->base_url() + "/media/images/")) << target << ": " << image;
    EXPECT_EQ(meta(html, "name", "twitter:image"), image) << target;
    EXPECT_EQ(meta(html, "name", "twitter:card"), "summary_large_image") << target;
    EXPECT_FALSE(meta(html, "name", "twitter:title").empty()) << target;
    EXPECT_FALSE(meta(html, "name", "twitter:description").empty()) << target;
    EXPECT_FALSE(h1_of(root_of(html)).empty()) << target;
    // The artwork is really there.
    EXPECT_EQ(test::run_command("curl -s -o /dev/null -w '%{http_code}' '" + image + "'"), "200") << image;
  }
  // List pages have no artwork of their own: a plain summary card.
  auto list = page("/programmas");
  EXPECT_EQ(meta(list, "name", "twitter:card"), "summary");
  EXPECT_TRUE(meta(list, "property", "og:image").empty());
}

TEST_F(ServerHtml, TheAppArticleNamesTheNormalArticleAsCanonical) {
  auto article = first_link("/nieuws", "/nieuws/", 4);
  auto html = page("/app" + article);
  EXPECT_NE(html.find("<link rel=\"canonical\" href=\"" + server->base_url() + article + "\">"), std::string::npos)
      << article;
  // The app view has no site header: it is embedded in the mobile app.
  EXPECT_EQ(root_of(html).find("site-header"), std::string::npos);
}

}  // namespace
}  // namespace ether
