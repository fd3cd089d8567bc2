// Content pages beyond the basics: preview tokens (valid, expired, forged, wrong page) and the
// preview route, the listener events endpoint (POST /api/events) against a real SQLite store, and
// the news and fragments pages' paging and bad parameters.

#include <gtest/gtest.h>

#include "api/events_api.hpp"
#include "pages/content_safety.hpp"
#include "pages/preview_token.hpp"
#include "pages_fixture.hpp"
#include "render/page_html.hpp"

namespace ether::pages::testing {
namespace {

namespace json = boost::json;

constexpr std::string_view kSecret = "a-preview-secret-for-the-tests";

TEST(PreviewTokens, AValidTokenOpensItsPageUntilItExpires) {
  PreviewTokens tokens{std::string(kSecret)};
  auto token = tokens.sign(3, kNow + 3600);
  EXPECT_FALSE(token.empty());
  EXPECT_EQ(tokens.verify(token, 3, kNow), PreviewVerdict::valid);
  EXPECT_EQ(tokens.verify(token, 3, kNow + 3599), PreviewVerdict::valid);
  EXPECT_EQ(tokens.verify(token, 3, kNow + 3600), PreviewVerdict::expired);
}

TEST(PreviewTokens, ForgedWrongPageMissingAndMalformedTokensAreRefused) {
  PreviewTokens tokens{std::string(kSecret)};
  auto token = tokens.sign(3, kNow + 3600);
  EXPECT_EQ(tokens.verify(token, 4, kNow), PreviewVerdict::wrong_page);
  PreviewTokens other{"another-secret-of-some-length"};
  EXPECT_EQ(other.verify(token, 3, kNow), PreviewVerdict::forged);
  // The same payload with a later expiry but the old signature.
  auto later = tokens.sign(3, kNow + 999999);
  auto forged = later.substr(0, later.find('.')) + token.substr(token.find('.'));
  EXPECT_EQ(tokens.verify(forged, 3, kNow), PreviewVerdict::forged);
  EXPECT_EQ(tokens.verify("", 3, kNow), PreviewVerdict::missing);
  EXPECT_EQ(tokens.verify("abc", 3, kNow), PreviewVerdict::malformed);
  EXPECT_EQ(tokens.verify(std::string(600, 'a') + ".b", 3, kNow), PreviewVerdict::malformed);
  // Without a secret nothing is signed and nothing opens.
  PreviewTokens none{""};
  EXPECT_EQ(none.sign(3, kNow + 60), "");
  EXPECT_EQ(none.verify(token, 3, kNow), PreviewVerdict::malformed);
}

TEST(PreviewTokens, UrlCarriesTheTokenInTheCraftQuery) {
  PreviewTokens tokens{std::string(kSecret)};
  auto url = tokens.url("http://localhost:8080", 7, kNow + 60);
  EXPECT_EQ(url, "http://localhost:8080/overzicht/preview/7?x-craft-live-preview=" + tokens.sign(7, kNow + 60));
}

class ContentPagesFixture : public PagesFixture {
 protected:
  void SetUp() override {
    PagesFixture::SetUp();
    if (HasFatalFailure()) return;
    SiteSettings settings;
    settings.base_url = "http://localhost:8080";
    settings.preview_secret = std::string(kSecret);
    preview_loader_ = std::make_unique<PageLoader>(
        *db_, settings, [] { return std::chrono::system_clock::time_point{std::chrono::seconds{kNow}}; });
  }
  void TearDown() override {
    preview_loader_.reset();
    PagesFixture::TearDown();
  }
  PageResult preview(std::string_view path, const http::QueryParams& query = {}) {
    return preview_loader_->load(path, query);
  }

  std::unique_ptr<PageLoader> preview_loader_;
};

TEST_P(ContentPagesFixture, PreviewRendersAnUnpublishedPageWithAValidToken) {
  PreviewTokens tokens{std::string(kSecret)};
  auto r = preview("/overzicht/preview/3", {{"x-craft-live-preview", tokens.sign(3, kNow + 600)}});
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.route, "thema");
  EXPECT_EQ(r.title, "Voorbeeld: Geheim - Ether");
  EXPECT_EQ(r.canonical_path, "/overzicht/preview/3");
  EXPECT_EQ(keys(r.data), (std::set<std::string>{"slug", "title", "description", "blocks"}));
  EXPECT_EQ(r.data.at("slug").as_string(), "geheim");

  auto published = preview("/overzicht/preview/2", {{"x-craft-live-preview", tokens.sign(2, kNow + 600)}});
  EXPECT_EQ(published.status, 200u);
  EXPECT_EQ(published.route, "overzicht");
}

TEST_P(ContentPagesFixture, PreviewWithoutAGoodTokenIsRefused) {
  PreviewTokens tokens{std::string(kSecret)};
  auto missing = preview("/overzicht/preview/3");
  EXPECT_EQ(missing.status, 404u);
  EXPECT_EQ(missing.route, "not-found");

  auto expired = preview("/overzicht/preview/3", {{"x-craft-live-preview", tokens.sign(3, kNow - 1)}});
  EXPECT_EQ(expired.status, 403u);
  EXPECT_EQ(expired.route, "not-found");
  EXPECT_EQ(expired.title, "Geen toegang tot dit voorbeeld - Ether");
  EXPECT_NE(expired.description.find("verlopen"), std::string::npos);
  EXPECT_EQ(expired.data.at("message").as_string(), expired.description);

  auto wrong_page = preview("/overzicht/preview/3", {{"x-craft-live-preview", tokens.sign(2, kNow + 600)}});
  EXPECT_EQ(wrong_page.status, 403u);
  EXPECT_NE(wrong_page.description.find("ongeldig"), std::string::npos);

  PreviewTokens forger{"not-the-installation-secret"};
  EXPECT_EQ(preview("/overzicht/preview/3", {{"x-craft-live-preview", forger.sign(3, kNow + 600)}}).status, 403u);
  EXPECT_EQ(preview("/overzicht/preview/3", {{"x-craft-live-preview", "%%%"}}).status, 403u);

  // A valid token for a page that does not exist, and ids that are not ids.
  EXPECT_EQ(preview("/overzicht/preview/99", {{"x-craft-live-preview", tokens.sign(99, kNow + 600)}}).status, 404u);
  EXPECT_EQ(preview("/overzicht/preview/abc", {{"x-craft-live-preview", tokens.sign(3, kNow + 600)}}).status, 404u);
  EXPECT_EQ(preview("/overzicht/preview/-3").status, 404u);
}

TEST_P(ContentPagesFixture, NewsPagingClampsAndBadParametersFallBack) {
  auto last = load("/nieuws", {{"page", "99"}});
  EXPECT_EQ(last.data.at("paging").at("page").as_int64(), 2);
  EXPECT_EQ(last.canonical_path, "/nieuws?page=2");
  for (const auto* bad : {"0", "-1", "abc", "1.5", "99999999999999999999"}) {
    auto r = load("/nieuws", {{"page", bad}});
    EXPECT_EQ(r.status, 200u) << bad;
    EXPECT_EQ(r.data.at("paging").at("page").as_int64(), 1) << bad;
    EXPECT_EQ(r.canonical_path, "/nieuws") << bad;
  }
  auto unknown_tag = load("/nieuws", {{"tag", "bestaat-niet"}});
  EXPECT_EQ(unknown_tag.status, 200u);
  EXPECT_EQ(unknown_tag.data.at("articles").as_array().size(), 0u);
  EXPECT_EQ(unknown_tag.data.at("paging").at("total").as_int64(), 0);
  EXPECT_EQ(unknown_tag.data.at("paging").at("pageCount").as_int64(), 1);
  auto long_tag = load("/nieuws", {{"tag", std::string(500, 'x')}});
  EXPECT_TRUE(long_tag.data.at("tag").is_null());
  EXPECT_EQ(load("/nieuws/sport/extra/1/2/3").status, 404u);
}

TEST_P(ContentPagesFixture, FragmentsProgramLinkAndUnknownProgram) {
  auto program = load("/fragmenten", {{"program", "de ochtendploeg"}, {"tag", "muziek"}});
  EXPECT_EQ(program.canonical_path, "/programmas/de-ochtendploeg/fragmenten?tag=muziek");
  auto unknown = load("/fragmenten", {{"program", "bestaat niet"}});
  EXPECT_EQ(unknown.status, 200u);
  EXPECT_TRUE(unknown.data.at("program").is_null());
  EXPECT_EQ(unknown.canonical_path, "/fragmenten");
  EXPECT_EQ(load("/fragmenten/null/abc/null-null").status, 404u);
  EXPECT_EQ(load("/app/thema/bestaat-niet").status, 404u);
}

// ---- content safety ----

TEST(ContentSafety, SafeUrlKeepsSitePathsAndWebLinksOnly) {
  EXPECT_EQ(safe_url("/gids"), "/gids");
  EXPECT_EQ(safe_url("  /nieuws?tag=a  "), "/nieuws?tag=a");
  EXPECT_EQ(safe_url("#top"), "#top");
  EXPECT_EQ(safe_url("https://example.org/a?b=c"), "https://example.org/a?b=c");
  EXPECT_EQ(safe_url("HTTP://example.org"), "HTTP://example.org");
  EXPECT_EQ(safe_url("mailto:redactie@example.org"), "mailto:redactie@example.org");
  for (const auto* bad : {"javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
                          "java\nscript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)",
                          "//evil.example/x", "/\\evil.example", "gids", "https://exa mple.org", ""}) {
    EXPECT_EQ(safe_url(bad), "") << bad;
  }
}

TEST(ContentSafety, PlainTextDropsScriptsHandlersAndTags) {
  EXPECT_EQ(plain_text("<p>Hallo <b>wereld</b></p>"), "Hallo wereld");
  EXPECT_EQ(plain_text("Voor<script>alert('x')</script>na"), "Voorna");
  EXPECT_EQ(plain_text("a<SCRIPT type=\"x\">steal()</ScRiPt>b"), "ab");
  EXPECT_EQ(plain_text("<img src=x onerror=alert(1)>Plaatje"), "Plaatje");
  EXPECT_EQ(plain_text("<a href=\"javascript:alert(1)\" onclick=\"x()\">Klik</a>"), "Klik");
  EXPECT_EQ(plain_text("<style>p{}</style><iframe src=\"https://x\"></iframe>Tekst"), "Tekst");
  EXPECT_EQ(plain_text("Regel<br>twee<br/>drie"), "Regel twee drie");
  EXPECT_EQ(plain_text("Tom &amp; Jerry &lt;3 &quot;ok&quot;"), "Tom & Jerry <3 \"ok\"");
  EXPECT_EQ(plain_text("&lt;script&gt;alert(1)&lt;/script&gt;"), "<script>alert(1)</script>");  // text, not markup
  EXPECT_EQ(plain_text("3 < 4 en 5 > 2"), "3 < 4 en 5 > 2");
  EXPECT_EQ(plain_text("open <script>nooit gesloten"), "open");
  EXPECT_EQ(plain_text("  veel   \n\t ruimte  "), "veel ruimte");
}

TEST_P(ContentPagesFixture, StoredBlocksReachThePageSanitised) {
  std::string body = R"J([
    {"type": "paragraph", "html": "<p onclick=\"x()\">Echt <b>nieuws</b><script>alert(1)</script></p>"},
    {"type": "paragraph", "text": "<img src=x onerror=alert(1)>"},
    {"type": "image", "url": "javascript:alert(1)", "alt": "x", "caption": ""},
    {"type": "social", "network": "x", "url": "javascript:alert(1)", "text": "Post"},
    {"type": "image", "url": "/media/images/a.webp", "alt": "Het plein", "caption": "Vol plein",
     "credit": "<b>Anna</b> & co"}])J";
  exec(
      "INSERT INTO articles (id, slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
      "published_at) VALUES (90, 'veilig', 'sport', NULL, 'Veilig', 'Intro.', 'Piet', '', '" +
      body + "', " + std::to_string(kNow - 60) + ")");
  auto r = load("/nieuws/sport/90/veilig");
  ASSERT_EQ(r.status, 200u);
  const auto& blocks = r.data.at("article").at("blocks").as_array();
  ASSERT_EQ(blocks.size(), 5u);
  EXPECT_EQ(blocks[0].at("text").as_string(), "Echt nieuws");
  // Plain text stays text: React renders it escaped.
  EXPECT_EQ(blocks[1].at("text").as_string(), "<img src=x onerror=alert(1)>");
  // A paragraph's html keeps its whitelisted marks only; plain text becomes escaped html.
  EXPECT_EQ(blocks[0].at("html").as_string(), "Echt <strong>nieuws</strong>");
  EXPECT_EQ(blocks[1].at("html").as_string(), "&lt;img src=x onerror=alert(1)&gt;");
  EXPECT_EQ(blocks[2].at("url").as_string(), "");
  EXPECT_EQ(blocks[3].at("url").as_string(), "");
  // The photographer's credit reaches the page as text, and the server HTML escapes it.
  EXPECT_EQ(blocks[4].at("credit").as_string(), "<b>Anna</b> & co");
  auto html = render::main_html(r, json::object{{"name", "Ether"}, {"defaultChannel", "radio2"}});
  EXPECT_NE(html.find("<p>Echt <strong>nieuws</strong></p><p>&lt;img src=x onerror=alert(1)&gt;</p>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<figcaption>Vol plein <span class=\"content-image__credit\">Beeld: &lt;b&gt;Anna&lt;/b&gt; "
                      "&amp; co</span></figcaption>"),
            std::string::npos)
      << html;

  std::string page_blocks = R"J([
    {"type": "hero", "title": "H", "text": "", "image": "images/h.webp", "url": "javascript:alert(1)"},
    {"type": "tiles", "title": "T",
     "items": [{"title": "a", "text": "", "url": "data:text/html,x", "imageUrl": "javascript:x"}]},
    {"type": "radio", "title": "R",
     "items": [{"label": "1", "title": "Top", "slug": "top", "url": "javascript:alert(1)"},
               {"label": "2", "title": "Gids", "slug": "gids", "url": "/gids"}]}])J";
  exec(
      "INSERT INTO content_pages (id, kind, slug, title, description, blocks_json, published) VALUES "
      "(9, 'thema', 'veilig', 'Veilig', '', '" +
      page_blocks + "', 1)");
  auto page = load("/thema/veilig");
  ASSERT_EQ(page.status, 200u);
  const auto& pb = page.data.at("blocks").as_array();
  ASSERT_EQ(pb.size(), 3u);
  EXPECT_TRUE(pb[0].at("url").is_null());
  EXPECT_EQ(pb[0].at("imageUrl").as_string(), "/media/images/h.webp");
  EXPECT_EQ(pb[1].at("items").at(0).at("url").as_string(), "");
  EXPECT_EQ(pb[1].at("items").at(0).at("imageUrl").as_string(), "");
  EXPECT_EQ(pb[2].at("items").at(0).at("url").as_string(), "");
  EXPECT_TRUE(pb[2].at("items").at(0).at("hasNoLink").as_bool());
  EXPECT_EQ(pb[2].at("items").at(1).at("url").as_string(), "/gids");
}

TEST_P(ContentPagesFixture, ListBlocksReachThePageSanitisedAndRendered) {
  std::string body = R"J([
    {"type": "list", "ordered": false, "items": [
      {"text": "Eerste punt"},
      {"text": "Met link", "html": "Met <a href=\"https://ether.example/\" onclick=\"x()\">link</a><script>x()</script>"},
      {"text": ""},
      "geen object"]},
    {"type": "list", "ordered": true, "items": [{"text": "<b>een</b>"}, {"text": "", "html": "<i>twee</i>"}]},
    {"type": "list", "ordered": true, "items": []}])J";
  exec(
      "INSERT INTO articles (id, slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
      "published_at) VALUES (91, 'lijstjes', 'sport', NULL, 'Lijstjes', 'Intro.', 'Piet', '', '" +
      body + "', " + std::to_string(kNow - 60) + ")");
  auto r = load("/nieuws/sport/91/lijstjes");
  ASSERT_EQ(r.status, 200u);
  const auto& blocks = r.data.at("article").at("blocks").as_array();
  // The list without items is left out, and so are the items without text.
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].at("type").as_string(), "list");
  EXPECT_FALSE(blocks[0].at("ordered").as_bool());
  const auto& bullets = blocks[0].at("items").as_array();
  ASSERT_EQ(bullets.size(), 2u);
  EXPECT_EQ(bullets[0].at("html").as_string(), "Eerste punt");
  EXPECT_EQ(bullets[1].at("text").as_string(), "Met link");
  EXPECT_EQ(bullets[1].at("html").as_string(),
            "Met <a href=\"https://ether.example/\" rel=\"noopener noreferrer\">link</a>");
  EXPECT_TRUE(blocks[1].at("ordered").as_bool());
  EXPECT_EQ(blocks[1].at("items").at(0).at("html").as_string(), "&lt;b&gt;een&lt;/b&gt;");
  EXPECT_EQ(blocks[1].at("items").at(1).at("text").as_string(), "twee");
  EXPECT_EQ(blocks[1].at("items").at(1).at("html").as_string(), "<em>twee</em>");

  auto html = render::main_html(r, json::object{{"name", "Ether"}, {"defaultChannel", "radio2"}});
  EXPECT_NE(html.find("<ul><li>Eerste punt</li><li>Met <a href=\"https://ether.example/\" target=\"_blank\" "
                      "rel=\"noopener noreferrer\">link<span class=\"visually-hidden\"> (opent in een nieuw "
                      "venster)</span></a></li></ul>"
                      "<ol><li>&lt;b&gt;een&lt;/b&gt;</li><li><em>twee</em></li></ol>"),
            std::string::npos)
      << html;
}

// ---- POST /api/events ----

http::Request event(std::string body) {
  http::Request request;
  request.method = "POST";
  request.target = "/api/events";
  request.path = "/api/events";
  request.body = std::move(body);
  return request;
}

std::string error_code(const http::Response& response) {
  return std::string(json::parse(response.body).at("error").at("code").as_string());
}

TEST_P(ContentPagesFixture, EventsAreCountedPerNameAndType) {
  api::EventsApi events(*db_, [] { return kNow; });
  const std::string name = "player_radioblok_counter_top-40_soul";
  auto r = events.post(event(R"({"name":")" + name + R"(","type":"exit"})"));
  EXPECT_EQ(r.status, 204u);
  EXPECT_TRUE(r.body.empty());
  EXPECT_EQ(events.post(event(R"({"name":")" + name + R"(","type":"exit"})")).status, 204u);
  EXPECT_EQ(events.post(event(R"({"name":")" + name + R"(","type":"navigation"})")).status, 204u);
  EXPECT_EQ(events.count(name, "exit"), 2);
  EXPECT_EQ(events.count(name, "navigation"), 1);
  EXPECT_EQ(events.count("iets_anders", "exit"), 0);

  http::Router router;
  events.add_routes(router);
  EXPECT_EQ(router.dispatch(event(R"({"name":")" + name + R"(","type":"click"})")).status, 204u);
  EXPECT_EQ(events.count(name, "click"), 1);
}

TEST_P(ContentPagesFixture, BadEventsAreRefusedWithAJsonError) {
  api::EventsApi events(*db_, [] { return kNow; });
  auto bad_json = events.post(event("{not json"));
  EXPECT_EQ(bad_json.status, 400u);
  EXPECT_EQ(error_code(bad_json), "bad_json");
  EXPECT_EQ(events.post(event("[1,2]")).status, 400u);
  EXPECT_EQ(events.post(event("")).status, 400u);
  for (const auto* body :
       {R"({"type":"exit"})", R"({"name":"","type":"exit"})", R"({"name":"Hoofdletters","type":"exit"})",
        R"({"name":"a b","type":"exit"})", R"({"name":"<script>","type":"exit"})", R"({"name":"a","type":"hack"})",
        R"({"name":"a"})", R"({"name":42,"type":"exit"})"}) {
    auto r = events.post(event(body));
    EXPECT_EQ(r.status, 400u) << body;
    EXPECT_EQ(error_code(r), "bad_parameter") << body;
  }
  auto too_long_name = events.post(event(R"({"name":")" + std::string(201, 'a') + R"(","type":"exit"})"));
  EXPECT_EQ(too_long_name.status, 400u);
  auto too_large = events.post(event(R"({"name":"a","type":"exit","pad":")" + std::string(2000, 'x') + "\"}"));
  EXPECT_EQ(too_large.status, 413u);
  EXPECT_EQ(error_code(too_large), "payload_too_large");
  EXPECT_EQ(events.count("a", "exit"), 0);
}

INSTANTIATE_TEST_SUITE_P(Store, ContentPagesFixture, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::pages::testing
