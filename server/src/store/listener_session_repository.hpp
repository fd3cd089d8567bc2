#pragma once
// Listener sessions in the store (migration 030): written in batches, read back by span for the
// audience figures (listeners/listener_figures.hpp).

#include <soci/soci.h>

#include <cstdint>
#include <string>
#include <vector>

#include "domain/listener_session.hpp"

namespace ether::store {

/// Works on a session the caller leases (and, for a batch, wraps in a transaction).
class ListenerSessionRepository {
 public:
  explicit ListenerSessionRepository(soci::session& session) : session_(session) {}

  /// Adds `sessions` as they are.
  void add(const std::vector<domain::ListenerSession>& sessions);
  /// The sessions that overlap [from_ms, until_ms) (started before `until_ms`, ended after
  /// `from_ms`), of `channel` or of every channel when it is empty; oldest start first.
  std::vector<domain::ListenerSession> overlapping(std::int64_t from_ms, std::int64_t until_ms,
                                                   const std::string& channel);
  /// Deletes the sessions that ended before `before_ms`; returns how many.
  long long delete_ended_before(std::int64_t before_ms);

 private:
  soci::session& session_;
};

}  // namespace ether::store
