#pragma once
// Pure helpers for serving bytes: single byte-range requests (RFC 9110 §14), entity tags,
// HTTP dates and the conditional headers built on them. Shared by static assets and media files.

#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace ether::http {

/// An inclusive byte range [first, last] of a representation.
struct ByteRange {
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  [[nodiscard]] std::uint64_t length() const { return last - first + 1; }
  bool operator==(const ByteRange&) const = default;
};

/// What a Range header asks for, given the representation's size.
struct RangeRequest {
  enum class Kind {
    full,           // no usable Range: answer 200 with the whole body (absent, malformed, other unit, multiple)
    partial,        // one satisfiable range: answer 206
    unsatisfiable,  // answer 416 with "Content-Range: bytes */size"
  };
  Kind kind = Kind::full;
  ByteRange range;
};

/// Interprets a Range header value ("bytes=0-499", "bytes=500-", "bytes=-500") for a body of `size` bytes.
/// Multiple ranges are answered with the full body.
RangeRequest parse_range(std::string_view header, std::uint64_t size);

/// "bytes first-last/size" for a 206 answer.
std::string content_range(ByteRange range, std::uint64_t size);
/// "bytes */size" for a 416 answer.
std::string unsatisfied_content_range(std::uint64_t size);

/// A strong entity tag ("\"<32 hex digits>\"") derived from a SHA-256 of `bytes`.
std::string strong_etag(std::string_view bytes);

/// True when an If-None-Match value ("*", or a list of tags, weak or strong) matches `etag`
/// by the weak comparison of RFC 9110 §8.8.3.2.
bool if_none_match(std::string_view header, std::string_view etag);

/// IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT".
std::string format_http_date(std::time_t time);
/// Parses an IMF-fixdate; nullopt for anything else.
std::optional<std::time_t> parse_http_date(std::string_view text);

/// True when a Range request may be honoured given its If-Range value: absent, the same strong
/// entity tag, or an HTTP date equal to `last_modified`.
bool if_range_allows(std::string_view if_range, std::string_view etag, std::optional<std::time_t> last_modified);

}  // namespace ether::http
