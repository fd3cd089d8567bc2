#pragma once
// The HTTP/1.1 server (Boost.Beast on Asio coroutines; Beast stays inside server.cpp). It reads
// requests with limits and timeouts, keeps connections alive, calls one handler per request,
// adds the request id and security headers, writes an access log line, and shuts down gracefully.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "http/message.hpp"
#include "http/security_headers.hpp"

namespace ether::http {

/// The handler of every request. It should not throw; if it does, the client gets a 500 JSON error.
using Handler = std::function<Response(const Request&)>;

struct ServerOptions {
  std::string address = "0.0.0.0";
  std::uint16_t port = 0;  // 0: the system picks a free port, see Server::port()
  unsigned io_threads = 2;
  std::size_t max_connections = 10000;              // further connections are closed at once
  std::size_t header_limit = 16 * 1024;             // beyond it: 431
  std::size_t body_limit = 1024 * 1024;             // beyond it: 413 JSON error
  std::chrono::milliseconds read_timeout{30000};    // to read one request's header or body
  std::chrono::milliseconds idle_timeout{60000};    // between requests on a kept-alive connection
  std::chrono::milliseconds write_timeout{60000};   // to write one response
  std::chrono::milliseconds shutdown_grace{10000};  // stop() waits this long for in-flight requests
  bool access_log = true;
  std::string content_security_policy{kContentSecurityPolicy};  // see http/security_headers.hpp
};

class Server {
 public:
  Server(ServerOptions options, Handler handler);
  ~Server();  // stops
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  /// Binds, listens and starts the io threads. Throws std::runtime_error when the address cannot be bound.
  void start();
  /// The bound port (after start()).
  [[nodiscard]] std::uint16_t port() const;
  /// The number of open connections.
  [[nodiscard]] std::size_t connection_count() const;

  /// Stops accepting, closes idle connections, lets in-flight requests finish (up to
  /// shutdown_grace), then closes everything and joins the io threads. Idempotent; call it from a
  /// thread that is not an io thread.
  void stop();

  /// Blocks until SIGINT or SIGTERM (or request_stop()), then stop()s. Returns the signal number, or 0.
  int run_until_signal();
  /// Makes run_until_signal() return as if a signal had arrived.
  void request_stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ether::http
