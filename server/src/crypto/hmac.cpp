#include "crypto/hmac.hpp"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace ether::crypto {
namespace {

const unsigned char* bytes_of(std::string_view text) { return reinterpret_cast<const unsigned char*>(text.data()); }

void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium cannot be initialised");
}

}  // namespace

std::string hmac_sha256(std::string_view key, std::initializer_list<std::string_view> parts) {
  ensure_sodium();
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, bytes_of(key), key.size());
  for (const auto part : parts) crypto_auth_hmacsha256_update(&state, bytes_of(part), part.size());
  std::array<unsigned char, crypto_auth_hmacsha256_BYTES> mac{};
  crypto_auth_hmacsha256_final(&state, mac.data());
  return {reinterpret_cast<const char*>(mac.data()), mac.size()};
}

std::string to_hex(std::string_view bytes) {
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes_of(bytes), bytes.size());
  hex.pop_back();
  return hex;
}

bool equal_in_constant_time(std::string_view a, std::string_view b) {
  ensure_sodium();
  std::array<unsigned char, crypto_generichash_BYTES> digest_a{};
  std::array<unsigned char, crypto_generichash_BYTES> digest_b{};
  crypto_generichash(digest_a.data(), digest_a.size(), bytes_of(a), a.size(), nullptr, 0);
  crypto_generichash(digest_b.data(), digest_b.size(), bytes_of(b), b.size(), nullptr, 0);
  return sodium_memcmp(digest_a.data(), digest_b.data(), digest_a.size()) == 0;
}

bool equal_of_public_length(std::string_view a, std::string_view b) {
  ensure_sodium();
  return a.size() == b.size() && (a.empty() || sodium_memcmp(a.data(), b.data(), a.size()) == 0);
}

}  // namespace ether::crypto
