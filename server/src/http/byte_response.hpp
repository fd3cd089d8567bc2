#pragma once
// Answers a GET/HEAD for a stored representation: conditional requests (If-None-Match,
// If-Modified-Since → 304) and single byte ranges (206/416, If-Range), without copying the bytes.

#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "http/message.hpp"

namespace ether::http {

/// One stored representation of a resource.
struct Representation {
  std::shared_ptr<const std::string> bytes;
  std::string_view etag;                     // strong tag, quoted
  std::optional<std::time_t> last_modified;  // sent as Last-Modified when set
  std::string_view content_type;
  std::string_view content_encoding;  // "br", "gzip", or empty for identity
  bool ranges = true;                 // honour Range (identity encodings only)
};

/// The response for `request`: 304 when a validator matches, 206/416 for a single Range when
/// `ranges` is set, else 200 with the whole body. Sets ETag, Last-Modified, Content-Type,
/// Content-Encoding and Accept-Ranges; the caller adds Cache-Control and Vary.
Response respond_with(const Request& request, const Representation& representation);

/// For an answer built per request, its bytes in `response.body`: sets a strong ETag of them and,
/// for a 200 whose If-None-Match holds that tag, makes it a 304 without body.
void tag_with_etag(const Request& request, Response& response);

}  // namespace ether::http
