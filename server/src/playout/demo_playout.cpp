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

// Plays are whole seconds (instants are unix seconds). Rounding down keeps every play within its
// file, so the live origin never runs out of audio before the play ends; it cuts the last fraction.
long long play_seconds(long long duration_ms) { return std::max(1LL, duration_ms / 1000); }

// The rotation place after the one that played `last`; a song may sit in the rotation twice, so
// its chart position breaks the tie. Unknown songs (the rotation changed) start it over.
std::size_t next_position(const std::vector<domain::RotationEntry>& rotation, const domain::TrackPlay& last) {
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < rotation.size(); ++i) {
    if (rotation[i].song_id != last.song_id) continue;
    if (!found) found = i;
    if (rotation[i].chart_position == last.chart_position) {
      found = i;
      break;
    }
  }
  return found ? (*found + 1) % rotation.size() : 0;
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
    while (!stop.stop_requested()) {
      try {
        catch_up(clock_());
      } catch (const std::exception& e) {
        spdlog::error("playout: catch-up failed: {}", e.what());
        reporting::report_exception("playout", e, "catch-up failed");
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

int DemoPlayout::catch_up(std::chrono::system_clock::time_point now) {
  std::lock_guard lock(catch_up_mutex_);
  const long long now_unix = domain::to_unix(now);
  const auto today = domain::local_date(now_unix);
  std::vector<std::string> channels;
  {
    auto session = db_.lease();
    channels = store::StationRepository(*session).channel_slugs();
  }
  // Remembered only once there are channels, so that a store seeded after the first tick still
  // gets its broadcasts the same day.
  if (materialised_for_ != today && !channels.empty()) {
    materialise_schedule(db_, domain::add_days(today, -backfill_days_), domain::add_days(today, 7));
    materialised_for_ = today;
  }
  int recorded = 0;
  for (const auto& channel : channels) recorded += record_plays(channel, now_unix);
  return recorded;
}

int DemoPlayout::record_plays(const std::string& channel_slug, long long now) {
  auto session = db_.lease();
  soci::transaction tx(*session);
  store::TrackPlayRepository plays(*session);
  const auto rotation = store::StationRepository(*session).rotation(channel_slug);
  if (rotation.empty()) return 0;

  const long long earliest = now - backfill_days_ * kDaySeconds;
  long long cursor = earliest;
  const long long horizon = now + record_ahead_.count();
  std::size_t position = 0;
  if (auto last = plays.last_play(channel_slug)) {
    if (last->ends_at > horizon) return 0;
    // A store left off for longer than the backfill window resumes at its edge, not at the gap's start.
    cursor = std::max(last->ends_at, earliest);
    position = next_position(rotation, *last);
  }
  std::vector<domain::TrackPlay> batch;
  while (cursor <= horizon) {
    const auto& entry = rotation[position];
    domain::TrackPlay play;
    play.song_id = entry.song_id;
    play.starts_at = cursor;
    play.ends_at = cursor + play_seconds(entry.duration_ms);
    play.chart_position = entry.chart_position;
    batch.push_back(play);
    cursor = play.ends_at;
    position = (position + 1) % rotation.size();
  }
  const int recorded = plays.record_all(channel_slug, batch);
  tx.commit();
  return recorded;
}

std::optional<NowPlaying> DemoPlayout::now_playing(const std::string& channel_slug,
                                                   std::chrono::system_clock::time_point at) {
  auto session = db_.lease();
  auto found = store::TrackPlayRepository(*session).covering(channel_slug, domain::to_unix(at));
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
