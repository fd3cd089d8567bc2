#pragma once
// What the server reads from a request's head before any handler sees it: the request id it
// carries or gets, and the framing a front proxy could read differently (request smuggling).

#include <memory>
#include <string>
#include <string_view>

#include "http/message.hpp"
#include "http/trusted_proxies.hpp"

namespace ether::http {

/// True when the head at the start of `bytes` has obsolete line folding (a header line that starts
/// with a space or tab): Beast would join the lines, a proxy might not.
bool has_folded_line(std::string_view bytes);

/// An X-Request-Id the server passes on: 1 to 128 letters, digits and - _ . : only.
bool sane_request_id(std::string_view id);

/// A new request id: 16 random hex digits.
std::string new_request_id();

/// A request's method, headers, id (its own when sane, else a new one) and client address (behind
/// a trusted proxy, the one its X-Forwarded-For names); not its target or body. `Message` is a
/// parsed head (Beast's, in the server).
template <class Message>
std::shared_ptr<Request> request_head(const Message& message, const std::string& remote,
                                      const TrustedProxies& proxies) {
  auto request = std::make_shared<Request>();
  request->method = std::string(message.method_string());
  for (const auto& field : message) request->headers[std::string(field.name_string())] = std::string(field.value());
  request->remote_address = proxies.client_address(remote, request->header("X-Forwarded-For"));
  std::string_view incoming_id = request->header("X-Request-Id");
  request->request_id = sane_request_id(incoming_id) ? std::string(incoming_id) : new_request_id();
  return request;
}

}  // namespace ether::http
