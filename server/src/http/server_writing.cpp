// Writing a response: whole (offered to the socket at once, the rest within the write timeout) or
// streaming (a body that adopts the socket and runs on its own, or runs on the connection), and
// the access log line of each.
#include "http/server_impl.hpp"

#include <spdlog/spdlog.h>

#include "http/request_metrics.hpp"
#include "http/response_head.hpp"
#include "http/socket_write.hpp"

namespace ether::http {

void Server::Impl::log_access(const Request* request, const Response& response, std::size_t bytes,
                              std::chrono::steady_clock::time_point start) const {
  http::log_access(options.access_log, request, response, bytes, start);
}

void Server::Impl::count(const Request* request, unsigned status, std::chrono::steady_clock::time_point start,
                         bool streamed) const {
  auto& metrics = request_metrics();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  metrics.record(request ? std::string_view(request->path) : std::string_view(), status, took.count(), streamed);
  metrics.observe_server(pending_work.load(std::memory_order_relaxed), breaker_open.load(std::memory_order_relaxed),
                         connection_count.load(std::memory_order_relaxed));
}

asio::awaitable<bool> Server::Impl::write(Connection& connection, const Request* request, Response response,
                                          bool keep_alive, std::chrono::steady_clock::time_point start) {
  const bool head = request && request->method == "HEAD";
  if (response.streaming && !head) co_return co_await write_streaming(connection, request, std::move(response), start);
  const bool bodiless_status = response.status == 204 || response.status == 304 || response.status < 200;
  std::string_view payload = response.payload();
  const auto length = head && response.streaming_length ? *response.streaming_length : payload.size();

  serialize_head(connection.head, response, bodiless_status ? std::nullopt : std::optional<std::size_t>(length),
                 keep_alive, options.content_security_policy, options.strict_transport_security);
  std::array<asio::const_buffer, 2> buffers{asio::buffer(connection.head), asio::const_buffer()};
  if (!head && !bodiless_status) buffers[1] = asio::buffer(payload.data(), payload.size());

  const std::span<asio::const_buffer> pending(buffers);
  const bool sent = co_await write_now(connection, pending);
  log_access(request, response, head || bodiless_status ? 0 : payload.size(), start);
  count(request, response.status, start, false);
  if (!sent) co_return false;
  co_return keep_alive;
}

asio::awaitable<bool> Server::Impl::write_now(Connection& connection, std::span<asio::const_buffer> buffers) {
  // A response usually fits the socket's send buffer: one system call sends it, without an
  // asynchronous write, its timer and a trip through the scheduler. What the socket does not take
  // now (a slow reader) is written within the write timeout.
  const auto rest = write_once(connection.stream->socket(), buffers);
  if (!rest) co_return false;
  if (rest->empty()) co_return true;
  connection.stream->expires_after(options.write_timeout);
  auto [write_ec, n] = co_await asio::async_write(*connection.stream, *rest, kTuple);
  co_return !write_ec;
}

asio::awaitable<bool> Server::Impl::write_streaming(Connection& connection, const Request* request, Response response,
                                                    std::chrono::steady_clock::time_point start) {
  count(request, response.status, start, true);
  // No length unless known: the body runs until the listener leaves, so the connection ends with it.
  serialize_head(connection.head, response, response.streaming_length, false, options.content_security_policy,
                 options.strict_transport_security);
  connection.stream->expires_after(options.write_timeout);
  auto [ec, written] = co_await asio::async_write(*connection.stream, asio::buffer(connection.head), kTuple);
  // A live listener holds its connection for hours: nothing of the head stays allocated meanwhile.
  std::string().swap(connection.head);
  if (!ec) {
    connection.stream->expires_never();
    connection.streaming = true;
    auto socket = connection.stream->release_socket();
    auto hold = std::make_shared<AdoptedStream>(*this, connection.shared_from_this(), request, response.status, start);
    if (response.streaming->adopt(socket, hold)) {
      // The body runs on its own now: this coroutine, its request and buffers end.
      connection.adopted = response.streaming;
      connection.handed_off = true;
      // Its timers and state would stay for hours with nothing to time.
      connection.stream.reset();
      co_return false;
    }
    hold->taken = false;
    connection.stream->socket() = std::move(socket);
    connection.stream->expires_never();
    connection.finite = response.streaming_length.has_value();
    try {
      co_await response.streaming->run(connection.stream->socket());
    } catch (const std::exception& error) {
      spdlog::warn("http: stream ended: {} request_id={}", error.what(), request ? request->request_id : "-");
    }
    connection.streaming = false;
  }
  log_access(request, response, response.streaming->bytes_sent(), start);
  co_return false;
}

}  // namespace ether::http
