#pragma once
// Leader election among the instances that share one PostgreSQL database: work that must run on
// one instance at a time (the demo playout, the broadcast logger) is a role with its own advisory
// lock. The instance whose dedicated session holds a role's lock leads it; when that instance dies
// or gives the role up, PostgreSQL grants the lock to a follower waiting in its queue, which leads
// at once. With SQLite (one instance by design) this instance leads every role. Start-up work
// (migrations, the demo seed, the shared secrets) runs in an ExclusiveSection instead.

#include <soci/soci.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace ether::cluster {

/// The advisory lock keys of the station's roles: distinct, and unlikely to meet another
/// application's keys on the same database ("Ether" in the high bytes).
inline constexpr std::int64_t kPlayoutLockKey = 0x4574686572000001;
inline constexpr std::int64_t kRecorderLockKey = 0x4574686572000002;
inline constexpr std::int64_t kStartupLockKey = 0x4574686572000003;
inline constexpr std::int64_t kBackupLockKey = 0x4574686572000004;

/// Work that one instance at a time may do, such as migrating and seeding an empty database: holds
/// advisory lock `key` on a session of its own from construction to destruction, waiting while
/// another instance holds it. With SQLite it does nothing. Throws std::runtime_error when the
/// store cannot be reached.
class ExclusiveSection {
 public:
  ExclusiveSection(const std::string& database_url, std::int64_t key);
  ~ExclusiveSection();
  ExclusiveSection(const ExclusiveSection&) = delete;
  ExclusiveSection& operator=(const ExclusiveSection&) = delete;

 private:
  std::unique_ptr<soci::session> session_;  // closing it frees the lock
};

/// Work that runs only on the instance leading it.
struct Role {
  std::string name;  // for logs and leads(): "playout", "recorder"
  std::int64_t lock_key = 0;
  std::function<void()> lead;    // this instance starts leading: start the work (may throw: not taken)
  std::function<void()> follow;  // this instance stopped leading (lost connection, stop()): stop the work
};

class LeaderElection {
 public:
  /// `database_url` as for store::Database::open. Rounds run every `check_interval`.
  LeaderElection(std::string database_url, std::vector<Role> roles,
                 std::chrono::milliseconds check_interval = std::chrono::seconds(1));
  ~LeaderElection();
  LeaderElection(const LeaderElection&) = delete;
  LeaderElection& operator=(const LeaderElection&) = delete;

  /// Runs one round at once (so a first or sole instance leads before it serves), then a thread
  /// that runs one every check interval. Between rounds a follower waits in PostgreSQL's queue for
  /// a role's lock (up to the interval, at most 4 s), so that it leads the moment the leader gives
  /// the role up or dies. Never throws for a store that cannot be reached: the next rounds retry.
  void start();
  /// Stops the thread (a follower's wait for a lock ends first: up to the interval, at most 4 s),
  /// calls `follow` for every role held and gives up the locks.
  void stop();
  [[nodiscard]] bool running() const { return thread_.joinable(); }

  /// Whether this instance leads `role` (by name) now.
  [[nodiscard]] bool leads(std::string_view role) const;

  /// One round, what the thread does: with a lost connection, follows in every role and
  /// reconnects; then checks that the locks held are still held (else follows) and tries to take
  /// the others (then leads). Public for tests; not to be called while the thread runs.
  void check();

 private:
  struct Held {
    Role role;
    std::atomic<bool> leading{false};
  };
  bool connect();
  // The thread's wait between rounds: true when it waited for a lock in PostgreSQL (and took the
  // role if it was granted), false when the thread should sleep instead.
  bool await_role();
  void drop_connection(const std::string& why);
  void take(Held& held);
  void give_up(Held& held, const std::string& why);  // why: empty when this instance stops

  std::string url_;
  bool postgres_;
  std::chrono::milliseconds interval_;
  std::vector<std::unique_ptr<Held>> roles_;
  std::mutex round_mutex_;
  std::unique_ptr<soci::session> session_;  // dedicated: the locks live as long as it does
  std::chrono::steady_clock::time_point next_failure_log_{};
  bool take_failed_ = false;  // in this round: the thread sleeps rather than taking the role again
  std::jthread thread_;
};

}  // namespace ether::cluster
