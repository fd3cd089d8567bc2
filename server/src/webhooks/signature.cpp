#include "webhooks/signature.hpp"

#include "crypto/hmac.hpp"

namespace ether::webhooks {

std::string sign(std::string_view secret, std::int64_t timestamp, std::string_view body) {
  const auto stamp = std::to_string(timestamp) + ".";
  return "sha256=" + crypto::to_hex(crypto::hmac_sha256(secret, {stamp, body}));
}

bool verify(std::string_view secret, std::int64_t timestamp, std::string_view body, std::string_view signature) {
  return crypto::equal_in_constant_time(signature, sign(secret, timestamp, body));
}

}  // namespace ether::webhooks
