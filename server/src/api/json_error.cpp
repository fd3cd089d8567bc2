#include "api/json_error.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>

namespace ether::api {
namespace json = boost::json;

http::Response no_content() {
  http::Response response;
  response.status = 204;
  response.set_header("Cache-Control", "no-store");
  return response;
}

http::Response field_errors(const json::object& fields, std::string_view message) {
  return private_json(
      422, json::object{{"error", json::object{{"code", "invalid_fields"}, {"message", message}, {"fields", fields}}}});
}

std::variant<json::object, http::Response> read_object(const http::Request& request, std::size_t max_bytes) {
  if (request.body.size() > max_bytes) return json_error(413, "payload_too_large", "Het verzoek is te groot.");
  boost::system::error_code ec;
  auto value = json::parse(request.body, ec);
  if (ec || !value.is_object()) return json_error(400, "bad_json", "De gegevens konden niet worden gelezen.");
  return std::move(value.get_object());
}

std::optional<std::int64_t> parse_id(std::string_view text) {
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

}  // namespace ether::api
