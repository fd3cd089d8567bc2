#include "shell/html_shell.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <chrono>
#include <string_view>

#include "http_test_support.hpp"
#include "pages/route_builder.hpp"
#include "shell/consent_box.hpp"

namespace ether::shell {
namespace {

std::string between(const std::string& text, const std::string& open, const std::string& close) {
  auto start = text.find(open);
  if (start == std::string::npos) return {};
  start += open.size();
  auto end = text.find(close, start);
  return end == std::string::npos ? std::string() : text.substr(start, end - start);
}

pages::PageResult tricky_page() {
  pages::PageResult page;
  page.route = "artikel";
  page.title = "Tom & Jerry <live> \"nu\" - Ether";
  page.description = "Kijk \"hier\" <b>";
  page.canonical_path = "/nieuws/sport/12/tom-en-jerry?a=1&b=2";
  page.params["categorySlug"] = "sport";
  page.data["text"] = "</script><script>alert(1)</script> & \xE2\x80\xA8 line";
  return page;
}

boost::json::object site() { return test::FakePageSource().site_config(); }

TEST(HtmlShell, TitleIsEscaped) {
  HtmlShell shell(test::kIndexHtml);
  std::string html = shell.render(tricky_page(), site(), "https://ether.example");
  EXPECT_EQ(between(html, "<title>", "</title>"), "Tom &amp; Jerry &lt;live&gt; &quot;nu&quot; - Ether");
  EXPECT_EQ(html.find("<title>Ether</title>"), std::string::npos);
}

TEST(HtmlShell, HeadTagsAtTheMarker) {
  HtmlShell shell(test::kIndexHtml);
  std::string html = shell.render(tricky_page(), site(), "https://ether.example/");
  const std::string canonical = "https://ether.example/nieuws/sport/12/tom-en-jerry?a=1&amp;b=2";
  EXPECT_NE(html.find("<link rel=\"canonical\" href=\"" + canonical + "\">"), std::string::npos);
  EXPECT_NE(html.find("<meta name=\"description\" content=\"Kijk &quot;hier&quot; &lt;b&gt;\">"), std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:title\" content=\"Tom &amp; Jerry &lt;live&gt; &quot;nu&quot; - Ether\">"),
            std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:url\" content=\"" + canonical + "\">"), std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:type\" content=\"article\">"), std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:site_name\" content=\"Ether\">"), std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:locale\" content=\"nl_NL\">"), std::string::npos);
  EXPECT_NE(html.find("<meta property=\"og:description\""), std::string::npos);
  EXPECT_NE(html.find("<meta name=\"twitter:card\" content=\"summary\">"), std::string::npos);
  EXPECT_EQ(html.find("<!--ether-head-->"), std::string::npos);
  EXPECT_EQ(html.find("<!--ether-data-->"), std::string::npos);
  // The rest of the template is kept in order.
  EXPECT_LT(html.find("twitter:card"), html.find("/assets/app-abc123.js"));
  EXPECT_LT(html.find("<div id=\"root\"></div>"), html.find("id=\"ether-site\""));
  EXPECT_NE(html.find("</body></html>"), std::string::npos);
}

TEST(HtmlShell, ScriptJsonCannotBreakOut) {
  HtmlShell shell(test::kIndexHtml);
  std::string html = shell.render(tricky_page(), site(), "https://ether.example");
  std::string page_json = between(html, "<script type=\"application/json\" id=\"ether-page\">", "</script>");
  ASSERT_FALSE(page_json.empty());
  EXPECT_EQ(page_json.find('<'), std::string::npos);
  EXPECT_EQ(page_json.find('>'), std::string::npos);
  EXPECT_EQ(page_json.find('&'), std::string::npos);
  EXPECT_EQ(page_json.find("\xE2\x80\xA8"), std::string::npos);
  EXPECT_NE(page_json.find("\\u003c/script\\u003e"), std::string::npos);
  EXPECT_NE(page_json.find("\\u2028"), std::string::npos);
  // Exactly three script elements: the app's module and our two JSON blocks.
  std::size_t count = 0;
  for (auto pos = html.find("<script"); pos != std::string::npos; pos = html.find("<script", pos + 1)) ++count;
  EXPECT_EQ(count, 3u);

  auto envelope = boost::json::parse(page_json).as_object();
  EXPECT_EQ(envelope["data"].as_object()["text"].as_string(), "</script><script>alert(1)</script> & \xE2\x80\xA8 line");
  EXPECT_EQ(envelope["canonical"].as_string(), "https://ether.example/nieuws/sport/12/tom-en-jerry?a=1&b=2");
  EXPECT_EQ(envelope["status"].as_int64(), 200);
  EXPECT_EQ(envelope["route"].as_string(), "artikel");
  EXPECT_EQ(envelope["params"].as_object()["categorySlug"].as_string(), "sport");

  std::string site_json = between(html, "<script type=\"application/json\" id=\"ether-site\">", "</script>");
  EXPECT_EQ(boost::json::parse(site_json).as_object()["defaultChannel"].as_string(), "radio2");
}

TEST(HtmlShell, ResponseStatusEtagAnd304) {
  HtmlShell shell(test::kIndexHtml);
  test::FakePageSource source;
  auto home = source.load("/", {});
  http::Response response = shell.respond(test::get("/"), home, site(), "http://localhost:8080");
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Type"), "text/html; charset=utf-8");
  EXPECT_EQ(response.header("Cache-Control"), "no-cache");
  std::string etag(response.header("ETag"));
  ASSERT_FALSE(etag.empty());
  http::Response again =
      shell.respond(test::get("/", {{"If-None-Match", etag}}), home, site(), "http://localhost:8080");
  EXPECT_EQ(again.status, 304u);
  EXPECT_TRUE(again.body.empty());

  auto missing = source.load("/bestaat-niet", {});
  http::Response not_found = shell.respond(test::get("/bestaat-niet"), missing, site(), "http://localhost:8080");
  EXPECT_EQ(not_found.status, 404u);
  EXPECT_NE(not_found.body.find("<title>Pagina niet gevonden - Ether</title>"), std::string::npos);
  EXPECT_NE(not_found.body.find("<meta name=\"robots\" content=\"noindex\">"), std::string::npos);
}

// The consent library's cookie as the browser sends it: percent-encoded JSON.
std::string consent_cookie(const std::string& json) { return "cc_cookie=" + pages::percent_encode(json); }

TEST(HtmlShell, ConsentBoxUntilAChoiceIsStored) {
  HtmlShell shell(test::kIndexHtml);
  test::FakePageSource source;
  auto home = source.load("/", {});
  const auto box = [&](const std::string& cookie) {
    http::Request request = cookie.empty() ? test::get("/") : test::get("/", {{"Cookie", "a=1; " + cookie}});
    http::Response response = shell.respond(request, home, site(), "http://localhost:8080");
    EXPECT_EQ(response.header("Vary"), "Cookie");
    return response.body.find("id=\"consent-box\"") != std::string::npos;
  };
  EXPECT_TRUE(box(""));
  EXPECT_FALSE(box(consent_cookie(R"({"categories":["necessary"],"expirationTime":99999999999999})")));
  EXPECT_FALSE(box(consent_cookie(R"({"categories":["necessary","social"]})")));
  EXPECT_TRUE(box(consent_cookie(R"({"categories":["necessary"],"expirationTime":1000})")));
  EXPECT_TRUE(box(consent_cookie(R"({"expirationTime":99999999999999})")));
  EXPECT_TRUE(box("cc_cookie=%7Bkapot"));
  EXPECT_TRUE(box("cc_cookie=%zz"));

  // After #root, so that the app's takeover of the server's HTML leaves it, and before the data.
  std::string html = shell.respond(test::get("/"), home, site(), "http://localhost:8080").body;
  EXPECT_LT(html.find("<div id=\"root\">"), html.find("id=\"consent-box\""));
  EXPECT_LT(html.find("</div>", html.find("<div id=\"root\">")), html.find("id=\"consent-box\""));
  EXPECT_LT(html.find("id=\"consent-box\""), html.find("id=\"ether-site\""));
  EXPECT_NE(html.find("role=\"dialog\" aria-label=\"Toestemming voor cookies\""), std::string::npos);
  for (const char* choice : {"all", "necessary", "preferences"}) {
    EXPECT_NE(html.find(std::string("data-consent-choice=\"") + choice + "\""), std::string::npos) << choice;
  }
}

TEST(ConsentBox, StoredChoiceFollowsTheLibrarysRules) {
  const auto now = std::chrono::system_clock::time_point(std::chrono::milliseconds(1'800'000'000'000));
  const auto holds = [&](std::string_view value) { return has_consent_choice(value, now); };
  EXPECT_FALSE(has_consent_choice(std::nullopt, now));
  EXPECT_TRUE(holds("%7B%22categories%22%3A%5B%5D%2C%22expirationTime%22%3A1800000000001%7D"));
  EXPECT_FALSE(holds("%7B%22categories%22%3A%5B%5D%2C%22expirationTime%22%3A1800000000000%7D"));
  EXPECT_TRUE(holds("%7B%22categories%22%3A%5B%22necessary%22%5D%2C%22expirationTime%22%3A%22nooit%22%7D"));
  EXPECT_FALSE(holds("%7B%22categories%22%3A%22necessary%22%7D"));
  EXPECT_FALSE(holds("%5B%5D"));
  EXPECT_FALSE(holds(""));
  EXPECT_FALSE(holds("%"));
}

TEST(HtmlShell, WorksWithoutMarkers) {
  HtmlShell shell("<html><head><title>X</title></head><body><p>app</p></body></html>");
  std::string html = shell.render(tricky_page(), site(), "https://ether.example");
  EXPECT_LT(html.find("rel=\"canonical\""), html.find("</head>"));
  EXPECT_LT(html.find("id=\"ether-page\""), html.find("</body>"));
  EXPECT_GT(html.find("id=\"ether-page\""), html.find("<p>app</p>"));
  EXPECT_THROW(HtmlShell("no html at all"), std::runtime_error);
}

TEST(HtmlShell, LoadNamesTheMissingFile) {
  test::TempDir dir;
  try {
    (void)HtmlShell::load(dir.path());
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("index.html"), std::string::npos);
  }
}

TEST(PageEnvelope, JsonTextMatchesTheObject) {
  pages::PageResult page = tricky_page();
  page.status = 404;
  std::string text = envelope_json(page, "https://ether.example/");
  EXPECT_EQ(text, boost::json::serialize(pages::to_envelope(page, "https://ether.example/")));
  EXPECT_EQ(boost::json::parse(text), boost::json::value(pages::to_envelope(page, "https://ether.example")));
}

TEST(PageEnvelope, CanonicalIsAbsolute) {
  pages::PageResult page;
  page.canonical_path = "/gids?channel=3fm";
  EXPECT_EQ(pages::to_envelope(page, "http://localhost:8080")["canonical"].as_string(),
            "http://localhost:8080/gids?channel=3fm");
  EXPECT_EQ(pages::to_envelope(page, "http://localhost:8080/")["canonical"].as_string(),
            "http://localhost:8080/gids?channel=3fm");
  page.canonical_path.clear();
  EXPECT_EQ(pages::to_envelope(page, "https://e.nl")["canonical"].as_string(), "https://e.nl/");
  auto envelope = pages::to_envelope(page, "https://e.nl");
  for (const char* key : {"status", "route", "title", "description", "canonical", "params", "data"}) {
    EXPECT_TRUE(envelope.contains(key)) << key;
  }
}

}  // namespace
}  // namespace ether::shell
