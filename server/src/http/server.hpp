#pragma once
// The HTTP/1.1 server (Boost.Beast on Asio coroutines; Beast stays inside its own files, which
// server_impl.hpp lists). It reads requests with limits and timeouts, refuses ambiguous framing (request smuggling)
// with 400, keeps connections alive, shares connections fairly between client addresses, calls one handler per request
// (on the I/O thread or on a bounded worker pool with a deadline, see http::Execution), adds the request id and
// security headers, writes an access log line, and shuts down gracefully.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "http/execution.hpp"
#include "http/message.hpp"
#include "http/security_headers.hpp"
#include "http/trusted_proxies.hpp"

namespace ether::http {

/// The handler of every request. It should not throw; if it does, the client gets a 500 JSON error.
using Handler = std::function<Response(const Request&)>;

class StreamingRequestBody;

/// Answers the head of a request whose body is streamed (http/request_body.hpp). To take the body
/// it sets `body`: the server then writes the answer's head (no length) and hands the body to it;
/// otherwise the answer is sent and the connection closes. Runs on the I/O thread (must not block),
/// or on the worker pool where Handlers::request_body_execution says so.
using RequestBodyHandler = std::function<Response(const Request&, std::shared_ptr<StreamingRequestBody>& body)>;

/// Where the body of an upload goes: a file, written as the bytes arrive (Handlers::body_to_file).
struct BodyFileTarget {
  std::filesystem::path path;  // created for the body; removed afterwards unless the handler renamed it
  std::uint64_t limit = 0;     // a larger body is answered with `too_large`, unread when its length is known (0: any)
  Response too_large;          // the route's own answer to a larger body (limit 0: to any body)
  std::shared_ptr<void> hold;  // kept until the body is read or refused (a slot of the route's own)
};

/// What the server calls for a request.
struct Handlers {
  /// Answers a request (on the I/O thread or the worker pool, as `execution` says).
  Handler handle;
  /// Where `handle` runs for a request, decided on the I/O thread from memory; empty: always
  /// Execution::offloaded.
  std::function<Execution(const Request&)> execution;
  /// The 503 answer when offloaded work is refused or misses its deadline (the server adds
  /// Retry-After); called on the I/O thread, must not block. Empty: a JSON store_unavailable error.
  Handler unavailable;
  /// True for a request (head only, empty body) whose body is not read into memory but streamed to
  /// `accept_request_body` (an Icecast source's PUT); empty: none.
  std::function<bool(const Request&)> streams_request_body;
  RequestBodyHandler accept_request_body;

  /// Uploads: for a request with a body, called on the I/O thread with its head (method, target,
  /// headers; no body). A target streams the body to that file (Request::body_file) under the
  /// target's limit instead of into memory; nullopt (or empty): the body is read into memory under
  /// ServerOptions::body_limit.
  std::function<std::optional<BodyFileTarget>(const Request& head)> body_to_file;
  /// Where `accept_request_body` runs for a request, decided on the I/O thread from memory:
  /// Execution::offloaded for a check that may block (a password hash, the store), under the
  /// worker pool's deadline and limits (503 past them). Empty: always the I/O thread.
  std::function<Execution(const Request&)> request_body_execution;
  /// Answers a request from memory on the I/O thread before `execution` is asked (a document kept
  /// in an http::ResponseCache); nullopt, or empty: the request goes on to `execution` and `handle`.
  /// Must not block.
  std::function<std::optional<Response>(const Request&)> answer_from_memory;
  /// Whether what offloaded work waits on (the store) answers now, read from memory (a health
  /// monitor's verdict). After work missed its deadline, no request is let through as the circuit
  /// breaker's probe until it says yes: the others get the 503 at once. Empty: always yes.
  std::function<bool()> backend_healthy;
};

struct ServerOptions {
  std::string address = "0.0.0.0";
  std::uint16_t port = 0;  // 0: the system picks a free port, see Server::port()
  // A socket already bound and listening (listen_early()), which start() takes over instead of
  // binding `address`:`port` itself; -1: none.
  int listening_fd = -1;
  unsigned io_threads = 2;
  // Above 90% of max_connections every new connection closes the connection that has been idle
  // longest (waiting for a request); at the limit, with none idle, new connections are closed.
  std::size_t max_connections = 10000;
  // Connections (streams included) one client address may hold; 0: max_connections / 8, at least
  // 16 (and at most max_connections). Many listeners behind one NAT share an address: keep it generous.
  // Connections from a trusted proxy are not counted: the proxy carries every client's.
  std::size_t max_connections_per_address = 0;
  // Proxies whose X-Forwarded-For names the client (http/trusted_proxies.hpp); empty: none.
  TrustedProxies trusted_proxies;
  std::size_t header_limit = 16 * 1024;             // beyond it: 431
  std::size_t body_limit = 1024 * 1024;             // beyond it: 413 JSON error
  std::chrono::milliseconds header_timeout{10000};  // for a request's head, from its first byte (slowloris)
  std::chrono::milliseconds read_timeout{30000};    // to read one request's body
  std::chrono::milliseconds idle_timeout{60000};    // between requests on a kept-alive connection
  std::chrono::milliseconds write_timeout{60000};   // to write one response
  std::chrono::milliseconds shutdown_grace{10000};  // stop() waits this long for in-flight requests
  unsigned worker_threads = 8;                      // the pool of Execution::offloaded handlers
  std::chrono::milliseconds worker_timeout{5000};   // past it an offloaded request gets 503
  std::size_t worker_queue_limit = 0;               // offloaded requests waiting or running; 0: 16 per worker
  // A client's fair share: offloaded requests of one client address running at once (0: half the
  // workers, at least 1), and waiting behind those for a turn of that client's own (0: 4 times the
  // share); beyond both it gets 503 at once. One heavy client then only slows itself.
  std::size_t worker_share_per_address = 0;
  std::size_t worker_waiting_per_address = 0;
  // After offloaded work timed out, new offloaded requests get 503 at once, except one probe at a
  // time at most this often (and only while Handlers::backend_healthy says yes); the first probe
  // that answers in time lets everything through again.
  std::chrono::milliseconds breaker_retry{1000};
  // After connections came or went, free memory is handed back to the system this often: the
  // buffers of thousands of requests that became long-lived streams would otherwise stay resident
  // between the listeners' small objects. 0: never.
  std::chrono::milliseconds memory_trim_interval{10000};
  bool access_log = true;
  bool strict_transport_security = false;  // HSTS on every response (the site is served over https)
  std::string content_security_policy{kContentSecurityPolicy};  // see http/security_headers.hpp
};

/// Binds `address`:`port` and listens, before any other start-up work, so that a second process
/// meant for a port that is taken stops at once. Returns the socket for ServerOptions::listening_fd
/// (closed on exec). Throws std::runtime_error "cannot listen on ADDRESS:PORT: why".
int listen_early(const std::string& address, std::uint16_t port);

class Server {
 public:
  /// Every request offloaded to the worker pool (see Handlers).
  Server(ServerOptions options, Handler handler);
  Server(ServerOptions options, Handlers handlers);
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
  /// shutdown_grace), waits for the handlers still running on the worker pool, then closes
  /// everything and joins the io threads. Idempotent; call it from a thread that is not an io thread.
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
