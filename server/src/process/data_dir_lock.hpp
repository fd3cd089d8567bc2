#pragma once
// One data dir, one process: an exclusive flock on <data dir>/ether.lock, held for the process's
// life. A second ether-server on the same data dir would otherwise take the playout and recorder
// lead and write into the first one's recordings. The kernel lets the lock go when the process
// ends, however it ends (kill -9 included), so a stale lock file never blocks a restart.

#include <filesystem>
#include <stdexcept>
#include <string>

namespace ether::process {

/// Thrown when another process holds the lock; what() is the one line to print.
class DataDirBusy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class DataDirLock {
 public:
  /// Creates `data_dir` if needed and takes the lock without waiting, writing this process's id
  /// into the lock file. Throws DataDirBusy when another process holds it (naming its pid), and
  /// std::runtime_error when the lock file cannot be opened.
  explicit DataDirLock(const std::filesystem::path& data_dir);
  ~DataDirLock();
  DataDirLock(const DataDirLock&) = delete;
  DataDirLock& operator=(const DataDirLock&) = delete;
  DataDirLock(DataDirLock&&) = delete;
  DataDirLock& operator=(DataDirLock&&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace ether::process
