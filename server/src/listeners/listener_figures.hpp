#pragma once
// The audience figures of issue 52, computed from listener sessions alone (no store, no clock): per
// bucket (an hour, a UTC day, an ISO week from Monday, a calendar month, all in UTC) and per
// channel and in total:
//   starts               sessions that began in the bucket
//   averageActive        listening time within the bucket / the bucket's length (up to `now`)
//   aqh                  average quarter-hour audience: per quarter hour of the bucket (up to
//                        `now`), the distinct listeners who listened 5 minutes or more in it,
//                        averaged over those quarter hours
//   cume                 distinct listeners in the bucket. A listener is a daily-salted hash, so
//                        for weeks and months this is the sum of the daily cumes (cumeIsDailySum):
//                        one person who listens on three days counts three times
//   listeningHours       listening time within the bucket, in hours
//   medianSessionSeconds the median length of the sessions that began in the bucket
// Sessions shorter than `min_session_seconds` count nowhere. A session across a bucket boundary
// adds its time to each bucket it overlaps, and its start to the one it began in.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "domain/listener_session.hpp"

namespace ether::listeners {

/// One listener's session (domain/listener_session.hpp).
using Session = domain::ListenerSession;

enum class BucketSize { hour, day, week, month };

/// "hour", "day", "week", "month"; nullopt for anything else.
std::optional<BucketSize> parse_bucket_size(std::string_view text);
std::string_view bucket_size_name(BucketSize size);

/// The start (unix seconds, UTC) of the bucket of `size` that holds `instant`.
std::int64_t bucket_start(BucketSize size, std::int64_t instant);
/// The start of the bucket after the one starting at `start`.
std::int64_t next_bucket(BucketSize size, std::int64_t start);

struct Figures {
  std::int64_t starts = 0;
  double average_active = 0;
  double aqh = 0;
  std::int64_t cume = 0;
  bool cume_is_daily_sum = false;
  double listening_hours = 0;
  double median_session_seconds = 0;
};

struct BucketFigures {
  std::int64_t from = 0;  // unix seconds
  std::int64_t until = 0;
  std::string channel;  // empty: all channels together
  Figures figures;
};

struct FigureOptions {
  std::int64_t min_session_seconds = 60;
  std::int64_t now_ms = INT64_MAX;  // averages count the bucket's time only up to here
};

/// The figures of every bucket from the one holding `from` up to `until` (unix seconds), for each
/// of `channels` (in that order) and then the total, bucket by bucket.
std::vector<BucketFigures> compute_figures(const std::vector<Session>& sessions, std::int64_t from, std::int64_t until,
                                           BucketSize by, const std::vector<std::string>& channels,
                                           const FigureOptions& options);

/// The most sessions open at once between `from_ms` and `until_ms`, and the first moment it was
/// reached (0 when no session overlaps). A session ending as another starts does not overlap it.
struct Peak {
  std::int64_t listeners = 0;
  std::int64_t at_ms = 0;
};
Peak peak_concurrent(const std::vector<Session>& sessions, std::int64_t from_ms, std::int64_t until_ms);

/// The audience of a span such as a broadcast: the average number listening (listening time within
/// [from_ms, until_ms) up to `options.now_ms`, over that time) and the peak, both of the sessions
/// of at least `options.min_session_seconds`, as every figure counts them. Zero before the span.
struct Audience {
  double average = 0;
  Peak peak;
};
Audience audience_between(const std::vector<Session>& sessions, std::int64_t from_ms, std::int64_t until_ms,
                          const FigureOptions& options);

/// A figure as the API gives it: to three decimals, and a figure under 0.1 to three significant
/// digits, so that a few listeners over a long span (0.0004 on average) never read as none.
double rounded_figure(double value);
/// The same figure as CSV text, with its decimals: "1.235", "2.000", "0.000417".
std::string figure_text(double value);

}  // namespace ether::listeners
