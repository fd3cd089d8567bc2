#include "admin/login_throttle.hpp"

#include <algorithm>

#include "admin/user_repository.hpp"
#include "store/database.hpp"

namespace ether::admin {

std::string account_key(std::string_view email) { return "account:" + email_key(email); }
std::string address_key(std::string_view address) { return "address:" + std::string(address); }
std::string account_address_key(std::string_view email, std::string_view address) {
  return "account-address:" + email_key(email) + "|" + std::string(address);
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
  long long locked_until = 0;
  if (failures >= threshold) {
    // The window doubles with every failure past the threshold, capped; the shift is bounded too.
    const auto doublings = std::min<long long>(failures - threshold, 20);
    locked_until = now + std::min(policy_.max_lock_seconds, policy_.first_lock_seconds << doublings);
  }
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
  return failures;
}

void LoginThrottle::clear(const std::string& key) {
  session_ << "DELETE FROM admin_login_failures WHERE throttle_key = :k", soci::use(key);
}

}  // namespace ether::admin
