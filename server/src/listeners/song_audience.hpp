#pragma once
// The audience per song of issue 52 (no store, no clock): the listeners each song gained or lost
// while it played on a channel in an Amsterdam calendar month, against the channel's usual curve at
// that hour. What is counted:
//
//   counted session  one of the channel's listener sessions of at least min_session_seconds (as
//                    every listener figure counts them, listener_figures.hpp); no other counts
//   tune-in          a counted session's start; tune-out: its end. A session whose end is not
//                    before `now` is still running (the tracker's open sessions end at now): it has
//                    no tune-out yet
//   the month so far [span.from, min(span.until, now)), span from month_span (royalty_report.hpp)
//   the curve        per Amsterdam hour of the day (0..23): the channel's tune-ins in the month so
//                    far at that hour, and its tune-outs, each divided by the minutes of the month
//                    so far at that hour, as rates per minute. Every day has each hour once, but
//                    the day of the change to summer time has no hour 2 and the day back two
//   a play           one of the channel's plays that started within the span and ended by `now`,
//                    lasting [starts_at, ends_at); its song is the catalogue's song id
//   its tune-ins     the counted sessions that started within the play, starts_at <= start <
//                    ends_at (a session started at the instant one play ends and the next begins
//                    is the next one's); its tune-outs: those that ended within it
//   its expectation  the curve's rates over the play's time, each part of it at the rate of the
//                    Amsterdam hour it falls in: a play from 13:58 to 14:02 is expected two
//                    minutes' worth of hour 13's tune-ins and two of hour 14's
//
// Per song, over the month's plays: plays, minutes played, tune-ins and expected tune-ins,
// tune-outs and expected tune-outs, net (tune-ins minus tune-outs), expected net, and difference
// (net minus expected net): below zero, more listeners switched off (or fewer switched on) while
// the song played than usually do at those hours. Songs are ordered by difference, the one that
// lost the most listeners first; then by net, artist, title and song id.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "domain/listener_session.hpp"
#include "listeners/royalty_report.hpp"

namespace ether::listeners {

/// The CSV's columns, in this order (the README describes them).
inline constexpr std::string_view kSongAudienceCsvHeader =
    "channel,month,song_id,artist,title,plays,minutes_played,tune_ins,expected_tune_ins,tune_outs,"
    "expected_tune_outs,net,expected_net,difference";

/// One Amsterdam hour of the day of the channel's curve.
struct HourCurve {
  double minutes = 0;  // of the month so far at this hour
  std::int64_t tune_ins = 0;
  std::int64_t tune_outs = 0;

  /// 0 when the month so far has no minute at this hour.
  [[nodiscard]] double tune_ins_per_minute() const;
  [[nodiscard]] double tune_outs_per_minute() const;
};

/// One song's month.
struct SongAudience {
  std::int64_t song_id = 0;
  std::string artist;
  std::string title;
  std::int64_t plays = 0;
  std::int64_t seconds_played = 0;
  std::int64_t tune_ins = 0;
  double expected_tune_ins = 0;
  std::int64_t tune_outs = 0;
  double expected_tune_outs = 0;

  [[nodiscard]] double minutes_played() const;
  [[nodiscard]] std::int64_t net() const;
  [[nodiscard]] double expected_net() const;
  [[nodiscard]] double difference() const;
};

struct SongAudienceReport {
  std::array<HourCurve, 24> curve{};  // by Amsterdam hour of the day
  std::vector<SongAudience> songs;    // the one that lost the most listeners first
};

struct SongAudienceOptions {
  std::string channel;
  MonthSpan span;
  std::int64_t now_ms = 0;
  std::int64_t min_session_seconds = 60;
};

/// The curve and the songs of options.channel's month from its `plays` (those outside the span
/// or not yet ended are left out) and `sessions` (of any channel; only options.channel's count).
SongAudienceReport song_audience(const std::vector<RoyaltyPlay>& plays,
                                 const std::vector<domain::ListenerSession>& sessions,
                                 const SongAudienceOptions& options);

/// The CSV (RFC 4180, CRLF line ends, fields as csv_field gives them): kSongAudienceCsvHeader, then
/// one line per song in the given order; figures with three decimals.
std::string song_audience_csv(std::string_view channel, std::string_view month, const std::vector<SongAudience>& songs);

}  // namespace ether::listeners
