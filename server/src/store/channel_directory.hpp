#pragma once
// The channels a listener may stream, kept in memory: what a stream start and its token need
// (slug, name, description, genre, an external stream URL). A background thread rereads the list
// every `refresh`, and soon after a slug it does not know is asked for (at most once a second), only
// while the store is healthy. Once the list has been read, a find never waits for the store: stream
// starts run on the I/O threads and answer from memory even while the store hangs. A failed refresh
// keeps the last list.

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>

#include "store/database.hpp"

namespace ether::store {

struct ChannelListing {
  std::string slug;
  std::string name;
  std::string description;
  std::string genre;
  std::string stream_url;  // empty: our own live origin
};

/// Thread-safe. A `refresh` of 0 keeps nothing in memory and starts no thread: every find reads the
/// store (for tools and tests that edit channels between calls).
class ChannelDirectory {
 public:
  explicit ChannelDirectory(Database& db, std::chrono::seconds refresh = std::chrono::seconds(15));
  ChannelDirectory(const ChannelDirectory&) = delete;
  ChannelDirectory& operator=(const ChannelDirectory&) = delete;

  /// The channel, from memory, never waiting; StoreUnavailable before the list was first read.
  std::optional<ChannelListing> find(std::string_view slug);

  /// Waits at most `limit` for the first read of the list (at start-up, off the I/O threads, so
  /// that the first stream starts find it); true once it is there.
  bool await_first_read(std::chrono::milliseconds limit);

  /// Rereads the list now, on the calling thread (after an edit; never call it on an I/O thread),
  /// unless the store is known to be down. A failure keeps the last list and is left to the
  /// background refresh.
  void invalidate();

 private:
  using Listings = std::map<std::string, ChannelListing, std::less<>>;
  std::shared_ptr<const Listings> load();
  bool reload();
  void request_refresh();
  void run(const std::stop_token& stop);

  Database& db_;
  std::chrono::seconds refresh_;
  std::mutex mutex_;  // guards the four below
  std::condition_variable_any changed_;
  std::shared_ptr<const Listings> channels_;
  bool refresh_requested_ = false;
  std::chrono::steady_clock::time_point requested_{};
  std::mutex reload_mutex_;  // one reread at a time
  bool refresh_failing_ = false;
  std::jthread refresher_;  // last: stopped and joined before the members it uses go
};

}  // namespace ether::store
