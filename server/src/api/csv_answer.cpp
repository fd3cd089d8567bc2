#include "api/csv_answer.hpp"

#include <utility>

namespace ether::api {

http::Response csv_attachment(const std::string& filename, std::string body) {
  http::Response response;
  response.set_header("Content-Type", "text/csv; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  response.set_header("Content-Disposition", "attachment; filename=\"" + filename + "\"");
  response.body = std::move(body);
  return response;
}

}  // namespace ether::api
