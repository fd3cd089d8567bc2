#pragma once
// JSON answers of the API: the error envelope of web/src/api/types.ts (ApiError) and plain JSON
// values, both as `application/json; charset=utf-8`.

#include <boost/json/value.hpp>
#include <string_view>

#include "http/message.hpp"

namespace ether::api {

/// `{"error":{"code":code,"message":message}}` with the given status. Codes are snake_case:
/// bad_parameter, not_found, method_not_allowed, payload_too_large, internal, ...
http::Response json_error(unsigned status, std::string_view code, std::string_view message);

/// `value` serialised as the body, with the given status.
http::Response json_response(unsigned status, const boost::json::value& value);

}  // namespace ether::api
