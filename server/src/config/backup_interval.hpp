#pragma once
// How often the server makes a backup (ETHER_BACKUP_EVERY): the setting as written, read into an
// interval; the configuration checks it at start-up, the backup scheduler runs by it.

#include <chrono>
#include <optional>
#include <string_view>

namespace ether::config {

/// "hourly", "daily", "weekly" or a number of hours ("6h", "12"), 1 hour to 31 days; nullopt for
/// anything else.
std::optional<std::chrono::seconds> parse_backup_interval(std::string_view text);

}  // namespace ether::config
