#pragma once
// Each client's fair share of the worker pool (ServerOptions::worker_share_per_address): a client
// has at most `share` requests running and `line` more waiting for a turn of its own; beyond that
// it is refused, while other clients' requests are not held up. A turn is the client's until its
// work returns and is then handed to the client's next waiting request, first come first served.
// Thread-safe; knows nothing of timers: the caller wakes a ticket that release() hands a turn to.

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ether::http {

/// A request's place in its client's line; `granted` (set under the shares' lock) once a turn is
/// handed to it. The server's tickets carry the timer that wakes them.
struct ShareTicket {
  virtual ~ShareTicket() = default;
  bool granted = false;
};

class ClientShares {
 public:
  ClientShares(std::size_t share, std::size_t line) : share_(share), line_(line) {}

  enum class Verdict { granted, queued, refused };
  struct Take {
    Verdict verdict;
    std::shared_ptr<ShareTicket> ticket;  // when queued: wait for it, then settle()
  };
  /// Takes a turn of `client` now (granted), or puts a ticket from `make_ticket` in the client's
  /// line (queued; made only then, under the lock), or refuses when the line is full.
  Take take(const std::string& client, const std::function<std::shared_ptr<ShareTicket>()>& make_ticket);
  /// After a queued ticket's wait ended (woken, or its deadline passed): true when it holds a
  /// turn; otherwise it leaves the line.
  bool settle(const std::string& client, const std::shared_ptr<ShareTicket>& ticket);
  /// Ends one of `client`'s turns: hands it to the first ticket in line (returned, to be woken)
  /// or gives it back (nullptr).
  std::shared_ptr<ShareTicket> release(const std::string& client);

  /// `client`'s requests running and waiting now (for logs and tests).
  [[nodiscard]] std::size_t running(const std::string& client) const;
  [[nodiscard]] std::size_t waiting(const std::string& client) const;
  /// The clients with a turn or a line (none are kept once both are empty).
  [[nodiscard]] std::size_t clients() const;

 private:
  struct Share {
    std::size_t running = 0;
    std::deque<std::shared_ptr<ShareTicket>> waiting;
  };
  const std::size_t share_;
  const std::size_t line_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Share> shares_;
};

}  // namespace ether::http
