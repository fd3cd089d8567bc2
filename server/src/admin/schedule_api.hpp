#pragma once
// The schedule routes of the admin ('Programmering'): a channel's weekly slots and its one-off
// changes for a date (errors {"error":{"code","message"}} in Dutch, form errors 422
// invalid_fields with "fields"; Cache-Control: no-store). Times are Amsterdam wall-clock "HH:MM",
// whole minutes; an end of "24:00" or "00:00" is midnight at the end of the day.
//   GET    /api/admin/schedule                           the channels the user may open
//   GET    /api/admin/schedule/{channel}?from=yyyy-MM-dd its slots, programmes and changes from `from`
//                                                        (default today) for a year, each with its version; canEdit
//   POST   /api/admin/schedule/{channel}/slots            {weekday 1-7, start, end, programmeId} -> 201 {slot}
//   PUT    /api/admin/schedule/{channel}/slots/{id}       the same and {version} -> {slot}
//   DELETE /api/admin/schedule/{channel}/slots/{id}?version=n  204 (its cancellations go with it)
//   POST   /api/admin/schedule/{channel}/changes          {date, kind: special|cancel, slotId | programmeId
//                                                        or title, start, end} -> 201 {change}
//   PUT    /api/admin/schedule/{channel}/changes/{id}     the same and {version} -> {change}
//   DELETE /api/admin/schedule/{channel}/changes/{id}?version=n  204
// Optimistic locking: a PUT or DELETE names the version the editor loaded (without it 400); when
// the entry has been saved or removed since, nothing is written and the answer is 409 conflict.
// Rules: slots of a channel never overlap on their weekday, nor specials on their date (422 naming
// the one in the way; edits of one channel take its row lock first, so two at once are checked one
// after the other); a programme must exist and be the channel's; a cancellation names a slot of
// the date's weekday, once; no change for a date before today. Roles (admin/roles.hpp): reading
// needs edit_drafts, every change edit_published (eindredacteur, beheerder; a redacteur gets 403);
// a user limited to channels sees and changes only those (403 forbidden_channel). Each change
// writes its audit row (fields before and after) and the store's content version in its own
// transaction, and re-plans the channel's broadcasts that have not started yet
// (playout::replan_channel), so that the guide, the mini player and the recordings follow at once.

#include <cstdint>
#include <functional>
#include <string>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

class ScheduleApi {
 public:
  /// `now` gives unix seconds (tests control it); `changed` runs after every committed change, so
  /// that this instance's caches follow at once (the others follow the content version).
  ScheduleApi(store::Database& db, const AdminApi& admin, std::function<std::int64_t()> now,
              std::function<void()> changed = {});

  void add_routes(http::Router& router);

 private:
  http::Response channels(const http::Request& request) const;
  http::Response show(const http::Request& request, const std::string& channel) const;
  http::Response save_slot(const http::Request& request, const std::string& channel, const std::string* id) const;
  http::Response remove_slot(const http::Request& request, const std::string& channel, const std::string& id) const;
  http::Response save_change(const http::Request& request, const std::string& channel, const std::string* id) const;
  http::Response remove_change(const http::Request& request, const std::string& channel, const std::string& id) const;
  struct EntryKind;
  http::Response remove_entry(const http::Request& request, const std::string& channel, const std::string& id,
                              const EntryKind& kind) const;
  /// `response`, after telling the caches about the change it made (when it succeeded).
  http::Response after_change(http::Response response) const;

  store::Database& db_;
  const AdminApi& admin_;
  std::function<std::int64_t()> now_;
  std::function<void()> changed_;
};

}  // namespace ether::admin
