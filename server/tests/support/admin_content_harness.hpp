#pragma once
// A seeded store (channels radio2 and radio5, the news category 'cultuur') with the admin and
// content routes on one router and a clock the test moves; a test adds the routes it is about
// (add_routes) and drives them as a signed-in user would.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "admin/admin_api.hpp"
#include "admin/content_api.hpp"
#include "http/router.hpp"
#include "store/database.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
#include "support/test_paths.hpp"

namespace ether::test {

class AdminContentHarness {
 public:
  AdminContentHarness(store::Database& db, std::int64_t start) : db_(db), now_(start) {
    exec("INSERT INTO channels (slug, name) VALUES ('radio2', 'Radio 2')");
    exec("INSERT INTO channels (slug, name) VALUES ('radio5', 'Radio 5')");
    exec("INSERT INTO news_categories (slug, name, color) VALUES ('cultuur', 'Cultuur', '#aa0000')");
    admin_ = std::make_unique<admin::AdminApi>(
        db_, admin::AdminOptions{.base_url = kAdminOrigin, .password_cost = admin::kMinimumCost, .throttle = {}},
        [this] { return now_.load(); });
    content_ = std::make_unique<admin::ContentApi>(
        db_, *admin_,
        admin::ContentApiOptions{.base_url = kAdminOrigin,
                                 .preview_secret = "test-preview-secret",
                                 .media_dir = std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo"},
        [this] { return now_.load(); }, [] {});
    admin_->add_routes(router_);
    content_->add_routes(router_);
  }

  /// An API of the admin made as `Api(db, admin, clock)`, its routes added beside the others.
  template <typename Api>
  Api& add_api() {
    auto api = std::make_unique<Api>(db_, *admin_, [this] { return now_.load(); });
    api->add_routes(router_);
    auto& added = *api;
    kept_.emplace_back(std::move(api));
    return added;
  }

  void exec(const std::string& sql) {
    auto lease = db_.lease();
    *lease << sql;
  }

  AdminAnswer as(const AdminLogin& who, const std::string& method, const std::string& target,
                 const boost::json::value& body = nullptr) {
    return admin_as(router_, who, method, target, body);
  }

  AdminLogin user(const std::string& email, admin::Role role) { return admin_user(db_, router_, now_, email, role); }

  /// Creates an item of `type` as `who` a minute after the last change, and returns its id.
  std::string create(const AdminLogin& who, const std::string& type, const boost::json::object& values) {
    now_ += 60;
    auto created = as(who, "POST", "/api/admin/content/" + type, boost::json::object{{"values", values}});
    EXPECT_EQ(created.status, 201U) << created.text;
    return created.id();
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_;
  std::unique_ptr<admin::AdminApi> admin_;
  std::unique_ptr<admin::ContentApi> content_;
  std::vector<std::shared_ptr<void>> kept_;
  http::Router router_;
};

}  // namespace ether::test
