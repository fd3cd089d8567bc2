#pragma once
// Slows down password guessing: failed logins are counted in the store (admin_login_failures), so
// the count holds across instances and restarts, under three keys: an account from one address
// (5), a client address over all accounts (20), and an account from every address together (50).
// The first locks a guesser out of that account without locking its owner out, who signs in from
// another address; the last is the slower cap on a guess spread over many addresses. From a key's
// threshold on, every further failure locks it for a window that doubles (1 min, 2, 4, ... at most
// an hour); a login while locked is refused before the password is looked at (429 with
// Retry-After). Counts older than a day start again; a successful login clears its account's
// counts (not the address's: a guesser who knows one password must not reset the others).

#include <soci/soci.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace ether::admin {

struct ThrottlePolicy {
  int account_threshold = 5;          // failures of an account from one address before the first lock
  int address_threshold = 20;         // per address: higher, since an office shares one address
  int account_global_threshold = 50;  // of an account from all addresses together
  std::int64_t first_lock_seconds = 60;
  std::int64_t max_lock_seconds = 3600;
  std::int64_t forget_after_seconds = 86400;
};

/// The throttle keys of an account (from every address), an address, and an account from one address.
std::string account_key(std::string_view email);
std::string address_key(std::string_view address);
std::string account_address_key(std::string_view email, std::string_view address);

class LoginThrottle {
 public:
  LoginThrottle(soci::session& session, ThrottlePolicy policy = {}) : session_(session), policy_(policy) {}

  /// Seconds until `key` may try again; 0 when it may now.
  [[nodiscard]] std::int64_t locked_for(const std::string& key, std::int64_t now);
  /// Counts a failure of `key` (threshold: account_threshold or address_threshold) and locks it
  /// when the count reached the threshold. Returns the count, this failure included.
  std::int64_t record_failure(const std::string& key, int threshold, std::int64_t now);
  /// Forgets the failures of `key`.
  void clear(const std::string& key);

  [[nodiscard]] const ThrottlePolicy& policy() const { return policy_; }

 private:
  soci::session& session_;
  ThrottlePolicy policy_;
};

}  // namespace ether::admin
