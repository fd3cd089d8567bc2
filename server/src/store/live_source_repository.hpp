#pragma once
// The `live_sources` table: which instance holds each channel's live source (ingest/source_relay),
// so that the other instances on one database relay the channel from it.

#include <soci/soci.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ether::store {

struct LiveSourceRow {
  std::string channel;
  std::string instance_id;
  std::string instance_url;
  std::int64_t heartbeat_at = 0;  // unix seconds
  std::string title;              // the source's stream title on its holder (LiveFeed::title)
};

/// Works on a session the caller leases.
class LiveSourceRepository {
 public:
  explicit LiveSourceRepository(soci::session& session) : session_(session) {}

  /// Says that `instance_id` holds `channel`'s source now, with stream title `title` (inserts, or
  /// takes the row over).
  void claim(const std::string& channel, const std::string& instance_id, const std::string& instance_url,
             const std::string& title, std::int64_t now);
  /// Forgets `channel`'s row if `instance_id` holds it.
  void release(const std::string& channel, const std::string& instance_id);
  /// The rows whose heartbeat is at `fresh_since` or later.
  std::vector<LiveSourceRow> fresh(std::int64_t fresh_since);

 private:
  soci::session& session_;
};

}  // namespace ether::store
