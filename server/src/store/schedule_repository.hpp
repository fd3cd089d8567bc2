#pragma once
// The editable schedule of a channel in the store: its weekly slots (table schedule_slots) and
// the one-off changes for a date (table schedule_changes, migration 015), each with the programme
// fields the admin shows and a materialised broadcast copies.

#include <soci/soci.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "domain/station.hpp"
#include "store/station_repository.hpp"

namespace ether::store {

/// A one-off change on one Amsterdam date: a special broadcast, or a weekly slot cancelled.
struct ScheduleChange {
  long long id = 0;
  std::string channel_slug;
  std::string local_date;                 // yyyy-MM-dd
  std::string kind;                       // "special" or "cancel"
  std::optional<long long> slot_id;       // cancel
  std::optional<long long> programme_id;  // special with a programme
  std::string title;                      // special without one
  int start_minute = 0;                   // special
  int end_minute = 0;                     // special
  long long version = 1;                  // goes up with every edit (optimistic locking)
};

/// A change with its programme's slug, name and image (empty without a programme).
struct ChangeWithProgramme {
  ScheduleChange change;
  std::string programme_slug;
  std::string programme_name;
  std::string programme_image_url;
};

/// The programme fields a schedule entry needs.
struct ProgrammeRef {
  long long id = 0;
  std::string slug;
  std::string name;
  std::string channel_slug;
};

/// Works on a session the caller leases (and wraps in the transaction of the change).
class ScheduleRepository {
 public:
  explicit ScheduleRepository(soci::session& session) : session_(session) {}

  /// Takes the channel's row lock until the transaction ends (a write that changes nothing), so
  /// that two edits of one channel's schedule are checked for overlaps one after the other.
  void lock_channel(const std::string& channel_slug);
  /// One slot with its programme, or nullopt.
  std::optional<SlotWithProgramme> slot(long long id);
  /// Changes a slot's programme, weekday and times (its channel stays) and raises its version, if
  /// it is still at `version`; false (nothing written) when someone else changed or removed it.
  bool update_slot(const domain::ScheduleSlot& slot, long long version);
  /// Removes a slot and the cancellations that named it, if it is still at `version`; false
  /// (nothing removed) otherwise.
  bool delete_slot(long long id, long long version);

  /// A channel's changes on the dates [first, last] (yyyy-MM-dd), by date and start.
  std::vector<ChangeWithProgramme> changes(const std::string& channel_slug, const std::string& first,
                                           const std::string& last);
  /// One change, or nullopt.
  std::optional<ChangeWithProgramme> change(long long id);
  /// Inserts a change; returns its id (the id of the argument is ignored).
  long long insert_change(const ScheduleChange& change);
  /// Rewrites a change's date, kind and fields (its channel stays) and raises its version, if it is
  /// still at `version`; false (nothing written) otherwise.
  bool update_change(const ScheduleChange& change, long long version);
  /// Removes a change if it is still at `version`; false (nothing removed) otherwise.
  bool delete_change(long long id, long long version);

  /// Every channel as (slug, name), in the site's order.
  std::vector<std::pair<std::string, std::string>> channels();
  /// A programme by id, or nullopt.
  std::optional<ProgrammeRef> programme(long long id);
  /// The programmes of a channel, by name.
  std::vector<ProgrammeRef> programmes(const std::string& channel_slug);
  /// How much of a channel's schedule names the programme: its weekly slots there plus its
  /// one-off changes there dated `first_date` (yyyy-MM-dd) or later.
  long long programme_uses(long long programme_id, const std::string& channel_slug, const std::string& first_date);

 private:
  soci::session& session_;
};

}  // namespace ether::store
