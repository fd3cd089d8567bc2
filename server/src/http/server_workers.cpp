// The worker pool: offloading a handler under its deadline, each client's fair share of the
// workers (fair_share.hpp) and the circuit breaker of ServerOptions::breaker_retry.
#include <spdlog/spdlog.h>

#include "http/client_group.hpp"
#include "http/server_impl.hpp"
#include "process/work_deadline.hpp"

namespace ether::http {

ServerOptions complete_options(ServerOptions options) {
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
  return options;
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
  // The ticket and its timer are made only for a request that must wait.
  const std::function<std::shared_ptr<ShareTicket>()> make_turn = [&executor, deadline] {
    auto turn = std::make_shared<ClientTurn>(executor);
    turn->timer.expires_at(deadline);
    return turn;
  };
  auto taken = shares.take(client, make_turn);
  if (taken.verdict == ClientShares::Verdict::granted) co_return true;
  if (taken.verdict == ClientShares::Verdict::refused) {
    if (once_a_second(last_share_log)) {
      spdlog::warn("http: {} has {} requests running and {} waiting on the worker pool (its share); answering 503",
                   client, options.worker_share_per_address, options.worker_waiting_per_address);
    }
    co_return false;
  }
  auto turn = std::static_pointer_cast<ClientTurn>(taken.ticket);
  co_await turn->timer.async_wait(kTuple);
  co_return shares.settle(client, turn);
}

void Server::Impl::end_client_turn(const std::string& client) {
  auto next = std::static_pointer_cast<ClientTurn>(shares.release(client));
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

}  // namespace ether::http
