#pragma once
// The access log: one line a response, at info level, with the method, the target (its secret
// query parameters redacted), status, bytes sent, duration, request id and client address.

#include <chrono>
#include <cstddef>
#include <string>

#include "http/message.hpp"

namespace ether::http {

/// The line of one response; `request` nullptr ("-" for what it would say): a request too broken
/// to read, whose id then comes from the response's X-Request-Id.
std::string access_line(const Request* request, const Response& response, std::size_t bytes, double duration_ms);

/// Logs the line of a response begun at `start`, when `enabled` and info is logged.
void log_access(bool enabled, const Request* request, const Response& response, std::size_t bytes,
                std::chrono::steady_clock::time_point start);

}  // namespace ether::http
