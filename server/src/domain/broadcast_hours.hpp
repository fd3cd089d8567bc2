#pragma once
// The hours of a broadcast: missed broadcasts are listed, paged and played per clock hour of a
// programme (spec §9's slot label '{weekday day month year} HH - HH+1 uur'). Amsterdam's offsets
// from UTC are whole hours, so its clock hours start on UTC hour boundaries.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::domain {

/// One clock hour of a broadcast, cut to the broadcast: [from, until) in unix seconds, the
/// Amsterdam hour (0..23) in which it starts, and whether it is the second hour with that local
/// hour (the hour the clocks go back in autumn repeats).
struct BroadcastHour {
  long long from = 0;
  long long until = 0;
  int local_hour = 0;
  bool repeated = false;
};

/// The clock hours that [from, until) touches, oldest first (empty when until <= from).
std::vector<BroadcastHour> broadcast_hours(long long from, long long until);

/// The hour of [from, until) that starts at `hour_from` exactly, if there is one.
std::optional<BroadcastHour> broadcast_hour_at(long long from, long long until, long long hour_from);

/// The hour of a route segment: the Amsterdam hour and whether it is the repeated one.
struct HourSegment {
  int local_hour = 0;
  bool repeated = false;
  bool operator==(const HourSegment&) const = default;
};

/// The hour of [from, until) with Amsterdam hour `segment.local_hour` (the first of the autumn's
/// two unless `segment.repeated`), if there is one.
std::optional<BroadcastHour> broadcast_hour_of(long long from, long long until, HourSegment segment);

/// Seconds after a broadcast (or an hour of it) ends before its recording is listened to again:
/// the logger writes the last seconds a moment after they were on air, and a recording must not
/// grow while a browser plays it (one that had read the shorter size and then seeked was sent past
/// the end of the media).
inline constexpr long long kRecordingSettleSeconds = 10;

/// Whether what ends at `until` has ended and its recording settled at `now` (unix seconds).
constexpr bool recording_settled(long long until, long long now) { return until + kRecordingSettleSeconds <= now; }

/// The route segment of an hour: "18-uur", and "02-uur-2" for the repeated hour of the night the
/// clocks go back.
std::string hour_segment(const BroadcastHour& hour);
/// The strict parser of hour_segment's segments (an hour 0..23 written with two digits, optionally
/// "-2"); nullopt for anything else.
std::optional<HourSegment> parse_hour_segment(std::string_view segment);

}  // namespace ether::domain
