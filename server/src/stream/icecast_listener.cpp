#include "stream/icecast_listener.hpp"

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <string_view>

#include "stream/listener_cursor.hpp"

namespace ether::stream {
namespace asio = boost::asio;
namespace {

using SteadyClock = std::chrono::steady_clock;

// Enough for a caught-up listener's write (about half a second of chunks and a metadata block) in
// one system call; the burst takes a few. Both live in the listener's coroutine frame.
constexpr std::size_t kMaxChunks = 16;
constexpr std::size_t kMaxPieces = 40;

// Resumes the listener's coroutine from whichever thread appended to or serviced the ring: the
// channel's completion runs on the listener's own executor.
class ChannelWaiter final : public RingWaiter {
 public:
  explicit ChannelWaiter(const asio::any_io_executor& executor) : signal(executor, 1) {}
  asio::experimental::concurrent_channel<void(boost::system::error_code)> signal;

 protected:
  void wake() noexcept override {
    try {
      signal.try_send(boost::system::error_code{});
    } catch (...) {  // NOLINT(bugprone-empty-catch): a lost wake-up is retried on the next tick
    }
  }
};

// Takes the waiter off the ring when the coroutine ends for any reason, before the waiter dies.
class WaitGuard {
 public:
  WaitGuard(const BroadcastRing& ring, RingWaiter& waiter) : ring_(ring), waiter_(waiter) {}
  WaitGuard(const WaitGuard&) = delete;
  WaitGuard& operator=(const WaitGuard&) = delete;
  ~WaitGuard() { ring_.cancel_wait(waiter_); }

 private:
  const BroadcastRing& ring_;
  RingWaiter& waiter_;
};

}  // namespace

IcecastListener::IcecastListener(std::shared_ptr<const BroadcastRing> ring, ListenerOptions options)
    : ring_(std::move(ring)), options_(options) {}

asio::awaitable<void> IcecastListener::run(asio::ip::tcp::socket& socket) {
  using namespace asio::experimental::awaitable_operators;  // NOLINT(google-build-using-namespace): `||` on awaitables
  const auto executor = co_await asio::this_coro::executor;
  ChannelWaiter waiter(executor);
  asio::steady_timer write_deadline(executor);
  const WaitGuard guard(*ring_, waiter);
  waiter.policy = options_.coalescing;
  ListenerCursor cursor(ring_->burst_start(options_.burst_bytes), options_.metaint);
  std::array<ChunkPtr, kMaxChunks> chunks;
  std::array<std::string_view, kMaxPieces> pieces;
  std::array<asio::const_buffer, kMaxPieces> buffers;
  boost::system::error_code ec;
  // Writes take what the socket accepts now and never wait for the rest (see the header).
  socket.non_blocking(true, ec);
  if (ec) co_return;
  auto idle_since = SteadyClock::now();
  auto last_progress = idle_since;

  while (socket.is_open()) {
    bool fell_behind = false;
    const std::size_t count = ring_->read_into(cursor.position(), chunks, fell_behind);
    if (fell_behind) co_return;  // too slow: the audio it needs is gone
    const auto now = SteadyClock::now();
    bool complete = true;
    bool backlogged = false;
    if (count == 0 && !cursor.owes_metadata()) {
      if (now - idle_since > options_.starve_timeout) co_return;
    } else {
      idle_since = now;
      const std::span<const ChunkPtr> read(chunks.data(), count);
      const std::size_t n = cursor.plan(read, pieces, complete);
      std::size_t planned = 0;
      for (std::size_t i = 0; i < n; ++i) {
        buffers[i] = asio::const_buffer(pieces[i].data(), pieces[i].size());
        planned += pieces[i].size();
      }
      std::size_t written = socket.write_some(std::span<const asio::const_buffer>(buffers.data(), n), ec);
      if (ec == asio::error::would_block || ec == asio::error::try_again) {
        written = 0;
      } else if (ec) {
        co_return;  // the listener went away
      }
      cursor.commit(read, written);
      if (written > 0) {
        last_progress = now;
        waiter.last_write = now;
      }
      backlogged = written < planned;
    }
    // Shared chunks are not held while waiting: the ring alone decides how long audio lives.
    for (std::size_t i = 0; i < count; ++i) chunks[i].reset();
    if (backlogged) {
      // The socket took less than offered: wait until it takes more, not on the ring (which would
      // wake this listener again at once), and drop it when it takes nothing for write_timeout.
      write_deadline.expires_at(last_progress + options_.write_timeout);
      const auto ready =
          co_await (socket.async_wait(asio::socket_base::wait_write, asio::as_tuple(asio::use_awaitable)) ||
                    write_deadline.async_wait(asio::as_tuple(asio::use_awaitable)));
      if (ready.index() == 1 || std::get<0>(std::get<0>(ready))) co_return;  // stalled, or gone
      continue;
    }
    if (!complete) continue;  // more is ready at once (the burst)
    waiter.position = cursor.position();
    ring_->wait(waiter);
    co_await waiter.signal.async_receive(asio::as_tuple(asio::use_awaitable));
  }
}

}  // namespace ether::stream
