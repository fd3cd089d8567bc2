#include "listeners/listener_figures.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <utility>

namespace ether::listeners {
namespace {

constexpr std::int64_t kHour = 3600;
constexpr std::int64_t kDay = 24 * kHour;
constexpr std::int64_t kQuarterMs = 15 * 60 * 1000;
// The audience measurement convention: a quarter hour counts a listener who listened 5 minutes of it.
constexpr std::int64_t kQuarterCreditMs = 5 * 60 * 1000;

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

std::int64_t overlap(std::int64_t a_from, std::int64_t a_until, std::int64_t b_from, std::int64_t b_until) {
  return std::max<std::int64_t>(0, std::min(a_until, b_until) - std::max(a_from, b_from));
}

double median(std::vector<double>& values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// What one bucket of one channel (or the total) gathers before its figures are known.
struct Accumulator {
  std::int64_t starts = 0;
  std::int64_t listening_ms = 0;
  std::vector<double> lengths;                                              // seconds, of sessions that began here
  std::map<std::int64_t, std::set<std::string>> listeners_by_day;           // UTC day -> hashes
  std::map<std::pair<std::int64_t, std::string>, std::int64_t> quarter_ms;  // (quarter, hash) -> time
};

void add_session(Accumulator& into, const Session& session, std::int64_t from_ms, std::int64_t until_ms) {
  if (session.start_ms >= from_ms && session.start_ms < until_ms) {
    ++into.starts;
    into.lengths.push_back(static_cast<double>(session.end_ms - session.start_ms) / 1000.0);
  }
  const auto begin = std::max(session.start_ms, from_ms);
  const auto end = std::min(session.end_ms, until_ms);
  if (end <= begin) return;
  into.listening_ms += end - begin;
  for (auto day = floor_div(begin, kDay * 1000); day * kDay * 1000 < end; ++day) {
    into.listeners_by_day[day].insert(session.listener);
  }
  for (auto quarter = floor_div(begin, kQuarterMs); quarter * kQuarterMs < end; ++quarter) {
    into.quarter_ms[{quarter, session.listener}] +=
        overlap(begin, end, quarter * kQuarterMs, (quarter + 1) * kQuarterMs);
  }
}

Figures figures_of(Accumulator& gathered, BucketSize by, std::int64_t from_ms, std::int64_t until_ms,
                   std::int64_t now_ms) {
  Figures figures;
  figures.starts = gathered.starts;
  figures.listening_hours = static_cast<double>(gathered.listening_ms) / (kHour * 1000.0);
  const auto counted_until = std::min(until_ms, std::max(from_ms, now_ms));
  if (counted_until > from_ms) {
    figures.average_active = static_cast<double>(gathered.listening_ms) / static_cast<double>(counted_until - from_ms);
    // Quarter hours that have begun by `now`; each counts even when nobody listened in it.
    const auto quarters = floor_div(counted_until - from_ms + kQuarterMs - 1, kQuarterMs);
    std::int64_t credited = 0;
    for (const auto& [key, ms] : gathered.quarter_ms) credited += ms >= kQuarterCreditMs ? 1 : 0;
    figures.aqh = quarters > 0 ? static_cast<double>(credited) / static_cast<double>(quarters) : 0;
  }
  figures.cume_is_daily_sum = by == BucketSize::week || by == BucketSize::month;
  for (const auto& [day, hashes] : gathered.listeners_by_day) figures.cume += static_cast<std::int64_t>(hashes.size());
  if (!figures.cume_is_daily_sum && gathered.listeners_by_day.size() > 1) {
    // An hour or a day lies within one day's salt; merged in case a session's time spans midnight.
    std::set<std::string> all;
    for (const auto& [day, hashes] : gathered.listeners_by_day) all.insert(hashes.begin(), hashes.end());
    figures.cume = static_cast<std::int64_t>(all.size());
  }
  figures.median_session_seconds = median(gathered.lengths);
  return figures;
}

}  // namespace

std::optional<BucketSize> parse_bucket_size(std::string_view text) {
  if (text == "hour") return BucketSize::hour;
  if (text == "day") return BucketSize::day;
  if (text == "week") return BucketSize::week;
  if (text == "month") return BucketSize::month;
  return std::nullopt;
}

std::string_view bucket_size_name(BucketSize size) {
  switch (size) {
    case BucketSize::hour:
      return "hour";
    case BucketSize::day:
      return "day";
    case BucketSize::week:
      return "week";
    case BucketSize::month:
      return "month";
  }
  return "day";
}

std::int64_t bucket_start(BucketSize size, std::int64_t instant) {
  const auto day = floor_div(instant, kDay);
  switch (size) {
    case BucketSize::hour:
      return floor_div(instant, kHour) * kHour;
    case BucketSize::day:
      return day * kDay;
    case BucketSize::week: {
      // 1970-01-01 was a Thursday: three days after a Monday.
      const auto since_monday = ((day + 3) % 7 + 7) % 7;
      return (day - since_monday) * kDay;
    }
    case BucketSize::month: {
      const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{day}}};
      const std::chrono::sys_days first{date.year() / date.month() / 1};
      return static_cast<std::int64_t>(first.time_since_epoch().count()) * kDay;
    }
  }
  return day * kDay;
}

std::int64_t next_bucket(BucketSize size, std::int64_t start) {
  switch (size) {
    case BucketSize::hour:
      return start + kHour;
    case BucketSize::day:
      return start + kDay;
    case BucketSize::week:
      return start + 7 * kDay;
    case BucketSize::month: {
      const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{floor_div(start, kDay)}}};
      const std::chrono::sys_days next{(date.year() / date.month() / 1) + std::chrono::months{1}};
      return static_cast<std::int64_t>(next.time_since_epoch().count()) * kDay;
    }
  }
  return start + kDay;
}

std::vector<BucketFigures> compute_figures(const std::vector<Session>& sessions, std::int64_t from, std::int64_t until,
                                           BucketSize by, const std::vector<std::string>& channels,
                                           const FigureOptions& options) {
  std::vector<std::pair<std::int64_t, std::int64_t>> buckets;
  for (auto start = bucket_start(by, from); start < until; start = next_bucket(by, start)) {
    buckets.emplace_back(start, next_bucket(by, start));
  }
  std::map<std::string, std::size_t, std::less<>> column;
  for (std::size_t i = 0; i < channels.size(); ++i) column.emplace(channels[i], i);
  const auto groups = channels.size() + 1;  // the channels, then the total
  std::vector<Accumulator> gathered(buckets.size() * groups);
  const auto min_ms = options.min_session_seconds * 1000;
  for (const auto& session : sessions) {
    if (session.end_ms - session.start_ms < min_ms || buckets.empty()) continue;
    const auto channel = column.find(session.channel);
    // The buckets it overlaps or began in, found by their starts.
    const auto first = std::upper_bound(buckets.begin(), buckets.end(), session.start_ms,
                                        [](std::int64_t ms, const auto& b) { return ms < b.second * 1000; });
    for (auto it = first; it != buckets.end() && it->first * 1000 < std::max(session.end_ms, session.start_ms + 1);
         ++it) {
      const auto index = static_cast<std::size_t>(it - buckets.begin());
      const auto from_ms = it->first * 1000;
      const auto until_ms = it->second * 1000;
      if (channel != column.end()) add_session(gathered[index * groups + channel->second], session, from_ms, until_ms);
      add_session(gathered[index * groups + channels.size()], session, from_ms, until_ms);
    }
  }
  std::vector<BucketFigures> out;
  out.reserve(gathered.size());
  for (std::size_t b = 0; b < buckets.size(); ++b) {
    for (std::size_t g = 0; g < groups; ++g) {
      BucketFigures figures;
      figures.from = buckets[b].first;
      figures.until = buckets[b].second;
      figures.channel = g < channels.size() ? channels[g] : std::string();
      figures.figures =
          figures_of(gathered[b * groups + g], by, buckets[b].first * 1000, buckets[b].second * 1000, options.now_ms);
      out.push_back(std::move(figures));
    }
  }
  return out;
}

Peak peak_concurrent(const std::vector<Session>& sessions, std::int64_t from_ms, std::int64_t until_ms) {
  // Ends sort before starts at the same instant, so that a hand-over is not counted twice.
  std::vector<std::pair<std::int64_t, int>> events;
  for (const auto& session : sessions) {
    const auto begin = std::max(session.start_ms, from_ms);
    const auto end = std::min(session.end_ms, until_ms);
    if (end <= begin) continue;
    events.emplace_back(begin, +1);
    events.emplace_back(end, -1);
  }
  std::sort(events.begin(), events.end());
  Peak peak;
  std::int64_t open = 0;
  for (const auto& [at, change] : events) {
    open += change;
    if (open > peak.listeners) peak = {open, at};
  }
  return peak;
}

Audience audience_between(const std::vector<Session>& sessions, std::int64_t from_ms, std::int64_t until_ms,
                          const FigureOptions& options) {
  const auto end_ms = std::min(until_ms, options.now_ms);
  if (end_ms <= from_ms) return {};
  std::vector<Session> counted;
  std::int64_t listening_ms = 0;
  for (const auto& session : sessions) {
    if (session.end_ms - session.start_ms < options.min_session_seconds * 1000) continue;
    const auto overlap = std::min(session.end_ms, end_ms) - std::max(session.start_ms, from_ms);
    if (overlap <= 0) continue;
    listening_ms += overlap;
    counted.push_back(session);
  }
  return {static_cast<double>(listening_ms) / static_cast<double>(end_ms - from_ms),
          peak_concurrent(counted, from_ms, end_ms)};
}

namespace {

// Three decimals, or as many as reach a figure's third significant digit when that lies beyond them.
int figure_decimals(double value) {
  if (value == 0.0 || !std::isfinite(value)) return 3;
  return std::max(3, 2 - static_cast<int>(std::floor(std::log10(std::abs(value)))));
}

}  // namespace

double rounded_figure(double value) {
  if (!std::isfinite(value)) return value;
  const double scale = std::pow(10.0, figure_decimals(value));
  const double rounded = std::round(value * scale) / scale;
  return rounded == 0.0 ? 0.0 : rounded;  // no -0
}

std::string figure_text(double value) {
  std::array<char, 64> text{};
  const auto written = std::snprintf(text.data(), text.size(), "%.*f", figure_decimals(value), rounded_figure(value));
  return {text.data(), static_cast<std::size_t>(std::max(0, written))};
}

}  // namespace ether::listeners
