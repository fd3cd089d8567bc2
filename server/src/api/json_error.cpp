#include "api/json_error.hpp"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

namespace ether::api {
namespace {
constexpr std::string_view kJsonType = "application/json; charset=utf-8";
}

http::Response json_error(unsigned status, std::string_view code, std::string_view message) {
  boost::json::object error;
  error["code"] = code;
  error["message"] = message;
  boost::json::object envelope;
  envelope["error"] = std::move(error);
  http::Response response = json_response(status, envelope);
  response.set_header("Cache-Control", "no-store");
  return response;
}

http::Response json_response(unsigned status, const boost::json::value& value) {
  http::Response response;
  response.status = status;
  response.body = boost::json::serialize(value);
  response.set_header("Content-Type", kJsonType);
  return response;
}

}  // namespace ether::api
