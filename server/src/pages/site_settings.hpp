#pragma once
// What every page loader knows about the site itself: its name, addresses and own channel, where
// broadcast recordings are found, and the clock the request's "now" and "today" come from.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ether::pages {

/// What is recorded of a range: its playing time (seconds, gaps included) and the parts [from,
/// until) (unix seconds) that no hour file holds, which the recording plays as silence.
struct RecordedRange {
  double duration_seconds = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> gaps;
};

/// The recording of `channel` from `from` until `until` (unix seconds), or nullopt when no hour of
/// that range was recorded.
using RecordingLookup =
    std::function<std::optional<RecordedRange>(const std::string& channel, std::int64_t from, std::int64_t until)>;

/// The spans [from, until) (unix seconds) of `channel`'s live-rewind window that can be listened
/// from now, oldest first (api::HlsApi::recorded_spans); empty when it has none.
using RewindLookup = std::function<std::vector<std::pair<std::int64_t, std::int64_t>>(const std::string& channel)>;

/// What the loader needs to know about the site itself.
struct SiteSettings {
  std::string name = "Ether";
  std::string base_url;  // "http://localhost:8080", no trailing slash
  std::string site_code = "ether";
  std::string default_channel = "radio2";
  std::string sentry_dsn;                // empty: error reporting is off
  double sentry_traces_sample_rate = 0;  // spec §9, default 0
  RecordingLookup recordings;            // broadcast recordings; unset: none
  RewindLookup rewind_spans;             // live rewind's recorded spans; unset: none
  std::string preview_secret;            // signs content-page preview links (pages/preview_token.hpp); empty: none open
  std::string static_prefix;  // ETHER_STATIC_PREFIX: the path before /api/latestNews (spec §7), "" or e.g. "/static"
};

/// The current time; tests fix it.
using Clock = std::function<std::chrono::system_clock::time_point()>;

/// Grid pages show this many items, track lists kTrackPageSize.
inline constexpr int kGridPageSize = 12;
inline constexpr int kTrackPageSize = 20;

}  // namespace ether::pages
