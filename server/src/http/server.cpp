// Starting and stopping the server (graceful: in-flight requests finish within the grace), the
// signals, and calling the handlers so that a throw becomes a 500 and never reaches the session.
#include "http/server_impl.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>

#include <boost/asio/signal_set.hpp>
#include <csignal>
#include <future>

#include "http/json_answer.hpp"
#include "reporting/reporter.hpp"

namespace ether::http {

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
  return json_error(500, "internal", kInternalMessage);
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
    response = json_error(503, "store_unavailable", kStoreUnavailableMessage);
  }
  if (!response->has_header("Retry-After")) {
    const auto seconds = std::chrono::ceil<std::chrono::seconds>(options.worker_timeout).count();
    response->set_header("Retry-After", std::to_string(std::max<long long>(1, seconds)));
  }
  response->set_header("Cache-Control", "no-store");
  return std::move(*response);
}

namespace {

// Handlers with `handler` alone and every other field empty (its documented default): set by name,
// so that a field added to Handlers needs no change here and draws no missing-initializer warning.
Handlers only_handling(Handler handler) {
  Handlers handlers;
  handlers.handle = std::move(handler);
  return handlers;
}

}  // namespace

Server::Server(ServerOptions options, Handler handler)
    : Server(std::move(options), only_handling(std::move(handler))) {}

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
