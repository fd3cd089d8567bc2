#pragma once
// Takes the closed listener sessions of a ListenerTracker to the store in one transaction every
// `interval`, on a thread of its own (so a crash loses at most that interval's sessions). A batch
// the store refused is kept for the next round. stop() ends the open sessions as of now and writes
// them with the rest, so that a restart loses no session. Once an hour it deletes the sessions that
// ended more than `keep_days` ago (the retention the README's privacy note promises).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>

#include "listeners/listener_tracker.hpp"
#include "store/database.hpp"

namespace ether::listeners {

class SessionWriter {
 public:
  SessionWriter(store::Database& db, ListenerTracker& tracker, std::chrono::milliseconds interval, int keep_days);
  ~SessionWriter();
  SessionWriter(const SessionWriter&) = delete;
  SessionWriter& operator=(const SessionWriter&) = delete;

  /// Ends the open sessions, writes everything waiting and stops the thread; idempotent.
  void stop();
  /// Writes what is waiting now (on the caller's thread); false when the store refused it.
  bool flush();
  /// Deletes the stored sessions that ended more than `keep_days` before `now_ms` (on the caller's
  /// thread); returns how many, or nullopt when the store refused.
  std::optional<long long> prune(std::int64_t now_ms);

  /// The closed sessions waiting for the store (ListenerTracker::waiting). For /metrics.
  [[nodiscard]] std::size_t pending() const { return tracker_.waiting(); }
  /// The writes the store refused since start (their sessions were kept for the next round).
  [[nodiscard]] std::uint64_t failed_writes() const { return failed_writes_.load(std::memory_order_relaxed); }

 private:
  void run(const std::stop_token& stop);

  store::Database& db_;
  ListenerTracker& tracker_;
  std::chrono::milliseconds interval_;
  int keep_days_;
  std::mutex mutex_;  // one flush at a time
  std::mutex wait_mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;
  bool stopped_ = false;
  std::atomic<std::uint64_t> failed_writes_{0};
};

}  // namespace ether::listeners
