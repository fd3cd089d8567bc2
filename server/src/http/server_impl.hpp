#pragma once
// The inside of http::Server, for its own files only (Beast and Asio stay behind server.hpp):
// the connection, the server's state (Server::Impl) and which file does what with it:
//   server.cpp              start, stop, the signals; calling the handlers (a throw is a 500)
//   server_connections.cpp  accepting and admitting connections: the per-address cap, eviction of
//                           the longest idle, the sweep of idle waits past their deadline, memory trim
//   server_workers.cpp      the worker pool: offloading with a deadline, each client's fair share
//                           (fair_share.hpp) and the circuit breaker
//   server_session.cpp      one connection's requests: reading heads and bodies (into memory, a
//                           file or a streaming consumer), refusing bad framing, answering
//   server_writing.cpp      writing a response, whole or streaming (a body that adopts the socket)
// with the pieces that stand on their own in request_head.hpp, response_head.hpp and access_log.hpp.

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/file_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/optional/optional.hpp>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

#include "http/access_log.hpp"
#include "http/client_group.hpp"
#include "http/fair_share.hpp"
#include "http/request_body.hpp"
#include "http/server.hpp"
#include "http/streaming_body.hpp"
#include "process/work_deadline.hpp"

namespace ether::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = asio::ip::tcp;
inline constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

using Clock = std::chrono::steady_clock;

/// One accepted connection, shared by its session, the registry and the posts that close it.
struct Connection : std::enable_shared_from_this<Connection> {
  Connection(tcp::socket socket, std::string remote)
      : stream(std::in_place, std::move(socket)),
        executor(stream->get_executor()),
        address(std::move(remote)),
        group(client_group(address)) {}
  std::optional<beast::tcp_stream> stream;  // empty once a streaming body adopted the socket
  const asio::any_io_executor executor;     // the connection's I/O thread
  std::weak_ptr<StreamingBody> adopted;     // the body that took the socket (StreamingBody::adopt)
  bool handed_off = false;                  // adopted: the body's hold, not the session, ends its registration
  const std::string address;                // the peer's
  const std::string group;                  // its client_group(), for the per-address count
  std::atomic<bool> busy{false};            // between a request's first byte and the end of its response
  std::atomic<bool> streaming{false};       // writing a streaming body: shutdown closes it instead of waiting
  std::atomic<bool> finite{false};          // ...unless it has a length (a recording's download): that one finishes
  std::atomic<bool> evicted{false};         // chosen to make room: closes when idle or after its response
  std::atomic<Clock::rep> idle_since{0};    // when it began waiting for a request; 0 while busy
  // While it waits for a request without a timer of its own (read_request_start): when the sweep
  // closes it; 0 otherwise.
  std::atomic<Clock::rep> wait_deadline{0};
  std::atomic<bool> sweep_pending{false};  // the sweep posted its close and it has not run yet
  std::string head;                        // the response head being written, reused by the next
};

using RequestParser = bhttp::request_parser<bhttp::string_body>;

/// An offloaded handler's result, handed from the worker pool to the connection's thread.
struct PendingWork {
  explicit PendingWork(const asio::any_io_executor& executor) : timer(executor) {}
  asio::steady_timer timer;  // the deadline; cancelled early when the result arrives
  std::mutex mutex;
  std::optional<Response> response;
  process::WorkDeadline deadline;  // whether the work may still commit, or must be waited for
};

/// Once a second at most, for messages that a flood would repeat for every connection or request.
inline bool once_a_second(std::atomic<Clock::rep>& last) {
  const auto now = Clock::now().time_since_epoch().count();
  auto previous = last.load();
  return now - previous > std::chrono::nanoseconds(std::chrono::seconds(1)).count() &&
         last.compare_exchange_strong(previous, now);
}

/// `options` with their defaults filled in (the zeros that mean "derived from the others").
ServerOptions complete_options(ServerOptions options);

struct Server::Impl {
  Impl(ServerOptions o, Handlers h)
      : options(complete_options(std::move(o))),
        handlers(std::move(h)),
        shares(options.worker_share_per_address, options.worker_waiting_per_address) {
    const unsigned io_threads = std::max(1u, options.io_threads);
    // A hint of 1 spares the scheduler's wake-ups of other threads; its lock stays, since the worker
    // pool and the live fan-out post into it.
    for (unsigned i = 0; i < io_threads; ++i) {
      contexts.push_back(std::make_unique<asio::io_context>(1));
      keep_running.push_back(asio::make_work_guard(*contexts.back()));
    }
  }

  ServerOptions options;
  Handlers handlers;

  std::mutex registry_mutex;
  std::condition_variable registry_cv;
  std::unordered_map<Connection*, std::weak_ptr<Connection>> connections;
  std::unordered_map<std::string, std::size_t> per_address;  // open connections by client address
  std::size_t evicting = 0;                                  // evicted, not yet closed
  std::atomic<std::size_t> connection_count{0};
  std::atomic<bool> stopping{false};
  std::atomic<Clock::rep> last_refusal_log{0};
  std::atomic<Clock::rep> last_address_log{0};
  std::atomic<Clock::rep> last_timeout_log{0};
  std::uint16_t bound_port = 0;

  // The worker pool and its circuit breaker (see ServerOptions::breaker_retry).
  std::optional<asio::thread_pool> pool;
  std::atomic<std::size_t> pending_work{0};
  std::atomic<bool> breaker_open{false};
  std::atomic<bool> probe_in_flight{false};
  std::atomic<Clock::rep> next_probe{0};
  // Each client address's share of the pool (http/fair_share.hpp); a waiting request's ticket is
  // woken by cancelling its timer once a turn is handed to it.
  struct ClientTurn : ShareTicket {
    explicit ClientTurn(const asio::any_io_executor& executor) : timer(executor) {}
    asio::steady_timer timer;
  };
  ClientShares shares;
  std::atomic<Clock::rep> last_share_log{0};
  std::mutex stop_mutex;
  bool started = false;
  bool stopped = false;

  std::mutex signal_mutex;
  std::condition_variable signal_cv;
  bool stop_requested = false;
  int signal_number = 0;

  // Declared after everything the coroutines touch, so their frames die first. One io_context per
  // I/O thread, as nginx has a process per worker: a connection lives on one thread, so its
  // handlers need no strand and the threads share no scheduler queue or lock.
  std::vector<std::unique_ptr<asio::io_context>> contexts;
  std::atomic<std::size_t> next_context{0};
  // Keeps each context running while it has no connection yet.
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> keep_running;
  std::optional<tcp::acceptor> acceptor;
  std::vector<std::thread> threads;

  asio::io_context& context_for_next_connection() {
    return *contexts[next_context.fetch_add(1, std::memory_order_relaxed) % contexts.size()];
  }

  asio::awaitable<void> accept_loop();
  asio::awaitable<void> trim_loop();
  // Closes the connections whose wait for a request passed its deadline (Connection::wait_deadline).
  asio::awaitable<void> sweep_loop();
  // Waits until the next request's first bytes arrive and reads them into `buffer`, closing at
  // `deadline` (through sweep_loop). False when the connection ended, timed out or was cancelled.
  asio::awaitable<bool> read_request_start(Connection& connection, beast::flat_buffer& buffer,
                                           Clock::time_point deadline);
  std::atomic<std::uint64_t> churn{0};  // connections opened and closed, for trim_loop
  bool admit(const std::shared_ptr<Connection>& connection);
  void evict_oldest_idle();
  asio::awaitable<void> session(std::shared_ptr<Connection> connection);
  Response handle(const Request& request);
  std::optional<Response> from_memory(const Request& request) const;
  Execution execution(const Request& request) const;
  bool admit_work(Clock::time_point now, bool& probe);
  // Waits (on the I/O thread, without blocking it) for a turn of `client`'s fair share of the
  // workers; false when the client already has too many waiting or the deadline passed first.
  asio::awaitable<bool> client_turn(const std::string& client, Clock::time_point deadline);
  // Hands `client`'s turn to its next waiting request, or gives it back.
  void end_client_turn(const std::string& client);
  bool backend_answers() const;
  asio::awaitable<Response> offload(std::shared_ptr<const Request> request);
  // Runs `work` on the worker pool under the deadline; nullopt when it was refused or missed the
  // deadline (then its late result is dropped).
  // (`work` by reference to a named object: GCC 12 mishandles temporaries passed to a coroutine
  // inside co_await.)
  asio::awaitable<std::optional<Response>> run_offloaded(const Request& request, const std::function<Response()>& work);
  Response accept_body(const Request& request, std::shared_ptr<StreamingRequestBody>& consumer);
  std::optional<BodyFileTarget> body_target(const Request& head) const;
  asio::awaitable<boost::system::error_code> read_body_to_file(Connection& connection, beast::flat_buffer& buffer,
                                                               bhttp::request_parser<bhttp::string_body>& parser,
                                                               const BodyFileTarget& target,
                                                               std::optional<bhttp::request<bhttp::file_body>>& message,
                                                               std::shared_ptr<BodyFile>& file);
  Response unavailable(const Request& request) const;
  asio::awaitable<bool> write(Connection& connection, const Request* request, Response response, bool keep_alive,
                              std::chrono::steady_clock::time_point start);
  // Writes `buffers` whole: now if the socket takes them, else within the write timeout. False when
  // the connection failed.
  asio::awaitable<bool> write_now(Connection& connection, std::span<asio::const_buffer> buffers);
  asio::awaitable<bool> write_streaming(Connection& connection, const Request* request, Response response,
                                        std::chrono::steady_clock::time_point start);
  void log_access(const Request* request, const Response& response, std::size_t bytes,
                  std::chrono::steady_clock::time_point start) const;
  // Counts a response in the request metrics (http/request_metrics.hpp); `streamed`: a streaming
  // body's, counted as it starts, whose time is no latency.
  void count(const Request* request, unsigned status, std::chrono::steady_clock::time_point start, bool streamed) const;
  asio::awaitable<void> stream_request(Connection& connection, RequestParser& parser, beast::flat_buffer& buffer,
                                       std::shared_ptr<Request> request, std::chrono::steady_clock::time_point start);
  // What a connection whose socket a streaming body adopted keeps until the body ends: its place in
  // the registry and, for the access log line, what the request was.
  struct AdoptedStream {
    AdoptedStream(Impl& owner, std::shared_ptr<Connection> adopted_connection, const Request* request,
                  unsigned response_status, Clock::time_point started)
        : impl(owner), connection(std::move(adopted_connection)), status(response_status), start(started) {
      if (request && impl.options.access_log && spdlog::should_log(spdlog::level::info)) {
        logged = std::make_unique<Request>();
        logged->method = request->method;
        logged->target = request->target;
        logged->request_id = request->request_id;
        logged->remote_address = request->remote_address;
      }
    }
    AdoptedStream(const AdoptedStream&) = delete;
    AdoptedStream& operator=(const AdoptedStream&) = delete;
    ~AdoptedStream() {
      if (!taken) return;
      Response response;
      response.status = status;
      // The body lets go of its hold as it ends, while it is still alive to say what it sent.
      const auto body = connection->adopted.lock();
      impl.log_access(logged.get(), response, body ? body->bytes_sent() : 0, start);
      impl.forget(connection.get());
    }
    Impl& impl;
    std::shared_ptr<Connection> connection;
    std::unique_ptr<Request> logged;  // only when access lines are written
    unsigned status;
    Clock::time_point start;
    bool taken = true;  // false: the body did not adopt the socket, the session still owns it
  };

  void forget(Connection* connection) {
    std::lock_guard lock(registry_mutex);
    connections.erase(connection);
    if (auto it = per_address.find(connection->group); it != per_address.end() && --it->second == 0) {
      per_address.erase(it);
    }
    if (connection->evicted) --evicting;
    connection_count.fetch_sub(1);
    churn.fetch_add(1);
    registry_cv.notify_all();
  }
};

}  // namespace ether::http
