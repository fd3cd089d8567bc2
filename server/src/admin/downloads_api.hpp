#pragma once
// Podcast downloads by day (issue 52), for the roles that read listener figures
// (admin::Permission::read_listeners), under the admin API's guard; Cache-Control: no-store,
// errors {"error":{"code","message"}}:
//   GET /api/admin/podcasts/{feed id}/downloads?days=&format=csv
//       the last `days` UTC days (28; 1 to 366), newest first: per day the feed's downloads and
//       each episode's that had any, and the total over the days, per episode as well. A download
//       is a client's (episode, day) whose bytes reached a minute of the episode
//       (listeners/download_counting.hpp). format=csv: a line per day and episode with downloads,
//       oldest first (listeners/download_csv.hpp), as the attachment
//       downloads-<feed slug>-<first day>-<last day>.csv. 400 for an id or `days` that is no
//       number in range or a `format` other than json or csv, 404 for a feed that does not exist.

#include <cstdint>
#include <functional>
#include <string>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

class DownloadsApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  /// `flush` writes the sums waiting in memory to the store (DownloadWriter::flush) before the
  /// figures are read.
  DownloadsApi(store::Database& db, const AdminApi& admin, std::function<void()> flush, Clock clock);

  void add_routes(http::Router& router);

 private:
  http::Response feed(const http::Request& request, const std::string& id_text) const;

  store::Database& db_;
  const AdminApi& admin_;
  std::function<void()> flush_;
  Clock clock_;
};

}  // namespace ether::admin
