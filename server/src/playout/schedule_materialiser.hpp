#pragma once
// Turns the weekly schedule (Amsterdam wall-clock slots) and the one-off changes of each date into
// dated broadcasts, and brings the planned broadcasts in line after the schedule is edited.

#include <soci/soci.h>

#include <string>
#include <vector>

#include "domain/playout.hpp"
#include "domain/time.hpp"
#include "store/database.hpp"
#include "store/schedule_repository.hpp"
#include "store/station_repository.hpp"

namespace ether::playout {

/// How many days after today the schedule is materialised.
inline constexpr int kScheduleDaysAhead = 7;

/// The broadcasts `slots` of `channel_slug` make on each Amsterdam date in [first, last], with
/// `changes` applied: a cancelled slot makes none that date; a special broadcast is added, and the
/// weekly broadcasts of its date that start inside it give way, one that runs into it ends at its
/// start. DST correct: a slot ending at 24:00 ends at the next local midnight, so a switch day has
/// 23 or 25 hours of broadcasts; a slot inside the spring-forward gap (02:00-03:00) makes none, one
/// over the autumn's repeated hour lasts an hour longer. Slug: programme slug (or "speciaal") +
/// '-' + local date; title: the programme's name or the special's title.
std::vector<domain::Broadcast> broadcasts_for(const std::string& channel_slug,
                                              const std::vector<store::SlotWithProgramme>& slots,
                                              const std::vector<store::ChangeWithProgramme>& changes,
                                              domain::LocalDate first, domain::LocalDate last);

/// Inserts the missing broadcasts of every channel over [first, last], one transaction per channel;
/// returns how many were new. A broadcast that would overlap one already stored (say, an hour since
/// re-planned) is left out. Idempotent.
int materialise_schedule(store::Database& db, domain::LocalDate first, domain::LocalDate last);

struct Replanned {
  int inserted = 0;
  int updated = 0;
  int removed = 0;
};

/// After an edit of `channel_slug`'s schedule: makes its broadcasts that start after `now` and up to
/// kScheduleDaysAhead days ahead match the schedule (inserting, rewriting or removing them), and
/// never touches one that started by `now` or has a recording; a new broadcast that would overlap
/// such a one is left out. Runs on the caller's session and transaction.
Replanned replan_channel(soci::session& session, const std::string& channel_slug, long long now);

}  // namespace ether::playout
