#pragma once
// The monthly royalty report of issue 52 (no store, no clock): one row per song a channel played
// in a calendar month, with what SENA, Buma/Stemra and SoundExchange ask for, as CSV.
//
// Months are Europe/Amsterdam calendar months (the station's, and its rights societies'): a play
// belongs to the month its start lies in, whenever it ends. Only plays that have ended by `now`
// are reported; a play's duration is as played (its end minus its start, in whole seconds).
//
// played_whole: "yes" when the play lasted at least the song's own duration minus
// kWholeToleranceSeconds (stored ends are whole seconds and playouts round), "no" when it was cut
// shorter, "" when the song's duration is not known (an ingested song sent without one).
//
// listeners_at_start (SoundExchange's "actual total performances" of the play): the channel's
// listener sessions running at the play's start instant, start_ms <= start < end_ms, among those
// that count at all (at least min_session_seconds long, as in listener_figures.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/csv.hpp"
#include "domain/listener_session.hpp"

namespace ether::listeners {

/// The report's columns, in this order (the README maps them to what each society asks for).
inline constexpr std::string_view kRoyaltyCsvHeader =
    "channel,start_utc,start_local,duration_seconds,artist,title,album,label,isrc,composer,played_whole,"
    "listeners_at_start";

/// A play shorter than its song by at most this many seconds still counts as played whole.
inline constexpr std::int64_t kWholeToleranceSeconds = 2;

/// A calendar month, as "YYYY-MM" names it.
struct ReportMonth {
  int year = 0;
  unsigned month = 0;  // 1..12
};

/// "2026-11" as a month; nullopt for anything else (years 2000..2999).
std::optional<ReportMonth> parse_report_month(std::string_view text);

/// The month's first instant and the next month's (unix seconds), at Amsterdam midnight.
struct MonthSpan {
  std::int64_t from = 0;
  std::int64_t until = 0;
};
MonthSpan month_span(ReportMonth month);

/// One play of the channel with its song's fields; empty text where the song has none.
struct RoyaltyPlay {
  std::int64_t starts_at = 0;  // unix seconds
  std::int64_t ends_at = 0;
  std::string artist;
  std::string title;
  std::string album;
  std::string label;
  std::string isrc;
  std::string composer;
  std::int64_t song_duration_ms = 0;  // 0: not known
  std::int64_t song_id = 0;           // the catalogue's
};

/// One row of the report.
struct RoyaltyRow {
  std::int64_t starts_at = 0;
  std::int64_t played_seconds = 0;
  std::optional<bool> played_whole;  // nullopt: the song's duration is not known
  std::int64_t listeners_at_start = 0;
  const RoyaltyPlay* play = nullptr;  // points into the plays given to royalty_rows
};

struct RoyaltyOptions {
  std::string channel;
  MonthSpan span;
  std::int64_t now = 0;  // unix seconds
  std::int64_t min_session_seconds = 60;
};

/// The rows of `plays` that start within the span and have ended by `now`, oldest first, counting
/// the listeners among `sessions` (of any channel; only options.channel's count).
std::vector<RoyaltyRow> royalty_rows(const std::vector<RoyaltyPlay>& plays,
                                     const std::vector<domain::ListenerSession>& sessions,
                                     const RoyaltyOptions& options);

/// The CSV (RFC 4180, CRLF line ends): kRoyaltyCsvHeader, then one line per row.
std::string royalty_csv(std::string_view channel, const std::vector<RoyaltyRow>& rows);

/// The CSV fields are written as the admin's other exports write them (domain/csv.hpp).
using domain::csv_field;

/// "2026-11-01T00:30:00+01:00": an instant in Amsterdam's wall-clock time with its offset.
std::string format_iso_amsterdam(std::int64_t unix_seconds);

}  // namespace ether::listeners
