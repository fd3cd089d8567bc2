#include "http/response_head.hpp"

#include <algorithm>
#include <boost/beast/http/status.hpp>
#include <ctime>

#include "http/range.hpp"
#include "http/security_headers.hpp"

namespace ether::http {
namespace {

namespace bhttp = boost::beast::http;

// The Date field changes once a second; every response of that second shares its text.
const std::string& current_http_date() {
  thread_local std::time_t cached_time = 0;
  thread_local std::string cached;
  const std::time_t now = std::time(nullptr);
  if (now != cached_time) {
    cached = format_http_date(now);
    cached_time = now;
  }
  return cached;
}

}  // namespace

// The status line and fields, written straight into `head` (a connection's buffer, reused by its
// next response): on the hot path (the live info document, static files) this costs a fraction of
// building Beast's field container per response, and the security headers are copied from their
// constants rather than added to the response as strings first.
void serialize_head(std::string& head, const Response& response, std::optional<std::size_t> content_length,
                    bool keep_alive, std::string_view policy, bool strict_transport_security) {
  head.clear();
  head += "HTTP/1.1 ";
  head += std::to_string(response.status);
  head += ' ';
  head += bhttp::obsolete_reason(static_cast<bhttp::status>(response.status));
  head += "\r\n";
  for (const auto& [name, value] : response.headers) {
    head += name;
    head += ": ";
    // A field value never ends the head early, whatever a store value holds.
    // One pass over the value: find_first_of with a set calls memchr on the set for every byte.
    if (std::none_of(value.begin(), value.end(), [](char c) { return c == '\r' || c == '\n'; })) {
      head += value;
    } else {
      for (char c : value) head += (c == '\r' || c == '\n') ? ' ' : c;
    }
    head += "\r\n";
  }
  append_security_headers(head, response, policy, strict_transport_security);
  head += "Date: ";
  head += current_http_date();
  head += "\r\n";
  if (content_length) {
    head += "Content-Length: ";
    head += std::to_string(*content_length);
    head += "\r\n";
  }
  head += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
}

}  // namespace ether::http
