#pragma once
// The playout's plan in memory: per channel, the plays recorded lately and the ones that follow
// from its rotation, some minutes ahead. The live origin and the recorder read what plays from
// here, so that audio does not wait on the store at a song boundary; while the store is away the
// plan goes on from the rotation it last read, and once the store is back the plays made in the
// meantime are recorded exactly as they were planned (and played).
//
// Extending is deterministic (the rotation place after the last play, back to back), so an
// instance that only follows the store (sync + extend, never recording) plans the same plays as
// the one that records them.

#include <soci/soci.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "domain/playout.hpp"
#include "store/station_repository.hpp"
#include "store/track_play_repository.hpp"

namespace ether::playout {

/// A play with the song fields a live stream needs.
using PlannedPlay = store::PlayWithSong;

/// How long a song's audio file plays (ms), given the length the store says (`expected_ms`), or
/// nullopt when the file is missing, unreadable or holds no audio.
using AudioCheck = std::function<std::optional<long long>(const std::string& audio_path, long long expected_ms)>;

/// Thread-safe. The playout's tick calls sync/extend/mark_recorded/prune, the live origin's thread
/// skip; any thread reads.
class PlayPlan {
 public:
  /// `kept_seconds`: how long a recorded play stays in memory after it ended.
  explicit PlayPlan(long long kept_seconds = 900) : kept_seconds_(kept_seconds) {}

  /// Checks each song's file as it is planned (set before the first extend): a broken file is
  /// skipped for the next song of the rotation, and a file shorter than its song (truncated) is
  /// planned as long as it plays. Without one, every file is taken at its song's length.
  void set_audio_check(AudioCheck check) { check_ = std::move(check); }

  /// Reads the channel's rotation and its latest recorded play. The plan is kept when it holds that
  /// play (the plays after it are the ones not recorded yet); otherwise it starts over from that
  /// play, or from `earliest` for a channel that never played. Throws what the store throws.
  void sync(soci::session& session, const std::string& channel, long long now, long long earliest);

  /// Plays the rotation last read, back to back from the plan's end, until a play covers `until`.
  /// When no song of the rotation can be played, the channel has dead air from the plan's end: it
  /// is planned again from `now` on each call, and plays resume from there once a file is back.
  void extend(const std::string& channel, long long now, long long until);
  /// `extend` for every channel synced so far.
  void extend_all(long long now, long long until);

  /// Forgets the planned plays not recorded and not on air from the first whose file can no
  /// longer be played (it broke after it was planned), so that extend plans past it.
  void drop_unplayable(const std::string& channel, long long now);

  /// The play starting at `starts_at` could not be played from `at_ms` on (its file broke after it
  /// was planned, found when it was read ahead or when its turn came): it is cut there (forgotten
  /// when none of it played), the plays after it are forgotten, and the plan goes on from the next
  /// whole second with the next playable song of the rotation (or dead air), extended to `until`.
  /// What the store may hold of these plays is corrected by the next tick (corrections()).
  void skip(const std::string& channel, long long starts_at, std::int64_t at_ms, long long now, long long until);
  /// Plays skip() cut or forgot that the store may hold, oldest first: an `ends_at` at or before
  /// `starts_at` means the play is to be deleted, else it ends then.
  [[nodiscard]] std::vector<domain::TrackPlay> corrections(const std::string& channel) const;
  /// Forgets the first `count` corrections, once the store has them.
  void drop_corrections(const std::string& channel, std::size_t count);

  /// The channels whose dead air (no playable song) had begun by `now`, with the instant it began.
  [[nodiscard]] std::vector<std::pair<std::string, long long>> dead_air(long long now) const;

  /// The planned plays that start at or before `now` and that the store does not hold yet, oldest first.
  [[nodiscard]] std::vector<domain::TrackPlay> unrecorded(const std::string& channel, long long now) const;
  /// The planned plays that end after `from` and start at or before `until`, oldest first.
  [[nodiscard]] std::vector<domain::TrackPlay> between(const std::string& channel, long long from,
                                                       long long until) const;
  /// Notes that the store now holds every planned play up to `latest`.
  void mark_recorded(const std::string& channel, const domain::TrackPlay& latest);

  /// The planned play covering `at_ms` (unix ms), or nullopt when the plan does not reach it.
  [[nodiscard]] std::optional<PlannedPlay> at(const std::string& channel, std::int64_t at_ms) const;

  /// Forgets recorded plays that ended more than kept_seconds before `now`.
  void prune(long long now);

 private:
  struct ChannelPlan {
    std::vector<store::RotationSong> rotation;
    std::deque<PlannedPlay> plays;               // contiguous, oldest first
    std::optional<domain::TrackPlay> last;       // the play the next one follows
    long long cursor = 0;                        // where the next play starts
    std::optional<domain::TrackPlay> recorded;   // the latest play the store holds
    std::optional<long long> dead_air_since;     // no song of the rotation could be played from then
    std::vector<domain::TrackPlay> corrections;  // skipped plays the store may hold
  };
  void extend(const std::string& channel, ChannelPlan& plan, long long now, long long until) const;

  long long kept_seconds_;
  AudioCheck check_;
  mutable std::mutex mutex_;
  std::map<std::string, ChannelPlan, std::less<>> channels_;
};

}  // namespace ether::playout
