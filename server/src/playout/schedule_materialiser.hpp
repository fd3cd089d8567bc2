#pragma once
// Turns the weekly schedule (Amsterdam wall-clock slots) into dated broadcasts.

#include <string>
#include <vector>

#include "domain/playout.hpp"
#include "domain/time.hpp"
#include "store/database.hpp"
#include "store/station_repository.hpp"

namespace ether::playout {

/// The broadcasts `slots` of `channel_slug` make on each Amsterdam date in [first, last]. DST
/// correct: a slot ending at 24:00 ends at the next local midnight, so a switch day has 23 or 25
/// hours of broadcasts. Slug: programme slug + '-' + local date; title: the programme's name.
std::vector<domain::Broadcast> broadcasts_for(const std::string& channel_slug,
                                              const std::vector<store::SlotWithProgramme>& slots,
                                              domain::LocalDate first, domain::LocalDate last);

/// Inserts the missing broadcasts of every channel over [first, last], one transaction per channel;
/// returns how many were new. Idempotent.
int materialise_schedule(store::Database& db, domain::LocalDate first, domain::LocalDate last);

}  // namespace ether::playout
