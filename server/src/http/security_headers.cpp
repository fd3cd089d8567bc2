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

namespace {

std::array<std::pair<std::string_view, std::string_view>, 7> security_headers(std::string_view policy,
                                                                              bool strict_transport_security) {
  return {{
      {"Content-Security-Policy", policy},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "strict-origin-when-cross-origin"},
      {"X-Frame-Options", "SAMEORIGIN"},
      {"Permissions-Policy", "camera=(), microphone=(), geolocation=()"},
      {"Cross-Origin-Opener-Policy", "same-origin-allow-popups"},
      {strict_transport_security ? "Strict-Transport-Security" : "", kStrictTransportSecurity},
  }};
}

}  // namespace

void append_security_headers(std::string& head, const Response& response, std::string_view policy,
                             bool strict_transport_security) {
  for (const auto& [name, value] : security_headers(policy, strict_transport_security)) {
    if (name.empty() || response.has_header(name)) continue;
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
  }
}

}  // namespace ether::http
