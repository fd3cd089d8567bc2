#pragma once
// JSON answers, `application/json; charset=utf-8`, and the error envelope of web/src/api/types.ts
// (ApiError). Here rather than in api/ because the server itself answers with them (a handler
// that throws, a refused request, no route, the store unavailable); api/json_error.hpp offers
// them to the routes under the same names.

#include <boost/json/value.hpp>
#include <string_view>

#include "http/message.hpp"

namespace ether::http {

/// `{"error":{"code":code,"message":message}}` with the given status, Cache-Control: no-store.
/// Codes are snake_case: bad_parameter, not_found, method_not_allowed, payload_too_large, ...
Response json_error(unsigned status, std::string_view code, std::string_view message);

/// `value` serialised as the body, with the given status (no caching header).
Response json_response(unsigned status, const boost::json::value& value);

/// `value` as the body with the given status, Cache-Control: no-store.
Response private_json(unsigned status, const boost::json::value& value);

/// 500 internal: an answer failed in a way the server did not foresee (it is logged and reported).
inline constexpr std::string_view kInternalMessage =
    "Er ging iets mis aan onze kant. Je wijziging is mogelijk niet opgeslagen; probeer het zo opnieuw.";
/// 503 store_unavailable: the store does not answer now (the circuit breaker, a store outage).
inline constexpr std::string_view kStoreUnavailableMessage =
    "De site kan haar gegevens nu niet bereiken. Probeer het over een paar seconden opnieuw.";

}  // namespace ether::http
