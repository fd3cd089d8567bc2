#include "http/server.hpp"

#include "http/request_body.hpp"
#include "http/streaming_body.hpp"

#include <fcntl.h>
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
#include <boost/asio/signal_set.hpp>
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
#include <csignal>
#include <deque>
#include <future>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

#include "api/json_error.hpp"
#include "http/client_group.hpp"
#include "http/range.hpp"
#include "http/security_headers.hpp"
#include "http/socket_write.hpp"
#include "process/memory_allocator.hpp"
#include "process/work_deadline.hpp"
#include "reporting/reporter.hpp"

namespace ether::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = asio::ip::tcp;
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

using Clock = std::chrono::steady_clock;

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

// A streamed request body (http/request_body.hpp): what the head's parser has buffered, then the
// socket. Chunked and Content-Length bodies go through the parser, without its body limit; a body
// without either (an Icecast source's PUT) is every byte until the client closes.
class ConnectionBody final : public RequestBodyStream {
 public:
  ConnectionBody(beast::tcp_stream& stream, RequestParser& parser, beast::flat_buffer& buffer)
      : stream_(stream), parser_(parser), buffer_(buffer), framed_(!parser.is_done()) {
    if (framed_) parser_.body_limit(boost::none);
  }

  asio::awaitable<Status> read_some(std::string& out, std::chrono::milliseconds timeout) override {
    if (!framed_ && buffer_.size() > 0) {
      take_buffer(out);
      co_return Status::data;
    }
    if (framed_ && parser_.is_done()) co_return Status::end;
    stream_.expires_after(timeout);
    boost::system::error_code ec;
    if (framed_) {
      auto [read_ec, n] = co_await bhttp::async_read_some(stream_, buffer_, parser_, kTuple);
      ec = read_ec;
      auto& body = parser_.get().body();
      out += body;
      body.clear();
    } else {
      auto [read_ec, n] = co_await stream_.async_read_some(buffer_.prepare(16384), kTuple);
      ec = read_ec;
      if (!ec) buffer_.commit(n);
      take_buffer(out);
    }
    if (ec == beast::error::timeout) co_return Status::timeout;
    if (ec == asio::error::eof || ec == bhttp::error::end_of_stream) co_return Status::end;
    if (ec) co_return Status::error;
    co_return Status::data;
  }

 private:
  void take_buffer(std::string& out) {
    out.append(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    buffer_.consume(buffer_.size());
  }

  beast::tcp_stream& stream_;
  RequestParser& parser_;
  beast::flat_buffer& buffer_;
  bool framed_;
};

// An offloaded handler's result, handed from the worker pool to the connection's thread.
struct PendingWork {
  explicit PendingWork(const asio::any_io_executor& executor) : timer(executor) {}
  asio::steady_timer timer;  // the deadline; cancelled early when the result arrives
  std::mutex mutex;
  std::optional<Response> response;
  process::WorkDeadline deadline;  // whether the work may still commit, or must be waited for
};

// What a front proxy could frame differently from us (request smuggling), or nullopt.
template <class Message>
std::optional<std::string> ambiguous_framing(const Message& message) {
  if (message.version() != 10 && message.version() != 11) return "Only HTTP/1.0 and HTTP/1.1 are served.";
  if (message.count(bhttp::field::host) > 1) return "The request has more than one Host field.";
  const auto codings = message.count(bhttp::field::transfer_encoding);
  if (codings == 0) return std::nullopt;
  if (message.count(bhttp::field::content_length) > 0) {
    return "A request may not carry both Content-Length and Transfer-Encoding.";
  }
  std::string_view coding = message[bhttp::field::transfer_encoding];
  while (!coding.empty() && (coding.front() == ' ' || coding.front() == '\t')) coding.remove_prefix(1);
  while (!coding.empty() && (coding.back() == ' ' || coding.back() == '\t')) coding.remove_suffix(1);
  if (codings > 1 || !iequals(coding, "chunked") || message.version() == 10) {
    return "The only transfer coding accepted is chunked (HTTP/1.1).";
  }
  return std::nullopt;
}

// Obsolete line folding (a header line that starts with a space or tab) in the head at the start of
// `bytes`: Beast would join the lines, a proxy might not.
bool has_folded_line(std::string_view bytes) {
  const auto end = bytes.find("\r\n\r\n");
  const auto head = end == std::string_view::npos ? bytes : bytes.substr(0, end + 2);
  for (auto i = head.find('\n'); i != std::string_view::npos && i + 1 < head.size(); i = head.find('\n', i + 1)) {
    if (head[i + 1] == ' ' || head[i + 1] == '\t') return true;
  }
  return false;
}

// Once a second at most, for messages that a flood would repeat for every connection or request.
bool once_a_second(std::atomic<Clock::rep>& last) {
  const auto now = Clock::now().time_since_epoch().count();
  auto previous = last.load();
  return now - previous > std::chrono::nanoseconds(std::chrono::seconds(1)).count() &&
         last.compare_exchange_strong(previous, now);
}

bool sane_request_id(std::string_view id) {
  if (id.empty() || id.size() > 128) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == ':';
  });
}

std::string new_request_id() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::uint64_t value = generator();
  std::string id(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) id[static_cast<std::size_t>(i)] = kHex[value & 0xf];
  return id;
}

std::string kib(std::size_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

bool is_parse_error(const boost::system::error_code& ec) {
  return ec.category() == bhttp::make_error_code(bhttp::error::bad_target).category() &&
         ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message && ec != bhttp::error::need_more &&
         ec != bhttp::error::buffer_overflow;
}

// The Date field changes once a second; every response of that second shares its text.
const std::string& current_http_date() {
  thread_local std::time_t cached_time = 0;
  thread_local std::string cached;
  const std::time_t now = std::time(nullptr);
  if (now != cached_time) {
    cached = format_http_date(now);
    cached_time = now;
  }
  return cached;
}

// The status line and fields, written straight into `head` (a connection's buffer, reused by its
// next response): on the hot path (the live info document, static files) this costs a fraction of
// building Beast's field container per response, and the security headers are copied from their
// constants rather than added to the response as strings first.
void serialize_head(std::string& head, const Response& response, std::optional<std::size_t> content_length,
                    bool keep_alive, std::string_view policy, bool strict_transport_security) {
  head.clear();
  head += "HTTP/1.1 ";
  head += std::to_string(response.status);
  head += ' ';
  head += bhttp::obsolete_reason(static_cast<bhttp::status>(response.status));
  head += "\r\n";
  for (const auto& [name, value] : response.headers) {
    head += name;
    head += ": ";
    // A field value never ends the head early, whatever a store value holds.
    // One pass over the value: find_first_of with a set calls memchr on the set for every byte.
    if (std::none_of(value.begin(), value.end(), [](char c) { return c == '\r' || c == '\n'; })) {
      head += value;
    } else {
      for (char c : value) head += (c == '\r' || c == '\n') ? ' ' : c;
    }
    head += "\r\n";
  }
  append_security_headers(head, response, policy, strict_transport_security);
  head += "Date: ";
  head += current_http_date();
  head += "\r\n";
  if (content_length) {
    head += "Content-Length: ";
    head += std::to_string(*content_length);
    head += "\r\n";
  }
  head += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
}

// A request's method, headers, id and client address (not its target or body).
template <class Message>
std::shared_ptr<Request> request_head(const Message& message, const std::string& remote,
                                      const TrustedProxies& proxies) {
  auto request = std::make_shared<Request>();
  request->method = std::string(message.method_string());
  for (const auto& field : message) request->headers[std::string(field.name_string())] = std::string(field.value());
  request->remote_address = proxies.client_address(remote, request->header("X-Forwarded-For"));
  std::string_view incoming_id = request->header("X-Request-Id");
  request->request_id = sane_request_id(incoming_id) ? std::string(incoming_id) : new_request_id();
  return request;
}

}  // namespace

struct Server::Impl {
  Impl(ServerOptions o, Handlers h) : options(std::move(o)), handlers(std::move(h)) {
    if (options.max_connections_per_address == 0) {
      options.max_connections_per_address = std::max<std::size_t>(options.max_connections / 8, 16);
    }
    options.max_connections_per_address = std::min(options.max_connections_per_address, options.max_connections);
    options.worker_threads = std::max(1u, options.worker_threads);
    if (options.worker_queue_limit == 0) options.worker_queue_limit = std::size_t{16} * options.worker_threads;
    if (options.worker_share_per_address == 0) {
      options.worker_share_per_address = std::max<std::size_t>(1, options.worker_threads / 2);
    }
    if (options.worker_waiting_per_address == 0) {
      options.worker_waiting_per_address = std::size_t{4} * options.worker_share_per_address;
    }
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
  // Each client address's share of the pool: its running work, and its requests waiting for a
  // turn (each woken by cancelling its timer once a turn is handed to it).
  struct ClientTurn {
    explicit ClientTurn(const asio::any_io_executor& executor) : timer(executor) {}
    asio::steady_timer timer;
    bool granted = false;  // under share_mutex
  };
  struct ClientShare {
    std::size_t running = 0;
    std::deque<std::shared_ptr<ClientTurn>> waiting;
  };
  std::mutex share_mutex;
  std::unordered_map<std::string, ClientShare> shares;
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

// Called with registry_mutex held. Idle keep-alive connections give way before new ones are refused:
// one client cannot hold the server by opening connections and sending nothing.
void Server::Impl::evict_oldest_idle() {
  Connection* oldest = nullptr;
  std::weak_ptr<Connection> oldest_weak;
  Clock::rep oldest_since = 0;
  for (auto& [raw, weak] : connections) {
    const auto since = raw->idle_since.load();
    if (since == 0 || raw->evicted || raw->busy) continue;
    if (!oldest || since < oldest_since) {
      oldest = raw;
      oldest_weak = weak;
      oldest_since = since;
    }
  }
  if (!oldest) return;
  oldest->evicted = true;
  ++evicting;
  if (auto victim = oldest_weak.lock()) {
    asio::post(victim->executor, [weak = oldest_weak] {
      // A request may have begun meanwhile: then it is answered and the connection closes after it.
      if (auto c = weak.lock(); c && !c->busy && !c->handed_off) c->stream->cancel();
    });
  }
}

bool Server::Impl::admit(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock(registry_mutex);
  const auto held = per_address.find(connection->group);
  if (held != per_address.end() && held->second >= options.max_connections_per_address &&
      !options.trusted_proxies.contains(connection->address)) {
    if (once_a_second(last_address_log)) {
      spdlog::warn("http: refusing connections from {}: it holds {} (the per-address limit)", connection->group,
                   held->second);
    }
    return false;
  }
  std::size_t open = connections.size() - evicting;
  const std::size_t soft_limit = options.max_connections - options.max_connections / 10;
  if (open >= soft_limit) {
    const auto before = evicting;
    evict_oldest_idle();
    open -= evicting - before;
  }
  if (open >= options.max_connections) {
    if (once_a_second(last_refusal_log)) {
      spdlog::warn("http: refusing connections, {} open (the limit) and none idle", options.max_connections);
    }
    return false;
  }
  ++per_address[connection->group];
  connections.emplace(connection.get(), connection);
  connection_count.fetch_add(1);
  churn.fetch_add(1);
  return true;
}

asio::awaitable<void> Server::Impl::accept_loop() {
  while (true) {
    auto [ec, socket] = co_await acceptor->async_accept(context_for_next_connection(), kTuple);
    if (ec) {
      if (stopping || ec == asio::error::operation_aborted || !acceptor->is_open()) co_return;
      spdlog::warn("http: accept failed: {}", ec.message());
      // Out of descriptors and the like: back off instead of spinning.
      asio::steady_timer timer(acceptor->get_executor(), std::chrono::milliseconds(50));
      co_await timer.async_wait(kTuple);
      continue;
    }
    boost::system::error_code endpoint_ec;
    std::string remote = socket.remote_endpoint(endpoint_ec).address().to_string();
    if (endpoint_ec) continue;  // already gone
    // Responses are first offered to the socket directly (write_now); the asynchronous operations
    // ignore this flag.
    socket.non_blocking(true, endpoint_ec);
    if (endpoint_ec) continue;
    auto connection = std::make_shared<Connection>(std::move(socket), std::move(remote));
    connection->idle_since = Clock::now().time_since_epoch().count();
    if (!admit(connection)) {
      boost::system::error_code ignored;
      connection->stream->socket().close(ignored);
      continue;
    }
    auto executor = connection->executor;
    asio::co_spawn(executor, session(std::move(connection)), asio::detached);
  }
}

asio::awaitable<bool> Server::Impl::read_request_start(Connection& connection, beast::flat_buffer& buffer,
                                                       Clock::time_point deadline) {
  // A kept-alive connection spends most of its life here. Beast's read would arm and cancel a timer
  // for every request, and first try a read that, with the client waiting for its answer, finds
  // nothing. Instead sweep_loop keeps the deadline and the read follows the readiness wait, which
  // also reports bytes that came before it (Asio re-arms the descriptor with EPOLL_CTL_MOD).
  // The socket is non-blocking (accept_loop): a wake-up without bytes waits again.
  auto& socket = connection.stream->socket();
  connection.wait_deadline = deadline.time_since_epoch().count();
  boost::system::error_code ec;
  std::size_t n = 0;
  do {
    auto [wait_ec] = co_await socket.async_wait(tcp::socket::wait_read, kTuple);
    if (wait_ec) {
      ec = wait_ec;
      break;
    }
    n = socket.read_some(buffer.prepare(8192), ec);
  } while (ec == asio::error::would_block);
  connection.wait_deadline = 0;
  if (ec) co_return false;
  buffer.commit(n);
  co_return true;
}

asio::awaitable<void> Server::Impl::sweep_loop() {
  asio::steady_timer timer(co_await asio::this_coro::executor);
  const auto period = std::clamp<std::chrono::milliseconds>(std::min(options.idle_timeout, options.header_timeout) / 4,
                                                            std::chrono::milliseconds(5), std::chrono::seconds(1));
  while (!stopping) {
    timer.expires_after(period);
    auto [ec] = co_await timer.async_wait(kTuple);
    if (ec || stopping) co_return;
    const auto now = Clock::now().time_since_epoch().count();
    std::lock_guard lock(registry_mutex);
    for (auto& [raw, weak] : connections) {
      const auto deadline = raw->wait_deadline.load();
      if (deadline == 0 || deadline > now || raw->sweep_pending.exchange(true)) continue;
      if (auto late = weak.lock()) {
        asio::post(late->executor, [weak = weak] {
          auto c = weak.lock();
          if (!c) return;
          c->sweep_pending = false;
          // The wait may have ended meanwhile and a new one begun: only a wait still past its
          // deadline is closed.
          const auto current = c->wait_deadline.load();
          if (current != 0 && current <= Clock::now().time_since_epoch().count() && !c->handed_off) {
            c->stream->cancel();
          }
        });
      }
    }
  }
}

asio::awaitable<void> Server::Impl::trim_loop() {
  asio::steady_timer timer(co_await asio::this_coro::executor);
  std::uint64_t trimmed_at = churn.load();
  while (!stopping) {
    timer.expires_after(options.memory_trim_interval);
    auto [ec] = co_await timer.async_wait(kTuple);
    if (ec || stopping) co_return;
    const auto now = churn.load();
    if (now == trimmed_at) continue;
    trimmed_at = now;
    // On the worker pool: it walks every arena, which would hold up an I/O thread for milliseconds.
    asio::post(*pool, [] { process::release_free_memory(); });
  }
}

Response Server::Impl::handle(const Request& request) {
  try {
    return handlers.handle(request);
  } catch (const std::exception& error) {
    spdlog::error("http: handler failed: {} request_id={} method={} target={}", error.what(), request.request_id,
                  request.method, redact_secret_query(request.target));
    // The path only, never the query: it may carry a search term or a token.
    reporting::report_exception("http", error,
                                request.method + " " + request.target.substr(0, request.target.find('?')));
  } catch (...) {
    spdlog::error("http: handler failed with an unknown exception request_id={}", request.request_id);
    reporting::report_error("http", "unknown", "handler failed with an unknown exception");
  }
  return api::json_error(500, "internal", api::kInternalMessage);
}

std::optional<Response> Server::Impl::from_memory(const Request& request) const {
  if (!handlers.answer_from_memory) return std::nullopt;
  try {
    return handlers.answer_from_memory(request);
  } catch (const std::exception& error) {
    spdlog::error("http: cannot answer {} from memory: {}", request.path, error.what());
  }
  return std::nullopt;
}

Execution Server::Impl::execution(const Request& request) const {
  if (!handlers.execution) return Execution::offloaded;
  try {
    return handlers.execution(request);
  } catch (const std::exception& error) {
    spdlog::error("http: cannot tell where to run {}: {}", request.path, error.what());
  }
  return Execution::offloaded;
}

Response Server::Impl::unavailable(const Request& request) const {
  std::optional<Response> response;
  if (handlers.unavailable) {
    try {
      response = handlers.unavailable(request);
    } catch (const std::exception& error) {
      spdlog::error("http: the unavailable answer failed: {}", error.what());
    }
  }
  if (!response) {
    response = api::json_error(503, "store_unavailable", api::kStoreUnavailableMessage);
  }
  if (!response->has_header("Retry-After")) {
    const auto seconds = std::chrono::ceil<std::chrono::seconds>(options.worker_timeout).count();
    response->set_header("Retry-After", std::to_string(std::max<long long>(1, seconds)));
  }
  response->set_header("Cache-Control", "no-store");
  return std::move(*response);
}

bool Server::Impl::admit_work(Clock::time_point now, bool& probe) {
  if (pending_work.load() >= options.worker_queue_limit) return false;
  if (breaker_open.load()) {
    // Recent work missed its deadline: one probe at a time finds out whether the store is back,
    // instead of every request queueing behind the stuck ones; none while the store's own health
    // check says it still hangs, as a probe would only wait out the deadline too.
    if (now.time_since_epoch().count() < next_probe.load() || !backend_answers()) return false;
    bool expected = false;
    if (!probe_in_flight.compare_exchange_strong(expected, true)) return false;
    next_probe = (now + options.breaker_retry).time_since_epoch().count();
    probe = true;
  }
  pending_work.fetch_add(1);
  return true;
}

bool Server::Impl::backend_answers() const {
  if (!handlers.backend_healthy) return true;
  try {
    return handlers.backend_healthy();
  } catch (const std::exception& error) {
    spdlog::error("http: cannot tell whether the store answers: {}", error.what());
  }
  return true;
}

asio::awaitable<Response> Server::Impl::offload(std::shared_ptr<const Request> request) {
  const std::function<Response()> work = [this, request] { return handle(*request); };
  auto response = co_await run_offloaded(*request, work);
  if (!response) response = unavailable(*request);
  co_return std::move(*response);
}

asio::awaitable<bool> Server::Impl::client_turn(const std::string& client, Clock::time_point deadline) {
  auto executor = co_await asio::this_coro::executor;
  std::shared_ptr<ClientTurn> turn;
  {
    std::lock_guard lock(share_mutex);
    auto& share = shares[client];
    if (share.running < options.worker_share_per_address) {
      ++share.running;
      co_return true;
    }
    if (share.waiting.size() >= options.worker_waiting_per_address) {
      if (once_a_second(last_share_log)) {
        spdlog::warn("http: {} has {} requests running and {} waiting on the worker pool (its share); answering 503",
                     client, share.running, share.waiting.size());
      }
      co_return false;
    }
    turn = std::make_shared<ClientTurn>(executor);
    turn->timer.expires_at(deadline);
    share.waiting.push_back(turn);
  }
  co_await turn->timer.async_wait(kTuple);
  std::lock_guard lock(share_mutex);
  if (turn->granted) co_return true;
  // The deadline came first: leave the line.
  if (auto found = shares.find(client); found != shares.end()) {
    std::erase(found->second.waiting, turn);
  }
  co_return false;
}

void Server::Impl::end_client_turn(const std::string& client) {
  std::shared_ptr<ClientTurn> next;
  {
    std::lock_guard lock(share_mutex);
    auto found = shares.find(client);
    if (found == shares.end()) return;
    auto& share = found->second;
    if (!share.waiting.empty()) {
      // The turn passes on: `running` stays as it is.
      next = std::move(share.waiting.front());
      share.waiting.pop_front();
      next->granted = true;
    } else if (--share.running == 0) {
      shares.erase(found);
    }
  }
  if (next) asio::post(next->timer.get_executor(), [next] { next->timer.cancel(); });
}

asio::awaitable<std::optional<Response>> Server::Impl::run_offloaded(const Request& request,
                                                                     const std::function<Response()>& work) {
  const auto started = Clock::now();
  // A saturated pool refuses at once: no request waits for a turn it could not use.
  if (pending_work.load() >= options.worker_queue_limit) co_return std::nullopt;
  // The client's fair share next: a client whose earlier work still runs waits for its own turn
  // here, within the same deadline, while other clients' work goes on to the pool.
  const auto client = client_group(request.remote_address);
  if (!co_await client_turn(client, started + options.worker_timeout)) co_return std::nullopt;
  bool probe = false;
  // A turn that came just as the deadline passed is given back: work that starts now would be
  // answered 503 and still be done.
  if (Clock::now() >= started + options.worker_timeout || !admit_work(Clock::now(), probe)) {
    end_client_turn(client);
    co_return std::nullopt;
  }
  auto pending = std::make_shared<PendingWork>(co_await asio::this_coro::executor);
  pending->timer.expires_at(started + options.worker_timeout);
  asio::post(*pool, [this, pending, work, client] {
    Response response;
    {
      const process::WorkDeadline::Scope scope(pending->deadline);
      response = work();
    }
    // The turn is the client's until its work returns, late or not: a client whose work hangs
    // keeps its share of the workers busy, not everyone's.
    end_client_turn(client);
    {
      std::lock_guard lock(pending->mutex);
      pending->response = std::move(response);
    }
    // Work came back (perhaps late): let work through again, unless the store's health check says
    // it still hangs (this work may not have needed it).
    if (backend_answers()) breaker_open = false;
    pending_work.fetch_sub(1);
    asio::post(pending->timer.get_executor(), [pending] { pending->timer.cancel(); });
  });
  co_await pending->timer.async_wait(kTuple);
  std::optional<Response> result;
  const auto take_result = [&pending, &result] {
    std::lock_guard lock(pending->mutex);
    result = std::move(pending->response);
  };
  take_result();
  // Past the deadline, work that has begun to commit is waited for and answered with its result:
  // a 503 would tell an editor "not saved" about a save that is stored. Other work can no longer
  // commit (store::Transaction asks the deadline), so its 503 is the truth.
  if (!result && !pending->deadline.abandon()) {
    while (!result) {
      pending->timer.expires_after(std::chrono::hours(24));
      co_await pending->timer.async_wait(kTuple);
      take_result();
    }
  }
  if (probe) probe_in_flight = false;
  if (result) co_return std::move(result);
  // The work keeps its worker until it returns; its answer is dropped. A slow answer (writers
  // queueing for SQLite's lock, a long query) is not an outage: the breaker opens only when the
  // store's own health check says it does not answer, and otherwise the queue limit bounds the wait.
  if (!backend_answers()) {
    next_probe = (Clock::now() + options.breaker_retry).time_since_epoch().count();
    breaker_open = true;
  }
  if (once_a_second(last_timeout_log)) {
    spdlog::warn("http: {} {} took longer than {} ms on the worker pool; answering 503 request_id={}", request.method,
                 request.path, options.worker_timeout.count(), request.request_id);
  }
  co_return std::nullopt;
}

std::optional<BodyFileTarget> Server::Impl::body_target(const Request& head) const {
  try {
    return handlers.body_to_file(head);
  } catch (const std::exception& error) {
    spdlog::error("http: cannot tell where the body of {} goes: {}", head.path, error.what());
  }
  return std::nullopt;
}

asio::awaitable<boost::system::error_code> Server::Impl::read_body_to_file(
    Connection& connection, beast::flat_buffer& buffer, bhttp::request_parser<bhttp::string_body>& parser,
    const BodyFileTarget& target, std::optional<bhttp::request<bhttp::file_body>>& message,
    std::shared_ptr<BodyFile>& file) {
  // Only the head has been parsed, so the parser can change to a body type that writes to disk.
  bhttp::request_parser<bhttp::file_body> file_parser{std::move(parser)};
  file_parser.body_limit(target.limit);
  auto body_file = std::make_shared<BodyFile>(target.path);
  boost::system::error_code ec;
  file_parser.get().body().open(target.path.c_str(), beast::file_mode::write, ec);
  if (ec) {
    spdlog::error("http: cannot write an upload to {}: {}", target.path.string(), ec.message());
    co_return ec;
  }
  if (bhttp::token_list{file_parser.get()[bhttp::field::expect]}.exists("100-continue")) {
    bhttp::response<bhttp::empty_body> go_on{bhttp::status::continue_, 11};
    connection.stream->expires_after(options.write_timeout);
    auto [continue_ec, continue_n] = co_await bhttp::async_write(*connection.stream, go_on, kTuple);
    if (continue_ec) co_return continue_ec;
  }
  while (!file_parser.is_done()) {
    // A large upload may take long as a whole; a stalled one may not.
    connection.stream->expires_after(options.read_timeout);
    auto [read_ec, n] = co_await bhttp::async_read_some(*connection.stream, buffer, file_parser, kTuple);
    if (read_ec) co_return read_ec;
  }
  message = file_parser.release();
  // The file body knows its size only when opened for reading.
  message->body().close();
  std::error_code size_error;
  body_file->size = std::filesystem::file_size(target.path, size_error);
  file = std::move(body_file);
  co_return boost::system::error_code{};
}

void Server::Impl::log_access(const Request* request, const Response& response, std::size_t bytes,
                              std::chrono::steady_clock::time_point start) const {
  if (!options.access_log || !spdlog::should_log(spdlog::level::info)) return;
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  spdlog::info("http method={} target=\"{}\" status={} bytes={} duration_ms={:.2f} request_id={} remote={}",
               request ? request->method : "-", request ? redact_secret_query(request->target) : "-", response.status,
               bytes, ms, request ? request->request_id : std::string(response.header("X-Request-Id")),
               request ? request->remote_address : "-");
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

Response Server::Impl::accept_body(const Request& request, std::shared_ptr<StreamingRequestBody>& consumer) {
  try {
    return handlers.accept_request_body(request, consumer);
  } catch (const std::exception& error) {
    spdlog::error("http: handler failed: {} request_id={} method={}", error.what(), request.request_id, request.method);
  }
  consumer.reset();
  return api::json_error(500, "internal", api::kInternalMessage);
}

asio::awaitable<void> Server::Impl::stream_request(Connection& connection, RequestParser& parser,
                                                   beast::flat_buffer& buffer, std::shared_ptr<Request> request,
                                                   std::chrono::steady_clock::time_point start) {
  std::shared_ptr<StreamingRequestBody> consumer;
  Response response;
  bool offloaded = false;
  if (handlers.request_body_execution) {
    try {
      offloaded = handlers.request_body_execution(*request) == Execution::offloaded;
    } catch (const std::exception& error) {
      spdlog::error("http: cannot tell where to take the body of {}: {}", request->path, error.what());
      offloaded = true;
    }
  }
  if (offloaded) {
    // The consumer is handed over only with the answer it belongs to: one accepted after the
    // deadline is dropped with its late answer.
    auto slot = std::make_shared<std::shared_ptr<StreamingRequestBody>>();
    const std::function<Response()> work = [this, request, slot] { return accept_body(*request, *slot); };
    auto answered = co_await run_offloaded(*request, work);
    if (answered) {
      response = std::move(*answered);
      consumer = std::move(*slot);
    } else {
      response = unavailable(*request);
    }
  } else {
    response = accept_body(*request, consumer);
  }
  response.set_header("X-Request-Id", request->request_id);
  if (!consumer) {
    // Refused: the answer, then a short drain so that the client reads it rather than a reset.
    co_await write(connection, request.get(), std::move(response), false, start);
    boost::system::error_code ignored;
    connection.stream->socket().shutdown(tcp::socket::shutdown_send, ignored);
    connection.stream->expires_after(std::chrono::seconds(2));
    std::size_t drained = 0;
    while (drained < options.body_limit) {
      buffer.consume(buffer.size());
      auto [drain_ec, n] = co_await connection.stream->async_read_some(buffer.prepare(65536), kTuple);
      if (drain_ec) break;
      drained += n;
    }
    co_return;
  }
  std::string head_text;
  serialize_head(head_text, response, std::nullopt, false, options.content_security_policy,
                 options.strict_transport_security);
  if (bhttp::token_list{parser.get()[bhttp::field::expect]}.exists("100-continue")) {
    head_text.insert(0, "HTTP/1.1 100 Continue\r\n\r\n");
  }
  connection.stream->expires_after(options.write_timeout);
  auto [ec, written] = co_await asio::async_write(*connection.stream, asio::buffer(head_text), kTuple);
  if (!ec) {
    connection.streaming = true;
    ConnectionBody body(*connection.stream, parser, buffer);
    try {
      co_await consumer->run(body);
    } catch (const std::exception& error) {
      spdlog::warn("http: request body stream ended: {} request_id={}", error.what(), request->request_id);
    }
    connection.streaming = false;
  }
  log_access(request.get(), response, 0, start);
}

asio::awaitable<void> Server::Impl::session(std::shared_ptr<Connection> connection) {
  struct Forget {
    Impl& impl;
    Connection* connection;
    ~Forget() {
      if (!connection->handed_off) impl.forget(connection);
    }
  } forget_on_exit{*this, connection.get()};

  boost::system::error_code ec;
  const std::string& remote = connection->address;
  beast::flat_buffer buffer;
  bool first = true;

  while (!stopping && !connection->evicted) {
    // The head must be complete this soon: from the connection's start, or from the first byte
    // after an idle wait, so that a client trickling bytes cannot hold the connection.
    auto now = Clock::now();
    auto head_deadline = now + options.header_timeout;
    if (buffer.size() == 0) {
      // Idle between requests: stop() and eviction may cancel this wait.
      connection->idle_since = now.time_since_epoch().count();
      connection->busy = false;
      if (!co_await read_request_start(*connection, buffer, first ? head_deadline : now + options.idle_timeout)) {
        break;
      }
      now = Clock::now();
      if (!first) head_deadline = now + options.header_timeout;
    }
    connection->busy = true;
    connection->idle_since = 0;
    first = false;
    const auto start = now;

    bhttp::request_parser<bhttp::string_body> parser;
    parser.header_limit(static_cast<std::uint32_t>(options.header_limit));
    // With uploads the limit depends on the route, known once the head is read (below).
    parser.body_limit(handlers.body_to_file ? boost::optional<std::uint64_t>()
                                            : boost::optional<std::uint64_t>(options.body_limit));
    boost::system::error_code header_ec;
    std::optional<std::string> refusal;
    // The head is read here rather than by async_read_header, so that its raw bytes can be checked
    // for folded lines before the parser takes them (it consumes nothing until the head is complete).
    while (true) {
      const std::string_view bytes(static_cast<const char*>(buffer.data().data()), buffer.size());
      if (has_folded_line(bytes)) {
        refusal = "Header lines may not be folded (obsolete line folding).";
        break;
      }
      buffer.consume(parser.put(buffer.data(), header_ec));
      if (header_ec != bhttp::error::need_more) break;
      header_ec = {};
      connection->stream->expires_at(head_deadline);
      auto [read_ec, n] = co_await connection->stream->async_read_some(buffer.prepare(8192), kTuple);
      if (read_ec) {
        header_ec = read_ec;
        break;
      }
      buffer.commit(n);
    }
    if (!header_ec && !refusal) refusal = ambiguous_framing(parser.get());
    // The head is read once, for the routes that take their body as it comes or into a file and
    // for the handler.
    std::shared_ptr<Request> request;
    bool target_valid = false;
    if (!header_ec && !refusal) {
      request = request_head(parser.get(), remote, options.trusted_proxies);
      target_valid = parse_target(parser.get().target(), *request);
      if (!target_valid) request->target = std::string(parser.get().target());  // for the log line
    }
    if (target_valid && handlers.streams_request_body && handlers.accept_request_body &&
        handlers.streams_request_body(*request)) {
      co_await stream_request(*connection, parser, buffer, std::move(request), start);
      break;
    }
    std::optional<Response> too_large;  // an upload route's own 413
    std::optional<bhttp::request<bhttp::file_body>> file_message;
    std::shared_ptr<BodyFile> body_file;
    if (!header_ec && !refusal && handlers.body_to_file && !parser.is_done()) {
      if (auto target = target_valid ? body_target(*request) : std::nullopt) {
        too_large = std::move(target->too_large);
        // A limit of 0 refuses the body outright: no file is opened for it.
        if (target->limit == 0 || parser.content_length().value_or(0) > target->limit) {
          header_ec = bhttp::error::body_limit;
        } else {
          header_ec = co_await read_body_to_file(*connection, buffer, parser, *target, file_message, body_file);
        }
      } else if (parser.content_length().value_or(0) > options.body_limit) {
        header_ec = bhttp::error::body_limit;
      } else {
        parser.body_limit(options.body_limit);
      }
    }
    if (!header_ec && !refusal && !parser.is_done() && !file_message) {
      connection->stream->expires_after(options.read_timeout);
      if (bhttp::token_list{parser.get()[bhttp::field::expect]}.exists("100-continue")) {
        bhttp::response<bhttp::empty_body> go_on{bhttp::status::continue_, 11};
        auto [continue_ec, continue_n] = co_await bhttp::async_write(*connection->stream, go_on, kTuple);
        if (continue_ec) break;
      }
      auto [body_ec, body_n] = co_await bhttp::async_read(*connection->stream, buffer, parser, kTuple);
      header_ec = body_ec;
    }

    if (header_ec || refusal) {
      // What is known of a refused request, for its log line.
      Request refused;
      refused.remote_address = remote;
      refused.request_id = new_request_id();
      // The request line is kept by the parser even when a later limit stopped it.
      const auto& partial = parser.get();
      refused.method = partial.method_string().empty() ? "-" : std::string(partial.method_string());
      refused.target = partial.target().empty() ? "-" : std::string(partial.target());
      std::optional<Response> answer;
      if (refusal) {
        answer = api::json_error(400, "bad_request", *refusal);
      } else if (header_ec == bhttp::error::header_limit) {
        answer = api::json_error(431, "header_too_large",
                                 "De kop van het verzoek is groter dan " + kib(options.header_limit) + ".");
      } else if (header_ec == bhttp::error::body_limit) {
        answer = too_large ? std::move(*too_large)
                           : api::json_error(413, "payload_too_large",
                                             "Het verzoek is groter dan " + kib(options.body_limit) + ".");
      } else if (too_large && header_ec.category() == boost::system::system_category()) {
        answer = api::json_error(500, "internal", "De server kon de upload niet bewaren. Probeer het opnieuw.");
      } else if (is_parse_error(header_ec)) {
        answer = api::json_error(400, "bad_request", "Het verzoek is geen geldig HTTP/1.1.");
      }
      if (!answer) break;  // the client went away or timed out: nothing to answer
      answer->set_header("X-Request-Id", refused.request_id);
      co_await write(*connection, &refused, std::move(*answer), false, start);
      // Drain what the client is still sending, so that it reads the answer instead of a reset.
      connection->stream->socket().shutdown(tcp::socket::shutdown_send, ec);
      connection->stream->expires_after(std::chrono::seconds(2));
      std::size_t drained = 0;
      while (drained < 4 * options.body_limit) {
        buffer.consume(buffer.size());
        auto [drain_ec, n] = co_await connection->stream->async_read_some(buffer.prepare(65536), kTuple);
        if (drain_ec) break;
        drained += n;
      }
      break;
    }

    auto message = parser.release();  // an upload's head is in file_message
    request->body = std::move(message.body());
    request->body_file = std::move(body_file);

    Response response;
    if (!target_valid) {
      response = api::json_error(400, "bad_request", "Het gevraagde adres is geen geldig pad.");
    } else if (auto kept = from_memory(*request)) {
      response = std::move(*kept);
    } else if (execution(*request) == Execution::io_thread) {
      response = handle(*request);
    } else {
      response = co_await offload(request);
    }
    response.set_header("X-Request-Id", request->request_id);
    const bool keep_alive =
        (file_message ? file_message->keep_alive() : message.keep_alive()) && !stopping && !connection->evicted;
    if (response.streaming) {
      // A stream holds its connection for hours and closes it after: the request's buffers go now.
      buffer.clear();
      buffer.shrink_to_fit();
      message = {};
    }
    if (!co_await write(*connection, request.get(), std::move(response), keep_alive, start)) break;
  }

  if (connection->handed_off) co_return;
  connection->stream->socket().shutdown(tcp::socket::shutdown_both, ec);
  connection->stream->close();
}

Server::Server(ServerOptions options, Handler handler)
    : Server(std::move(options), Handlers{std::move(handler), {}, {}, {}, {}, {}, {}, {}}) {}

Server::Server(ServerOptions options, Handlers handlers)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(handlers))) {}

Server::~Server() { stop(); }

namespace {

// Opens, binds and listens on `acceptor`; throws with the address in the message.
void bind_and_listen(tcp::acceptor& acceptor, const std::string& address_text, std::uint16_t port) {
  boost::system::error_code ec;
  auto address = asio::ip::make_address(address_text, ec);
  if (ec) throw std::runtime_error("invalid bind address " + address_text);
  tcp::endpoint endpoint(address, port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error("cannot listen on " + address_text + ":" + std::to_string(port) + ": " + ec.message());
}

}  // namespace

int listen_early(const std::string& address, std::uint16_t port) {
  asio::io_context context;
  tcp::acceptor acceptor(context);
  bind_and_listen(acceptor, address, port);
  const int fd = acceptor.release();
  // Not handed down to the child processes (ffmpeg) a server starts.
  ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC);
  return fd;
}

void Server::start() {
  std::lock_guard lock(impl_->stop_mutex);
  if (impl_->started) throw std::logic_error("http::Server started twice");
  auto& acceptor = impl_->acceptor.emplace(*impl_->contexts.front());
  if (impl_->options.listening_fd >= 0) {
    boost::system::error_code ec;
    const auto local = asio::ip::make_address(impl_->options.address, ec);
    acceptor.assign(!ec && local.is_v6() ? tcp::v6() : tcp::v4(), impl_->options.listening_fd, ec);
    if (ec) throw std::runtime_error("cannot take over the listening socket: " + ec.message());
  } else {
    bind_and_listen(acceptor, impl_->options.address, impl_->options.port);
  }
  impl_->bound_port = acceptor.local_endpoint().port();
  impl_->pool.emplace(impl_->options.worker_threads);
  asio::co_spawn(acceptor.get_executor(), impl_->accept_loop(), asio::detached);
  asio::co_spawn(acceptor.get_executor(), impl_->sweep_loop(), asio::detached);
  if (impl_->options.memory_trim_interval.count() > 0) {
    asio::co_spawn(*impl_->contexts.back(), impl_->trim_loop(), asio::detached);
  }
  for (auto& context : impl_->contexts) impl_->threads.emplace_back([&context] { context->run(); });
  const auto threads = impl_->threads.size();
  impl_->started = true;
  spdlog::info("http: listening on {}:{} with {} io threads and {} workers", impl_->options.address, impl_->bound_port,
               threads, impl_->options.worker_threads);
}

std::uint16_t Server::port() const { return impl_->bound_port; }

std::size_t Server::connection_count() const { return impl_->connection_count.load(); }

void Server::stop() {
  std::lock_guard lock(impl_->stop_mutex);
  if (!impl_->started || impl_->stopped) return;
  impl_->stopped = true;
  impl_->stopping = true;
  // The acceptor belongs to the first I/O thread: close it there, and wait so that no connection gets in later.
  auto closed = std::make_shared<std::promise<void>>();
  asio::post(impl_->acceptor->get_executor(), [impl = impl_.get(), closed] {
    boost::system::error_code ignored;
    impl->acceptor->close(ignored);
    closed->set_value();
  });
  closed->get_future().wait_for(std::chrono::seconds(2));
  {
    std::lock_guard registry_lock(impl_->registry_mutex);
    for (auto& [raw, weak] : impl_->connections) {
      if (auto connection = weak.lock()) {
        asio::post(connection->executor, [weak = weak] {
          if (auto c = weak.lock(); c && (!c->busy || c->streaming)) {
            // An adopted socket is the body's alone; the connection has no stream of its own left.
            if (c->handed_off) {
              if (auto body = c->adopted.lock()) body->close();
              return;
            }
            // A download of known length (a recording, a podcast file) is let finish within the
            // shutdown grace, as any response in flight; an endless stream ends now.
            if (c->streaming && c->finite) return;
            boost::system::error_code ignored;
            if (c->streaming) c->stream->socket().close(ignored);
            c->stream->cancel();
          }
        });
      }
    }
  }
  {
    std::unique_lock registry_lock(impl_->registry_mutex);
    bool drained = impl_->registry_cv.wait_for(registry_lock, impl_->options.shutdown_grace,
                                               [&] { return impl_->connections.empty(); });
    if (!drained) {
      spdlog::warn("http: {} connections still busy after the shutdown grace period; closing them",
                   impl_->connections.size());
    }
  }
  // Offloaded handlers still running use the handlers' objects: wait for them, drop queued ones.
  if (impl_->pending_work.load() > 0) {
    spdlog::warn("http: waiting for {} handlers on the worker pool", impl_->pending_work.load());
  }
  impl_->pool->stop();
  impl_->pool->join();
  impl_->keep_running.clear();
  for (auto& context : impl_->contexts) context->stop();
  for (auto& thread : impl_->threads) thread.join();
  impl_->threads.clear();
  spdlog::info("http: stopped");
}

int Server::run_until_signal() {
  asio::signal_set signals(*impl_->contexts.front(), SIGINT, SIGTERM);
  signals.async_wait([impl = impl_.get()](const boost::system::error_code& ec, int signal_number) {
    if (ec) return;
    std::lock_guard lock(impl->signal_mutex);
    impl->signal_number = signal_number;
    impl->stop_requested = true;
    impl->signal_cv.notify_all();
  });
  int signal_number = 0;
  {
    std::unique_lock lock(impl_->signal_mutex);
    impl_->signal_cv.wait(lock, [&] { return impl_->stop_requested; });
    signal_number = impl_->signal_number;
  }
  if (signal_number != 0) spdlog::info("http: signal {} received, shutting down", signal_number);
  stop();
  return signal_number;
}

void Server::request_stop() {
  std::lock_guard lock(impl_->signal_mutex);
  impl_->stop_requested = true;
  impl_->signal_cv.notify_all();
}

}  // namespace ether::http
