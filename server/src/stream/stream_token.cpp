#include "stream/stream_token.hpp"

#include <array>
#include <charconv>

#include "crypto/hmac.hpp"

namespace ether::stream {
namespace {

constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::string_view version = "v1";

using crypto::equal_in_constant_time;

std::string hmac_sha256(std::string_view key, std::string_view message) { return crypto::hmac_sha256(key, {message}); }

std::string signed_text(std::string_view subject, std::int64_t expires_at) {
  return std::string(version) + '|' + std::string(subject) + '|' + std::to_string(expires_at);
}

}  // namespace

std::string_view to_string(TokenVerdict verdict) {
  switch (verdict) {
    case TokenVerdict::valid:
      return "valid";
    case TokenVerdict::malformed:
      return "malformed";
    case TokenVerdict::bad_signature:
      return "bad_signature";
    case TokenVerdict::expired:
      return "expired";
    case TokenVerdict::wrong_subject:
      return "wrong_subject";
  }
  return "malformed";
}

std::string base64url_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    buffer = (buffer << 8U) | c;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(alphabet[(buffer >> static_cast<unsigned>(bits)) & 0x3FU]);
    }
  }
  if (bits > 0) out.push_back(alphabet[(buffer << static_cast<unsigned>(6 - bits)) & 0x3FU]);
  return out;
}

bool base64url_decode(std::string_view text, std::string& out) {
  out.clear();
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    auto index = alphabet.find(c);
    if (index == std::string_view::npos) return false;
    buffer = (buffer << 6U) | static_cast<std::uint32_t>(index);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> static_cast<unsigned>(bits)) & 0xFFU));
    }
  }
  // Leftover bits must be zero padding: a token altered in its last character is not accepted.
  return (buffer & ((1U << static_cast<unsigned>(bits)) - 1U)) == 0;
}

TokenSigner::TokenSigner(std::string secret) : secret_(std::move(secret)) {}

std::string TokenSigner::sign(std::string_view subject, std::int64_t expires_at) const {
  auto payload = signed_text(subject, expires_at);
  return base64url_encode(payload) + '.' + base64url_encode(hmac_sha256(secret_, payload));
}

TokenVerdict TokenSigner::verify(std::string_view token, std::string_view subject, std::int64_t now) const {
  auto dot = token.find('.');
  if (dot == std::string_view::npos || token.size() > 4096) return TokenVerdict::malformed;
  std::string payload;
  std::string mac;
  if (!base64url_decode(token.substr(0, dot), payload) || !base64url_decode(token.substr(dot + 1), mac)) {
    return TokenVerdict::malformed;
  }
  if (!equal_in_constant_time(mac, hmac_sha256(secret_, payload))) return TokenVerdict::bad_signature;
  // Only a payload we signed gets this far, so its form is ours: v1|subject|expires.
  auto first = payload.find('|');
  auto last = payload.rfind('|');
  if (first == std::string::npos || first == last || payload.substr(0, first) != version) {
    return TokenVerdict::malformed;
  }
  std::int64_t expires_at = 0;
  auto expires_text = std::string_view(payload).substr(last + 1);
  auto [end, error] = std::from_chars(expires_text.data(), expires_text.data() + expires_text.size(), expires_at);
  if (error != std::errc{} || end != expires_text.data() + expires_text.size()) return TokenVerdict::malformed;
  if (std::string_view(payload).substr(first + 1, last - first - 1) != subject) return TokenVerdict::wrong_subject;
  if (now >= expires_at) return TokenVerdict::expired;
  return TokenVerdict::valid;
}

std::string TokenSigner::signature(std::string_view subject, std::int64_t expires_at) const {
  return base64url_encode(hmac_sha256(secret_, signed_text(subject, expires_at)));
}

TokenVerdict TokenSigner::verify_signature(std::string_view signature_text, std::string_view subject,
                                           std::int64_t expires_at, std::int64_t now) const {
  std::string mac;
  if (!base64url_decode(signature_text, mac)) return TokenVerdict::malformed;
  if (!equal_in_constant_time(mac, hmac_sha256(secret_, signed_text(subject, expires_at)))) {
    return TokenVerdict::bad_signature;
  }
  if (now >= expires_at) return TokenVerdict::expired;
  return TokenVerdict::valid;
}

}  // namespace ether::stream
