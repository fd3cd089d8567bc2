// GET /api/page and the HTML shell over the real PageLoader and a real SQLite store (the pages
// fixture): the envelopes of the browsing pages (home, played tracks, guide, programmes,
// presenters), their paging and filters, 404s, and the 400 for a malformed date or hour slot.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "app/site_app.hpp"
#include "http_test_support.hpp"
#include "pages_fixture.hpp"

namespace ether::pages::testing {
namespace {

namespace json = boost::json;

class PagesApiTest : public PagesFixture {
 protected:
  void SetUp() override {
    PagesFixture::SetUp();
    if (HasFatalFailure()) return;
    ether::test::write_web_dist(web_.path() / "web");
    config_.web_dir = web_.path() / "web";
    config_.media_dir = web_.path() / "media";
    config_.base_url = "https://ether.example";
    app_ = app::SiteApp::create(config_, *loader_, [] { return true; });
  }
  void TearDown() override {
    app_.reset();
    PagesFixture::TearDown();
  }

  // The response to /api/page for a page path with its query, percent-encoded as the web app does.
  http::Response api(std::string_view page) {
    std::string encoded;
    for (char c : page) {
      if (c == '?' || c == '&' || c == '=' || c == '/' || c == '%') {
        static constexpr char kHex[] = "0123456789ABCDEF";
        encoded += '%';
        encoded += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
        encoded += kHex[static_cast<unsigned char>(c) & 0xF];
      } else {
        encoded += c;
      }
    }
    return app_->handle(ether::test::get("/api/page?path=" + encoded));
  }

  json::object envelope(std::string_view page, unsigned status = 200) {
    auto response = api(page);
    EXPECT_EQ(response.status, status) << page << ": " << response.body;
    EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
    return json::parse(response.body).as_object();
  }

  ether::test::TempDir web_;
  config::Config config_;
  std::unique_ptr<app::SiteApp> app_;
};

std::string str(const json::value& value) { return std::string(value.as_string()); }

TEST_P(PagesApiTest, HomeEnvelope) {
  auto home = envelope("/");
  EXPECT_EQ(str(home.at("route")), "home");
  EXPECT_EQ(home.at("status").as_int64(), 200);
  EXPECT_EQ(str(home.at("canonical")), "https://ether.example/");
  const auto& data = home.at("data").as_object();
  EXPECT_EQ(str(data.at("onAir").at("broadcast").at("title")), "Koffiepauze");
  EXPECT_EQ(data.at("channels").as_array().size(), 3u);
  EXPECT_EQ(data.at("guide").as_array().size(), 2u);
}

TEST_P(PagesApiTest, GedraaidPagesAndFilters) {
  auto first = envelope("/gedraaid");
  EXPECT_EQ(first.at("data").at("tracks").as_array().size(), 20u);
  EXPECT_EQ(first.at("data").at("paging").at("pageCount").as_int64(), 2);
  auto second = envelope("/gedraaid?page=2");
  EXPECT_EQ(second.at("data").at("tracks").as_array().size(), 6u);
  EXPECT_EQ(str(second.at("canonical")), "https://ether.example/gedraaid?page=2");
  auto slot = envelope("/gedraaid?channel=3fm&time=11_12");
  EXPECT_EQ(slot.at("data").at("tracks").as_array().size(), 1u);
  EXPECT_EQ(str(slot.at("params").at("channel")), "3fm");
  EXPECT_EQ(str(slot.at("params").at("time")), "11_12");
  auto yesterday = envelope("/gedraaid/20-11-2026");
  EXPECT_EQ(str(yesterday.at("data").at("date")), "2026-11-20");
  // A malformed page is not an error: it is page 1.
  EXPECT_EQ(envelope("/gedraaid?page=twee").at("data").at("paging").at("page").as_int64(), 1);
}

TEST_P(PagesApiTest, MalformedDatesAndHourSlotsAnswer400) {
  for (const char* page :
       {"/gedraaid?time=25_26", "/gedraaid?time=ochtend", "/gedraaid/31-02-2026", "/gedraaid/2026-11-20?channel=3fm",
        "/gids/2026/02/30", "/gids/2026/11/xx?channel=3fm", "/programmas/de-ochtendploeg/fragmenten?date=gisteren"}) {
    auto response = api(page);
    EXPECT_EQ(response.status, 400u) << page;
    EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8") << page;
    auto error = json::parse(response.body).at("error").as_object();
    EXPECT_EQ(str(error.at("code")), "bad_parameter") << page;
    EXPECT_FALSE(str(error.at("message")).empty()) << page;
  }
}

TEST_P(PagesApiTest, AFullPageLoadWithAMalformedValueShowsTheDefaults) {
  auto response = app_->handle(ether::test::get("/gedraaid?time=25_26"));
  EXPECT_EQ(response.status, 200u);
  EXPECT_NE(response.body.find("<link rel=\"canonical\" href=\"https://ether.example/gedraaid\">"), std::string::npos);
}

TEST_P(PagesApiTest, DatesOutsideTheKeptWindowAreEmptyNotErrors) {
  auto old = envelope("/gedraaid/01-10-2026");
  EXPECT_FALSE(old.at("data").at("window").at("contains").as_bool());
  EXPECT_TRUE(old.at("data").at("tracks").as_array().empty());
  auto far = envelope("/gids/2026/12/24");
  EXPECT_FALSE(far.at("data").at("window").at("contains").as_bool());
  EXPECT_TRUE(far.at("data").at("broadcasts").as_array().empty());
}

TEST_P(PagesApiTest, GuideProgrammesAndPresenters) {
  auto gids = envelope("/gids/2026/11/20");
  EXPECT_EQ(str(gids.at("route")), "gids");
  EXPECT_EQ(gids.at("data").at("broadcasts").as_array().size(), 1u);
  EXPECT_EQ(str(gids.at("canonical")), "https://ether.example/gids/2026/11/20");
  EXPECT_EQ(envelope("/programmas").at("data").at("programmes").as_array().size(), 3u);
  auto programme = envelope("/programmas/de-ochtendploeg");
  EXPECT_EQ(str(programme.at("data").at("programme").at("name")), "De Ochtendploeg");
  auto fragments = envelope("/programmas/de-ochtendploeg/fragmenten?date=20-11-2026&tag=interview");
  EXPECT_EQ(fragments.at("data").at("fragments").as_array().size(), 1u);
  auto news = envelope("/programmas/de-ochtendploeg/nieuws?category=sport&page=3");
  EXPECT_EQ(news.at("data").at("paging").at("page").as_int64(), 1);
  EXPECT_EQ(envelope("/presentatoren").at("data").at("presenters").as_array().size(), 2u);
  EXPECT_EQ(str(envelope("/presentatoren/jan-de-vries").at("data").at("presenter").at("name")), "Jan de Vries");
}

TEST_P(PagesApiTest, UnknownSlugsAnswerANotFoundEnvelope) {
  for (const char* page : {"/programmas/bestaat-niet", "/programmas/bestaat-niet/fragmenten",
                           "/programmas/bestaat-niet/nieuws", "/presentatoren/niemand", "/gids/2026/11/20/extra"}) {
    auto not_found = envelope(page, 404);
    EXPECT_EQ(str(not_found.at("route")), "not-found") << page;
    EXPECT_EQ(str(not_found.at("data").at("path")), page) << page;
  }
}

INSTANTIATE_TEST_SUITE_P(Store, PagesApiTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::pages::testing
