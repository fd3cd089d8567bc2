#pragma once
// The demo playout: keeps the store's broadcasts and track plays up to the present, as if every
// channel had been on air all along. Each tick (once a second) materialises the schedule around
// today and records the songs each channel's rotation played since the last recorded play.
// What plays is planned in memory some minutes ahead (PlayPlan): now_playing answers from there,
// so the live origin and the recorder go on through a store outage, and the plays of the outage
// are recorded, exactly as planned, once the store is back.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "domain/playout.hpp"
#include "domain/time.hpp"
#include "playout/play_plan.hpp"
#include "reporting/log_limiter.hpp"
#include "store/database.hpp"

namespace ether::playout {

/// What a channel plays at an instant: the play, its song's audio and how far into it we are.
struct NowPlaying {
  domain::TrackPlay play;
  std::string audio_path;  // relative to the media directory
  long long duration_ms = 0;
  std::chrono::milliseconds offset{0};
  std::string title;  // the song's
  std::string artist;
};

class DemoPlayout {
 public:
  using Clock = std::function<std::chrono::system_clock::time_point()>;

  /// `backfill_days`: how far back an empty store is filled with broadcasts and plays.
  DemoPlayout(
      store::Database& db, int backfill_days, Clock clock = [] { return std::chrono::system_clock::now(); });
  ~DemoPlayout();
  DemoPlayout(const DemoPlayout&) = delete;
  DemoPlayout& operator=(const DemoPlayout&) = delete;

  /// Starts a thread that runs catch_up(clock()) every second; errors are logged, never thrown.
  void start();
  /// Stops the thread; returns once it has ended (at most the tick in progress).
  void stop();
  [[nodiscard]] bool running() const { return running_; }

  /// Records each play this long before it starts (set before start()), so that instances
  /// streaming from the store, and the info document, find the next play before it begins.
  void set_record_ahead(std::chrono::seconds ahead) { record_ahead_ = ahead; }

  /// Whether this instance records the plays (it leads the playout) or follows those another
  /// instance records. The thread of start() runs catch_up() while recording, follow() otherwise.
  /// Recording by default.
  void set_recording(bool recording) { recording_ = recording; }
  [[nodiscard]] bool recording() const { return recording_; }

  /// One tick: (a) broadcasts for the Amsterdam dates [today - backfill_days, today + 7] when the
  /// local date changed since the last tick; (b) for every channel with a rotation, plays back to
  /// back from the last play's end (at most backfill_days back) until a play covers `now` plus the
  /// record-ahead time. Idempotent; one transaction per channel. Returns the number of plays
  /// recorded. The plays come from the plan, which is extended to `now` + kAheadSeconds; when the
  /// store fails, the plan is still extended (from memory) before the error is thrown.
  int catch_up(std::chrono::system_clock::time_point now);
  /// What an instance that does not record does instead of catch_up: keeps the plan in line with
  /// the plays another instance records (and extended from memory while the store fails).
  void follow(std::chrono::system_clock::time_point now);

  /// The play covering `at` on a channel: from the plan, else (an instant before it) from the
  /// store; nullopt when nothing was recorded for that instant. Throws what the store throws.
  std::optional<NowPlaying> now_playing(const std::string& channel_slug, std::chrono::system_clock::time_point at);

  /// Windows [from, until) in which a channel's own plays give way to an external playout's
  /// now-playing (ingest/now_playing_ingest.hpp), asked on the tick's session for the windows
  /// that end after `from`.
  using GiveWay = std::function<std::vector<std::pair<long long, long long>>(
      soci::session& session, const std::string& channel, long long from)>;
  /// Plays that overlap such a window are planned (the audio goes on) but not recorded, so that
  /// the play log, the info document and 'Gedraaid' show the external items. Set before start().
  void set_give_way(GiveWay give_way) { give_way_ = std::move(give_way); }

  /// The instants in [from, until] at which a live source's items on a channel ended
  /// (ingest/now_playing_ingest.hpp), asked on the tick's session.
  using Resume = std::function<std::vector<long long>(soci::session& session, const std::string& channel,
                                                      long long from, long long until)>;
  /// From such an instant the plays give way no more: the play on air then is recorded from that
  /// instant to its end (its audio unchanged), and the ones after it that gave way to the source's
  /// longer window are recorded too, unless another window holds them. Set before start().
  void set_resume(Resume resume) { resume_ = std::move(resume); }

  /// Checks each song's file as it is planned (PlayPlan::set_audio_check); set before start().
  void set_audio_check(AudioCheck check) { plan_.set_audio_check(std::move(check)); }

  /// The play starting at `starts_at` (unix s) could not be played from `at_ms` on: the plan goes
  /// on at once with the next playable song, or dead air (PlayPlan::skip), and the next tick
  /// corrects what the store holds of it. From memory; called on the live origin's thread.
  void skip(const std::string& channel, long long starts_at, std::int64_t at_ms);

  /// Told on the playout's thread when a channel's dead air begins (no song of its rotation can be
  /// played; `since` in unix seconds) and when it ends (nullopt). Set before start().
  using DeadAirListener = std::function<void(const std::string& channel, std::optional<long long> since)>;
  void set_dead_air_listener(DeadAirListener listener) { dead_air_listener_ = std::move(listener); }
  /// The channels with dead air at `now` (unix s), with the instant it began; from memory.
  [[nodiscard]] std::vector<std::pair<std::string, long long>> dead_air(long long now) const {
    return plan_.dead_air(now);
  }

  /// How far past now the plan reaches.
  static constexpr long long kAheadSeconds = 600;

 private:
  int tick(std::chrono::system_clock::time_point now, bool record);
  int record_plays(const std::string& channel_slug, long long now, bool record);
  /// Tells the listener of dead air that began or ended, and logs the ongoing one once a minute.
  void report_dead_air(long long now);

  store::Database& db_;
  int backfill_days_;
  std::chrono::seconds record_ahead_{0};
  std::atomic<bool> recording_{true};
  Clock clock_;
  GiveWay give_way_;
  Resume resume_;
  std::mutex catch_up_mutex_;
  std::map<std::string, long long, std::less<>> resumed_until_;  // per channel: the latest instant resumed from
  std::optional<domain::LocalDate> materialised_for_;
  PlayPlan plan_;
  DeadAirListener dead_air_listener_;
  std::map<std::string, long long, std::less<>> dead_air_reported_;  // per channel: since when
  reporting::LogLimiter dead_air_log_;
  std::atomic<bool> running_{false};
  std::jthread thread_;
};

}  // namespace ether::playout
