#include "stream/icecast_listener.hpp"

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "reporting/log_limiter.hpp"

namespace ether::stream {
namespace asio = boost::asio;
namespace {

using SteadyClock = std::chrono::steady_clock;

// Enough for a caught-up listener's write (about half a second of chunks and a metadata block) in
// one system call; the burst takes a few. They live on the stack of the write, not in the listener.
constexpr std::size_t kMaxChunks = 16;
constexpr std::size_t kMaxPieces = 40;

// Hundreds of listeners may stall at once (a network that went away): one line, then a count.
reporting::LogLimiter& drop_log() {
  static reporting::LogLimiter limiter;
  return limiter;
}

long long whole_seconds(std::chrono::steady_clock::duration duration) {
  return std::chrono::duration_cast<std::chrono::seconds>(duration).count();
}

}  // namespace

IcecastListener::IcecastListener(std::shared_ptr<const BroadcastRing> ring, ListenerOptions options)
    : ring_(std::move(ring)), options_(std::move(options)) {
  policy = options_.coalescing;
}

IcecastListener::~IcecastListener() {
  ring_->cancel_wait(*this);
  if (options_.on_end) options_.on_end(bytes_sent_);
}

bool IcecastListener::adopt(asio::ip::tcp::socket& socket, std::shared_ptr<void> hold) {
  boost::system::error_code ec;
  // The kernel's own send buffer grows to megabytes on a fast path: a listener that stops reading
  // would hold them, taking audio at real-time pace for minutes before it is seen to be behind.
  if (options_.send_buffer_bytes > 0) {
    boost::system::error_code ignored;
    socket.set_option(asio::socket_base::send_buffer_size(static_cast<int>(options_.send_buffer_bytes)), ignored);
  }
  // Writes take what the socket accepts now and never wait for the rest (see the header).
  socket.non_blocking(true, ec);
  socket_.emplace(std::move(socket));
  hold_ = std::move(hold);
  self_ = shared_from_this();
  if (ec) {
    finish();
    return true;
  }
  cursor_.emplace(ring_->burst_start(options_.burst_bytes), options_.metaint);
  idle_since_ = SteadyClock::now();
  bool fell_behind = false;
  if (const auto on_air = on_air_at_cursor(fell_behind)) start_lag_ = idle_since_ - *on_air;
  last_progress_ = idle_since_;
  last_write = idle_since_;
  asio::post(socket_->get_executor(), [self = self_] { self->pump(); });
  return true;
}

asio::awaitable<void> IcecastListener::run(asio::ip::tcp::socket& socket) {
  asio::steady_timer ended(socket.get_executor(), SteadyClock::time_point::max());
  // Ends the listener too when this coroutine is destroyed first (its io_context goes away).
  struct CloseOnExit {
    explicit CloseOnExit(IcecastListener& owner) : listener(owner) {}
    CloseOnExit(const CloseOnExit&) = delete;
    CloseOnExit& operator=(const CloseOnExit&) = delete;
    ~CloseOnExit() { listener.close(); }
    IcecastListener& listener;
  } close_on_exit{*this};
  adopt(socket, std::shared_ptr<void>(nullptr, [&ended](void*) { ended.cancel(); }));
  co_await ended.async_wait(asio::as_tuple(asio::use_awaitable));
}

void IcecastListener::close() { finish(); }

void IcecastListener::wake() noexcept {
  // Called by the ring under its lock, from the thread that appended or ticked: the write runs on
  // the socket's executor. A listener being destroyed is not resumed (its destructor is waiting).
  if (auto self = weak_from_this().lock()) {
    try {
      asio::post(socket_->get_executor(), [self = std::move(self)] { self->pump(); });
    } catch (...) {  // NOLINT(bugprone-empty-catch): a lost wake-up is retried on the next tick
    }
  }
}

void IcecastListener::pump() {
  if (finished_) return;
  std::array<ChunkPtr, kMaxChunks> chunks;
  std::array<std::string_view, kMaxPieces> pieces;
  std::array<asio::const_buffer, kMaxPieces> buffers;
  auto& cursor = *cursor_;
  while (socket_->is_open()) {
    bool fell_behind = false;
    const std::size_t count = ring_->read_into(cursor.position(), chunks, fell_behind);
    if (fell_behind) return drop(Drop::out_of_ring);  // too slow: the audio it needs is gone
    const auto now = SteadyClock::now();
    // Judged before every write, so that a socket taking a little now and then (less than real
    // time) does not keep a listener that only falls further behind.
    if (count > 0 && options_.lag.too_far_behind(chunks[0]->on_air, start_lag_, now)) return drop(Drop::too_far_behind);
    bool complete = true;
    bool backlogged = false;
    if (count == 0 && !cursor.owes_metadata()) {
      if (now - idle_since_ > options_.starve_timeout) return finish();
    } else {
      idle_since_ = now;
      const std::span<const ChunkPtr> read(chunks.data(), count);
      const std::size_t n = cursor.plan(read, pieces, complete);
      std::size_t planned = 0;
      for (std::size_t i = 0; i < n; ++i) {
        buffers[i] = asio::const_buffer(pieces[i].data(), pieces[i].size());
        planned += pieces[i].size();
      }
      boost::system::error_code ec;
      std::size_t written = socket_->write_some(std::span<const asio::const_buffer>(buffers.data(), n), ec);
      if (ec == asio::error::would_block || ec == asio::error::try_again) {
        written = 0;
      } else if (ec) {
        return finish();  // the listener went away
      }
      cursor.commit(read, written);
      bytes_sent_ += written;
      if (written > 0) {
        last_progress_ = now;
        last_write = now;
      }
      backlogged = written < planned;
    }
    // Shared chunks are not held while waiting: the ring alone decides how long audio lives.
    for (std::size_t i = 0; i < count; ++i) chunks[i].reset();
    if (backlogged) return wait_writable();
    if (!complete) continue;  // more is ready at once (the burst)
    position = cursor.position();
    ring_->wait(*this);
    return;
  }
  finish();
}

void IcecastListener::wait_writable() {
  // The socket took less than offered: wait until it takes more, not on the ring (which would wake
  // this listener again at once); meanwhile a deadline drops it when it takes nothing for
  // write_timeout or falls too far behind the live edge.
  backlogged_ = true;
  arm_deadline();
  if (finished_) return;
  socket_->async_wait(asio::socket_base::wait_write, [self = self_](const boost::system::error_code& ec) {
    self->backlogged_ = false;
    if (self->write_deadline_) self->write_deadline_->cancel();
    if (ec) return self->finish();  // gone, or closed
    self->pump();
  });
}

void IcecastListener::arm_deadline() {
  if (!write_deadline_) write_deadline_ = std::make_unique<asio::steady_timer>(socket_->get_executor());
  auto deadline = last_progress_ + options_.write_timeout;
  bool fell_behind = false;
  // The cursor does not move while the socket takes nothing, so the moment it is too far behind
  // is known now: no timer ticks meanwhile.
  if (const auto on_air = on_air_at_cursor(fell_behind)) {
    deadline = std::min(deadline, options_.lag.deadline(*on_air, start_lag_));
  }
  if (fell_behind) return drop(Drop::out_of_ring);
  write_deadline_->expires_at(deadline);
  write_deadline_->async_wait([self = self_](const boost::system::error_code& ec) {
    if (!ec) self->on_deadline();
  });
}

void IcecastListener::on_deadline() {
  // A deadline that fired as the socket became writable again is stale: the state is judged anew.
  if (finished_ || !backlogged_) return;
  const auto now = SteadyClock::now();
  if (now >= last_progress_ + options_.write_timeout) return drop(Drop::write_timeout);
  bool fell_behind = false;
  const auto on_air = on_air_at_cursor(fell_behind);
  if (fell_behind) return drop(Drop::out_of_ring);
  if (on_air && options_.lag.too_far_behind(*on_air, start_lag_, now)) return drop(Drop::too_far_behind);
  arm_deadline();
}

std::optional<SteadyClock::time_point> IcecastListener::on_air_at_cursor(bool& fell_behind) const {
  std::array<ChunkPtr, 1> chunk;
  if (ring_->read_into(cursor_->position(), chunk, fell_behind) == 0) return std::nullopt;
  return chunk[0]->on_air;
}

void IcecastListener::drop(Drop why) {
  if (finished_ || !socket_) return;
  std::string line;
  switch (why) {
    case Drop::out_of_ring:
      line = "live: dropped a listener that fell out of the ring (it read slower than the stream)";
      break;
    case Drop::too_far_behind:
      line = "live: dropped a listener more than " + std::to_string(whole_seconds(options_.lag.allowed(start_lag_))) +
             " s behind the live edge (it read slower than the stream; ETHER_LISTENER_MAX_LAG_SECONDS)";
      break;
    case Drop::write_timeout:
      line = "live: dropped a listener whose connection took nothing for " +
             std::to_string(whole_seconds(options_.write_timeout)) + " s";
      break;
  }
  drop_log().log(spdlog::level::info, line);
  // A reset rather than a close: the unsent audio would keep the kernel's send buffer (and the
  // connection, probing a closed window) for minutes after the listener is gone.
  boost::system::error_code ignored;
  socket_->set_option(asio::socket_base::linger(true, 0), ignored);
  socket_->close(ignored);
  finish();
}

void IcecastListener::finish() {
  if (finished_ || !socket_) return;
  finished_ = true;
  ring_->cancel_wait(*this);
  boost::system::error_code ignored;
  socket_->shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  socket_->close(ignored);
  if (write_deadline_) write_deadline_->cancel();
  hold_.reset();
  if (auto on_end = std::exchange(options_.on_end, nullptr)) on_end(bytes_sent_);
  // The last owner may be this reference: nothing of the listener is touched after it goes.
  const auto self = std::move(self_);
}

}  // namespace ether::stream
