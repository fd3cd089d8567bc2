#pragma once
// One number for all editable content (table content_state): every admin write raises it in the
// write's own transaction. Caches that hold content in memory (the search index, the channel list,
// the mini-player info documents) compare it with the number they were built at, so an edit made
// on any instance reaches every instance's caches.

#include <soci/soci.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "store/database.hpp"

namespace ether::store {

/// The store's content version (0 before migration 012).
std::int64_t read_content_version(soci::session& session);
/// Raises the content version by one; call inside the transaction of the change.
void bump_content_version(soci::session& session);

/// Keeps the content version in memory for readers that must not touch the store (I/O threads):
/// a thread rereads it every `interval` (so another instance's write is seen within it), and
/// refresh() rereads it at once (the writing instance calls it after its commit). Listeners run
/// on the thread that noticed the change. Thread-safe.
class ContentVersionWatch {
 public:
  explicit ContentVersionWatch(Database& db, std::chrono::milliseconds interval = std::chrono::seconds(1));
  ~ContentVersionWatch();
  ContentVersionWatch(const ContentVersionWatch&) = delete;
  ContentVersionWatch& operator=(const ContentVersionWatch&) = delete;

  /// The last version read (0 until the first read).
  [[nodiscard]] std::int64_t current() const noexcept { return version_.load(); }
  /// Rereads the version now and runs the listeners when it changed; store errors are logged.
  void refresh();
  /// Adds a listener, called with the new version after each change.
  void on_change(std::function<void(std::int64_t)> listener);
  /// Starts and stops the polling thread.
  void start();
  void stop();

 private:
  Database& db_;
  std::chrono::milliseconds interval_;
  std::atomic<std::int64_t> version_{0};
  std::mutex listeners_mutex_;
  std::vector<std::function<void(std::int64_t)>> listeners_;
  std::mutex refresh_mutex_;  // one read-and-notify at a time, so listeners see versions in order
  std::mutex stop_mutex_;
  std::condition_variable stop_signal_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ether::store
