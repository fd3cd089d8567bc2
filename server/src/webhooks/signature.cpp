#include "webhooks/signature.hpp"

#include <sodium.h>

#include <array>

namespace ether::webhooks {

std::string sign(std::string_view secret, std::int64_t timestamp, std::string_view body) {
  const auto stamp = std::to_string(timestamp) + ".";
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(stamp.data()), stamp.size());
  crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(body.data()), body.size());
  std::array<unsigned char, crypto_auth_hmacsha256_BYTES> mac{};
  crypto_auth_hmacsha256_final(&state, mac.data());
  std::array<char, crypto_auth_hmacsha256_BYTES * 2 + 1> hex{};
  sodium_bin2hex(hex.data(), hex.size(), mac.data(), mac.size());
  return "sha256=" + std::string(hex.data());
}

bool verify(std::string_view secret, std::int64_t timestamp, std::string_view body, std::string_view signature) {
  const auto expected = sign(secret, timestamp, body);
  return signature.size() == expected.size() && sodium_memcmp(signature.data(), expected.data(), expected.size()) == 0;
}

}  // namespace ether::webhooks
