#pragma once
// The start page of /beheer (issue 54): the work of the signed-in user and the newsroom in one
// request, for every role, under the admin API's guard (Cache-Control: no-store):
//   GET /api/admin/start
//       {"user":{"name"},
//        "myDrafts":[item], "waitingForReview":[item], "scheduled":[item], "recentlyEdited":[item]
//        (at most 10 each),
//        "onSite":{"banner": item or null, "modal": item or null}}
//   item: {"type","typeLabel","id","title","state","publishAt","lastEdit":{"by","at"} or null,"url"}
//   myDrafts: the drafts the user created, newest edit first; waitingForReview: the drafts offered
//   for review (content/content_workflow.hpp), newest edit first; scheduled: set to come on the site,
//   soonest first; recentlyEdited: any content item by its last edit in the audit log; onSite: what
//   a visitor sees now (content/live_overlays.hpp). A user limited to channels sees no item of
//   another channel; no list names anything but content items (no accounts, keys or sessions).
// Each list is one entry of the blocks table in start_api.cpp, defined by one content::WorkList.

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

/// How many items each list of the start page holds at most.
inline constexpr std::size_t kStartListSize = 10;

class StartApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  StartApi(store::Database& db, const AdminApi& admin, Clock clock);

  void add_routes(http::Router& router);

 private:
  [[nodiscard]] http::Response start(const http::Request& request) const;

  store::Database& db_;
  const AdminApi& admin_;
  Clock clock_;
};

}  // namespace ether::admin
