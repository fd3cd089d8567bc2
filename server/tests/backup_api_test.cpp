// The admin's 'Back-ups' routes on a real SQLite store and a real scheduler: what a beheerder
// sees and asks, and what the other roles may not.

#include "backup/backup_api.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <memory>

#include "admin/bootstrap.hpp"
#include "http_test_support.hpp"
#include "store/database.hpp"
#include "support/admin_client.hpp"

namespace ether::backup {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kNow = 1795600000;

// The admin API and the backups' routes on one router, as the station routes them.
class BackupRoutes {
 public:
  BackupRoutes(store::Database& db, BackupScheduler* scheduler) : db_(db) {
    admin_ = std::make_unique<admin::AdminApi>(
        db, admin::AdminOptions{.base_url = test::kAdminOrigin, .password_cost = admin::kMinimumCost, .throttle = {}},
        [] { return kNow; });
    admin_->add_routes(router_);
    api_ = std::make_unique<BackupApi>(db, *admin_, scheduler, [] { return kNow; });
    api_->add_routes(router_);
  }

  test::AdminAnswer call(const std::string& method, const test::AdminLogin& who) {
    return test::admin_as(router_, who, method, "/api/admin/backups");
  }
  test::AdminLogin login(const std::string& email, admin::Role role) {
    return test::admin_user(db_, router_, kNow, email, role);
  }

 private:
  store::Database& db_;
  http::Router router_;
  std::unique_ptr<admin::AdminApi> admin_;
  std::unique_ptr<BackupApi> api_;
};

json::object body_of(const test::AdminAnswer& answer) { return answer.body.as_object(); }

TEST(BackupApi, ABeheerderSeesTheScheduleAndMakesABackupNow) {
  test::TempDir dir;
  config::Config config;
  config.data_dir = dir.path() / "data";
  std::filesystem::create_directories(config.data_dir);
  config.database_url = "sqlite:" + (config.data_dir / "ether.db").string();
  config.recordings_dir = config.data_dir / "recordings";
  auto db = store::Database::open(config.database_url, 2);
  db->migrate();
  BackupScheduler scheduler(config, ScheduleOptions{.dir = dir.path() / "backups", .every = 24h, .keep = 3});
  BackupRoutes routes(*db, &scheduler);
  const auto boss = routes.login("baas@ether.local", admin::Role::beheerder);

  auto before = routes.call("GET", boss);
  ASSERT_EQ(before.status, 200U) << before.text;
  EXPECT_TRUE(body_of(before).at("configured").as_bool());
  EXPECT_TRUE(body_of(before).at("lastGood").is_null());
  EXPECT_EQ(body_of(before).at("everySeconds").as_int64(), 86400);

  // Another instance leads the backups: this one says so.
  auto elsewhere = routes.call("POST", boss);
  EXPECT_EQ(elsewhere.status, 409U);
  EXPECT_EQ(body_of(elsewhere).at("error").at("code").as_string(), "backup_elsewhere");

  scheduler.set_leading(true);
  auto asked = routes.call("POST", boss);
  EXPECT_EQ(asked.status, 202U) << asked.text;
  scheduler.tick(std::chrono::system_clock::now());
  auto after = body_of(routes.call("GET", boss));
  EXPECT_FALSE(after.at("lastGood").is_null()) << after;
  EXPECT_GT(after.at("lastBytes").to_number<double>(), 0.0);
  EXPECT_TRUE(after.at("lastError").is_null());
  EXPECT_FALSE(after.at("overdue").as_bool());
  {
    auto lease = db->lease();
    int audited = 0;
    *lease << "SELECT COUNT(*) FROM admin_audit_log WHERE item_type = 'backup' AND action = 'run'", soci::into(audited);
    EXPECT_EQ(audited, 1);
  }

  // An eindredacteur may not see or start backups.
  const auto editor = routes.login("eind@ether.local", admin::Role::eindredacteur);
  EXPECT_EQ(routes.call("GET", editor).status, 403U);
  EXPECT_EQ(routes.call("POST", editor).status, 403U);
}

TEST(BackupApi, WithoutABackupDirThePageSaysSo) {
  test::TempDir dir;
  auto db = store::Database::open("sqlite:" + (dir.path() / "ether.db").string(), 2);
  db->migrate();
  BackupRoutes routes(*db, nullptr);
  const auto boss = routes.login("baas@ether.local", admin::Role::beheerder);
  EXPECT_FALSE(body_of(routes.call("GET", boss)).at("configured").as_bool());
  auto refused = routes.call("POST", boss);
  EXPECT_EQ(refused.status, 409U);
  EXPECT_EQ(body_of(refused).at("error").at("code").as_string(), "backups_off");
}

}  // namespace
}  // namespace ether::backup
