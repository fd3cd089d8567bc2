#include "cluster/leader_election.hpp"

#include <soci/postgresql/soci-postgresql.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <condition_variable>
#include <stdexcept>

#include "reporting/reporter.hpp"

namespace ether::cluster {
namespace {

bool is_postgres(const std::string& url) { return url.starts_with("postgresql://") || url.starts_with("postgres://"); }

// The election's own connection: named in pg_stat_activity, and with TCP keepalives and timeouts
// so that a leader cut off from the database notices (and PostgreSQL drops its locks) within
// seconds rather than the kernel's two hours.
std::string election_url(const std::string& url, std::string_view application = "ether-election") {
  std::string out = url;
  auto add = [&out](std::string_view name, std::string_view value) {
    if (out.find(std::string(name) + "=") != std::string::npos) return;
    out.append(out.find('?') == std::string::npos ? "?" : "&").append(name).append("=").append(value);
  };
  add("application_name", application);
  add("connect_timeout", "5");
  add("keepalives_idle", "5");
  add("keepalives_interval", "2");
  add("keepalives_count", "3");
  add("tcp_user_timeout", "10000");
  return out;
}

}  // namespace

ExclusiveSection::ExclusiveSection(const std::string& database_url, std::int64_t key) {
  if (!is_postgres(database_url)) return;
  try {
    session_ =
        std::make_unique<soci::session>(*soci::factory_postgresql(), election_url(database_url, "ether-startup"));
    const long long lock_key = key;
    int locked = 0;
    *session_ << "SELECT 1 FROM (SELECT pg_advisory_lock(CAST(:key AS BIGINT))) AS taken", soci::use(lock_key),
        soci::into(locked);
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("cannot take the start-up lock in the store: ") + e.what());
  }
}

ExclusiveSection::~ExclusiveSection() = default;

LeaderElection::LeaderElection(std::string database_url, std::vector<Role> roles,
                               std::chrono::milliseconds check_interval)
    : url_(std::move(database_url)), postgres_(is_postgres(url_)), interval_(check_interval) {
  for (auto& role : roles) {
    auto held = std::make_unique<Held>();
    held->role = std::move(role);
    roles_.push_back(std::move(held));
  }
}

LeaderElection::~LeaderElection() { stop(); }

void LeaderElection::start() {
  if (thread_.joinable()) return;
  check();
  thread_ = std::jthread([this](const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    while (!stop.stop_requested()) {
      if (!await_role()) {
        std::unique_lock lock(mutex);
        wake.wait_for(lock, stop, interval_, [] { return false; });
      }
      if (stop.stop_requested()) break;
      check();
    }
  });
}

void LeaderElection::stop() {
  if (thread_.joinable()) {
    thread_.request_stop();
    thread_.join();
  }
  std::lock_guard lock(round_mutex_);
  for (auto& held : roles_) {
    if (held->leading) give_up(*held, "");
  }
  // Given up before the session closes (whose end the server notices a moment later), so that
  // another instance's next round takes the roles.
  if (session_) {
    try {
      int released = 0;
      *session_ << "SELECT 1 FROM (SELECT pg_advisory_unlock_all()) AS released", soci::into(released);
    } catch (const std::exception& e) {
      spdlog::warn("cluster: cannot give up the leader locks ({}); they go with the connection", e.what());
    }
  }
  session_.reset();
}

bool LeaderElection::leads(std::string_view role) const {
  for (const auto& held : roles_) {
    if (held->role.name == role) return held->leading;
  }
  return false;
}

void LeaderElection::check() {
  std::lock_guard lock(round_mutex_);
  take_failed_ = false;
  if (!postgres_) {
    for (auto& held : roles_) {
      if (!held->leading) take(*held);
    }
    return;
  }
  if (!session_ && !connect()) return;
  try {
    for (auto& held : roles_) {
      if (!held->leading) continue;
      // A lock belongs to the session: as long as this query finds it, no other instance has it.
      const auto key = static_cast<std::uint64_t>(held->role.lock_key);
      const long long high = static_cast<long long>(key >> 32U);
      const long long low = static_cast<long long>(key & 0xffffffffU);
      long long count = 0;
      *session_ << "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND "
                   "pid = pg_backend_pid() AND classid::bigint = :high AND objid::bigint = :low",
          soci::use(high), soci::use(low), soci::into(count);
      if (count == 0) give_up(*held, "its lock was released");
    }
    for (auto& held : roles_) {
      if (held->leading) continue;
      const long long key = held->role.lock_key;
      int taken = 0;
      *session_ << "SELECT CASE WHEN pg_try_advisory_lock(CAST(:key AS BIGINT)) THEN 1 ELSE 0 END", soci::use(key),
          soci::into(taken);
      if (taken == 1) take(*held);
    }
  } catch (const std::exception& e) {
    drop_connection(e.what());
  }
}

bool LeaderElection::await_role() {
  std::lock_guard lock(round_mutex_);
  if (!postgres_ || !session_ || take_failed_) return false;
  Held* wanted = nullptr;
  for (auto& held : roles_) {
    if (!held->leading) {
      wanted = held.get();
      break;
    }
  }
  if (wanted == nullptr) return false;
  // Polling alone left a role without a leader for up to a whole interval after a drain or a
  // crash; PostgreSQL's own lock queue hands the lock over the moment it is free. The next round,
  // which follows at once, tries the other roles, which a leader gives up together.
  try {
    const long long key = wanted->role.lock_key;
    int taken = 0;
    *session_ << "SELECT 1 FROM (SELECT pg_advisory_lock(CAST(:key AS BIGINT))) AS taken", soci::use(key),
        soci::into(taken);
  } catch (const soci::postgresql_soci_error& e) {
    // lock_not_available: the lock_timeout set in connect() passed; the role is still led elsewhere.
    if (e.sqlstate() == "55P03") return true;
    drop_connection(e.what());
    return false;
  } catch (const std::exception& e) {
    drop_connection(e.what());
    return false;
  }
  try {
    take(*wanted);
  } catch (const std::exception& e) {
    // A role that failed to start gives its lock back over the session; when the session died
    // meanwhile, that throws here, on the election's own thread, where nothing else would catch it.
    drop_connection(e.what());
    return false;
  }
  return true;
}

bool LeaderElection::connect() {
  try {
    auto session = std::make_unique<soci::session>(*soci::factory_postgresql(), election_url(url_));
    *session << "SET client_min_messages TO warning";
    // A round must not hang on a database that stopped answering; it fails and retries instead.
    *session << "SET statement_timeout = 5000";
    // The longest a follower's wait for a lock (await_role) lasts: below the statement timeout, and
    // short enough for stop() not to keep a shutdown waiting.
    *session << "SET lock_timeout = " + std::to_string(std::clamp<long long>(interval_.count(), 1, 4000));
    session_ = std::move(session);
    return true;
  } catch (const std::exception& e) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= next_failure_log_) {
      spdlog::warn("cluster: cannot reach the store for the leader election (retrying every {} ms): {}",
                   interval_.count(), e.what());
      next_failure_log_ = now + std::chrono::seconds(30);
    }
    return false;
  }
}

void LeaderElection::drop_connection(const std::string& why) {
  // Without its session this instance may no longer hold any lock: another may lead already.
  for (auto& held : roles_) {
    if (held->leading) give_up(*held, "the election's connection failed: " + why);
  }
  session_.reset();
  spdlog::warn("cluster: the leader election's connection failed ({}); reconnecting", why);
}

void LeaderElection::take(Held& held) {
  try {
    if (held.role.lead) held.role.lead();
    held.leading = true;
    spdlog::info("cluster: this instance now leads the {}", held.role.name);
  } catch (const std::exception& e) {
    spdlog::error("cluster: cannot start the {}: {}", held.role.name, e.what());
    take_failed_ = true;
    reporting::report_exception("cluster", e, "cannot start the " + held.role.name);
    if (session_) {
      // Let another instance, or the next round, try instead.
      const long long key = held.role.lock_key;
      int released = 0;
      *session_ << "SELECT CASE WHEN pg_advisory_unlock(CAST(:key AS BIGINT)) THEN 1 ELSE 0 END", soci::use(key),
          soci::into(released);
    }
  }
}

void LeaderElection::give_up(Held& held, const std::string& why) {
  held.leading = false;
  try {
    if (held.role.follow) held.role.follow();
  } catch (const std::exception& e) {
    spdlog::error("cluster: cannot stop the {}: {}", held.role.name, e.what());
  }
  if (why.empty()) {
    spdlog::info("cluster: this instance no longer leads the {}", held.role.name);
  } else {
    spdlog::warn("cluster: this instance no longer leads the {} ({})", held.role.name, why);
  }
}

}  // namespace ether::cluster
