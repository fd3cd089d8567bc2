#pragma once
// The hours of a broadcast: missed broadcasts are listed, paged and played per clock hour of a
// programme (spec §9's slot label '{weekday day month year} HH - HH+1 uur'). Amsterdam's offsets
// from UTC are whole hours, so its clock hours start on UTC hour boundaries.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::domain {

/// One clock hour of a broadcast, cut to the broadcast: [from, until) in unix seconds, and the
/// Amsterdam hour (0..23) in which it starts.
struct BroadcastHour {
  long long from = 0;
  long long until = 0;
  int local_hour = 0;
};

/// The clock hours that [from, until) touches, oldest first (empty when until <= from).
std::vector<BroadcastHour> broadcast_hours(long long from, long long until);

/// The hour of [from, until) that starts at `hour_from` exactly, if there is one.
std::optional<BroadcastHour> broadcast_hour_at(long long from, long long until, long long hour_from);

/// The first hour of [from, until) whose Amsterdam hour is `local_hour` (in the autumn's repeated
/// hour the first of the two), if there is one.
std::optional<BroadcastHour> broadcast_hour_of(long long from, long long until, int local_hour);

/// The route segment of an hour, "18-uur", and its strict parser (an hour 0..23 written with two
/// digits); nullopt for anything else.
std::string hour_segment(int local_hour);
std::optional<int> parse_hour_segment(std::string_view segment);

}  // namespace ether::domain
