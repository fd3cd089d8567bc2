#pragma once
// Broadcasts: the weekly schedule materialised into dated programme instances.

#include <soci/soci.h>

#include <string>
#include <vector>

#include "domain/playout.hpp"

namespace ether::store {

/// Works on a session the caller leases (and, for batches, wraps in a transaction).
class BroadcastRepository {
 public:
  explicit BroadcastRepository(soci::session& session) : session_(session) {}

  /// Inserts the broadcasts that are not there yet (a broadcast is identified by its channel and
  /// starts_at); returns how many were new. One prepared statement; the caller's transaction, if any.
  int materialise(const std::vector<domain::Broadcast>& broadcasts);
  /// A channel's broadcasts that overlap [from, until), oldest first.
  std::vector<domain::Broadcast> between(const std::string& channel_slug, long long from, long long until);
  /// A programme's broadcasts on every channel that overlap [from, until), newest first, at most `limit`.
  std::vector<domain::Broadcast> of_programme(long long programme_id, long long from, long long until, int limit);
  /// Rewrites a planned broadcast's programme, slug, title, end and image (by id; its start stays).
  void update_planned(const domain::Broadcast& broadcast);
  /// Removes a planned broadcast (by id).
  void remove(long long id);

 private:
  soci::session& session_;
};

}  // namespace ether::store
