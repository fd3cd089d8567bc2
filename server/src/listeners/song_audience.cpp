#include "listeners/song_audience.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "domain/csv.hpp"
#include "domain/time.hpp"

namespace ether::listeners {
namespace {

constexpr std::int64_t kHourMs = 3600 * 1000;
constexpr double kMinuteMs = 60'000.0;

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

// The Amsterdam hour of the day of an instant. Amsterdam's offsets from UTC are whole hours, so
// each UTC hour is one local hour throughout; those of the month are looked up once, since a
// month's sessions are many and a time zone lookup is not free.
class LocalHours {
 public:
  LocalHours(std::int64_t from_ms, std::int64_t until_ms) : first_(floor_div(from_ms, kHourMs)) {
    for (auto hour = first_; hour * kHourMs < until_ms; ++hour) hours_.push_back(of_utc_hour(hour));
  }

  [[nodiscard]] int at(std::int64_t ms) const {
    const auto hour = floor_div(ms, kHourMs);
    if (hour >= first_ && hour - first_ < static_cast<std::int64_t>(hours_.size())) {
      return hours_[static_cast<std::size_t>(hour - first_)];
    }
    return of_utc_hour(hour);
  }

 private:
  static int of_utc_hour(std::int64_t hour) { return domain::local_minute_of_day(hour * 3600) / 60; }

  std::int64_t first_;
  std::vector<int> hours_;
};

// Calls `each(local hour, milliseconds)` for the part of [from_ms, until_ms) in each UTC hour.
template <typename Each>
void for_each_hour(const LocalHours& hours, std::int64_t from_ms, std::int64_t until_ms, Each each) {
  for (auto at = from_ms; at < until_ms;) {
    const auto next = std::min(until_ms, (floor_div(at, kHourMs) + 1) * kHourMs);
    each(hours.at(at), next - at);
    at = next;
  }
}

// How many of the sorted `instants` lie in [from, until).
std::int64_t count_within(const std::vector<std::int64_t>& instants, std::int64_t from, std::int64_t until) {
  return std::lower_bound(instants.begin(), instants.end(), until) -
         std::lower_bound(instants.begin(), instants.end(), from);
}

std::string figure(double value) {
  auto rounded = std::round(value * 1000.0) / 1000.0;
  if (rounded == 0) rounded = 0;  // no "-0.000"
  std::array<char, 64> text{};
  const auto written = std::snprintf(text.data(), text.size(), "%.3f", rounded);
  return {text.data(), static_cast<std::size_t>(std::max(0, written))};
}

}  // namespace

double HourCurve::tune_ins_per_minute() const { return minutes > 0 ? static_cast<double>(tune_ins) / minutes : 0; }

double HourCurve::tune_outs_per_minute() const { return minutes > 0 ? static_cast<double>(tune_outs) / minutes : 0; }

double SongAudience::minutes_played() const { return static_cast<double>(seconds_played) / 60.0; }

std::int64_t SongAudience::net() const { return tune_ins - tune_outs; }

double SongAudience::expected_net() const { return expected_tune_ins - expected_tune_outs; }

double SongAudience::difference() const { return static_cast<double>(net()) - expected_net(); }

SongAudienceReport song_audience(const std::vector<RoyaltyPlay>& plays,
                                 const std::vector<domain::ListenerSession>& sessions,
                                 const SongAudienceOptions& options) {
  SongAudienceReport report;
  auto& curve = report.curve;
  const auto from_ms = options.span.from * 1000;
  const auto counted_until_ms = std::max(from_ms, std::min(options.span.until * 1000, options.now_ms));
  const LocalHours hours(from_ms, counted_until_ms);
  for_each_hour(hours, from_ms, counted_until_ms, [&curve](int hour, std::int64_t ms) {
    curve[static_cast<std::size_t>(hour)].minutes += static_cast<double>(ms) / kMinuteMs;
  });

  // Sorted tune-ins and tune-outs: those within a play are then two binary searches each. A session
  // still open ends at the tracker's now, not before `now`: after every play that has ended and
  // outside the month so far, so it is no tune-out anywhere.
  std::vector<std::int64_t> starts;
  std::vector<std::int64_t> ends;
  for (const auto& session : sessions) {
    if (session.channel != options.channel) continue;
    if (session.end_ms - session.start_ms < options.min_session_seconds * 1000) continue;
    starts.push_back(session.start_ms);
    if (session.start_ms >= from_ms && session.start_ms < counted_until_ms) {
      ++curve[static_cast<std::size_t>(hours.at(session.start_ms))].tune_ins;
    }
    ends.push_back(session.end_ms);
    if (session.end_ms >= from_ms && session.end_ms < counted_until_ms) {
      ++curve[static_cast<std::size_t>(hours.at(session.end_ms))].tune_outs;
    }
  }
  std::sort(starts.begin(), starts.end());
  std::sort(ends.begin(), ends.end());

  std::map<std::int64_t, SongAudience> by_song;
  for (const auto& play : plays) {
    if (play.starts_at < options.span.from || play.starts_at >= options.span.until) continue;
    if (play.ends_at * 1000 > options.now_ms) continue;
    auto& song = by_song[play.song_id];
    if (song.plays == 0) {
      song.song_id = play.song_id;
      song.artist = play.artist;
      song.title = play.title;
    }
    ++song.plays;
    const auto play_from = play.starts_at * 1000;
    const auto play_until = std::max(play_from, play.ends_at * 1000);
    song.seconds_played += (play_until - play_from) / 1000;
    song.tune_ins += count_within(starts, play_from, play_until);
    song.tune_outs += count_within(ends, play_from, play_until);
    for_each_hour(hours, play_from, play_until, [&song, &curve](int hour, std::int64_t ms) {
      const auto& rates = curve[static_cast<std::size_t>(hour)];
      const auto minutes = static_cast<double>(ms) / kMinuteMs;
      song.expected_tune_ins += minutes * rates.tune_ins_per_minute();
      song.expected_tune_outs += minutes * rates.tune_outs_per_minute();
    });
  }

  report.songs.reserve(by_song.size());
  for (auto& [id, song] : by_song) report.songs.push_back(std::move(song));
  std::sort(report.songs.begin(), report.songs.end(), [](const SongAudience& a, const SongAudience& b) {
    if (a.difference() != b.difference()) return a.difference() < b.difference();
    if (a.net() != b.net()) return a.net() < b.net();
    if (a.artist != b.artist) return a.artist < b.artist;
    if (a.title != b.title) return a.title < b.title;
    return a.song_id < b.song_id;
  });
  return report;
}

std::string song_audience_csv(std::string_view channel, std::string_view month,
                              const std::vector<SongAudience>& songs) {
  std::string out;
  domain::append_csv_line(out, {kSongAudienceCsvHeader});
  const auto channel_cell = csv_field(channel);
  const auto month_cell = csv_field(month);
  for (const auto& song : songs) {
    domain::append_csv_line(
        out, {channel_cell, month_cell, std::to_string(song.song_id), csv_field(song.artist), csv_field(song.title),
              std::to_string(song.plays), figure(song.minutes_played()), std::to_string(song.tune_ins),
              figure(song.expected_tune_ins), std::to_string(song.tune_outs), figure(song.expected_tune_outs),
              std::to_string(song.net()), figure(song.expected_net()), figure(song.difference())});
  }
  return out;
}

}  // namespace ether::listeners
