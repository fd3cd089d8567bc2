#pragma once
// Sends one signed delivery with libcurl: POST of the JSON body with X-Ether-Event,
// X-Ether-Delivery (the event id), X-Ether-Timestamp and X-Ether-Signature (webhooks/signature.hpp),
// a 5 s timeout for the whole exchange, no redirects followed. The host is resolved here and the
// connection pinned to an address that url_policy allows, so that a name cannot point the
// request at a private address between the check and the connect.

#include <chrono>
#include <cstdint>
#include <string>

#include "webhooks/webhook_store.hpp"

namespace ether::webhooks {

struct SendOptions {
  std::chrono::milliseconds timeout{5000};
  bool allow_private = false;  // ETHER_WEBHOOK_ALLOW_PRIVATE
};

/// Sends `delivery` to `hook` signed at `timestamp` (unix seconds); never throws.
AttemptResult send_delivery(const Webhook& hook, const Delivery& delivery, std::int64_t timestamp,
                            const SendOptions& options);

}  // namespace ether::webhooks
