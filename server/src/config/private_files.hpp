#pragma once
// The data dir holds the store (argon2 hashes, webhook secrets in clear) and the generated secrets:
// only the server's own user may read it. New files are made 0600 and new dirs 0700 (umask 077,
// which SQLite's -wal and -shm files and ffmpeg's outputs inherit too), and at start an existing
// install's data dir is brought to 0700 and the files in it to 0600.

#include <filesystem>
#include <string>
#include <vector>

namespace ether::config {

/// Makes every file and dir this process creates from now on private to its user (umask 077).
void create_private_files();

/// Brings `data_dir` to mode 0700 and the regular files directly in it to 0600, and, for a SQLite
/// store outside the data dir (`database_url` "sqlite:/path"), its file and -wal/-shm to 0600.
/// Returns a line for each path it could not change (another owner): the server still starts.
std::vector<std::string> make_data_dir_private(const std::filesystem::path& data_dir, const std::string& database_url);

}  // namespace ether::config
