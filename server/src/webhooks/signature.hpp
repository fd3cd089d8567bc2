#pragma once
// The signature of a webhook delivery: `X-Ether-Signature: sha256=<hex>` where hex is
// HMAC-SHA256, keyed with the hook's secret, over "<X-Ether-Timestamp>.<body>". A receiver
// recomputes it, compares in constant time, and refuses a timestamp older than a few minutes (and
// an event id it has seen) to refuse replays.

#include <cstdint>
#include <string>
#include <string_view>

namespace ether::webhooks {

/// "sha256=" + lower-case hex of HMAC-SHA256(secret, timestamp + "." + body).
std::string sign(std::string_view secret, std::int64_t timestamp, std::string_view body);

/// True when `signature` is sign(secret, timestamp, body) (constant-time comparison).
bool verify(std::string_view secret, std::int64_t timestamp, std::string_view body, std::string_view signature);

}  // namespace ether::webhooks
