#include "http/security_headers.hpp"

#include <array>
#include <utility>

#include "http/mime.hpp"

namespace ether::http {

std::string content_security_policy(std::string_view connect_origin) {
  std::string policy(kContentSecurityPolicy);
  if (connect_origin.empty()) return policy;
  static constexpr std::string_view kConnect = "connect-src 'self'";
  policy.insert(policy.find(kConnect) + kConnect.size(), " " + std::string(connect_origin));
  return policy;
}

namespace {

using HeaderLines = std::array<std::pair<std::string_view, std::string_view>, 7>;

HeaderLines document_headers(std::string_view policy, bool strict_transport_security) {
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

// A JSON answer is read by scripts, never rendered by the site: the headers that shape a document
// (its policy's sources, its permissions, its opener) only lengthen the most frequent responses,
// such as the player's info polled by every listener.
HeaderLines json_headers(bool strict_transport_security) {
  return {{
      {"Content-Security-Policy", kApiContentSecurityPolicy},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      {"X-Frame-Options", "DENY"},
      {strict_transport_security ? "Strict-Transport-Security" : "", kStrictTransportSecurity},
      {"", ""},
      {"", ""},
  }};
}

}  // namespace

void append_security_headers(std::string& head, const Response& response, std::string_view policy,
                             bool strict_transport_security) {
  const auto lines = is_json(response.header("Content-Type")) ? json_headers(strict_transport_security)
                                                              : document_headers(policy, strict_transport_security);
  for (const auto& [name, value] : lines) {
    if (name.empty() || response.has_header(name)) continue;
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
  }
}

}  // namespace ether::http
