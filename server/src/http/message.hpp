#pragma once
// Plain HTTP messages: what a handler receives and returns. Only the Beast adapter
// (http/server.cpp) converts to and from the wire, so handlers compile without Beast.

#include <cstdint>
#include <map>
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

/// Header fields of a request, keyed case-insensitively; a repeated field keeps its last value.
using Headers = std::map<std::string, std::string, HeaderNameLess>;

/// Decoded query parameters; a repeated key keeps its first value.
using QueryParams = std::map<std::string, std::string, std::less<>>;

/// An HTTP request as a handler sees it.
struct Request {
  std::string method;   // "GET", "HEAD", ...
  std::string target;   // as received: "/gids/2026/11/21?channel=radio2"
  std::string path;     // percent-decoded path: "/gids/2026/11/21"
  std::string query_string;  // raw text after '?', without it
  QueryParams query;    // decoded query parameters
  Headers headers;
  std::string body;
  std::string request_id;  // set by the server for logs and the X-Request-Id header
  std::string remote_address;

  /// The value of a header, or an empty view.
  [[nodiscard]] std::string_view header(std::string_view name) const;
  /// The value of a query parameter, or nullopt.
  [[nodiscard]] std::optional<std::string_view> param(std::string_view name) const;
};

/// An HTTP response as a handler returns it. `body` is sent as is (for HEAD: only its length).
struct Response {
  unsigned status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;

  /// Adds or replaces a header field.
  void set_header(std::string_view name, std::string_view value);
  /// The value of a header field set on this response, or an empty view.
  [[nodiscard]] std::string_view header(std::string_view name) const;
};

}  // namespace ether::http
