#pragma once
// The second factor of the admin: TOTP codes (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits,
// one step of clock drift either way) through Debian's liboath, and one-time recovery codes. The
// pure functions here know nothing of the store; SecondFactorRepository keeps each account's
// secret (table admin_second_factors), the last step it signed in with (so a code is not accepted
// twice) and the hashes of its recovery codes (admin_recovery_codes).

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::admin {

inline constexpr std::int64_t kTotpStepSeconds = 30;
inline constexpr unsigned kTotpDigits = 6;
inline constexpr std::size_t kTotpSecretBytes = 20;
inline constexpr std::size_t kRecoveryCodeCount = 10;

/// A new random secret of kTotpSecretBytes in base32 (RFC 4648, no padding), as authenticator
/// apps take it typed.
std::string generate_totp_secret();

/// The otpauth:// URI of a secret for a QR code: label "Ether:<email>", issuer Ether.
std::string otpauth_uri(std::string_view secret_base32, std::string_view email);

/// The code of `secret_base32` at unix time `now` (what an authenticator app shows). Throws
/// std::invalid_argument for a secret that is not base32.
std::string totp_code(std::string_view secret_base32, std::int64_t now);

/// The time step (unix seconds / 30) whose code `code` is, within one step of `now`; nullopt when
/// it is no such code or not six digits. Spaces in the code are ignored.
std::optional<std::int64_t> totp_matching_step(std::string_view secret_base32, std::string_view code, std::int64_t now);

/// Ten new recovery codes, "xxxxx-xxxxx" from an alphabet without look-alikes (about 50 bits each).
std::vector<std::string> generate_recovery_codes();

/// The stored form of a recovery code as typed: case, spaces and dashes do not matter.
std::string recovery_code_hash(std::string_view code);

/// True when `code` looks like a TOTP code (six digits, spaces allowed) rather than a recovery code.
bool looks_like_totp_code(std::string_view code);

/// Sets the key (crypto::kSealingKeyBytes raw bytes) the TOTP secrets are sealed with in the store,
/// once at start (app/station.cpp, from config::ensure_second_factor_key). Without one (the admin's
/// own tests), secrets are stored plain.
void set_second_factor_key(std::string key);

/// An account's second factor in the store.
struct SecondFactor {
  std::int64_t user_id = 0;
  std::string secret;                      // base32; empty when it cannot be unsealed (another key)
  std::optional<std::int64_t> enabled_at;  // nullopt: enrolment started, not yet confirmed
  std::int64_t last_used_step = 0;
};

class SecondFactorRepository {
 public:
  explicit SecondFactorRepository(soci::session& session) : session_(session) {}

  [[nodiscard]] std::optional<SecondFactor> find(std::int64_t user_id);
  /// True when the account has a confirmed second factor.
  [[nodiscard]] bool enabled(std::int64_t user_id);
  /// Starts (or restarts) an enrolment with a new secret; an enabled one is replaced only by reset.
  void start_enrolment(std::int64_t user_id, const std::string& secret, std::int64_t now);
  /// Enables the pending secret, with `step` as its last used step, and stores the hashes of
  /// `recovery_codes` in place of any earlier ones.
  void enable(std::int64_t user_id, std::int64_t step, std::int64_t now,
              const std::vector<std::string>& recovery_codes);
  /// Stores the hashes of `recovery_codes` in place of any earlier ones, used or not.
  void replace_recovery_codes(std::int64_t user_id, const std::vector<std::string>& recovery_codes);
  /// Takes TOTP step `step` for a login when it is later than the last one used; false when it was
  /// used already (a replayed code).
  bool use_step(std::int64_t user_id, std::int64_t step);
  /// Spends the unused recovery code `code`; false when there is no such unused code.
  bool use_recovery_code(std::int64_t user_id, std::string_view code, std::int64_t now);
  [[nodiscard]] std::int64_t recovery_codes_left(std::int64_t user_id);
  /// Removes the secret and the recovery codes (disable or reset); true when there was a secret.
  bool remove(std::int64_t user_id);
  /// Seals every secret still stored plain (from before sealing) under the key; returns how many.
  int seal_plain_secrets();

 private:
  soci::session& session_;
};

/// Sign-in halfway: the password was right, the second factor is still to come. The client holds a
/// random challenge; the store keeps its SHA-256 for kChallengeSeconds.
inline constexpr std::int64_t kChallengeSeconds = 300;

class LoginChallengeRepository {
 public:
  explicit LoginChallengeRepository(soci::session& session) : session_(session) {}

  /// A new challenge (64 hex characters) for `user_id`; expired ones are swept out.
  std::string create(std::int64_t user_id, std::int64_t now);
  /// The user of a live challenge, or nullopt.
  [[nodiscard]] std::optional<std::int64_t> user_of(std::string_view challenge, std::int64_t now);
  void remove(std::string_view challenge);

 private:
  soci::session& session_;
};

}  // namespace ether::admin
