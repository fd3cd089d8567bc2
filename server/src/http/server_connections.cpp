// Accepting and admitting connections: the per-address cap, eviction of the longest-idle
// keep-alive connection near the limit, the wait for a request's first bytes with the sweep that
// ends it at its deadline, and handing free memory back as connections come and go.
#include "http/server_impl.hpp"

#include <spdlog/spdlog.h>

#include "process/memory_allocator.hpp"

namespace ether::http {

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
  // Asio's own async_read_some spares that EPOLL_CTL_MOD but first tries the read, which finds
  // nothing while the client waits for its answer: two system calls a request either way, and in
  // make bench (10,000 HLS players) 1.19 of nginx's CPU per request against this wait's 1.12.
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

}  // namespace ether::http
