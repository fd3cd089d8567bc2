#pragma once
// A podcast's downloads as CSV (issue 52): one line per UTC day and episode that had downloads,
// written as the admin's other exports are (domain/csv.hpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ether::listeners {

/// The CSV's columns, in this order (the README describes them): the UTC day (YYYY-MM-DD), the
/// podcast's slug, the episode's slug and title, and the episode's downloads that day.
inline constexpr std::string_view kDownloadCsvHeader = "date,feed,episode,episode_title,downloads";

struct DownloadCsvRow {
  std::int64_t day = 0;  // UTC days since 1970-01-01 (download_day)
  std::string episode;   // slug
  std::string title;
  long long downloads = 0;
};

/// kDownloadCsvHeader, then one line per row of `rows`, in their order.
std::string download_csv(std::string_view feed, const std::vector<DownloadCsvRow>& rows);

}  // namespace ether::listeners
