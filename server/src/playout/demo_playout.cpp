#include "playout/demo_playout.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <condition_variable>

#include "playout/schedule_materialiser.hpp"
#include "reporting/reporter.hpp"
#include "store/station_repository.hpp"
#include "store/track_play_repository.hpp"

namespace ether::playout {
namespace {

constexpr long long kDaySeconds = 86400;
// How far back an instance that has just become the leader looks for sources that left.
constexpr long long kResumeLookbackSeconds = 120;

bool overlaps(const domain::TrackPlay& play, const std::vector<std::pair<long long, long long>>& windows) {
  return std::any_of(windows.begin(), windows.end(), [&play](const auto& window) {
    return play.starts_at < window.second && play.ends_at > window.first;
  });
}

}  // namespace

DemoPlayout::DemoPlayout(store::Database& db, int backfill_days, Clock clock)
    : db_(db), backfill_days_(backfill_days), clock_(std::move(clock)) {}

DemoPlayout::~DemoPlayout() { stop(); }

void DemoPlayout::start() {
  if (running_) return;
  running_ = true;
  thread_ = std::jthread([this](const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    // While the store is away every tick fails: said once a minute, not once a second.
    std::optional<std::chrono::steady_clock::time_point> failing_since_log;
    while (!stop.stop_requested()) {
      try {
        if (recording_) {
          catch_up(clock_());
        } else {
          follow(clock_());
        }
        if (failing_since_log) spdlog::info("playout: the store is back; the plays made meanwhile are recorded");
        failing_since_log.reset();
      } catch (const std::exception& e) {
        const auto now = std::chrono::steady_clock::now();
        if (!failing_since_log || now - *failing_since_log >= std::chrono::minutes(1)) {
          spdlog::error("playout: catch-up failed (playing on from the plan in memory): {}", e.what());
          reporting::report_exception("playout", e, "catch-up failed");
          failing_since_log = now;
        }
      }
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
    }
  });
}

void DemoPlayout::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
  running_ = false;
}

int DemoPlayout::catch_up(std::chrono::system_clock::time_point now) { return tick(now, true); }

void DemoPlayout::follow(std::chrono::system_clock::time_point now) { tick(now, false); }

int DemoPlayout::tick(std::chrono::system_clock::time_point now, bool record) {
  std::lock_guard lock(catch_up_mutex_);
  const long long now_unix = domain::to_unix(now);
  const auto today = domain::local_date(now_unix);
  int recorded = 0;
  try {
    std::vector<std::string> channels;
    {
      auto session = db_.lease();
      channels = store::StationRepository(*session).channel_slugs();
    }
    // Remembered only once there are channels, so that a store seeded after the first tick still
    // gets its broadcasts the same day.
    if (record && materialised_for_ != today && !channels.empty()) {
      materialise_schedule(db_, domain::add_days(today, -backfill_days_), domain::add_days(today, 7));
      materialised_for_ = today;
    }
    for (const auto& channel : channels) recorded += record_plays(channel, now_unix, record);
  } catch (...) {
    // The audio must not wait for the store: the plan goes on from the rotations it last read.
    plan_.extend_all(now_unix, now_unix + kAheadSeconds);
    plan_.prune(now_unix);
    report_dead_air(now_unix);
    throw;
  }
  plan_.prune(now_unix);
  report_dead_air(now_unix);
  return recorded;
}

int DemoPlayout::record_plays(const std::string& channel_slug, long long now, bool record) {
  auto session = db_.lease();
  store::Transaction tx(*session);
  // Before sync, so that the store's latest play is one the plan still holds.
  const auto corrections = plan_.corrections(channel_slug);
  if (record) {
    for (const auto& play : corrections) {
      if (play.ends_at <= play.starts_at) {
        *session << "DELETE FROM track_plays WHERE channel_slug = :c AND starts_at = :s AND song_id = :g AND source "
                    "= 'playout'",
            soci::use(channel_slug), soci::use(play.starts_at), soci::use(play.song_id);
      } else {
        *session << "UPDATE track_plays SET ends_at = :e WHERE channel_slug = :c AND starts_at = :s AND song_id = :g "
                    "AND source = 'playout'",
            soci::use(play.ends_at), soci::use(channel_slug), soci::use(play.starts_at), soci::use(play.song_id);
      }
    }
  }
  plan_.sync(*session, channel_slug, now, now - backfill_days_ * kDaySeconds);
  plan_.drop_unplayable(channel_slug, now);
  plan_.extend(channel_slug, now, now + kAheadSeconds);
  if (!record) {
    // The instance that records corrects the store; a follower's plan follows it.
    plan_.drop_corrections(channel_slug, corrections.size());
    return 0;
  }
  // Exactly the plays the plan handed to the live origin, including those of a store outage.
  const long long until = now + record_ahead_.count();
  const auto batch = plan_.unrecorded(channel_slug, until);
  auto kept = batch;
  if (give_way_ && !batch.empty()) {
    const auto windows = give_way_(*session, channel_slug, batch.front().starts_at);
    std::erase_if(kept, [&windows](const domain::TrackPlay& play) { return overlaps(play, windows); });
  }
  // Plays that gave way to a live source's items, and are on air or due after the source left.
  std::optional<long long> resumed;
  if (resume_ && give_way_) {
    const auto handled = resumed_until_.find(channel_slug);
    const long long from = handled == resumed_until_.end() ? now - kResumeLookbackSeconds : handled->second + 1;
    for (const long long at : resume_(*session, channel_slug, from, until)) {
      const auto windows = give_way_(*session, channel_slug, at);
      for (auto play : plan_.between(channel_slug, at, until)) {
        play.starts_at = std::max(play.starts_at, at);
        if (!overlaps(play, windows)) kept.push_back(play);
      }
      resumed = at;
    }
  }
  std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.starts_at < b.starts_at; });
  kept.erase(
      std::unique(kept.begin(), kept.end(), [](const auto& a, const auto& b) { return a.starts_at == b.starts_at; }),
      kept.end());
  const int recorded = store::TrackPlayRepository(*session).record_all(channel_slug, kept);
  tx.commit();
  plan_.drop_corrections(channel_slug, corrections.size());
  if (!batch.empty()) plan_.mark_recorded(channel_slug, batch.back());
  if (resumed) resumed_until_[channel_slug] = *resumed;
  return recorded;
}

void DemoPlayout::report_dead_air(long long now) {
  std::map<std::string, long long, std::less<>> current;
  for (const auto& [channel, since] : plan_.dead_air(now)) current.emplace(channel, since);
  for (const auto& [channel, since] : current) {
    const bool fresh = !dead_air_reported_.contains(channel);
    // The same line every tick: the limiter writes it once a minute, with how often it recurred.
    dead_air_log_.log(spdlog::level::err,
                      fmt::format("playout: dead air on {} since {}: no song of its rotation can be played; the "
                                  "channel sends silence",
                                  channel, domain::format_api_local(since)));
    if (fresh && dead_air_listener_) dead_air_listener_(channel, since);
  }
  for (const auto& [channel, since] : dead_air_reported_) {
    if (current.contains(channel)) continue;
    spdlog::info("playout: {} plays again after dead air since {}", channel, domain::format_api_local(since));
    if (dead_air_listener_) dead_air_listener_(channel, std::nullopt);
  }
  dead_air_reported_ = std::move(current);
}

void DemoPlayout::skip(const std::string& channel, long long starts_at, std::int64_t at_ms) {
  const long long now = domain::to_unix(clock_());
  plan_.skip(channel, starts_at, at_ms, now, now + kAheadSeconds);
}

std::optional<NowPlaying> DemoPlayout::now_playing(const std::string& channel_slug,
                                                   std::chrono::system_clock::time_point at) {
  const auto at_ms = std::chrono::duration_cast<std::chrono::milliseconds>(at.time_since_epoch()).count();
  auto found = plan_.at(channel_slug, at_ms);
  if (!found) {
    auto session = db_.lease();
    found = store::TrackPlayRepository(*session).covering(channel_slug, domain::to_unix(at));
  }
  if (!found) return std::nullopt;
  NowPlaying now;
  now.play = found->play;
  now.audio_path = found->audio_path;
  now.duration_ms = found->duration_ms;
  now.title = found->title;
  now.artist = found->artist;
  now.offset = std::chrono::duration_cast<std::chrono::milliseconds>(at - domain::from_unix(found->play.starts_at));
  return now;
}

}  // namespace ether::playout
