#pragma once
// Finished answers kept in memory for a moment, so that a document many clients ask for (a page's
// JSON, the sitemap, a podcast feed) is built from the store once and then served from memory on
// the I/O thread, as nginx's micro-cache would. An answer is kept per request target and content
// coding for a time to live, and invalidate() makes every answer out of date at once (the station
// calls it when content or what is on air changes). When an answer expires or is out of date, one
// request at a time rebuilds it while the others still get the old one (nginx's
// proxy_cache_use_stale updating), for at most max_stale past its expiry: so a busy document is not
// built by every request that arrives during its build. Thread-safe.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "http/message.hpp"

namespace ether::http {

struct ResponseCacheOptions {
  std::chrono::milliseconds time_to_live{1000};     // how long an answer is served after it was built
  std::size_t max_entries = 4096;                   // answers kept at most; beyond it new ones are not kept
  std::size_t max_bytes = std::size_t{64} << 20;    // their bodies together
  std::chrono::milliseconds max_stale{10000};       // an expired answer is served at most this long after
  std::chrono::milliseconds rebuild_timeout{1000};  // a rebuild not stored by then: the next request tries
};

class ResponseCache {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  explicit ResponseCache(
      ResponseCacheOptions options = {}, Clock clock = [] { return std::chrono::steady_clock::now(); });

  /// The current generation: read it before building an answer and pass it to store(), so that an
  /// answer built while invalidate() ran is not kept.
  [[nodiscard]] std::uint64_t generation() const noexcept { return generation_.load(std::memory_order_acquire); }
  /// Makes every answer kept so far out of date: the next request for each rebuilds it.
  void invalidate() noexcept;

  /// The kept answer to a GET or HEAD of the same target whose Accept-Encoding picks the same coding,
  /// while it is fresh, or out of date while another request rebuilds it: a 304 without body when
  /// If-None-Match holds its ETag. nullopt otherwise (the caller builds the answer).
  [[nodiscard]] std::optional<Response> find(const Request& request) const;
  /// Keeps `response`, the answer to the GET `request` built from generation `built_at`: only a 200
  /// with a body in memory, no Set-Cookie, and a Cache-Control that lets shared caches store it.
  void store(const Request& request, const Response& response, std::uint64_t built_at);

  /// One request's building of its answer, on a worker thread (where waiting is allowed).
  class Build {
   public:
    Build(Build&& other) noexcept;
    Build& operator=(Build&&) = delete;
    Build(const Build&) = delete;
    Build& operator=(const Build&) = delete;
    /// Lets the requests waiting for this build go on, when finish() did not.
    ~Build();
    /// The answer another request built while this one waited: then there is nothing to build.
    std::optional<Response> built_by_another;
    /// Keeps `response` (see store(); the generation is the one read when the build began) and
    /// lets the requests waiting for it go on.
    void finish(const Response& response);

   private:
    friend class ResponseCache;
    Build(ResponseCache& cache, const Request& request);
    void release() noexcept;
    ResponseCache* cache_;
    const Request* request_;
    std::string key_;
    std::uint64_t generation_;
    bool building_ = false;  // this request builds the answer the others wait for
  };
  /// Begins building the answer to the GET `request`. While another request builds the same answer,
  /// waits for it (at most rebuild_timeout) and gives its answer in Build::built_by_another; so a
  /// document no request may be answered with from memory (nothing kept, or past max_stale) is
  /// built once, not by every request that asks for it at once (nginx's proxy_cache_lock).
  [[nodiscard]] Build begin_build(const Request& request);

  /// The answers kept now, fresh or not yet dropped.
  [[nodiscard]] std::size_t size() const;

 private:
  using TimePoint = std::chrono::steady_clock::time_point;
  struct Entry {
    std::shared_ptr<const Response> response;
    std::uint64_t generation = 0;
    TimePoint expires;
    // Once expired: until when the request that went to rebuild it has the rebuild to itself.
    mutable std::atomic<TimePoint::rep> rebuild_claimed_until{0};
  };
  // The kept answer while fresh; `or_out_of_date`: also as find() says.
  [[nodiscard]] std::optional<Response> answer(const Request& request, bool or_out_of_date) const;
  // True for the one request that may rebuild an expired entry now.
  [[nodiscard]] bool claim_rebuild(const Entry& entry, TimePoint now) const;
  [[nodiscard]] static std::string key(const Request& request);
  // Drops the answers that expired or belong to an older generation; the caller holds the lock.
  void drop_stale(TimePoint now);

  ResponseCacheOptions options_;
  Clock clock_;
  std::atomic<std::uint64_t> generation_{0};
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  std::size_t bytes_ = 0;
  std::mutex building_mutex_;
  std::condition_variable building_done_;
  std::unordered_set<std::string> building_;  // the keys a request builds now
};

}  // namespace ether::http
