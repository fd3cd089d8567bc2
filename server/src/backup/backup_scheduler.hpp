#pragma once
// Backups made by the server itself when ETHER_BACKUP_DIR is set: one every ETHER_BACKUP_EVERY,
// the newest ETHER_BACKUP_KEEP kept, on a thread of its own (never an I/O thread), and only while
// this instance leads the "backup" role (one instance of several on PostgreSQL). Its state is
// kept in memory for /readyz and the admin.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "backup/backup_command.hpp"
#include "config/config.hpp"

namespace ether::backup {

struct ScheduleOptions {
  std::filesystem::path dir;
  std::chrono::seconds every{std::chrono::hours(24)};
  int keep = 14;
  bool with_recordings = true;
};

/// What the scheduler knows, from memory.
struct BackupStatus {
  std::optional<std::chrono::system_clock::time_point> last_good;  // the newest good backup's time
  std::string last_dir;
  std::uintmax_t last_bytes = 0;
  double last_seconds = 0;
  std::string last_error;  // of the last attempt, empty when it succeeded
  std::optional<std::chrono::system_clock::time_point> next;
  bool running = false;
};

class BackupScheduler {
 public:
  /// `on_failed` is called (on the scheduler's thread) with the error of each failed attempt.
  BackupScheduler(config::Config config, ScheduleOptions options,
                  std::function<void(const std::string&)> on_failed = {});
  ~BackupScheduler();
  BackupScheduler(const BackupScheduler&) = delete;
  BackupScheduler& operator=(const BackupScheduler&) = delete;

  /// Starts the thread; it finds the newest good backup already in the directory first.
  void start();
  void stop();
  /// Whether this instance leads the backups (the election's role); only a leader makes them.
  void set_leading(bool leading);
  /// Asks for a backup now (the admin's 'Nu een back-up maken'); false when one is running.
  bool run_now();

  [[nodiscard]] BackupStatus status() const;
  [[nodiscard]] bool leading() const { return leading_; }
  [[nodiscard]] const ScheduleOptions& options() const { return options_; }
  /// True when the newest good backup is older than twice the schedule (or there is none after
  /// twice the schedule since the start).
  [[nodiscard]] bool overdue(std::chrono::system_clock::time_point now) const;

  /// One look of the thread: makes a backup when one is due (or asked for) and this instance
  /// leads, then removes the oldest beyond `keep`. Public for tests.
  void tick(std::chrono::system_clock::time_point now);

 private:
  void run();
  void backup_now(std::chrono::system_clock::time_point now);
  void prune();

  config::Config config_;
  ScheduleOptions options_;
  std::function<void(const std::string&)> on_failed_;
  std::chrono::system_clock::time_point started_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  BackupStatus status_;
  bool asked_ = false;
  bool stopping_ = false;
  std::atomic<bool> leading_{false};
  std::chrono::steady_clock::time_point last_failure_log_{};
  std::optional<std::chrono::system_clock::time_point> retry_at_;  // after a failure
  std::thread thread_;
};

}  // namespace ether::backup
