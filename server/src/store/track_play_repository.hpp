#pragma once
// Track plays: what each channel played when. `record` is the one way a playout (the demo playout
// now, an external playout's ingest later) writes them.

#include <soci/soci.h>

#include <optional>
#include <string>
#include <vector>

#include "domain/playout.hpp"

namespace ether::store {

/// A track play with the song fields a live stream needs.
struct PlayWithSong {
  domain::TrackPlay play;
  std::string audio_path;
  long long duration_ms = 0;
  std::string title;
  std::string artist;
};

/// A track play with the song fields a royalty report needs (empty text where the song has none).
struct PlayForReport {
  long long starts_at = 0;
  long long ends_at = 0;
  std::string artist;
  std::string title;
  std::string album;
  std::string label;
  std::string isrc;
  std::string composer;
  long long duration_ms = 0;  // the song's own; 0 when not known
  long long song_id = 0;
};

/// A play of the log as the admin's corrections show it (admin/play_corrections_api.hpp).
struct LoggedPlay {
  long long id = 0;
  std::string channel;
  long long starts_at = 0;
  long long ends_at = 0;
  long long song_id = 0;
  std::string artist;
  std::string title;
  std::string source;                  // "playout" or "ingest" (an external playout's announcement)
  std::optional<long long> hidden_at;  // set: hidden from the site as logged wrongly
  std::string hidden_by;
};

/// Works on a session the caller leases (and, for batches, wraps in a transaction).
class TrackPlayRepository {
 public:
  explicit TrackPlayRepository(soci::session& session) : session_(session) {}

  /// Records that `song_id` played on `channel_slug` over [starts_at, ends_at). Idempotent on
  /// (channel, starts_at): a second record of the same start changes nothing and returns false.
  bool record(const std::string& channel_slug, long long song_id, long long starts_at, long long ends_at,
              std::optional<int> chart_position);
  /// `record` for many plays of one channel, a few hundred rows per statement; returns how many
  /// were new.
  int record_all(const std::string& channel_slug, const std::vector<domain::TrackPlay>& plays);

  /// The channel's latest play of the playout (by starts_at), or nullopt when it never played.
  /// Plays an external playout announced (source 'ingest', ingest/now_playing_ingest.hpp) carry
  /// no audio of ours and are never the playout's.
  std::optional<domain::TrackPlay> last_play(const std::string& channel_slug);
  /// The playout's play covering `instant` (starts_at <= instant < ends_at), with its song's audio.
  std::optional<PlayWithSong> covering(const std::string& channel_slug, long long instant);
  /// The channel's plays that start in [from, until), oldest first.
  std::vector<domain::TrackPlay> between(const std::string& channel_slug, long long from, long long until);
  /// The channel's plays that start in [from, until), newest first (as 'Gedraaid' lists them),
  /// hidden ones included, for the admin's corrections: `limit` of them from the `offset`th.
  std::vector<LoggedPlay> logged(const std::string& channel_slug, long long from, long long until, long long limit,
                                 long long offset);
  /// How many plays `logged` has in all for the channel and [from, until).
  long long count_logged(const std::string& channel_slug, long long from, long long until);
  /// The play `id` as `logged` gives it, or nullopt.
  std::optional<LoggedPlay> find_logged(long long id);
  /// Hides the play `id` as logged wrongly (at `hidden_at`, by `by`), or shows it again (nullopt).
  void set_hidden(long long id, std::optional<long long> hidden_at, const std::string& by);
  /// `between` with each play's song fields, for the royalty report (listeners/royalty_report.hpp)
  /// and the audience per song (listeners/song_audience.hpp).
  /// Hidden plays are left out: they did not go out as logged.
  std::vector<PlayForReport> for_report(const std::string& channel_slug, long long from, long long until);

 private:
  soci::session& session_;
};

}  // namespace ether::store
