#include "api/overlay_api.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "domain/time.hpp"
#include "support/live_store.hpp"
#include "support/postgres_database.hpp"

namespace ether::api {
namespace {
namespace json = boost::json;

// On both store backends (test::store_backends()).
class OverlayApiTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    db_ = open_test_store("overlay_api", GetParam());
    api_ = std::make_unique<OverlayApi>(*db_);
    api_->add_routes(router_);
  }

  void sql(const std::string& statement) {
    auto lease = db_->lease();
    *lease << statement;
  }

  http::Response get(const std::string& target, const std::string& if_none_match = "") {
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target(target, request));
    if (!if_none_match.empty()) request.headers.emplace("If-None-Match", if_none_match);
    return router_.dispatch(request);
  }

  json::array modal_blocks() {
    auto response = get("/api/eventmodal/content");
    EXPECT_EQ(response.status, 200U);
    return json::parse(response.payload()).at("data").at("cmsContentBlocks").at("data").as_array();
  }

  json::array notifications() {
    auto response = get("/api/maintenance-notification");
    EXPECT_EQ(response.status, 200U);
    return json::parse(response.payload()).at("data").at("maintenanceNotifications").at("data").as_array();
  }

  std::unique_ptr<store::Database> db_;
  std::unique_ptr<OverlayApi> api_;
  http::Router router_;
};

TEST_P(OverlayApiTest, EmptyTablesGiveEmptyArrays) {
  auto modal = get("/api/eventmodal/content");
  ASSERT_EQ(modal.status, 200U);
  EXPECT_EQ(json::parse(modal.payload()), json::parse(R"({"data":{"cmsContentBlocks":{"data":[]}}})"));
  EXPECT_EQ(modal.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(modal.header("Cache-Control"), "public, no-cache");
  auto banner = get("/api/maintenance-notification");
  ASSERT_EQ(banner.status, 200U);
  EXPECT_EQ(json::parse(banner.payload()), json::parse(R"({"data":{"maintenanceNotifications":{"data":[]}}})"));
  EXPECT_EQ(banner.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_EQ(banner.header("Cache-Control"), "public, no-cache");
}

TEST_P(OverlayApiTest, CountdownBlockHasTheFullShapeWithoutStartDate) {
  sql("INSERT INTO event_modal_blocks (id, published, title, description, related_url, related_url_text, "
      "background_image_url, logo_url, count_clock_type, count_clock_caption, count_clock_start, count_clock_end) "
      "VALUES (7, 1, 'Top 2000', 'Stem nu', '/thema/top-2000', 'Stem', '/media/images/bg.webp', "
      "'/media/images/logo.webp', 'cms_countclock_countdown', 'Nog even', " +
      std::to_string(noon - 3600) + ", " + std::to_string(noon) + ")");
  auto blocks = modal_blocks();
  ASSERT_EQ(blocks.size(), 1U);
  const auto expected = json::parse(R"({
    "id": 7, "__typename": "cms_eventmodal", "published": true, "title": "Top 2000", "description": "Stem nu",
    "relatedUrl": "/thema/top-2000", "relatedUrlText": "Stem",
    "backgroundImage": {"url": "/media/images/bg.webp"}, "cmsLogo": {"url": "/media/images/logo.webp"},
    "countClock": {"__typename": "cms_countclock_countdown", "caption": "Nog even",
                   "endDate": "2026-11-21 12:00:00", "startDate": null}})");
  EXPECT_EQ(blocks[0], expected);
}

TEST_P(OverlayApiTest, CountUpBlockHasItsStartDate) {
  sql("INSERT INTO event_modal_blocks (id, published, title, count_clock_type, count_clock_caption, "
      "count_clock_start, count_clock_end) VALUES (3, 1, 'Sinds', 'cms_countclock_countup', 'Al bezig', " +
      std::to_string(noon) + ", NULL)");
  auto clock = modal_blocks().at(0).at("countClock");
  EXPECT_EQ(clock.at("__typename"), "cms_countclock_countup");
  EXPECT_EQ(clock.at("startDate").as_string(), domain::format_api_local(noon));
  EXPECT_EQ(clock.at("startDate"), "2026-11-21 12:00:00");
  EXPECT_TRUE(clock.at("endDate").is_null());
  EXPECT_EQ(clock.at("caption"), "Al bezig");
}

TEST_P(OverlayApiTest, UnknownItemIgnoresCaptionAndEndDate) {
  sql("INSERT INTO event_modal_blocks (id, published, title, count_clock_type, count_clock_caption, "
      "count_clock_start, count_clock_end) VALUES (4, 1, 'Iets', 'cms_article_body_unknown_item', 'Weg', " +
      std::to_string(noon) + ", " + std::to_string(noon + 60) + ")");
  const auto expected =
      json::parse(R"({"__typename":"cms_article_body_unknown_item","caption":null,"endDate":null,"startDate":null})");
  EXPECT_EQ(modal_blocks().at(0).at("countClock"), expected);
}

TEST_P(OverlayApiTest, BlockWithoutClockHasNullClockAndNullFieldsStayNull) {
  sql("INSERT INTO event_modal_blocks (id, published, title) VALUES (5, 1, 'Zonder klok')");
  sql("INSERT INTO event_modal_blocks (id, published, title, count_clock_type) VALUES "
      "(6, 1, 'Lege klok', 'cms_countclock_countdown')");
  auto blocks = modal_blocks();
  ASSERT_EQ(blocks.size(), 2U);
  EXPECT_TRUE(blocks[1].at("countClock").is_null());
  EXPECT_EQ(blocks[1].at("description"), "");
  EXPECT_EQ(blocks[1].at("backgroundImage").at("url"), "");
  EXPECT_EQ(blocks[0].at("countClock"), json::parse(R"({"__typename":"cms_countclock_countdown",
                                                         "caption":null,"endDate":null,"startDate":null})"));
}

TEST_P(OverlayApiTest, UnpublishedBlocksAreNeverSentAndOrderIsSortOrderThenNewest) {
  sql("INSERT INTO event_modal_blocks (id, published, title, sort_order) VALUES "
      "(1, 0, 'Concept', 0), (2, 1, 'Derde', 5), (3, 1, 'Eerste', 1), (4, 1, 'Tweede', 5), (5, 0, 'Oud', 9)");
  auto blocks = modal_blocks();
  ASSERT_EQ(blocks.size(), 3U);
  EXPECT_EQ(blocks[0].at("id"), 3);
  EXPECT_EQ(blocks[1].at("id"), 4);
  EXPECT_EQ(blocks[2].at("id"), 2);
  for (const auto& block : blocks) EXPECT_EQ(block.at("published"), true);

  sql("UPDATE event_modal_blocks SET published = 0");
  EXPECT_TRUE(modal_blocks().empty());
}

TEST_P(OverlayApiTest, NotificationsAreTheActiveOnesWithTheirShape) {
  sql("INSERT INTO maintenance_notifications (id, title, description, url, is_dismissable, active) VALUES "
      "(2, 'Onderhoud', 'Dinsdagnacht', 'https://status.example/o', 1, 1), "
      "(1, 'Storing', 'Geen podcasts', NULL, 0, 1), "
      "(3, 'Voorbij', 'Oud nieuws', NULL, 1, 0)");
  auto items = notifications();
  ASSERT_EQ(items.size(), 2U);
  EXPECT_EQ(items[1], json::parse(R"({"id":1,"title":"Storing","description":"Geen podcasts","url":null,
                                      "isDismissable":false})"));
  EXPECT_EQ(items[0], json::parse(R"({"id":2,"title":"Onderhoud","description":"Dinsdagnacht",
                                      "url":"https://status.example/o","isDismissable":true})"));

  sql("UPDATE maintenance_notifications SET active = 0");
  EXPECT_TRUE(notifications().empty());
}

// Issue 54: a newly published banner or modal with the same order ('Volgorde 0') as one already on
// the site comes first, so visitors see it; a lower order still wins over a newer one.
TEST_P(OverlayApiTest, OfTwoWithTheSameOrderTheNewerIsShownFirst) {
  sql("INSERT INTO maintenance_notifications (id, title, active, sort_order) VALUES "
      "(1, 'Oude melding', 1, 0), (2, 'Nieuwe melding', 1, 0)");
  sql("INSERT INTO event_modal_blocks (id, published, title, sort_order) VALUES "
      "(1, 1, 'Oud blok', 0), (2, 1, 'Nieuw blok', 0)");
  EXPECT_EQ(notifications().at(0).at("title"), "Nieuwe melding");
  EXPECT_EQ(modal_blocks().at(0).at("title"), "Nieuw blok");

  sql("UPDATE maintenance_notifications SET sort_order = -1 WHERE id = 1");
  sql("UPDATE event_modal_blocks SET sort_order = -1 WHERE id = 1");
  EXPECT_EQ(notifications().at(0).at("title"), "Oude melding");
  EXPECT_EQ(modal_blocks().at(0).at("title"), "Oud blok");
}

// An older row published after a newer one (live_since, set on publication) is the most recent.
TEST_P(OverlayApiTest, TheOneThatCameOnTheSiteLastIsShownFirst) {
  sql("INSERT INTO event_modal_blocks (id, published, title, live_since) VALUES "
      "(1, 1, 'Later gepubliceerd', " +
      std::to_string(noon) + "), (2, 1, 'Eerder gepubliceerd', " + std::to_string(noon - 3600) + ")");
  sql("INSERT INTO maintenance_notifications (id, title, active, live_since, publish_at) VALUES "
      "(1, 'Vanaf nu', 1, NULL, " +
      std::to_string(noon - 60) + "), (2, 'Eerder', 1, " + std::to_string(noon - 7200) + ", NULL)");
  EXPECT_EQ(modal_blocks().at(0).at("id"), 1);
  EXPECT_EQ(notifications().at(0).at("id"), 1);
}

TEST_P(OverlayApiTest, StrongEtagAnswers304UntilTheContentChanges) {
  sql("INSERT INTO maintenance_notifications (id, title) VALUES (1, 'Onderhoud')");
  auto first = get("/api/maintenance-notification");
  const std::string etag(first.header("ETag"));
  ASSERT_GE(etag.size(), 3U);
  EXPECT_EQ(etag.front(), '"');
  EXPECT_EQ(etag.back(), '"');

  auto cached = get("/api/maintenance-notification", etag);
  EXPECT_EQ(cached.status, 304U);
  EXPECT_TRUE(cached.payload().empty());
  EXPECT_EQ(cached.header("ETag"), etag);
  EXPECT_EQ(get("/api/maintenance-notification", "\"other\"").status, 200U);

  sql("UPDATE maintenance_notifications SET title = 'Onderhoud voorbij'");
  auto changed = get("/api/maintenance-notification", etag);
  EXPECT_EQ(changed.status, 200U);
  EXPECT_NE(changed.header("ETag"), etag);

  auto modal = get("/api/eventmodal/content");
  EXPECT_EQ(get("/api/eventmodal/content", std::string(modal.header("ETag"))).status, 304U);
}

TEST_P(OverlayApiTest, AStoreFailureIsAJsonErrorNotACrash) {
  sql("DROP TABLE maintenance_notifications");
  auto response = get("/api/maintenance-notification");
  EXPECT_EQ(response.status, 500U);
  EXPECT_EQ(json::parse(response.payload()).at("error").at("code"), "internal");
  EXPECT_EQ(get("/api/eventmodal/content").status, 200U);
}

TEST_P(OverlayApiTest, OtherMethodsAreRefused) {
  http::Request request;
  request.method = "POST";
  ASSERT_TRUE(http::parse_target("/api/maintenance-notification", request));
  EXPECT_EQ(router_.dispatch(request).status, 405U);
}

INSTANTIATE_TEST_SUITE_P(Store, OverlayApiTest, ::testing::ValuesIn(test::store_backends()), test::backend_name);

}  // namespace
}  // namespace ether::api
