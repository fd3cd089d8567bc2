#include "http/json_answer.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace ether::http {
namespace json = boost::json;
namespace {
constexpr std::string_view kJsonType = "application/json; charset=utf-8";
}

Response json_error(unsigned status, std::string_view code, std::string_view message) {
  return private_json(status, json::object{{"error", json::object{{"code", code}, {"message", message}}}});
}

Response json_response(unsigned status, const json::value& value) {
  Response response;
  response.status = status;
  response.body = json::serialize(value);
  response.set_header("Content-Type", kJsonType);
  return response;
}

Response private_json(unsigned status, const json::value& value) {
  auto response = json_response(status, value);
  response.set_header("Cache-Control", "no-store");
  return response;
}

}  // namespace ether::http
