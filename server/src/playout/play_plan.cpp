#include "playout/play_plan.hpp"

#include <algorithm>

namespace ether::playout {
namespace {

// Plays are whole seconds (instants are unix seconds). Rounding down keeps every play within its
// file, so the live origin never runs out of audio before the play ends; it cuts the last fraction.
long long play_seconds(long long duration_ms) { return std::max(1LL, duration_ms / 1000); }

// The rotation place after the one that played `last`; a song may sit in the rotation twice, so
// its chart position breaks the tie. Unknown songs (the rotation changed) start it over.
std::size_t next_position(const std::vector<store::RotationSong>& rotation, const domain::TrackPlay& last) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < rotation.size(); ++i) {
    if (rotation[i].entry.song_id != last.song_id) continue;
    if (!found) found = i;
    if (rotation[i].entry.chart_position == last.chart_position) {
      found = i;
      break;
    }
  }
  return found ? (*found + 1) % rotation.size() : 0;
}

bool same_play(const domain::TrackPlay& a, const domain::TrackPlay& b) {
  return a.starts_at == b.starts_at && a.song_id == b.song_id;
}

// The store's play is the planned one, or its rest after a live source left in the middle of it
// (logged from that instant; DemoPlayout::set_resume). The audio stays the planned play's.
bool holds(const domain::TrackPlay& planned, const domain::TrackPlay& stored) {
  return same_play(planned, stored) || (planned.song_id == stored.song_id && planned.ends_at == stored.ends_at &&
                                        planned.starts_at < stored.starts_at && stored.starts_at < planned.ends_at);
}

bool same_rotation(const std::vector<store::RotationSong>& a, const std::vector<store::RotationSong>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.entry.song_id == y.entry.song_id && x.entry.chart_position == y.entry.chart_position &&
           x.entry.duration_ms == y.entry.duration_ms && x.audio_path == y.audio_path && x.title == y.title &&
           x.artist == y.artist;
  });
}

}  // namespace

void PlayPlan::sync(soci::session& session, const std::string& channel, long long now, long long earliest) {
  auto rotation = store::StationRepository(session).rotation_songs(channel);
  store::TrackPlayRepository plays(session);
  const auto last = plays.last_play(channel);

  std::lock_guard lock(mutex_);
  auto [it, fresh] = channels_.try_emplace(channel);
  auto& plan = it->second;
  // A new rotation counts from the next song: what is planned but not on air yet is planned anew.
  if (!fresh && !same_rotation(plan.rotation, rotation)) {
    while (!plan.plays.empty() && plan.plays.back().play.starts_at > now &&
           (!plan.recorded || plan.plays.back().play.starts_at > plan.recorded->starts_at)) {
      plan.plays.pop_back();
    }
    if (!plan.plays.empty()) {
      plan.last = plan.plays.back().play;
      plan.cursor = plan.plays.back().play.ends_at;
    }
  }
  plan.rotation = std::move(rotation);
  if (!last) {
    // A channel that never played starts at `earliest`; a plan that had recorded plays which the
    // store no longer holds starts over too. A plan whose plays were not recorded yet is kept.
    if (fresh || plan.recorded)
      plan = ChannelPlan{std::move(plan.rotation), {}, std::nullopt, earliest, std::nullopt, std::nullopt, {}};
    return;
  }
  const bool known =
      (plan.recorded && same_play(*plan.recorded, *last)) ||
      std::any_of(plan.plays.begin(), plan.plays.end(), [&](const PlannedPlay& p) { return holds(p.play, *last); });
  // A plan that fell behind the backfill window (a clock that jumped) starts over at its edge.
  if (known && plan.cursor >= earliest) {
    plan.recorded = *last;
    return;
  }
  // An external playout took the air (ingest) and the plays of ours it overlapped were withdrawn
  // from the store, or never recorded: the store's last play is older than the plan's, which
  // played on in memory (the audio does not change with the now-playing) and stays.
  if (plan.recorded && last->starts_at < plan.recorded->starts_at && plan.cursor >= earliest) return;
  // Another writer recorded plays this plan does not know, or the plan is new: follow the store.
  plan.plays.clear();
  if (last->ends_at > now - kept_seconds_) {
    if (auto found = plays.covering(channel, last->starts_at); found && same_play(found->play, *last)) {
      plan.plays.push_back(std::move(*found));
    }
  }
  plan.last = *last;
  plan.cursor = std::max(last->ends_at, earliest);
  plan.recorded = *last;
}

void PlayPlan::extend(const std::string& channel, ChannelPlan& plan, long long now, long long until) const {
  if (plan.rotation.empty()) return;
  // After dead air the plays start from the present, not from where the last one ended.
  if (plan.dead_air_since && plan.cursor < now) plan.cursor = now;
  while (plan.cursor <= until) {
    const std::size_t first = plan.last ? next_position(plan.rotation, *plan.last) : 0;
    const store::RotationSong* song = nullptr;
    long long duration_ms = 0;
    for (std::size_t tried = 0; tried < plan.rotation.size() && !song; ++tried) {
      const auto& candidate = plan.rotation[(first + tried) % plan.rotation.size()];
      const auto playable = check_ ? check_(candidate.audio_path, candidate.entry.duration_ms)
                                   : std::optional<long long>(candidate.entry.duration_ms);
      if (playable && *playable > 0) {
        song = &candidate;
        duration_ms = std::min(candidate.entry.duration_ms, *playable);
      }
    }
    if (!song) {
      if (!plan.dead_air_since) plan.dead_air_since = std::max(plan.cursor, now);
      return;
    }
    plan.dead_air_since.reset();
    PlannedPlay next;
    next.play.channel_slug = channel;
    next.play.song_id = song->entry.song_id;
    next.play.starts_at = plan.cursor;
    next.play.ends_at = plan.cursor + play_seconds(duration_ms);
    next.play.chart_position = song->entry.chart_position;
    next.audio_path = song->audio_path;
    next.duration_ms = duration_ms;
    next.title = song->title;
    next.artist = song->artist;
    plan.last = next.play;
    plan.cursor = next.play.ends_at;
    plan.plays.push_back(std::move(next));
  }
}

void PlayPlan::extend(const std::string& channel, long long now, long long until) {
  std::lock_guard lock(mutex_);
  if (auto it = channels_.find(channel); it != channels_.end()) extend(channel, it->second, now, until);
}

void PlayPlan::extend_all(long long now, long long until) {
  std::lock_guard lock(mutex_);
  for (auto& [channel, plan] : channels_) extend(channel, plan, now, until);
}

void PlayPlan::drop_unplayable(const std::string& channel, long long now) {
  if (!check_) return;
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return;
  auto& plan = it->second;
  auto broken = std::find_if(plan.plays.begin(), plan.plays.end(), [&](const PlannedPlay& planned) {
    const bool pending =
        planned.play.starts_at > now && (!plan.recorded || planned.play.starts_at > plan.recorded->starts_at);
    if (!pending) return false;
    // Broken, or cut short since it was planned (it would leave the rest of its slot silent).
    constexpr long long kShortByMs = 2000;
    const auto playable = check_(planned.audio_path, planned.duration_ms);
    return !playable || *playable + kShortByMs < planned.duration_ms;
  });
  if (broken == plan.plays.end()) return;
  plan.cursor = broken->play.starts_at;
  plan.plays.erase(broken, plan.plays.end());
  plan.last = plan.plays.empty() ? plan.recorded : std::optional(plan.plays.back().play);
}

void PlayPlan::skip(const std::string& channel, long long starts_at, std::int64_t at_ms, long long now,
                    long long until) {
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return;
  auto& plan = it->second;
  auto skipped = std::find_if(plan.plays.begin(), plan.plays.end(),
                              [&](const PlannedPlay& planned) { return planned.play.starts_at == starts_at; });
  // Plays are whole seconds: the next one starts at the next, so no song is joined in its middle.
  const long long resume = std::max(starts_at, static_cast<long long>((at_ms + 999) / 1000));
  if (skipped == plan.plays.end() || resume >= skipped->play.ends_at) return;
  auto cut = *skipped;
  cut.play.ends_at = resume;
  plan.corrections.push_back(cut.play);
  for (auto later = std::next(skipped); later != plan.plays.end(); ++later) {
    auto gone = later->play;
    gone.ends_at = gone.starts_at;
    plan.corrections.push_back(gone);
  }
  plan.plays.erase(skipped, plan.plays.end());
  if (cut.play.ends_at > cut.play.starts_at) plan.plays.push_back(cut);
  // The rotation goes on after the skipped song rather than trying it again at once.
  plan.last = cut.play;
  plan.cursor = resume;
  // Dead air, should nothing else play either, begins where the skipped play was cut.
  plan.dead_air_since.reset();
  extend(channel, plan, now, until);
}

std::vector<domain::TrackPlay> PlayPlan::corrections(const std::string& channel) const {
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  return it == channels_.end() ? std::vector<domain::TrackPlay>{} : it->second.corrections;
}

void PlayPlan::drop_corrections(const std::string& channel, std::size_t count) {
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return;
  auto& corrections = it->second.corrections;
  corrections.erase(corrections.begin(),
                    corrections.begin() + static_cast<std::ptrdiff_t>(std::min(count, corrections.size())));
}

std::vector<std::pair<std::string, long long>> PlayPlan::dead_air(long long now) const {
  std::vector<std::pair<std::string, long long>> silent;
  std::lock_guard lock(mutex_);
  for (const auto& [channel, plan] : channels_) {
    if (plan.dead_air_since && *plan.dead_air_since <= now) silent.emplace_back(channel, *plan.dead_air_since);
  }
  return silent;
}

std::vector<domain::TrackPlay> PlayPlan::unrecorded(const std::string& channel, long long now) const {
  std::vector<domain::TrackPlay> result;
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return result;
  const auto& plan = it->second;
  for (const auto& planned : plan.plays) {
    if (planned.play.starts_at > now) break;
    if (!plan.recorded || planned.play.starts_at > plan.recorded->starts_at) result.push_back(planned.play);
  }
  return result;
}

std::vector<domain::TrackPlay> PlayPlan::between(const std::string& channel, long long from, long long until) const {
  std::vector<domain::TrackPlay> result;
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return result;
  for (const auto& planned : it->second.plays) {
    if (planned.play.starts_at > until) break;
    if (planned.play.ends_at > from) result.push_back(planned.play);
  }
  return result;
}

void PlayPlan::mark_recorded(const std::string& channel, const domain::TrackPlay& latest) {
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return;
  auto& recorded = it->second.recorded;
  if (!recorded || latest.starts_at > recorded->starts_at) recorded = latest;
}

std::optional<PlannedPlay> PlayPlan::at(const std::string& channel, std::int64_t at_ms) const {
  std::lock_guard lock(mutex_);
  auto it = channels_.find(channel);
  if (it == channels_.end()) return std::nullopt;
  const auto& plays = it->second.plays;
  // Most questions are about now, near the end of the plan.
  for (auto play = plays.rbegin(); play != plays.rend(); ++play) {
    if (play->play.ends_at * 1000 <= at_ms) break;
    if (play->play.starts_at * 1000 <= at_ms) return *play;
  }
  return std::nullopt;
}

void PlayPlan::prune(long long now) {
  std::lock_guard lock(mutex_);
  for (auto& [channel, plan] : channels_) {
    auto& plays = plan.plays;
    while (!plays.empty() && plays.front().play.ends_at < now - kept_seconds_ && plan.recorded &&
           plays.front().play.starts_at <= plan.recorded->starts_at) {
      plays.pop_front();
    }
  }
}

}  // namespace ether::playout
