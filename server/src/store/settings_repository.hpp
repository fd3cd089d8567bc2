#pragma once
// Small key/value settings of the server (the `settings` table), such as "demo_seeded".

#include <soci/soci.h>

#include <optional>
#include <string>

namespace ether::store {

/// Works on a session the caller leases (and, for batches, wraps in a transaction).
class SettingsRepository {
 public:
  explicit SettingsRepository(soci::session& session) : session_(session) {}

  /// The value of a setting, or nullopt when it is absent.
  std::optional<std::string> get(const std::string& name);
  /// Inserts or replaces a setting.
  void set(const std::string& name, const std::string& value);

 private:
  soci::session& session_;
};

}  // namespace ether::store
