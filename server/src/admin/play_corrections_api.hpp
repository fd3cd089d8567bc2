#pragma once
// 'Gedraaid corrigeren' (issue 54): an eindredacteur or beheerder (Permission::edit_published)
// sees a channel's play log of an Amsterdam day and hides a play that was logged wrongly, or shows
// it again; a wrong title is corrected on its song ('Muziek', content type "songs"). Under the
// admin API's guard; errors {"error":{"code","message"}}:
//   GET /api/admin/plays?channel=radio2&date=2026-11-27&page=1   (date: today; channel: the first
//       the user may correct; page: 1, when left out)
//       {"channel","date","channels":[{"slug","name"}],"plays":[{"id","startsAt","endsAt","songId",
//        "artist","title","source","hidden","hiddenBy"}],"page","pageSize","total"}: a page of 50,
//       newest first from the one on air now, hidden plays included; 400 bad_parameter; 403
//       forbidden_channel for a user limited to other channels.
//   PUT /api/admin/plays/{id}/hidden  {"hidden": true|false}
//       {"play":{...}}; audited (item type "play", action "hide" or "show") with a new content
//       version, so that 'Gedraaid', the song pages, the search and every instance's caches follow;
//       404 not_found, 400 bad_json.
// A hidden play stays in the log and keeps its audio; store/publication.hpp play_shown says where
// it is left out.

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

class PlayCorrectionsApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  /// `changed` runs once a correction is stored, holding no store session (the content version's
  /// watch, so that this instance's caches follow at once).
  PlayCorrectionsApi(store::Database& db, const AdminApi& admin, Clock clock, std::function<void()> changed);

  void add_routes(http::Router& router);

 private:
  [[nodiscard]] http::Response list(const http::Request& request) const;
  [[nodiscard]] http::Response set_hidden(const http::Request& request, const std::string& id_text) const;

  store::Database& db_;
  const AdminApi& admin_;
  Clock clock_;
  std::function<void()> changed_;
};

}  // namespace ether::admin
