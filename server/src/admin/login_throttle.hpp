#pragma once
// Slows down password guessing without ever locking out the one who knows the password. Failed
// logins are counted in the store (admin_login_failures), so the count holds across instances and
// restarts, under keys of two kinds (LoginKeys):
// - the client's own: its address (per /64 for IPv6, http/client_group.hpp) over all accounts, and
//   an account from that address. From a key's threshold on, every further failure locks it for a
//   window that doubles (1 min, 2, 4, ... at most an hour); while locked, the client's logins are
//   refused before the password is looked at (429 with Retry-After);
// - the shared one: an account (or a source mount) from every address together. It never refuses
//   the right password, since others' failures must not lock its owner out. While it is locked, a
//   wrong password locks the address that gave it at once, so a guess spread over many addresses
//   slows to one try per address per window.
// An attempt is counted before its password is checked, in one transaction with the look at the
// lock, so that concurrent checks cannot all slip under a threshold; a right password takes its
// count back. Counts older than a day start again and are pruned.

#include <soci/soci.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
/// An address is counted by its client_group().
std::string account_key(std::string_view email);
std::string address_key(std::string_view address);
std::string account_address_key(std::string_view email, std::string_view address);

/// One key of a login attempt, with the count at which it locks.
struct ThrottleKey {
  std::string key;
  int threshold = 0;
};

/// The keys one login attempt counts under (see the top of this file).
struct LoginKeys {
  std::vector<ThrottleKey> own;         // the client's: the address's key first
  ThrottleKey shared;                   // the account's or mount's, from every address; an empty key: none
  bool success_clears_address = false;  // admin logins keep the address's count: one known password must not reset it

  /// An admin login of `email` from `address` under `policy`.
  static LoginKeys admin(std::string_view email, std::string_view address, const ThrottlePolicy& policy);
  /// A password or code check of a signed-in account under one key of its own (`key`, locking at
  /// `threshold`): no address shares it, so it is cleared by a right answer.
  static LoginKeys account_check(std::string key, int threshold);
};

/// One key's count of an attempt, with what its lock was before and was set to, so that a right
/// password can take it back.
struct CountedAttempt {
  ThrottleKey key;
  std::int64_t refused_for = 0;
  long long lock_before = 0;
  long long lock_set = 0;
};

/// A login attempt counted before its password was checked (LoginThrottle::begin_attempt).
struct LoginAttempt {
  LoginKeys keys;
  std::int64_t refused_for = 0;         // > 0: refused unchecked, nothing counted
  std::vector<CountedAttempt> counted;  // the own keys', then the shared key's
};

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

  /// Counts a login attempt under `keys` before its password is checked. Its `refused_for` is the
  /// seconds to wait when one of the client's own keys is locked (nothing stays counted then, and
  /// the password must not be checked), 0 otherwise.
  LoginAttempt begin_attempt(const LoginKeys& keys, std::int64_t now);
  /// The password was right: the attempt's count is taken back from every key (with the lock its
  /// count started); the shared key and the account-from-this-address keys are forgotten (the
  /// address's too when the keys say so). `forget` false only takes the count back (a second step
  /// must still succeed).
  void attempt_passed(const LoginAttempt& attempt, bool forget = true);
  /// The password was wrong (its count stays): 0, or, while the shared key is locked, the seconds
  /// to answer in Retry-After, the client's address being locked at once.
  std::int64_t attempt_failed(const LoginAttempt& attempt, std::int64_t now);

  [[nodiscard]] const ThrottlePolicy& policy() const { return policy_; }

 private:
  /// Counts one attempt of `key`, in one transaction with the look at its lock: `refused_for` the
  /// seconds it was locked for when `refuse_when_locked` (the attempt is then not counted).
  CountedAttempt count_attempt(const ThrottleKey& key, bool refuse_when_locked, std::int64_t now);
  /// Takes one counted attempt back, and the lock it started (unless another changed it since).
  void take_back(const CountedAttempt& counted);
  /// The lock window after `failures` failures of a key locking at `threshold`; 0 below it.
  [[nodiscard]] std::int64_t lock_seconds(long long failures, int threshold) const;
  void prune(std::int64_t now);

  soci::session& session_;
  ThrottlePolicy policy_;
};

}  // namespace ether::admin
