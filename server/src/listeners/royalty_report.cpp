#include "listeners/royalty_report.hpp"

#include <date/tz.h>

#include <algorithm>
#include <charconv>

#include "domain/csv.hpp"
#include "domain/time.hpp"

namespace ether::listeners {
namespace {

std::optional<int> number(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<ReportMonth> parse_report_month(std::string_view text) {
  if (text.size() != 7 || text[4] != '-') return std::nullopt;
  if (!std::all_of(text.begin(), text.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }) ||
      !std::all_of(text.begin() + 5, text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const auto year = number(text.substr(0, 4));
  const auto month = number(text.substr(5, 2));
  if (!year || !month || *year < 2000 || *year > 2999 || *month < 1 || *month > 12) return std::nullopt;
  return ReportMonth{*year, static_cast<unsigned>(*month)};
}

MonthSpan month_span(ReportMonth month) {
  const date::year_month first{date::year{month.year}, date::month{month.month}};
  const auto next = first + date::months{1};
  return MonthSpan{domain::local_to_unix(first / date::day{1}, 0), domain::local_to_unix(next / date::day{1}, 0)};
}

std::vector<RoyaltyRow> royalty_rows(const std::vector<RoyaltyPlay>& plays,
                                     const std::vector<domain::ListenerSession>& sessions,
                                     const RoyaltyOptions& options) {
  // Sorted starts and ends of the sessions that count: the sessions running at t are those started
  // by t less those ended by t, two binary searches per play instead of a pass over every session.
  std::vector<std::int64_t> starts;
  std::vector<std::int64_t> ends;
  for (const auto& session : sessions) {
    if (session.channel != options.channel) continue;
    if (session.end_ms - session.start_ms < options.min_session_seconds * 1000) continue;
    starts.push_back(session.start_ms);
    ends.push_back(session.end_ms);
  }
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());

  std::vector<RoyaltyRow> rows;
  for (const auto& play : plays) {
    if (play.starts_at < options.span.from || play.starts_at >= options.span.until) continue;
    if (play.ends_at > options.now) continue;
    RoyaltyRow row;
    row.play = &play;
    row.starts_at = play.starts_at;
    row.played_seconds = std::max<std::int64_t>(0, play.ends_at - play.starts_at);
    if (play.song_duration_ms > 0) {
      row.played_whole = row.played_seconds * 1000 >= play.song_duration_ms - kWholeToleranceSeconds * 1000;
    }
    const auto at_ms = play.starts_at * 1000;
    const auto started = std::upper_bound(starts.begin(), starts.end(), at_ms) - starts.begin();
    const auto ended = std::upper_bound(ends.begin(), ends.end(), at_ms) - ends.begin();
    row.listeners_at_start = started - ended;
    rows.push_back(row);
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const RoyaltyRow& a, const RoyaltyRow& b) { return a.starts_at < b.starts_at; });
  return rows;
}

std::string format_iso_amsterdam(std::int64_t unix_seconds) {
  static const date::time_zone* amsterdam = date::locate_zone("Europe/Amsterdam");
  const date::zoned_seconds zoned{amsterdam, date::sys_seconds{std::chrono::seconds{unix_seconds}}};
  return date::format("%Y-%m-%dT%H:%M:%S%Ez", zoned);
}

std::string royalty_csv(std::string_view channel, const std::vector<RoyaltyRow>& rows) {
  std::string out;
  domain::append_csv_line(out, {kRoyaltyCsvHeader});
  const auto channel_cell = csv_field(channel);
  for (const auto& row : rows) {
    const auto& play = *row.play;
    domain::append_csv_line(
        out, {channel_cell, domain::format_iso_utc(row.starts_at), format_iso_amsterdam(row.starts_at),
              std::to_string(row.played_seconds), csv_field(play.artist), csv_field(play.title), csv_field(play.album),
              csv_field(play.label), csv_field(play.isrc), csv_field(play.composer),
              row.played_whole ? (*row.played_whole ? "yes" : "no") : "", std::to_string(row.listeners_at_start)});
  }
  return out;
}

}  // namespace ether::listeners
