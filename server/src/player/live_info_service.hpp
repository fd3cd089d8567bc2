#pragma once
// Serves the mini-player info document from memory: built once per change per channel (when the
// track play or broadcast on air changes, or the content is edited), with a strong ETag, shared by the poll endpoint
// and the Server-Sent Events stream. While the store fails, the last good document is served (stale, as RFC 5861's
// stale-if-error allows) and the build is retried about once a second.
//
// The I/O threads read with cached(), which never waits on the store: a document due for a rebuild
// is answered as it is and rebuilt by the service's own thread, so a hung store (a PostgreSQL that
// keeps its connections open and answers nothing) delays only that thread, never a listener.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>

#include "store/database.hpp"

namespace ether::player {

/// One built document.
struct InfoEntry {
  std::string body;  // the JSON text
  std::string etag;  // strong, quoted
  std::int64_t valid_until = 0;
  std::uint64_t version = 0;         // grows with every change of this channel's document
  std::int64_t content_version = 0;  // the store's content version it was built at
};

class LiveInfoService {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  LiveInfoService(store::Database& db, Clock clock);
  ~LiveInfoService();
  LiveInfoService(const LiveInfoService&) = delete;
  LiveInfoService& operator=(const LiveInfoService&) = delete;

  /// The channel's current document, or nullptr when the channel does not exist. When the store
  /// fails, the channel's last good document (if any; else the store's exception is thrown): the
  /// failure is logged at most once a minute per channel and the build retried at most once a
  /// second per channel, while one rebuild is under way its readers get the previous document.
  /// May wait on the store: never call it on an I/O thread (see cached()).
  std::shared_ptr<const InfoEntry> get(std::string_view channel);

  /// For the I/O threads: the channel's document from memory, never waiting on the store or on a
  /// build. A document that is due for a rebuild (a track change, an edit, a refresh()) is
  /// returned as it is while the service's own thread rebuilds it; nullptr when nothing was built
  /// for the channel yet (the build is asked for too: get() it off the I/O threads to wait for it).
  /// A channel read this way is kept current by that thread for some minutes after its last read.
  std::shared_ptr<const InfoEntry> cached(std::string_view channel);

  /// Where the store's content version is read from memory (store::ContentVersionWatch::current):
  /// a document built at another version is rebuilt, so an edited programme or channel shows at
  /// once. Unset: only the on-air changes rebuild. Call before serving.
  void set_content_version(std::function<std::int64_t()> version) { content_version_ = std::move(version); }
  /// Marks the channel's document as changed (an external now-playing arrived): the next get()
  /// rebuilds it, so the poll and the events see the change at their next look.
  void refresh(std::string_view channel);
  /// Called after every refresh() and every build of a new version (outside the service's lock),
  /// e.g. to wake a publisher at once;
  /// it must not call set_refresh_listener(). nullptr clears it. Setting or clearing waits for
  /// the calls of the previous listener under way, so once cleared its owner may be destroyed.
  void set_refresh_listener(std::function<void()> listener);

 private:
  struct Slot {
    std::shared_ptr<const InfoEntry> entry;
    bool building = false;
    std::uint64_t refreshes = 0;        // refresh() calls so far
    std::uint64_t built_refreshes = 0;  // of those, the ones the entry was built after
    std::int64_t retry_at = 0;          // while failing: no new build before this instant
    std::int64_t failing_since = 0;     // 0 while the store answers
    std::int64_t logged_at = 0;         // the last failure logged
    std::uint64_t failures = 0;         // since the last line logged
  };

  static bool due(const Slot& slot, std::int64_t now, std::int64_t content_version);
  void build_wanted(const std::stop_token& stop);
  void notify_listener();

  store::Database& db_;
  Clock clock_;
  std::function<std::int64_t()> content_version_;
  std::function<void()> refresh_listener_;
  std::shared_mutex listener_mutex_;  // shared while refresh_listener_ runs
  std::mutex mutex_;
  std::map<std::string, Slot, std::less<>> slots_;
  // The channels read through cached(), with the steady time of their last read; guarded by
  // mutex_, and the builder is woken through wanted_changed_ when one needs a build.
  std::map<std::string, std::chrono::steady_clock::time_point, std::less<>> wanted_;
  bool build_asked_ = false;
  std::condition_variable_any wanted_changed_;
  std::jthread builder_;  // last: stopped and joined before the members it uses go
};

}  // namespace ether::player
