#pragma once
// `ether-server backup DIR [--without-recordings]` and `ether-server restore DIR [--force]`:
// a verified backup of a running or stopped instance (its store, the secrets in its data dir,
// the uploads and the recordings) into a directory of its own under DIR, and that backup put
// back into an empty data dir and store. See README "Back-ups and restore".

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace ether::backup {

struct BackupOptions {
  bool with_recordings = true;
};

/// What a backup made.
struct BackupResult {
  std::filesystem::path dir;  // DIR/ether-backup-<UTC time>
  std::size_t files = 0;
  std::uintmax_t bytes = 0;
  int schema_version = 0;
};

/// Makes a backup under `parent` for the instance `config` describes; throws std::runtime_error
/// saying what failed. The backup is written as `<name>.partial` and renamed only once its store
/// was checked and every file matched the manifest: a backup that was cut off is never taken for
/// a good one, and the next one removes it.
BackupResult make_backup(const config::Config& config, const std::filesystem::path& parent,
                         const BackupOptions& options);

/// Puts the backup in `dir` back into the data dir and store `config` names; throws
/// std::runtime_error when the backup is damaged, or when the store or data dir already holds
/// data and `force` is false.
void restore_backup(const config::Config& config, const std::filesystem::path& dir, bool force);

/// The subcommands: arguments after the command's name; prints one line of result or of error.
/// Returns the process's exit status (0, 1 failure, 2 usage).
int run_backup_command(const config::Config& config, const std::vector<std::string>& args, std::ostream& out,
                       std::ostream& err);
int run_restore_command(const config::Config& config, const std::vector<std::string>& args, std::ostream& out,
                        std::ostream& err);

}  // namespace ether::backup
