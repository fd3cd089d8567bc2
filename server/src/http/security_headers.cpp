#include "http/security_headers.hpp"

#include <array>
#include <utility>

namespace ether::http {

void add_security_headers(Response& response) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kHeaders{{
      {"Content-Security-Policy", kContentSecurityPolicy},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "strict-origin-when-cross-origin"},
      {"X-Frame-Options", "SAMEORIGIN"},
      {"Permissions-Policy", "camera=(), microphone=(), geolocation=()"},
      {"Cross-Origin-Opener-Policy", "same-origin-allow-popups"},
  }};
  for (const auto& [name, value] : kHeaders) {
    if (!response.has_header(name)) response.headers.emplace_back(std::string(name), std::string(value));
  }
}

}  // namespace ether::http
