#pragma once
// Plain HTTP messages: what a handler receives and returns. Only the Beast adapter
// (http/server.cpp) converts to and from the wire, so handlers compile without Beast.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ether::http {

/// Case-insensitive ordering for header names.
struct HeaderNameLess {
  bool operator()(std::string_view a, std::string_view b) const noexcept;
  using is_transparent = void;
};

/// True when two header names (or tokens) are equal ignoring ASCII case.
bool iequals(std::string_view a, std::string_view b) noexcept;

/// `text` without the spaces and tabs around it (a header value's or list item's optional whitespace).
std::string_view trim_blanks(std::string_view text) noexcept;

/// Header fields of a request, keyed case-insensitively; a repeated field keeps its last value.
using Headers = std::map<std::string, std::string, HeaderNameLess>;

/// Decoded query parameters; a repeated key keeps its first value.
using QueryParams = std::map<std::string, std::string, std::less<>>;

/// A request body that the server wrote to a file instead of memory (an upload, see
/// http::Handlers::body_to_file). The file is removed when the last request holding it goes away,
/// unless a handler renamed it to keep it.
struct BodyFile {
  explicit BodyFile(std::filesystem::path file) : path(std::move(file)) {}
  ~BodyFile();
  BodyFile(const BodyFile&) = delete;
  BodyFile& operator=(const BodyFile&) = delete;
  BodyFile(BodyFile&&) = delete;
  BodyFile& operator=(BodyFile&&) = delete;

  std::filesystem::path path;
  std::uint64_t size = 0;
};

/// An HTTP request as a handler sees it.
struct Request {
  std::string method;        // "GET", "HEAD", ...
  std::string target;        // as received: "/gids/2026/11/21?channel=radio2"
  std::string path;          // percent-decoded path: "/gids/2026/11/21"
  std::string query_string;  // raw text after '?', without it
  QueryParams query;         // decoded query parameters
  Headers headers;
  std::string body;
  std::shared_ptr<const BodyFile> body_file;  // set instead of `body` for an upload streamed to disk
  std::string request_id;                     // set by the server for logs and the X-Request-Id header
  std::string remote_address;

  /// The value of a header, or an empty view.
  [[nodiscard]] std::string_view header(std::string_view name) const;
  /// The value of a query parameter, or nullopt.
  [[nodiscard]] std::optional<std::string_view> param(std::string_view name) const;
  /// The value of a cookie in the Cookie header (the first of that name), as sent; or nullopt.
  [[nodiscard]] std::optional<std::string_view> cookie(std::string_view name) const;
};

/// Splits an origin-form request target into `path` (percent-decoded), `query_string` and `query`
/// (decoded, '+' as space) of `request`, and stores `target`. Returns false, leaving the request
/// fields unspecified, when the target is not a valid origin-form ("/path?query").
bool parse_target(std::string_view target, Request& request);

/// `target` for a log line: the values of the secret query parameters `key`, `token` and
/// `signature` (names matched ignoring case) replaced by "REDACTED"; everything else as it came.
std::string redact_secret_query(std::string_view target);

class StreamingBody;

/// An HTTP response as a handler returns it. The payload is `body`, or the shared bytes set by
/// set_shared_body (static files and media are sent without copying); for HEAD only its length.
struct Response {
  unsigned status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  /// When set, the body is written over time by this object (http/streaming_body.hpp) after the
  /// headers, and the connection closes when it ends.
  std::shared_ptr<StreamingBody> streaming;
  /// The length of a streaming body known in advance (a file range): sent as Content-Length, also
  /// in the answer to HEAD.
  std::optional<std::uint64_t> streaming_length;

  /// Adds or replaces a header field.
  void set_header(std::string_view name, std::string_view value);
  /// The value of a header field set on this response, or an empty view.
  [[nodiscard]] std::string_view header(std::string_view name) const;
  /// True when the response has this header field.
  [[nodiscard]] bool has_header(std::string_view name) const;

  /// Makes the payload `length` bytes of `*owner` from `offset` (clamped), shared instead of copied.
  void set_shared_body(std::shared_ptr<const std::string> owner, std::size_t offset = 0,
                       std::size_t length = std::string::npos);
  /// True when set_shared_body gave the payload.
  [[nodiscard]] bool has_shared_body() const noexcept { return shared_owner_ != nullptr; }
  /// The bytes to send: the shared body when set, otherwise `body`.
  [[nodiscard]] std::string_view payload() const noexcept;

 private:
  std::shared_ptr<const std::string> shared_owner_;
  std::string_view shared_view_;
};

}  // namespace ether::http
