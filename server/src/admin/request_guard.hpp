#pragma once
// The checks every state-changing admin call passes before it runs: the Origin header must be the
// site's own origin, and the X-CSRF-Token header must be the session's token. Also the session
// cookie (ether_session) written (http::Request::cookie reads it).
//
// Which origins are the site's own: the origin of ETHER_BASE_URL, and for local use the request's
// own Host origin only when that host is a loopback name (localhost, 127.0.0.1, [::1]). A general
// "Origin equals Host" rule would let a DNS-rebinding page (whose Origin and Host both read
// evil.example) through; a loopback Host cannot be such a page's, and a server bound to loopback
// is reached as 127.0.0.1 as often as by the configured name.

#include <optional>
#include <string>
#include <string_view>

#include "http/message.hpp"

namespace ether::admin {

inline constexpr std::string_view kSessionCookie = "ether_session";
inline constexpr std::string_view kCsrfHeader = "X-CSRF-Token";

/// "https://radio.example" of "https://Radio.example/path": scheme, host and a non-default port,
/// in lower case; empty when `url` is not an absolute http(s) URL.
std::string origin_of(std::string_view url);

/// True for POST, PUT, PATCH and DELETE.
bool is_state_changing(std::string_view method);

/// True when the request's Origin header is `site_origin` or its own loopback Host origin
/// (see above); false when it is missing or foreign.
bool origin_allowed(const http::Request& request, std::string_view site_origin);

/// Set-Cookie values: the session cookie (HttpOnly, SameSite=Strict, Path=/, Secure when `secure`)
/// and the one that clears it.
std::string session_cookie(std::string_view session_id, bool secure);
std::string clear_session_cookie(bool secure);

}  // namespace ether::admin
