#pragma once
// JSON answers of the API, all `application/json; charset=utf-8`: the error envelope of
// web/src/api/types.ts (ApiError), a form's field errors, plain JSON values (public, the caller
// sets their caching) and private ones (admin, webhooks, ingest, uploads: Cache-Control:
// no-store); and the reading of a JSON object body and of a numeric id in a path.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>

#include "http/message.hpp"

namespace ether::api {

/// `{"error":{"code":code,"message":message}}` with the given status, Cache-Control: no-store.
/// Codes are snake_case: bad_parameter, not_found, method_not_allowed, payload_too_large, ...
http::Response json_error(unsigned status, std::string_view code, std::string_view message);

/// `value` serialised as the body, with the given status (no caching header).
http::Response json_response(unsigned status, const boost::json::value& value);

/// `value` as the body with the given status, Cache-Control: no-store.
http::Response private_json(unsigned status, const boost::json::value& value);

/// 204 without a body, Cache-Control: no-store.
http::Response no_content();

inline constexpr std::string_view kFieldErrorsMessage = "Niet alle velden zijn goed ingevuld.";

/// 500 internal: an answer failed in a way the server did not foresee (it is logged and reported).
inline constexpr std::string_view kInternalMessage =
    "Er ging iets mis aan onze kant. Je wijziging is mogelijk niet opgeslagen; probeer het zo opnieuw.";
/// 503 store_unavailable: the store does not answer now (the circuit breaker, a store outage).
inline constexpr std::string_view kStoreUnavailableMessage =
    "De site kan haar gegevens nu niet bereiken. Probeer het over een paar seconden opnieuw.";
/// 507 storage_full: the store or its disk is full; nothing of the change was saved.
inline constexpr std::string_view kStorageFullMessage =
    "De opslag van de site is vol, dus je wijziging is niet opgeslagen. Wat je hebt ingevuld staat er nog: "
    "probeer het later opnieuw of vraag de beheerder om ruimte te maken.";

/// A form's errors: 422 `{"error":{"code":"invalid_fields","message",...,"fields":{name: message}}}`
/// (no-store), each field's message shown beside its field (ApiError.fields).
http::Response field_errors(const boost::json::object& fields, std::string_view message = kFieldErrorsMessage);

/// The JSON object of the request body, or the answer to give: 413 payload_too_large above
/// `max_bytes`, 400 bad_json when it is no JSON object.
std::variant<boost::json::object, http::Response> read_object(const http::Request& request, std::size_t max_bytes);

/// A positive decimal number that is the whole of `text` (ids in paths, versions in queries).
std::optional<std::int64_t> parse_id(std::string_view text);

}  // namespace ether::api
