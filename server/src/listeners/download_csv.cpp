#include "listeners/download_csv.hpp"

#include "domain/csv.hpp"
#include "listeners/download_counting.hpp"

namespace ether::listeners {

std::string download_csv(std::string_view feed, const std::vector<DownloadCsvRow>& rows) {
  std::string out;
  domain::append_csv_line(out, {kDownloadCsvHeader});
  const auto feed_cell = domain::csv_field(feed);
  for (const auto& row : rows) {
    domain::append_csv_line(out, {download_day_text(row.day), feed_cell, domain::csv_field(row.episode),
                                  domain::csv_field(row.title), std::to_string(row.downloads)});
  }
  return out;
}

}  // namespace ether::listeners
