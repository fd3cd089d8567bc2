#pragma once
// `ether-server copy-store TARGET_URL`: the store the configuration names (SQLite or PostgreSQL),
// copied row for row into another, empty store of either kind, with the generated secrets, so
// that a station moves from one machine's SQLite to PostgreSQL for several instances (or back)
// and keeps its accounts, content, history and signed URLs. See README "Back-ups and restore".

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace ether::store {
class Database;
}

namespace ether::backup {

struct StoreCopyResult {
  std::size_t tables = 0;
  std::size_t rows = 0;
};

/// Copies every row of every table of `from` into `to`, which must have the same schema version
/// and no rows yet: one read snapshot of `from` (a server may write to it meanwhile) and one
/// transaction on `to` (all or nothing). PostgreSQL's id sequences continue after the copied ids.
/// Throws std::runtime_error saying which table failed.
StoreCopyResult copy_store(store::Database& from, store::Database& to);

/// The subcommand: arguments after `copy-store`; prints one line of result or of error. Returns
/// the process's exit status (0, 1 failure, 2 usage).
int run_copy_store_command(const config::Config& config, const std::vector<std::string>& args, std::ostream& out,
                           std::ostream& err);

}  // namespace ether::backup
