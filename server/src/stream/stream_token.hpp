#pragma once
// Signed, expiring tokens for streams and on-demand URLs: HMAC-SHA256 over a subject (a stream
// name or a URL path) and an expiry instant, checked in constant time.

#include <cstdint>
#include <string>
#include <string_view>

namespace ether::stream {

enum class TokenVerdict { valid, malformed, bad_signature, expired, wrong_subject };

/// Dutch-free, stable names for logs and API error codes ("expired", ...).
std::string_view to_string(TokenVerdict verdict);

/// Signs and verifies tokens with one secret (from configuration, never committed).
class TokenSigner {
 public:
  explicit TokenSigner(std::string secret);

  /// A URL-safe token binding `subject` until `expires_at` (unix seconds).
  [[nodiscard]] std::string sign(std::string_view subject, std::int64_t expires_at) const;
  /// Whether `token` was signed by this secret for `subject` and is still valid at `now`.
  [[nodiscard]] TokenVerdict verify(std::string_view token, std::string_view subject, std::int64_t now) const;

  /// The bare signature of "subject|expires_at", for signed URLs carrying `expires` in the clear.
  [[nodiscard]] std::string signature(std::string_view subject, std::int64_t expires_at) const;
  /// Checks a signature made by signature(); expired or altered input is refused.
  [[nodiscard]] TokenVerdict verify_signature(std::string_view signature, std::string_view subject,
                                              std::int64_t expires_at, std::int64_t now) const;

 private:
  std::string secret_;
};

/// Base64url without padding, and its inverse (empty optional-like result: returns false on bad input).
std::string base64url_encode(std::string_view bytes);
bool base64url_decode(std::string_view text, std::string& out);

}  // namespace ether::stream
