#include "domain/broadcast_hours.hpp"

#include <algorithm>

#include "domain/time.hpp"

namespace ether::domain {
namespace {
constexpr long long kHour = 3600;

long long floor_hour(long long unix_seconds) { return unix_seconds - (((unix_seconds % kHour) + kHour) % kHour); }
}  // namespace

std::vector<BroadcastHour> broadcast_hours(long long from, long long until) {
  std::vector<BroadcastHour> hours;
  for (long long start = floor_hour(from); start < until; start += kHour) {
    const long long slot_from = std::max(from, start);
    const int local_hour = local_minute_of_day(slot_from) / 60;
    // Only the night the clocks go back gives one local hour twice in a row. Asking the clock hour
    // before (not the broadcast's previous hour) names the hour alike in every broadcast.
    const bool repeated = local_minute_of_day(start - kHour) / 60 == local_hour;
    hours.push_back({slot_from, std::min(until, start + kHour), local_hour, repeated});
  }
  return hours;
}

std::optional<BroadcastHour> broadcast_hour_at(long long from, long long until, long long hour_from) {
  for (const auto& hour : broadcast_hours(from, until)) {
    if (hour.from == hour_from) return hour;
  }
  return std::nullopt;
}

std::optional<BroadcastHour> broadcast_hour_of(long long from, long long until, HourSegment segment) {
  for (const auto& hour : broadcast_hours(from, until)) {
    if (hour.local_hour == segment.local_hour && hour.repeated == segment.repeated) return hour;
  }
  return std::nullopt;
}

std::string hour_segment(const BroadcastHour& hour) {
  std::string segment = hour.local_hour < 10 ? "0" : "";
  segment += std::to_string(hour.local_hour) + "-uur";
  if (hour.repeated) segment += "-2";
  return segment;
}

std::optional<HourSegment> parse_hour_segment(std::string_view segment) {
  bool repeated = false;
  if (segment.size() == 8 && segment.substr(6) == "-2") {
    repeated = true;
    segment.remove_suffix(2);
  }
  if (segment.size() != 6 || segment.substr(2) != "-uur") return std::nullopt;
  const char tens = segment[0];
  const char ones = segment[1];
  if (tens < '0' || tens > '2' || ones < '0' || ones > '9') return std::nullopt;
  const int hour = (tens - '0') * 10 + (ones - '0');
  if (hour > 23) return std::nullopt;
  return HourSegment{hour, repeated};
}

}  // namespace ether::domain
