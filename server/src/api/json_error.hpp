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

#include "http/json_answer.hpp"
#include "http/message.hpp"

namespace ether::api {

// The error envelope and the JSON answers themselves are http/'s (http/json_answer.hpp), which the
// server answers with too.
using http::json_error;
using http::json_response;
using http::private_json;

/// 204 without a body, Cache-Control: no-store.
http::Response no_content();

inline constexpr std::string_view kFieldErrorsMessage = "Niet alle velden zijn goed ingevuld.";

using http::kInternalMessage;
using http::kStoreUnavailableMessage;
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
