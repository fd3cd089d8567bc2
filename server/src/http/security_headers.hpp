#pragma once
// The security headers every response of the site carries (Content-Security-Policy and friends).

#include "http/message.hpp"

namespace ether::http {

/// The Content-Security-Policy of the site: same-origin scripts and styles, media also over https,
/// frames only from the social-embed origins of web/src/lib/social-embeds.ts (after consent).
inline constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "media-src 'self' blob: https:; connect-src 'self'; "
    "frame-src 'self' https://platform.twitter.com https://www.instagram.com https://www.youtube-nocookie.com; "
    "frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'";

/// kContentSecurityPolicy with `connect_origin` (e.g. the error-reporting DSN's origin) added to
/// connect-src, and `stream_origin` (where streams and audio load from) to media-src and connect-src
/// (an HLS player fetches its playlists); unchanged where they are empty.
std::string content_security_policy(std::string_view connect_origin, std::string_view stream_origin = {});

/// The Content-Security-Policy of a JSON answer (an API response or error): it is never a document
/// or a worker the site runs, so nothing may load, run or frame it when opened on its own.
inline constexpr std::string_view kApiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/// Strict-Transport-Security of a site served over https: a year, subdomains included.
inline constexpr std::string_view kStrictTransportSecurity = "max-age=31536000; includeSubDomains";

/// Writes the security headers into a response head as "Name: value\r\n" lines, for those
/// `response` does not set itself (a handler's own value wins); with `strict_transport_security`
/// also kStrictTransportSecurity. A JSON response gets the API's set: kApiContentSecurityPolicy
/// instead of `policy`, framing denied, no referrer, and none of the headers that only a document
/// reads (Permissions-Policy, Cross-Origin-Opener-Policy). No header string is copied: this is the
/// server's hot path.
void append_security_headers(std::string& head, const Response& response, std::string_view policy,
                             bool strict_transport_security);

}  // namespace ether::http
