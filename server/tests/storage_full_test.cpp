// A save on a full store (issue 36 item 3): SQLite's page limit (PRAGMA max_page_count) makes
// the store really full, so the write fails with SQLITE_FULL as on a full disk. The site answers
// 507 storage_full in Dutch, saying the change was not saved and the typed text is still there;
// nothing is stored, and once there is room again the same save is stored.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>

#include "admin/admin_api.hpp"
#include "admin/content_api.hpp"
#include "app/site_app.hpp"
#include "config/config.hpp"
#include "http_test_support.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"

namespace ether::app {
namespace {

namespace json = boost::json;

constexpr std::int64_t kNow = 1'795'258'800;

http::Response save(SiteApp& app, const test::AdminLogin& who, const std::string& name) {
  http::Request request;
  request.method = "POST";
  EXPECT_TRUE(http::parse_target("/api/admin/content/programmes", request));
  // A long description needs new pages, which a full store does not have.
  const json::object values{
      {"name", name}, {"slug", name}, {"channel", "radio2"}, {"description", std::string(6000, 'x')}};
  request.body = json::serialize(json::object{{"values", values}});
  request.remote_address = "192.0.2.10";
  request.headers["Host"] = "radio.example";
  request.headers["Origin"] = test::kAdminOrigin;
  request.headers["Cookie"] = "ether_session=" + who.cookie;
  request.headers["X-CSRF-Token"] = who.csrf;
  return app.handle(request);
}

TEST(StorageFull, ASaveOnAFullStoreAnswers507InDutchAndStoresNothing) {
  testing_support::TempStore temp;
  // One session, so that the page limit (a setting of the connection) holds for every write.
  auto db = store::Database::open(temp.url(), 1);
  {
    auto lease = db->lease();
    *lease << "INSERT INTO channels (slug, name) VALUES ('radio2', 'Radio 2')";
  }
  test::TempDir dir;
  test::write_web_dist(dir.path() / "web");
  config::Config config;
  config.web_dir = dir.path() / "web";
  config.media_dir = dir.path() / "media";
  config.base_url = test::kAdminOrigin;
  test::FakePageSource pages;
  auto app = SiteApp::create(config, pages, [] { return true; });
  admin::AdminApi admin_api(
      *db, admin::AdminOptions{.base_url = test::kAdminOrigin, .password_cost = admin::kMinimumCost, .throttle = {}},
      [] { return kNow; });
  admin::ContentApi content_api(*db, admin_api, admin::ContentApiOptions{.base_url = test::kAdminOrigin},
                                [] { return kNow; });
  admin_api.add_routes(app->router());
  content_api.add_routes(app->router());
  const auto editor = test::admin_user(*db, app->router(), kNow, "eva@radio.example", admin::Role::eindredacteur);

  int pages_used = 0;
  {
    auto lease = db->lease();
    *lease << "PRAGMA page_count", soci::into(pages_used);
    *lease << "PRAGMA max_page_count = " + std::to_string(pages_used);
  }
  const std::string long_name = "vol";
  const auto refused = save(*app, editor, long_name);
  EXPECT_EQ(refused.status, 507U) << refused.body;
  const auto error = json::parse(refused.body).at("error");
  EXPECT_EQ(error.at("code"), "storage_full");
  const std::string message(error.at("message").as_string());
  EXPECT_NE(message.find("niet opgeslagen"), std::string::npos) << message;
  EXPECT_NE(message.find("staat er nog"), std::string::npos) << message;

  int stored = -1;
  {
    auto lease = db->lease();
    *lease << "SELECT COUNT(*) FROM programmes", soci::into(stored);
    *lease << "PRAGMA max_page_count = 1000000";
  }
  EXPECT_EQ(stored, 0);
  // Room again: the same session (its failed transaction rolled back) stores the same save.
  EXPECT_EQ(save(*app, editor, long_name).status, 201U);
}

}  // namespace
}  // namespace ether::app
