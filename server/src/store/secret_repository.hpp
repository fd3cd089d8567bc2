#pragma once
// The installation's shared secrets (the `shared_secrets` table): the signing keys that every
// instance on one database uses, made once by whichever instance asks first.

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>

namespace ether::store {

/// Works on a session the caller leases.
class SecretRepository {
 public:
  explicit SecretRepository(soci::session& session) : session_(session) {}

  /// The stored secret `name`, or nullopt when none is stored yet.
  std::optional<std::string> get(const std::string& name);
  /// Stores `candidate` as secret `name` unless one is stored already, and returns the stored one:
  /// of two instances asking at once, both get the value of whichever inserted first.
  std::string keep_first(const std::string& name, const std::string& candidate, std::int64_t now);

 private:
  soci::session& session_;
};

}  // namespace ether::store
