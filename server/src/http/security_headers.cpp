#include "http/security_headers.hpp"

#include <array>
#include <utility>

namespace ether::http {

std::string content_security_policy(std::string_view connect_origin) {
  std::string policy(kContentSecurityPolicy);
  if (connect_origin.empty()) return policy;
  static constexpr std::string_view kConnect = "connect-src 'self'";
  policy.insert(policy.find(kConnect) + kConnect.size(), " " + std::string(connect_origin));
  return policy;
}

void add_security_headers(Response& response, std::string_view policy, bool strict_transport_security) {
  const std::array<std::pair<std::string_view, std::string_view>, 6> headers{{
      {"Content-Security-Policy", policy},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "strict-origin-when-cross-origin"},
      {"X-Frame-Options", "SAMEORIGIN"},
      {"Permissions-Policy", "camera=(), microphone=(), geolocation=()"},
      {"Cross-Origin-Opener-Policy", "same-origin-allow-popups"},
  }};
  for (const auto& [name, value] : headers) {
    if (!response.has_header(name)) response.headers.emplace_back(std::string(name), std::string(value));
  }
  if (strict_transport_security && !response.has_header("Strict-Transport-Security")) {
    response.headers.emplace_back("Strict-Transport-Security", std::string(kStrictTransportSecurity));
  }
}

}  // namespace ether::http
