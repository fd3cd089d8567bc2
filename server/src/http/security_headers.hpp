#pragma once
// The security headers every response of the site carries (Content-Security-Policy and friends).

#include "http/message.hpp"

namespace ether::http {

/// The Content-Security-Policy of the site: same-origin scripts and styles, media also over https.
inline constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "media-src 'self' blob: https:; connect-src 'self'; frame-ancestors 'self'; base-uri 'self'; "
    "form-action 'self'; object-src 'none'";

/// Sets the security headers on `response`, keeping any the handler already set.
void add_security_headers(Response& response);

}  // namespace ether::http
