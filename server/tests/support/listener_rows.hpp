#pragma once
// Rows the listener reports read, written straight into a test's store: a play of a song on a
// channel (track_plays) and a listener session (listener_sessions), for tests that work out the
// reports' figures by hand.

#include <soci/soci.h>

#include <string>

namespace ether::test {

/// A play of `song` on `channel` from `starts` to `ends` (unix seconds), as an ingest records it;
/// `hidden` marks it corrected away (hidden at its end).
inline void add_play(soci::session& sql, const std::string& channel, long long song, long long starts, long long ends,
                     bool hidden = false) {
  const long long hidden_at = hidden ? ends : 0;
  soci::indicator hidden_ind = hidden ? soci::i_ok : soci::i_null;
  sql << "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, source, hidden_at) VALUES (:c, :s, :a, "
         ":e, 'ingest', :h)",
      soci::use(channel), soci::use(song), soci::use(starts), soci::use(ends), soci::use(hidden_at, hidden_ind);
}

/// A listener's MP3 session on `channel` from `from_s` to `until_s` (unix seconds).
inline void add_session(soci::session& sql, const std::string& channel, long long from_s, long long until_s) {
  const long long from_ms = from_s * 1000;
  const long long until_ms = until_s * 1000;
  sql << "INSERT INTO listener_sessions (channel, format, listener, started_at_ms, ended_at_ms) VALUES (:c, 'mp3', "
         "'hash', :f, :u)",
      soci::use(channel), soci::use(from_ms), soci::use(until_ms);
}

}  // namespace ether::test
