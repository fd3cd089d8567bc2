#include "http/access_log.hpp"

#include <spdlog/spdlog.h>

namespace ether::http {

std::string access_line(const Request* request, const Response& response, std::size_t bytes, double duration_ms) {
  return fmt::format("http method={} target=\"{}\" status={} bytes={} duration_ms={:.2f} request_id={} remote={}",
                     request ? request->method : "-", request ? redact_secret_query(request->target) : "-",
                     response.status, bytes, duration_ms,
                     request ? request->request_id : std::string(response.header("X-Request-Id")),
                     request ? request->remote_address : "-");
}

void log_access(bool enabled, const Request* request, const Response& response, std::size_t bytes,
                std::chrono::steady_clock::time_point start) {
  if (!enabled || !spdlog::should_log(spdlog::level::info)) return;
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  spdlog::info("{}", access_line(request, response, bytes, ms));
}

}  // namespace ether::http
