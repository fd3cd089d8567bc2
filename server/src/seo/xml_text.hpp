#pragma once
// Text helpers of the crawler and podcast-app documents (RSS, sitemap.xml): XML escaping that also
// drops characters XML 1.0 forbids, and RFC 2822 / W3C dates of unix seconds in UTC.

#include <cstdint>
#include <string>
#include <string_view>

namespace ether::seo {

/// `text` escaped for XML element content and attribute values (&, <, >, ", '); control characters
/// other than tab, newline and carriage return, which XML 1.0 cannot carry, are left out.
std::string xml_escape(std::string_view text);

/// RFC 2822 date of RSS pubDate, in UTC: "Sat, 21 Nov 2026 10:00:00 +0000".
std::string rfc2822_date(std::int64_t unix_seconds);

/// W3C datetime of sitemap lastmod, in UTC: "2026-11-21T10:00:00+00:00".
std::string w3c_datetime(std::int64_t unix_seconds);

/// "h:mm:ss" (hours always shown), as itunes:duration and spec §9 write durations.
std::string hms_duration(std::int64_t seconds);

}  // namespace ether::seo
