#pragma once
// Text helpers of the crawler and podcast-app documents (RSS, sitemap.xml): XML escaping (the
// server's one escaper, domain::xml_escape, named here too) and RFC 2822 / W3C dates of unix
// seconds in UTC.

#include <cstdint>
#include <string>
#include <string_view>

#include "domain/escape.hpp"

namespace ether::seo {

using domain::xml_escape;

/// RFC 2822 date of RSS pubDate, in UTC: "Sat, 21 Nov 2026 10:00:00 +0000".
std::string rfc2822_date(std::int64_t unix_seconds);

/// W3C datetime of sitemap lastmod, in UTC: "2026-11-21T10:00:00+00:00".
std::string w3c_datetime(std::int64_t unix_seconds);

/// "h:mm:ss" (hours always shown), as itunes:duration and spec §9 write durations.
std::string hms_duration(std::int64_t seconds);

}  // namespace ether::seo
