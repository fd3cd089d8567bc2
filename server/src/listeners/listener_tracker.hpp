#pragma once
// The listener sessions of this instance in memory: MP3 stream connections, opened when a stream
// starts and closed when it ends with the bytes it sent, and HLS clients, whose session is their
// playlist fetches under one listener hash until they fetch none for `hls_idle` (ended at their
// last fetch). Closed sessions wait here until the writer (listeners/session_writer.hpp) takes
// them in a batch to the store; the I/O threads only ever take this object's own short lock,
// never one that store work holds.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "listeners/listener_figures.hpp"

namespace ether::listeners {

class ListenerTracker {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  explicit ListenerTracker(Clock clock, std::chrono::milliseconds hls_idle = std::chrono::seconds(30));

  /// The tracker's clock (unix ms).
  [[nodiscard]] std::int64_t now_ms() const { return clock_(); }

  /// A stream listener of `channel` started; close(id, bytes) ends its session.
  std::uint64_t open(std::string channel, std::string format, std::string listener);
  /// Ends the session `open` returned (a second call does nothing).
  void close(std::uint64_t id, std::uint64_t bytes);

  /// An HLS client fetched a playlist (or a segment, `opens` false: counted only for a session that is open).
  void hls_fetch(const std::string& channel, const std::string& listener, std::uint64_t bytes, bool opens = true);
  /// Ends the HLS sessions that fetched nothing for `hls_idle`.
  void sweep();
  /// Ends every open session now (at shutdown).
  void close_all();

  /// The closed sessions not taken yet, oldest first; they are no longer kept here.
  std::vector<Session> take_closed();
  /// Gives back sessions taken but not stored (the store was away), ahead of newer ones.
  void give_back(std::vector<Session> sessions);
  /// How many closed sessions wait for the writer.
  [[nodiscard]] std::size_t waiting() const;
  /// The open sessions as if they ended now.
  [[nodiscard]] std::vector<Session> open_sessions() const;

  /// Open sessions per (channel, format).
  [[nodiscard]] std::map<std::pair<std::string, std::string>, std::int64_t> counts() const;
  /// Bytes of every closed session since start.
  [[nodiscard]] std::uint64_t bytes_sent() const { return bytes_sent_.load(std::memory_order_relaxed); }

  /// At most this many closed sessions wait for the store; older ones are dropped beyond it.
  static constexpr std::size_t kMaxWaiting = 200000;

 private:
  struct Open {
    Session session;
    std::int64_t last_fetch_ms = 0;  // HLS only
  };
  void close_locked(Open& open, std::int64_t end_ms);

  Clock clock_;
  std::int64_t hls_idle_ms_;
  mutable std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::unordered_map<std::uint64_t, Open> streams_;
  // By channel '\n' listener. Hashed, not ordered: every HLS request looks its client up, and a
  // tree of 10,000 clients cost a cache miss per level (a sixth of a request's CPU in make bench).
  // Open addressing, the sessions in the table itself: std::unordered_map's chain of nodes was
  // still the largest user-space cost of an HLS request (3% of the server's CPU, perf, issue 49).
  boost::unordered_flat_map<std::string, Open> hls_;
  std::vector<Session> closed_;
  std::atomic<std::uint64_t> bytes_sent_{0};
};

}  // namespace ether::listeners
