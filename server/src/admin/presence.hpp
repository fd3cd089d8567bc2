#pragma once
// Who else has an item's edit form open (issue 37): the form sends a heartbeat while open and
// says goodbye when it closes; the answer names the other editors seen within the last
// kPresenceWindowSeconds. Kept in the store (migration 027, content_presence) so that every
// instance behind a load balancer sees the same; rows expire by time, old ones are pruned on write.
//   PUT    /api/admin/presence/{type}/{id}   -> {"others": [{"userId", "name"}]}
//   DELETE /api/admin/presence/{type}/{id}   204
// Behind AdminApi::authorize with edit_drafts, as reading the item (Origin and CSRF token for
// both); an unknown type or item is 404 not_found, a malformed id 400 bad_parameter.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

/// How long a heartbeat keeps an editor present (the form beats every ~12 s).
inline constexpr std::int64_t kPresenceWindowSeconds = 30;

struct PresentEditor {
  std::int64_t user_id = 0;
  std::string name;  // the account's display name
};

/// The store side, on a session.
class PresenceRepository {
 public:
  explicit PresenceRepository(soci::session& session) : session_(session) {}

  /// Records that `user_id` has the item open at `now`, and drops rows older than a day.
  void beat(const std::string& type, const std::string& key, std::int64_t user_id, std::int64_t now) const;
  void leave(const std::string& type, const std::string& key, std::int64_t user_id) const;
  /// The editors other than `user_id` seen at or after `since`, by name.
  [[nodiscard]] std::vector<PresentEditor> others(const std::string& type, const std::string& key, std::int64_t user_id,
                                                  std::int64_t since) const;

 private:
  soci::session& session_;
};

class PresenceApi {
 public:
  /// `now` gives Unix seconds (tests control it).
  PresenceApi(store::Database& db, const AdminApi& admin, std::function<std::int64_t()> now);

  void add_routes(http::Router& router);

 private:
  http::Response beat(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response leave(const http::Request& request, const std::string& type, const std::string& key) const;

  store::Database& db_;
  const AdminApi& admin_;
  std::function<std::int64_t()> now_;
};

}  // namespace ether::admin
