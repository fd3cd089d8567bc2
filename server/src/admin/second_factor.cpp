#include "admin/second_factor.hpp"

#include <liboath/oath.h>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "admin/password.hpp"
#include "crypto/sealed_text.hpp"

namespace ether::admin {
namespace {

// oath_init is not thread-safe; run it once, before any other oath call of the process.
void ensure_oath() {
  static const bool ready = [] { return oath_init() == OATH_OK; }();
  if (!ready) throw std::runtime_error("liboath cannot be initialised");
}

struct FreeDeleter {
  void operator()(char* p) const { std::free(p); }  // NOLINT(cppcoreguidelines-no-malloc): liboath allocates
};
using OathBuffer = std::unique_ptr<char, FreeDeleter>;

std::string decoded_secret(std::string_view secret_base32) {
  ensure_oath();
  char* out = nullptr;
  std::size_t length = 0;
  const std::string input(secret_base32);
  if (oath_base32_decode(input.data(), input.size(), &out, &length) != OATH_OK) {
    throw std::invalid_argument("the TOTP secret is not base32");
  }
  OathBuffer owned(out);
  return {out, length};
}

std::string digits_only(std::string_view code) {
  std::string out;
  for (char c : code) {
    if (c != ' ') out.push_back(c);
  }
  return out;
}

std::string percent_encoded(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) != 0 || c == '-' || c == '.' || c == '_' || c == '~' || c == '@') {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4U]);
      out.push_back(kHex[c & 0x0FU]);
    }
  }
  return out;
}

// No 0/o, 1/l/i: a code is read off paper and typed.
constexpr std::string_view kRecoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

}  // namespace

std::string generate_totp_secret() {
  ensure_oath();
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialised");
  std::string raw(kTotpSecretBytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  char* out = nullptr;
  std::size_t length = 0;
  if (oath_base32_encode(raw.data(), raw.size(), &out, &length) != OATH_OK) {
    throw std::runtime_error("cannot encode a TOTP secret");
  }
  OathBuffer owned(out);
  std::string encoded(out, length);
  // 20 bytes are 32 base32 characters exactly; strip padding all the same.
  encoded.erase(std::find(encoded.begin(), encoded.end(), '='), encoded.end());
  return encoded;
}

std::string otpauth_uri(std::string_view secret_base32, std::string_view email) {
  return "otpauth://totp/Ether:" + percent_encoded(email) + "?secret=" + std::string(secret_base32) +
         "&issuer=Ether&algorithm=SHA1&digits=" + std::to_string(kTotpDigits) +
         "&period=" + std::to_string(kTotpStepSeconds);
}

std::string totp_code(std::string_view secret_base32, std::int64_t now) {
  const auto secret = decoded_secret(secret_base32);
  std::string code(kTotpDigits + 1, '\0');
  if (oath_totp_generate(secret.data(), secret.size(), static_cast<time_t>(now), kTotpStepSeconds,
                         OATH_TOTP_DEFAULT_START_TIME, kTotpDigits, code.data()) != OATH_OK) {
    throw std::runtime_error("cannot compute a TOTP code");
  }
  code.resize(kTotpDigits);
  return code;
}

bool looks_like_totp_code(std::string_view code) {
  const auto digits = digits_only(code);
  return digits.size() == kTotpDigits &&
         std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

std::optional<std::int64_t> totp_matching_step(std::string_view secret_base32, std::string_view code,
                                               std::int64_t now) {
  if (!looks_like_totp_code(code) || secret_base32.empty()) return std::nullopt;
  const auto secret = decoded_secret(secret_base32);
  const auto digits = digits_only(code);
  int position = 0;
  const int result = oath_totp_validate2(secret.data(), secret.size(), static_cast<time_t>(now), kTotpStepSeconds,
                                         OATH_TOTP_DEFAULT_START_TIME, 1, &position, digits.c_str());
  if (result < 0) return std::nullopt;
  return now / kTotpStepSeconds + position;
}

std::vector<std::string> generate_recovery_codes() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialised");
  std::vector<std::string> codes;
  for (std::size_t i = 0; i < kRecoveryCodeCount; ++i) {
    std::string code;
    for (int j = 0; j < 10; ++j) {
      if (j == 5) code.push_back('-');
      code.push_back(kRecoveryAlphabet[randombytes_uniform(static_cast<std::uint32_t>(kRecoveryAlphabet.size()))]);
    }
    codes.push_back(std::move(code));
  }
  return codes;
}

std::string recovery_code_hash(std::string_view code) {
  std::string normal;
  for (unsigned char c : code) {
    if (c == ' ' || c == '-') continue;
    normal.push_back(static_cast<char>(std::tolower(c)));
  }
  return sha256_hex(normal);
}

namespace {

std::mutex& key_mutex() {
  static std::mutex mutex;
  return mutex;
}
std::string& sealing_key() {
  static std::string key;
  return key;
}
std::string current_key() {
  std::lock_guard lock(key_mutex());
  return sealing_key();
}

}  // namespace

void set_second_factor_key(std::string key) {
  std::lock_guard lock(key_mutex());
  sealing_key() = std::move(key);
}

std::optional<SecondFactor> SecondFactorRepository::find(std::int64_t user_id) {
  long long user = user_id;
  SecondFactor factor;
  long long enabled_at = 0;
  soci::indicator enabled_ind = soci::i_ok;
  long long last_step = 0;
  session_ << "SELECT secret, enabled_at, last_used_step FROM admin_second_factors WHERE user_id = :u",
      soci::into(factor.secret), soci::into(enabled_at, enabled_ind), soci::into(last_step), soci::use(user);
  if (!session_.got_data()) return std::nullopt;
  if (crypto::is_sealed(factor.secret)) {
    auto plain = crypto::unseal(factor.secret, current_key());
    if (!plain) {
      // Another key than the one it was sealed with (a restore on a machine without it): its
      // codes cannot be checked; the recovery codes and a beheerder's reset still work.
      spdlog::error("admin: the second factor of user {} cannot be unsealed with ETHER_SECOND_FACTOR_KEY", user_id);
    }
    factor.secret = plain.value_or("");
  }
  factor.user_id = user_id;
  if (enabled_ind == soci::i_ok) factor.enabled_at = enabled_at;
  factor.last_used_step = last_step;
  return factor;
}

bool SecondFactorRepository::enabled(std::int64_t user_id) {
  long long user = user_id;
  long long count = 0;
  session_ << "SELECT COUNT(*) FROM admin_second_factors WHERE user_id = :u AND enabled_at IS NOT NULL",
      soci::into(count), soci::use(user);
  return count > 0;
}

void SecondFactorRepository::start_enrolment(std::int64_t user_id, const std::string& secret, std::int64_t now) {
  long long user = user_id;
  long long at = now;
  session_ << "DELETE FROM admin_second_factors WHERE user_id = :u AND enabled_at IS NULL", soci::use(user);
  const auto key = current_key();
  const std::string stored = key.empty() ? secret : crypto::seal(secret, key);
  session_ << "INSERT INTO admin_second_factors (user_id, secret, created_at, last_used_step) VALUES (:u, :s, :c, 0)",
      soci::use(user), soci::use(stored), soci::use(at);
}

void SecondFactorRepository::enable(std::int64_t user_id, std::int64_t step, std::int64_t now,
                                    const std::vector<std::string>& recovery_codes) {
  long long user = user_id;
  long long at = now;
  long long used_step = step;
  session_ << "UPDATE admin_second_factors SET enabled_at = :a, last_used_step = :s WHERE user_id = :u", soci::use(at),
      soci::use(used_step), soci::use(user);
  replace_recovery_codes(user_id, recovery_codes);
}

void SecondFactorRepository::replace_recovery_codes(std::int64_t user_id,
                                                    const std::vector<std::string>& recovery_codes) {
  long long user = user_id;
  session_ << "DELETE FROM admin_recovery_codes WHERE user_id = :u", soci::use(user);
  for (const auto& code : recovery_codes) {
    const auto hash = recovery_code_hash(code);
    session_ << "INSERT INTO admin_recovery_codes (user_id, code_hash) VALUES (:u, :h)", soci::use(user),
        soci::use(hash);
  }
}

bool SecondFactorRepository::use_step(std::int64_t user_id, std::int64_t step) {
  long long user = user_id;
  long long used_step = step;
  // One conditional update: two logins racing with the same code cannot both take the step.
  soci::statement st = (session_.prepare << "UPDATE admin_second_factors SET last_used_step = :s "
                                            "WHERE user_id = :u AND last_used_step < :t AND enabled_at IS NOT NULL",
                        soci::use(used_step), soci::use(user), soci::use(used_step));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

bool SecondFactorRepository::use_recovery_code(std::int64_t user_id, std::string_view code, std::int64_t now) {
  long long user = user_id;
  long long at = now;
  const auto hash = recovery_code_hash(code);
  soci::statement st = (session_.prepare << "UPDATE admin_recovery_codes SET used_at = :a "
                                            "WHERE user_id = :u AND code_hash = :h AND used_at IS NULL",
                        soci::use(at), soci::use(user), soci::use(hash));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

std::int64_t SecondFactorRepository::recovery_codes_left(std::int64_t user_id) {
  long long user = user_id;
  long long count = 0;
  session_ << "SELECT COUNT(*) FROM admin_recovery_codes WHERE user_id = :u AND used_at IS NULL", soci::into(count),
      soci::use(user);
  return count;
}

bool SecondFactorRepository::remove(std::int64_t user_id) {
  long long user = user_id;
  session_ << "DELETE FROM admin_recovery_codes WHERE user_id = :u", soci::use(user);
  session_ << "DELETE FROM admin_login_challenges WHERE user_id = :u", soci::use(user);
  soci::statement st = (session_.prepare << "DELETE FROM admin_second_factors WHERE user_id = :u", soci::use(user));
  st.execute(true);
  return st.get_affected_rows() > 0;
}

std::string LoginChallengeRepository::create(std::int64_t user_id, std::int64_t now) {
  long long at = now;
  session_ << "DELETE FROM admin_login_challenges WHERE expires_at <= :n", soci::use(at);
  std::string challenge = random_hex(32);
  const std::string hash = sha256_hex(challenge);
  long long user = user_id;
  long long expires = now + kChallengeSeconds;
  session_ << "INSERT INTO admin_login_challenges (id_hash, user_id, expires_at) VALUES (:h, :u, :e)", soci::use(hash),
      soci::use(user), soci::use(expires);
  return challenge;
}

std::optional<std::int64_t> LoginChallengeRepository::user_of(std::string_view challenge, std::int64_t now) {
  if (challenge.size() != 64) return std::nullopt;
  const std::string hash = sha256_hex(challenge);
  long long user = 0;
  long long expires = 0;
  session_ << "SELECT user_id, expires_at FROM admin_login_challenges WHERE id_hash = :h", soci::into(user),
      soci::into(expires), soci::use(hash);
  if (!session_.got_data() || now >= expires) return std::nullopt;
  return user;
}

void LoginChallengeRepository::remove(std::string_view challenge) {
  const std::string hash = sha256_hex(challenge);
  session_ << "DELETE FROM admin_login_challenges WHERE id_hash = :h", soci::use(hash);
}

int SecondFactorRepository::seal_plain_secrets() {
  const auto key = current_key();
  if (key.empty()) return 0;
  std::vector<std::pair<long long, std::string>> plain;
  {
    long long user = 0;
    std::string secret;
    soci::statement st =
        (session_.prepare << "SELECT user_id, secret FROM admin_second_factors", soci::into(user), soci::into(secret));
    st.execute();
    while (st.fetch()) {
      if (!crypto::is_sealed(secret)) plain.emplace_back(user, secret);
    }
  }
  for (const auto& [user, secret] : plain) {
    const auto sealed = crypto::seal(secret, key);
    long long id = user;
    session_ << "UPDATE admin_second_factors SET secret = :s WHERE user_id = :u AND secret = :p", soci::use(sealed),
        soci::use(id), soci::use(secret);
  }
  return static_cast<int>(plain.size());
}

}  // namespace ether::admin
