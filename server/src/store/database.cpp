#include "store/database.hpp"

#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "process/work_deadline.hpp"
#include "store/migrations.hpp"

namespace ether::store {
namespace {

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (auto pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
    text.replace(pos, from.size(), to);
  }
  return text;
}

// Comments may hold ';', so they go before the script is cut into statements.
std::vector<std::string> split_statements(std::string_view script) {
  std::string without_comments;
  while (!script.empty()) {
    auto eol = script.find('\n');
    auto line = script.substr(0, eol);
    if (auto dash = line.find("--"); dash != std::string_view::npos) line = line.substr(0, dash);
    without_comments.append(line).push_back('\n');
    script = eol == std::string_view::npos ? std::string_view{} : script.substr(eol + 1);
  }
  std::vector<std::string> statements;
  std::size_t start = 0;
  for (auto pos = without_comments.find(';'); pos != std::string::npos; pos = without_comments.find(';', start)) {
    auto statement = without_comments.substr(start, pos - start);
    if (statement.find_first_not_of(" \t\r\n") != std::string::npos) statements.push_back(statement);
    start = pos + 1;
  }
  return statements;
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

constexpr std::chrono::milliseconds kFirstBackoff{100};
constexpr std::chrono::milliseconds kLongestBackoff{5000};
constexpr std::chrono::milliseconds kPingEvery{1000};
constexpr std::chrono::milliseconds kPingEveryWhileAway{250};
// A ping that has not answered for this long counts as a failure while it lasts (a hung server).
constexpr std::int64_t kPingHungMs = 2000;
constexpr std::int64_t kPingSlowMs = 250;
constexpr int kLeaseWaitMs = 10000;

std::atomic<int> running_monitor_count{0};

// libpq's options for a store that may go away: a bounded connect, and keepalives so that a
// vanished peer is noticed by the kernel. SOCI 4.0 also misreads a URL without a query ("database
// \"db=\" does not exist"); application_name names us in pg_stat_activity.
std::string postgresql_connect_string(const std::string& url) {
  std::string result = url;
  const std::pair<std::string_view, std::string_view> defaults[] = {
      {"application_name", "ether"}, {"connect_timeout", "3"},     {"keepalives", "1"},
      {"keepalives_idle", "10"},     {"keepalives_interval", "5"}, {"keepalives_count", "3"}};
  const auto query = url.find('?');
  for (const auto& [key, value] : defaults) {
    const std::string param = std::string(key) + "=";
    if (query != std::string::npos &&
        (url.find("?" + param, query) != std::string::npos || url.find("&" + param, query) != std::string::npos)) {
      continue;
    }
    result += (result.find('?') == std::string::npos ? "?" : "&") + param + std::string(value);
  }
  return result;
}

void open_session(soci::session& session, Dialect dialect, const std::string& connect_string) {
  if (dialect == Dialect::postgresql) {
    session.open(*soci::factory_postgresql(), connect_string);
    // libpq prints every NOTICE to stderr (e.g. CREATE TABLE IF NOT EXISTS on each start).
    session << "SET client_min_messages TO warning";
    return;
  }
  // A writer waits for another instead of failing at once (the connect string's timeout is the
  // busy_timeout); WAL lets readers run beside it. FULL syncs the WAL on every commit: with NORMAL
  // a commit survives the process but not a power cut, and an editor told "saved" must find it.
  session.open(*soci::factory_sqlite3(), connect_string);
  session << "PRAGMA journal_mode=WAL";
  session << "PRAGMA foreign_keys=ON";
  session << "PRAGMA synchronous=FULL";
}

// Whether an idle PostgreSQL session can be used without a round trip: libpq still counts it as
// connected, no transaction was left open, and the server sent nothing since the last query. A
// server that shuts down or restarts says goodbye on every connection, so a readable socket on an
// idle connection means it is gone.
bool looks_alive(soci::session& session) {
  // A static cast: only PostgreSQL sessions come here, and libsoci_postgresql exports no typeinfo.
  auto* backend = static_cast<soci::postgresql_session_backend*>(session.get_backend());
  if (backend == nullptr || backend->conn_ == nullptr) return false;
  PGconn* conn = backend->conn_;
  if (PQstatus(conn) != CONNECTION_OK || PQtransactionStatus(conn) != PQTRANS_IDLE) return false;
  pollfd descriptor{PQsocket(conn), POLLIN, 0};
  return ::poll(&descriptor, 1, 0) == 0;
}

void close_quietly(soci::session& session) noexcept {
  try {
    if (session.get_backend() != nullptr) session.close();
  } catch (...) {  // NOLINT(bugprone-empty-catch): a broken connection may fail to close; it is dropped anyway
  }
}

}  // namespace

Database::Database(Dialect dialect, std::string connect_string, std::size_t pool_size)
    : dialect_(dialect),
      connect_string_(std::move(connect_string)),
      pool_(std::make_unique<soci::connection_pool>(pool_size)),
      session_epoch_(pool_size, 0) {}

Database::~Database() {
  health_->stopping = true;
  health_->wake.notify_all();
  // A monitor still inside libpq when the process exits can abort it: libkrb5's exit handlers
  // destroy the mutexes its connect is using (a CLI command, which opens the store, asks one thing
  // and returns at once). A ping of a hung store is not waited for beyond its own deadline.
  std::unique_lock lock(health_->mutex);
  health_->monitor_ended.wait_for(lock, std::chrono::milliseconds(kPingHungMs),
                                  [&] { return !health_->monitor_running; });
}

std::unique_ptr<Database> Database::open(const std::string& url, std::size_t pool_size) {
  const bool is_postgres = url.starts_with("postgresql://") || url.starts_with("postgres://");
  if (!is_postgres && !url.starts_with("sqlite:")) {
    throw std::runtime_error("unsupported database URL (use sqlite:/path or postgresql://...): " + url);
  }
  std::string connect_string;
  if (is_postgres) {
    connect_string = postgresql_connect_string(url);
  } else {
    std::filesystem::path file = url.substr(std::string_view("sqlite:").size());
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
    connect_string = "db=" + file.string() + " timeout=10 shared_cache=false";
  }
  std::unique_ptr<Database> db(
      new Database(is_postgres ? Dialect::postgresql : Dialect::sqlite, std::move(connect_string), pool_size));
  try {
    for (std::size_t i = 0; i < pool_size; ++i) open_session(db->pool_->at(i), db->dialect_, db->connect_string_);
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("cannot open the store: ") + e.what());
  }
  if (is_postgres) db->start_monitor();
  return db;
}

namespace {

struct HeldLease {
  const Database* db;
  std::size_t position;
  int depth;
};
thread_local std::vector<HeldLease> held_leases;

HeldLease* held_by_this_thread(const Database* db) {
  auto found =
      std::find_if(held_leases.begin(), held_leases.end(), [db](const HeldLease& held) { return held.db == db; });
  return found == held_leases.end() ? nullptr : &*found;
}

// The sessions of this thread with a Transaction open, and how many are nested in each.
thread_local std::vector<std::pair<const soci::session*, int>> open_transactions;

}  // namespace

Database::Lease::Lease(Database& db) : db_(db) {
  if (auto* held = held_by_this_thread(&db)) {
    ++held->depth;
    position_ = held->position;
    session_ = &db.pool_->at(position_);
    shared_ = true;
    return;
  }
  if (!db.pool_->try_lease(position_, kLeaseWaitMs)) {
    throw StoreUnavailable("every store connection stayed busy for 10 s");
  }
  try {
    db.make_usable(position_);
  } catch (...) {
    db.pool_->give_back(position_);
    throw;
  }
  session_ = &db.pool_->at(position_);
  held_leases.push_back({&db, position_, 1});
}

Database::Lease::~Lease() {
  auto* held = held_by_this_thread(&db_);
  if (held != nullptr && --held->depth > 0) return;
  std::erase_if(held_leases, [this](const HeldLease& lease) { return lease.db == &db_; });
  if (!shared_) db_.pool_->give_back(position_);
}

Transaction::Transaction(soci::session& session) : session_(session) {
  auto open = std::find_if(open_transactions.begin(), open_transactions.end(),
                           [&session](const auto& entry) { return entry.first == &session; });
  if (open != open_transactions.end()) {
    savepoint_ = "ether_nested_" + std::to_string(++open->second);
    session_ << "SAVEPOINT " + savepoint_;
    return;
  }
  if (session.get_backend_name() == "sqlite3") {
    session_ << "BEGIN IMMEDIATE";
  } else {
    session_.begin();
  }
  open_transactions.emplace_back(&session, 0);
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    rollback();
  } catch (const std::exception& error) {
    spdlog::warn("store: cannot roll back a transaction: {}", error.what());
  }
}

void Transaction::commit() {
  if (done_) return;
  if (!savepoint_.empty()) {
    session_ << "RELEASE SAVEPOINT " + savepoint_;
    done_ = true;
    return;
  }
  if (auto* deadline = process::WorkDeadline::current(); deadline != nullptr && !deadline->begin_commit()) {
    rollback();
    throw StoreUnavailable("the request was answered before its transaction could commit; rolled back");
  }
  done_ = true;
  std::erase_if(open_transactions, [this](const auto& entry) { return entry.first == &session_; });
  try {
    session_.commit();
  } catch (...) {
    // A commit that failed (a full disk) must not leave the pooled session inside its transaction.
    try {
      session_.rollback();
    } catch (...) {  // NOLINT(bugprone-empty-catch): SQLite may have rolled it back itself
    }
    throw;
  }
}

void Transaction::rollback() {
  if (done_) return;
  done_ = true;
  if (!savepoint_.empty()) {
    session_ << "ROLLBACK TO SAVEPOINT " + savepoint_;
    session_ << "RELEASE SAVEPOINT " + savepoint_;
    return;
  }
  std::erase_if(open_transactions, [this](const auto& entry) { return entry.first == &session_; });
  session_.rollback();
}

void Database::make_usable(std::size_t position) {
  if (dialect_ != Dialect::postgresql) return;
  soci::session& session = pool_->at(position);
  const auto failures = health_->failures.load();
  if (session_epoch_[position] == failures && looks_alive(session)) return;
  reconnect(session);
  session_epoch_[position] = failures;
}

void Database::reconnect(soci::session& session) {
  auto& health = *health_;
  {
    std::lock_guard lock(health.mutex);
    // While the monitor still reaches the store, a broken session is a stale one (the server
    // restarted between two pings): reconnect at once. Otherwise the pool waits out its backoff.
    if (!health.reachable && std::chrono::steady_clock::now() < health.next_attempt) {
      throw StoreUnavailable("the store is unreachable; reconnecting is backed off");
    }
  }
  close_quietly(session);
  try {
    open_session(session, dialect_, connect_string_);
  } catch (const std::exception& e) {
    std::lock_guard lock(health.mutex);
    health.backoff = health.backoff.count() == 0 ? kFirstBackoff : std::min(health.backoff * 2, kLongestBackoff);
    health.next_attempt = std::chrono::steady_clock::now() + health.backoff;
    throw StoreUnavailable(std::string("the store is unreachable: ") + e.what());
  }
  std::lock_guard lock(health.mutex);
  health.backoff = std::chrono::milliseconds(0);
  health.next_attempt = {};
}

void Database::start_monitor() {
  // Detached, holding the shared state: a ping stuck on a hung server must not hold up shutdown.
  {
    std::lock_guard lock(health_->mutex);
    health_->monitor_running = true;
  }
  ++running_monitor_count;
  std::thread([health = health_, dialect = dialect_, connect_string = connect_string_] {
    ::pthread_setname_np(::pthread_self(), kMonitorThreadName);
    {
      // Its own scope: the session is gone, and libpq with it, before the monitor says it has ended.
      soci::session session;
      while (!health->stopping) {
        health->ping_started_ms = steady_ms();
        std::string error;
        try {
          if (!looks_alive(session)) {
            close_quietly(session);
            open_session(session, dialect, connect_string);
          }
          int one = 0;
          session << "SELECT 1", soci::into(one);
        } catch (const std::exception& e) {
          error = e.what();
          close_quietly(session);
        }
        health->ping_started_ms = 0;
        if (error.empty()) {
          if (!health->reachable.exchange(true)) spdlog::info("store: reachable again");
          // Back now: the next lease reconnects at once instead of waiting out the backoff.
          std::lock_guard lock(health->mutex);
          health->backoff = std::chrono::milliseconds(0);
          health->next_attempt = {};
        } else {
          ++health->failures;
          if (health->reachable.exchange(false)) spdlog::warn("store: unreachable: {}", error);
        }
        std::unique_lock lock(health->mutex);
        // While the store is away it is pinged more often, so that its return is seen within a moment.
        health->wake.wait_for(lock, health->reachable ? kPingEvery : kPingEveryWhileAway,
                              [&] { return health->stopping.load(); });
      }
      close_quietly(session);
    }
    --running_monitor_count;
    std::lock_guard lock(health->mutex);
    health->monitor_running = false;
    health->monitor_ended.notify_all();
  }).detach();
}

int Database::running_monitors() noexcept { return running_monitor_count.load(); }

bool Database::healthy() const noexcept {
  if (dialect_ != Dialect::postgresql) return true;
  const auto started = health_->ping_started_ms.load();
  if (started != 0 && steady_ms() - started > kPingHungMs) return false;
  return health_->reachable.load();
}

bool Database::answering() const noexcept {
  if (dialect_ != Dialect::postgresql) return true;
  const auto started = health_->ping_started_ms.load();
  if (started != 0 && steady_ms() - started > kPingSlowMs) return false;
  return health_->reachable.load();
}

std::string Database::dialect_sql(std::string_view portable_sql) const {
  return replace_all(std::string(portable_sql), "{{id}}",
                     dialect_ == Dialect::sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGSERIAL PRIMARY KEY");
}

int Database::schema_version() {
  auto session = lease();
  int version = 0;
  soci::indicator ind = soci::i_ok;
  *session << "SELECT MAX(version) FROM schema_migrations", soci::into(version, ind);
  return ind == soci::i_ok ? version : 0;
}

int Database::migrate() { return apply_migrations(*this, migrations()); }

int apply_migrations(Database& db, const std::vector<Migration>& list) {
  {
    auto session = db.lease();
    *session << "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                "applied_at BIGINT NOT NULL)";
  }
  int applied = 0;
  for (const auto& migration : list) {
    auto session = db.lease();
    Transaction tx(*session);
    try {
      // Taken inside the transaction so that two instances starting together on one PostgreSQL
      // database do not both apply a migration: the second fails its insert and rolls back.
      int present = 0;
      *session << "SELECT COUNT(*) FROM schema_migrations WHERE version = :v", soci::use(migration.version),
          soci::into(present);
      if (present != 0) continue;
      for (const auto& statement : split_statements(db.dialect_sql(migration.sql))) *session << statement;
      std::string name(migration.name);
      std::int64_t now = unix_now();
      *session << "INSERT INTO schema_migrations (version, name, applied_at) VALUES (:v, :n, :a)",
          soci::use(migration.version), soci::use(name), soci::use(now);
      tx.commit();
    } catch (const std::exception& error) {
      // The transaction rolls back with `tx`: the store stays at the migration before this one.
      throw std::runtime_error(
          fmt::format("migration {:03d} {} failed and was rolled back; the store is as it was "
                      "before it: {}",
                      migration.version, migration.name, error.what()));
    }
    spdlog::info("store: applied migration {:03d} {}", migration.version, migration.name);
    ++applied;
  }
  return applied;
}

bool is_storage_full(const std::exception& error) noexcept {
  if (const auto* sqlite = dynamic_cast<const soci::sqlite3_soci_error*>(&error)) {
    return sqlite->result() == SQLITE_FULL;
  }
  if (const auto* postgresql = dynamic_cast<const soci::postgresql_soci_error*>(&error)) {
    return postgresql->sqlstate() == "53100";
  }
  if (const auto* system = dynamic_cast<const std::system_error*>(&error)) {
    return system->code() == std::errc::no_space_on_device;
  }
  return false;
}

bool Database::ping() noexcept {
  try {
    auto session = lease();
    int one = 0;
    *session << "SELECT 1", soci::into(one);
    return one == 1;
  } catch (...) {
    return false;
  }
}

}  // namespace ether::store
