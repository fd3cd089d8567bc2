#pragma once
// The store-backed PageSource: matches a path against every route of spec §2 and answers its
// PageResult (status, route kind, Dutch title and description, canonical path, effective params and
// the route's data as web/src/api/types.ts describes it). Bad input never throws: malformed query
// values fall back to their defaults and unknown paths, slugs and ids answer a 404 result. Store
// errors propagate as exceptions for the HTTP layer to turn into a 500.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pages/page_result.hpp"
#include "search/search_service.hpp"
#include "store/database.hpp"

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

/// What the loader needs to know about the site itself.
struct SiteSettings {
  std::string name = "Ether";
  std::string base_url;  // "http://localhost:8080", no trailing slash
  std::string site_code = "ether";
  std::string default_channel = "radio2";
  std::string sentry_dsn;                // empty: error reporting is off
  double sentry_traces_sample_rate = 0;  // spec §9, default 0
  RecordingLookup recordings;            // broadcast recordings; unset: none
  std::string preview_secret;            // signs content-page preview links (pages/preview_token.hpp); empty: none open
};

/// The current time; tests fix it.
using Clock = std::function<std::chrono::system_clock::time_point()>;

/// Grid pages show this many items, track lists kTrackPageSize.
inline constexpr int kGridPageSize = 12;
inline constexpr int kTrackPageSize = 20;

class PageLoader final : public PageSource {
 public:
  PageLoader(
      store::Database& db, SiteSettings settings, Clock clock = [] { return std::chrono::system_clock::now(); });

  PageResult load(std::string_view path, const http::QueryParams& query) override;
  boost::json::object site_config() override;

  /// The search index of /zoeken and /api/search, kept current from this loader's store.
  search::SearchService& search() { return *search_; }

  /// Where the missed-broadcast pages learn which broadcasts have a recording.
  void set_recordings(RecordingLookup lookup) { settings_.recordings = std::move(lookup); }

 private:
  [[nodiscard]] boost::json::value error_reporting_config() const;

  store::Database& db_;
  SiteSettings settings_;
  Clock clock_;
  std::unique_ptr<search::SearchService> search_;
};

}  // namespace ether::pages
