#pragma once
// Songs in the store: the music the playout rotates.

#include <soci/soci.h>

#include <optional>
#include <string>

#include "domain/playout.hpp"

namespace ether::store {

/// Works on a session the caller leases (and, for batches, wraps in a transaction).
class SongRepository {
 public:
  explicit SongRepository(soci::session& session) : session_(session) {}

  /// Inserts a song and returns its id.
  long long insert(const domain::Song& song);
  /// The song with this id, or nullopt.
  std::optional<domain::Song> find(long long id);

 private:
  soci::session& session_;
};

}  // namespace ether::store
