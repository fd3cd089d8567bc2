#pragma once
// Podcast downloads (issue 52), from the request path to the store. record() runs on the worker
// that served an episode's audio and only adds the body's bytes to a sum in memory, per (site
// path, UTC day, client key); a thread of its own takes the sums to the store every `interval`:
// it finds each path's episode, hashes each client key under the day's salt shared through the
// store (so that a podcast app whose range requests land on several instances is one client),
// and adds the bytes per (episode, day, client hash) in one transaction. A batch the store refused
// is kept for the next round; paths that are no episode are dropped. Once an hour it deletes the
// rows older than `keep_days` and the salts of the days that ended more than two hours ago. The
// client key (an address and a user agent) stays in memory until its round; only its hash is
// stored.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>

#include "store/database.hpp"

namespace ether::listeners {

class DownloadWriter {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  DownloadWriter(store::Database& db, Clock clock, std::chrono::milliseconds interval, int keep_days);
  ~DownloadWriter();
  DownloadWriter(const DownloadWriter&) = delete;
  DownloadWriter& operator=(const DownloadWriter&) = delete;

  /// Adds `body_bytes` served at `site_path` to `address` with `user_agent`, unless the path is no
  /// episode's audio, or the response adds nothing to a download (download_counting.hpp).
  void record(std::string_view site_path, std::string_view address, std::string_view user_agent,
              std::uint64_t body_bytes);
  /// Writes what is waiting now (on the caller's thread); false when the store refused it.
  bool flush();
  /// Deletes the rows older than `keep_days` and the salts of days that ended more than two hours
  /// ago; false when the store refused.
  bool prune();
  /// Writes everything waiting and stops the thread; idempotent.
  void stop();

  /// Downloads this instance counted since it started: the stored sums its writes took from under
  /// a minute of their episode to a minute or more (a client's episode and day counts once, on the
  /// instance whose write passed the minute). For /metrics.
  [[nodiscard]] std::uint64_t downloads_counted() const { return downloads_counted_.load(std::memory_order_relaxed); }
  /// The sums waiting in memory for the store.
  [[nodiscard]] std::size_t pending() const;
  /// The writes the store refused since start (their sums were kept for the next round).
  [[nodiscard]] std::uint64_t failed_writes() const { return failed_writes_.load(std::memory_order_relaxed); }

 private:
  using Key = std::tuple<std::string, std::int64_t, std::string>;  // audio path, day, client key
  void run(const std::stop_token& stop);

  store::Database& db_;
  Clock clock_;
  std::chrono::milliseconds interval_;
  int keep_days_;
  mutable std::mutex pending_mutex_;
  std::map<Key, std::uint64_t> pending_;
  std::mutex flush_mutex_;  // one flush at a time
  std::mutex wait_mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;
  bool stopped_ = false;
  std::atomic<std::uint64_t> downloads_counted_{0};
  std::atomic<std::uint64_t> failed_writes_{0};
};

}  // namespace ether::listeners
