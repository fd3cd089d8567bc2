#include "backup/backup_scheduler.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>
#include <iomanip>
#include <sstream>
#include <vector>

#include "backup/manifest.hpp"

namespace ether::backup {

namespace fs = std::filesystem;
using SystemClock = std::chrono::system_clock;

namespace {

constexpr auto kLookEvery = std::chrono::seconds(30);
constexpr auto kFailureLogEvery = std::chrono::hours(1);
// A failed backup (a full disk, an unreachable store) is tried again this much later, not at
// every look: each attempt reads the whole store and media.
constexpr auto kRetryAfterFailure = std::chrono::minutes(10);

std::optional<SystemClock::time_point> parse_utc(const std::string& text) {
  std::tm parts{};
  std::istringstream in(text);
  in >> std::get_time(&parts, "%Y-%m-%dT%H:%M:%SZ");
  if (in.fail()) return std::nullopt;
  return SystemClock::from_time_t(timegm(&parts));
}

// The good backups in `dir` (a manifest that reads), newest first.
std::vector<std::pair<SystemClock::time_point, fs::path>> good_backups(const fs::path& dir) {
  std::vector<std::pair<SystemClock::time_point, fs::path>> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_directory() || !entry.path().filename().string().starts_with("ether-backup-") ||
        entry.path().extension() == ".partial") {
      continue;
    }
    std::string problem;
    const auto manifest = read_manifest(entry.path(), problem);
    if (!manifest) continue;
    if (auto at = parse_utc(manifest->created_at)) found.emplace_back(*at, entry.path());
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  return found;
}

}  // namespace

BackupScheduler::BackupScheduler(config::Config config, ScheduleOptions options,
                                 std::function<void(const std::string&)> on_failed)
    : config_(std::move(config)),
      options_(std::move(options)),
      on_failed_(std::move(on_failed)),
      started_(SystemClock::now()) {}

BackupScheduler::~BackupScheduler() { stop(); }

void BackupScheduler::start() {
  const auto found = good_backups(options_.dir);
  {
    std::lock_guard lock(mutex_);
    if (!found.empty()) {
      status_.last_good = found.front().first;
      status_.last_dir = found.front().second.string();
    }
  }
  thread_ = std::thread([this] { run(); });
}

void BackupScheduler::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void BackupScheduler::set_leading(bool leading) {
  leading_ = leading;
  wake_.notify_all();
}

bool BackupScheduler::run_now() {
  {
    std::lock_guard lock(mutex_);
    if (status_.running) return false;
    asked_ = true;
  }
  wake_.notify_all();
  return true;
}

BackupStatus BackupScheduler::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

bool BackupScheduler::overdue(SystemClock::time_point now) const {
  std::lock_guard lock(mutex_);
  const auto since = status_.last_good.value_or(started_);
  return now - since > 2 * options_.every;
}

void BackupScheduler::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    try {
      tick(SystemClock::now());
    } catch (const std::exception& error) {
      spdlog::error("backup: {}", error.what());
    }
    lock.lock();
    wake_.wait_for(lock, kLookEvery, [this] { return stopping_ || asked_; });
  }
}

void BackupScheduler::tick(SystemClock::time_point now) {
  bool due = false;
  {
    std::lock_guard lock(mutex_);
    due = asked_ ||
          ((!status_.last_good || now - *status_.last_good >= options_.every) && (!retry_at_ || now >= *retry_at_));
    asked_ = false;
    status_.next = status_.last_good ? *status_.last_good + options_.every : now;
    if (!leading_ || !due) return;
    status_.running = true;
  }
  backup_now(now);
  prune();
}

void BackupScheduler::backup_now(SystemClock::time_point now) {
  const auto started = std::chrono::steady_clock::now();
  std::string error;
  BackupResult result;
  try {
    result = make_backup(config_, options_.dir, BackupOptions{.with_recordings = options_.with_recordings});
  } catch (const std::exception& failure) {
    error = failure.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  {
    std::lock_guard lock(mutex_);
    status_.running = false;
    status_.last_error = error;
    if (error.empty()) {
      retry_at_.reset();
    } else {
      retry_at_ = now + kRetryAfterFailure;
    }
    if (error.empty()) {
      status_.last_good = now;
      status_.last_dir = result.dir.string();
      status_.last_bytes = result.bytes;
      status_.last_seconds = seconds;
    }
    status_.next = (status_.last_good ? *status_.last_good : now) + options_.every;
  }
  if (error.empty()) {
    spdlog::info("backup: {} ({} files, {} MB) in {:.1f} s", result.dir.string(), result.files, result.bytes / 1000000,
                 seconds);
    return;
  }
  // Once an hour in the log; every failure to the hooks.
  const auto steady_now = std::chrono::steady_clock::now();
  if (last_failure_log_ == std::chrono::steady_clock::time_point{} ||
      steady_now - last_failure_log_ >= kFailureLogEvery) {
    last_failure_log_ = steady_now;
    spdlog::error("backup: failed: {}", error);
  }
  if (on_failed_) on_failed_(error);
}

void BackupScheduler::prune() {
  const auto found = good_backups(options_.dir);
  for (std::size_t i = static_cast<std::size_t>(std::max(options_.keep, 1)); i < found.size(); ++i) {
    std::error_code ec;
    fs::remove_all(found[i].second, ec);
    if (ec) spdlog::warn("backup: cannot remove the old backup {}: {}", found[i].second.string(), ec.message());
  }
}

}  // namespace ether::backup
