#pragma once
// What the monthly listener reports read from the store (issue 52): a channel's plays of a month
// with their songs' fields, and its listener sessions around them. Shared by the royalty report
// (admin/royalty_report_api.hpp) and the audience per song (admin/song_audience_api.hpp), which
// compute from it without a store (royalty_report.hpp, song_audience.hpp).

#include <functional>
#include <string>
#include <vector>

#include "domain/listener_session.hpp"
#include "listeners/listener_tracker.hpp"
#include "listeners/royalty_report.hpp"
#include "store/database.hpp"

namespace ether::listeners {

struct MonthOfPlays {
  /// The channel's plays that start within the span, oldest first; hidden plays left out.
  std::vector<RoyaltyPlay> plays;
  /// The channel's sessions that overlap the span: those stored, after `flush` has written the
  /// ones waiting in memory, and the tracker's open ones (ending now).
  std::vector<domain::ListenerSession> sessions;
};

MonthOfPlays load_month_of_plays(store::Database& db, ListenerTracker& tracker, const std::function<void()>& flush,
                                 const std::string& channel, MonthSpan span);

}  // namespace ether::listeners
