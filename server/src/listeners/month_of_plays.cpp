#include "listeners/month_of_plays.hpp"

#include <utility>

#include "store/listener_session_repository.hpp"
#include "store/track_play_repository.hpp"

namespace ether::listeners {

MonthOfPlays load_month_of_plays(store::Database& db, ListenerTracker& tracker, const std::function<void()>& flush,
                                 const std::string& channel, MonthSpan span) {
  // Sessions that overlap the month include those begun in the month before and still running at
  // its first plays; a flush first, so that a session closed a moment ago counts.
  if (flush) flush();
  std::vector<store::PlayForReport> stored;
  MonthOfPlays month;
  {
    auto lease = db.lease();
    stored = store::TrackPlayRepository(*lease).for_report(channel, span.from, span.until);
    month.sessions = store::ListenerSessionRepository(*lease).overlapping(span.from * 1000, span.until * 1000, channel);
  }
  for (auto& open : tracker.open_sessions()) {
    if (open.channel == channel && open.start_ms < span.until * 1000 && open.end_ms > span.from * 1000) {
      month.sessions.push_back(std::move(open));
    }
  }
  month.plays.reserve(stored.size());
  for (auto& play : stored) {
    month.plays.push_back(RoyaltyPlay{.starts_at = play.starts_at,
                                      .ends_at = play.ends_at,
                                      .artist = std::move(play.artist),
                                      .title = std::move(play.title),
                                      .album = std::move(play.album),
                                      .label = std::move(play.label),
                                      .isrc = std::move(play.isrc),
                                      .composer = std::move(play.composer),
                                      .song_duration_ms = play.duration_ms,
                                      .song_id = play.song_id});
  }
  return month;
}

}  // namespace ether::listeners
