#pragma once
// The status line and header fields of a response as the server writes them: the response's own
// fields (a CR or LF in a value becomes a space, so no value ends the head early), the security
// headers (http/security_headers.hpp), Date, Content-Length when known, and Connection.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "http/message.hpp"

namespace ether::http {

/// Writes the head of `response` into `head` (cleared first; a connection reuses its buffer).
/// `content_length` nullopt: no Content-Length (a bodiless status, or a stream of unknown length).
void serialize_head(std::string& head, const Response& response, std::optional<std::size_t> content_length,
                    bool keep_alive, std::string_view policy, bool strict_transport_security);

}  // namespace ether::http
