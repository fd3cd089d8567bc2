#pragma once
// The store's connection: a pool of SOCI sessions on SQLite (the embedded default) or PostgreSQL
// (when DATABASE_URL is set), and the numbered migrations that bring a store up to date.
//
// PostgreSQL may go away (a restart, an outage, a hung server). A health monitor pings it every
// second (4 times a second while it is away) with a session of its own, so that healthy() answers
// from memory; a lease checks its session before handing it out and reconnects a broken one. While
// the monitor finds the store away, reconnecting follows an exponential backoff shared by the pool
// (100 ms doubling to 5 s), reset as soon as the monitor reaches the store again.
//
// Writers queue for the store instead of failing (issue 36): every SQLite connection waits up to
// 10 s for another writer (busy_timeout), and a Transaction takes SQLite's write lock when it
// begins (BEGIN IMMEDIATE). A deferred transaction that reads first and writes later cannot wait:
// SQLite answers "database is locked" at once rather than let two readers deadlock on the upgrade.
// A single writer connection would serialise the writers as well, but every read inside a write
// transaction (validation, the audit log) would then have to go through that one connection too.

#include <soci/soci.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ether::store {

enum class Dialect { sqlite, postgresql };

/// The name of a PostgreSQL store's health monitor thread (top -H, /proc/PID/task/*/comm).
inline constexpr const char* kMonitorThreadName = "ether-store-mon";

/// Thrown by Database::lease() when no working session can be had now: the store is unreachable
/// (and reconnecting waits for its backoff) or every session stayed busy too long.
class StoreUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A pooled connection to the store. Thread-safe: each caller leases its own session.
class Database {
 public:
  /// Opens `url`: "sqlite:/path/to/ether.db" or "postgresql://user:pass@host/db" (also "postgres://").
  /// Throws std::runtime_error with a readable message when the store cannot be opened.
  static std::unique_ptr<Database> open(const std::string& url, std::size_t pool_size = 4);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  /// A working session leased from the pool for the lifetime of the returned object. Throws
  /// StoreUnavailable when the store cannot be reached now. A lease taken on a thread that already
  /// holds one of this store shares that session (and its transaction): a cache refresh called by a
  /// handler that holds a lease never waits for a second session, which with every worker doing the
  /// same would empty the pool and stall all of them for the lease timeout.
  class Lease {
   public:
    explicit Lease(Database& db);
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease(Lease&&) = delete;
    Lease& operator=(Lease&&) = delete;
    soci::session& operator*() { return *session_; }
    soci::session* operator->() { return session_; }

   private:
    Database& db_;
    std::size_t position_ = 0;
    soci::session* session_ = nullptr;
    bool shared_ = false;  // the session of an outer lease on this thread
  };
  Lease lease() { return Lease(*this); }

  [[nodiscard]] Dialect dialect() const { return dialect_; }

  /// Applies every migration newer than the store's version, each in its own transaction.
  /// Safe to call on every start; returns the number of migrations applied.
  int migrate();
  /// The highest migration version applied.
  int schema_version();
  /// True when a trivial query succeeds (touches the store: may wait for it).
  bool ping() noexcept;

  /// Whether the store answered the monitor's last ping, and that ping did not hang: read from
  /// memory, never waits. Always true for SQLite, which cannot go away.
  [[nodiscard]] bool healthy() const noexcept;
  /// Stricter than healthy(), for the HTTP circuit breaker: also false while a ping has gone a
  /// quarter of a second without an answer (SELECT 1 takes milliseconds), so that work missing its
  /// deadline on a store that froze a moment ago opens the breaker, and work that is merely slow on
  /// a store that answers does not. Always true for SQLite.
  [[nodiscard]] bool answering() const noexcept;

  /// The health monitors of this process that are still using libpq. When a Database is destroyed
  /// its monitor is done with libpq, unless a ping of a hung store holds it past 2 s: a process
  /// that exits just after closing its store (a CLI command) is not aborted in libpq's teardown.
  static int running_monitors() noexcept;
  /// "ok" or "unreachable", for readiness details.
  [[nodiscard]] std::string_view health_text() const noexcept { return healthy() ? "ok" : "unreachable"; }

  /// The SQL of a migration with its portable placeholders ({{id}}) written for this dialect.
  [[nodiscard]] std::string dialect_sql(std::string_view portable_sql) const;

 private:
  Database(Dialect dialect, std::string connect_string, std::size_t pool_size);
  void make_usable(std::size_t position);
  void reconnect(soci::session& session);
  void start_monitor();

  /// What the health monitor and the leases share; the monitor thread holds it too, so that a
  /// monitor stuck in a ping of a hung store need not be waited for long when the Database goes.
  struct Health {
    std::atomic<std::uint64_t> failures{0};  // failed pings so far
    std::atomic<bool> reachable{true};
    std::atomic<std::int64_t> ping_started_ms{0};  // steady ms of the ping in progress; 0 when none
    std::atomic<bool> stopping{false};
    std::mutex mutex;  // guards the backoff, the monitor's wake-up and monitor_running
    std::condition_variable wake;
    std::condition_variable monitor_ended;
    bool monitor_running = false;
    std::chrono::milliseconds backoff{0};
    std::chrono::steady_clock::time_point next_attempt{};
  };

  Dialect dialect_;
  std::string connect_string_;
  std::unique_ptr<soci::connection_pool> pool_;
  // The monitor's failure count when each pooled session was (re)opened: a session opened before
  // the latest failure is reopened before use.
  std::vector<std::uint64_t> session_epoch_;
  std::shared_ptr<Health> health_ = std::make_shared<Health>();
};

/// True when `error` says the store or the disk under it is full: SQLITE_FULL (a full disk, or the
/// store's page limit), PostgreSQL's disk_full (53100), or ENOSPC from writing a file. Such a write
/// was not saved; the client may keep what it sent and try again once space is made.
bool is_storage_full(const std::exception& error) noexcept;

/// A transaction of its own, in place of soci::transaction: on SQLite it takes the write lock when
/// it begins (BEGIN IMMEDIATE, waiting for another writer under the busy timeout). Inside another
/// Transaction on the same session it is a savepoint, so nested leases may nest transactions.
/// commit() is refused (StoreUnavailable, the transaction rolled back) when the request this
/// thread works for was already answered (process::WorkDeadline). Not committed: rolled back.
class Transaction {
 public:
  explicit Transaction(soci::session& session);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  Transaction(Transaction&&) = delete;
  Transaction& operator=(Transaction&&) = delete;
  void commit();
  void rollback();

 private:
  soci::session& session_;
  std::string savepoint_;  // empty: the outermost transaction
  bool done_ = false;
};

}  // namespace ether::store
