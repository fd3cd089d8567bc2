#include "admin/login_throttle.hpp"

#include <algorithm>
#include <utility>

#include "admin/user_repository.hpp"
#include "http/client_group.hpp"
#include "store/database.hpp"

namespace ether::admin {

std::string account_key(std::string_view email) { return "account:" + email_key(email); }
std::string address_key(std::string_view address) { return "address:" + http::client_group(address); }
std::string account_address_key(std::string_view email, std::string_view address) {
  return "account-address:" + email_key(email) + "|" + http::client_group(address);
}

LoginKeys LoginKeys::admin(std::string_view email, std::string_view address, const ThrottlePolicy& policy) {
  return LoginKeys{
      .own = {{address_key(address), policy.address_threshold},
              {account_address_key(email, address), policy.account_threshold}},
      .shared = {account_key(email), policy.account_global_threshold},
      .success_clears_address = false,
  };
}

LoginKeys LoginKeys::account_check(std::string key, int threshold) {
  return LoginKeys{.own = {{std::move(key), threshold}}, .shared = {}, .success_clears_address = true};
}

std::int64_t LoginThrottle::lock_seconds(long long failures, int threshold) const {
  if (failures < threshold) return 0;
  // The window doubles with every failure past the threshold, capped; the shift is bounded too.
  const auto doublings = std::min<long long>(failures - threshold, 20);
  return std::min(policy_.max_lock_seconds, policy_.first_lock_seconds << doublings);
}

std::int64_t LoginThrottle::locked_for(const std::string& key, std::int64_t now) {
  long long locked_until = 0;
  session_ << "SELECT locked_until FROM admin_login_failures WHERE throttle_key = :k", soci::into(locked_until),
      soci::use(key);
  if (!session_.got_data() || locked_until <= now) return 0;
  return locked_until - now;
}

std::int64_t LoginThrottle::record_failure(const std::string& key, int threshold, std::int64_t now) {
  store::Transaction tx(session_);
  long long failures = 0;
  long long last = 0;
  session_ << "SELECT failures, last_failure_at FROM admin_login_failures WHERE throttle_key = :k",
      soci::into(failures), soci::into(last), soci::use(key);
  const bool known = session_.got_data();
  if (known && now - last >= policy_.forget_after_seconds) failures = 0;
  ++failures;
  const long long locked_until = failures >= threshold ? now + lock_seconds(failures, threshold) : 0;
  long long at = now;
  if (known) {
    session_ << "UPDATE admin_login_failures SET failures = :f, last_failure_at = :l, locked_until = :u WHERE "
                "throttle_key = :k",
        soci::use(failures), soci::use(at), soci::use(locked_until), soci::use(key);
  } else {
    // Two instances may count the first failure of a key at once: the loser of the insert race
    // lands in the conflict branch and adds its failure there.
    session_ << "INSERT INTO admin_login_failures (throttle_key, failures, last_failure_at, locked_until) VALUES "
                "(:k, :f, :l, :u) ON CONFLICT (throttle_key) DO UPDATE SET failures = "
                "admin_login_failures.failures + 1, last_failure_at = :l2",
        soci::use(key), soci::use(failures), soci::use(at), soci::use(locked_until), soci::use(at);
  }
  tx.commit();
  if (!known) prune(now);
  return failures;
}

void LoginThrottle::clear(const std::string& key) {
  session_ << "DELETE FROM admin_login_failures WHERE throttle_key = :k", soci::use(key);
}

CountedAttempt LoginThrottle::count_attempt(const ThrottleKey& key, bool refuse_when_locked, std::int64_t now) {
  store::Transaction tx(session_);
  long long at = now;
  long long zero = 0;
  // A write first: it takes the row's lock (PostgreSQL) or the store's (SQLite) before the count is
  // read, so a concurrent attempt waits here and then sees this one counted.
  session_ << "INSERT INTO admin_login_failures (throttle_key, failures, last_failure_at, locked_until) VALUES "
              "(:k, :f, :l, :u) ON CONFLICT (throttle_key) DO UPDATE SET failures = admin_login_failures.failures",
      soci::use(key.key), soci::use(zero), soci::use(at), soci::use(zero);
  long long failures = 0;
  long long last = 0;
  CountedAttempt counted{.key = key};
  session_ << "SELECT failures, last_failure_at, locked_until FROM admin_login_failures WHERE throttle_key = :k",
      soci::into(failures), soci::into(last), soci::into(counted.lock_before), soci::use(key.key);
  if (refuse_when_locked && counted.lock_before > now) {
    tx.commit();
    counted.refused_for = counted.lock_before - now;
    return counted;
  }
  if (failures > 0 && now - last >= policy_.forget_after_seconds) failures = 0;
  ++failures;
  const long long lock = lock_seconds(failures, key.threshold);
  counted.lock_set = lock > 0 ? now + lock : counted.lock_before;
  session_ << "UPDATE admin_login_failures SET failures = :f, last_failure_at = :l, locked_until = :u WHERE "
              "throttle_key = :k",
      soci::use(failures), soci::use(at), soci::use(counted.lock_set), soci::use(key.key);
  tx.commit();
  if (failures == 1) prune(now);
  return counted;
}

void LoginThrottle::take_back(const CountedAttempt& counted) {
  store::Transaction tx(session_);
  long long failures = 0;
  long long locked_until = 0;
  session_ << "SELECT failures, locked_until FROM admin_login_failures WHERE throttle_key = :k", soci::into(failures),
      soci::into(locked_until), soci::use(counted.key.key);
  if (!session_.got_data()) return;
  failures = std::max(0LL, failures - 1);
  // The lock this attempt started goes with it; one another failure set meanwhile stays.
  if (locked_until == counted.lock_set) locked_until = counted.lock_before;
  if (failures == 0 && locked_until == 0) {
    clear(counted.key.key);
  } else {
    session_ << "UPDATE admin_login_failures SET failures = :f, locked_until = :u WHERE throttle_key = :k",
        soci::use(failures), soci::use(locked_until), soci::use(counted.key.key);
  }
  tx.commit();
}

LoginAttempt LoginThrottle::begin_attempt(const LoginKeys& keys, std::int64_t now) {
  LoginAttempt attempt{.keys = keys};
  for (const auto& key : keys.own) {
    auto counted = count_attempt(key, true, now);
    if (counted.refused_for > 0) {
      for (const auto& earlier : attempt.counted) take_back(earlier);
      attempt.counted.clear();
      attempt.refused_for = counted.refused_for;
      return attempt;
    }
    attempt.counted.push_back(std::move(counted));
  }
  if (!keys.shared.key.empty()) attempt.counted.push_back(count_attempt(keys.shared, false, now));
  return attempt;
}

void LoginThrottle::attempt_passed(const LoginAttempt& attempt, bool forget) {
  for (std::size_t i = 0; i < attempt.counted.size(); ++i) {
    const auto& counted = attempt.counted[i];
    const bool address = i == 0 && !attempt.keys.own.empty();
    if (forget && (!address || attempt.keys.success_clears_address)) {
      clear(counted.key.key);
    } else {
      take_back(counted);
    }
  }
}

std::int64_t LoginThrottle::attempt_failed(const LoginAttempt& attempt, std::int64_t now) {
  const auto& keys = attempt.keys;
  if (keys.shared.key.empty() || keys.own.empty() || locked_for(keys.shared.key, now) == 0) return 0;
  // The shared key is under a spread guess: this address gets no further try within the window.
  return lock_seconds(record_failure(keys.own.front().key, 1, now), 1);
}

void LoginThrottle::prune(std::int64_t now) {
  // A key forgotten by age and not locked holds nothing: requests from ever new addresses must not
  // grow the table without bound.
  long long stale = now - policy_.forget_after_seconds;
  long long at = now;
  session_ << "DELETE FROM admin_login_failures WHERE last_failure_at < :s AND locked_until <= :n", soci::use(stale),
      soci::use(at);
}

}  // namespace ether::admin
