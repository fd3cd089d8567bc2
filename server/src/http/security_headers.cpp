#include "http/security_headers.hpp"

#include <array>
#include <utility>

#include "http/mime.hpp"

namespace ether::http {

namespace {

void add_source(std::string& policy, std::string_view directive, std::string_view source) {
  if (source.empty()) return;
  const auto at = policy.find(directive);
  const auto end = policy.find(';', at);
  policy.insert(end, " " + std::string(source));
}

}  // namespace

std::string content_security_policy(std::string_view connect_origin, std::string_view stream_origin) {
  std::string policy(kContentSecurityPolicy);
  add_source(policy, "connect-src ", connect_origin);
  add_source(policy, "connect-src ", stream_origin);
  add_source(policy, "media-src ", stream_origin);
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
