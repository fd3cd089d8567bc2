#pragma once
// Password hashing (argon2id through libsodium's crypto_pwhash_str), one-time passwords and the
// random tokens and digests of sessions and API keys. Every function is thread-safe.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ether::admin {

/// The cost of a password hash. The defaults are libsodium's "interactive" limits (about 64 MiB
/// and a tenth of a second); tests may use kMinimumCost. The cost is kept inside each hash, so a
/// hash made at one cost verifies at any other.
struct PasswordCost {
  unsigned long long ops_limit;
  std::size_t mem_limit;
};
extern const PasswordCost kInteractiveCost;
extern const PasswordCost kMinimumCost;

/// Hashes and checks computed at once in the process; more wait for a turn (bounded memory).
inline constexpr std::ptrdiff_t kConcurrentPasswordHashes = 2;

/// The argon2id hash of `password` in libsodium's string form ("$argon2id$v=19$m=...").
/// Throws std::runtime_error when memory for the hash cannot be had.
std::string hash_password(std::string_view password, const PasswordCost& cost = kInteractiveCost);

/// True when `password` matches `hash` (made by hash_password); false for any malformed hash.
bool verify_password(std::string_view hash, std::string_view password);

/// A hash at `cost` of a password nobody knows, to verify in place of a missing account's, so that
/// a login for a name that does not exist takes as long as one for a name that does. The same
/// string for every call with the same cost, made at most once per process (none at the
/// interactive cost, whose stand-in is a constant).
const std::string& stand_in_hash(const PasswordCost& cost);

/// A one-time password of 20 characters from an alphabet without look-alikes (no 0/O, 1/l/I),
/// about 110 bits of entropy.
std::string generate_password();

/// `bytes` random bytes as lower-case hex (libsodium's randombytes).
std::string random_hex(std::size_t bytes);

/// SHA-256 of `text` as lower-case hex.
std::string sha256_hex(std::string_view text);

}  // namespace ether::admin
