#include "stream/icecast_listener.hpp"

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <span>
#include <string_view>

namespace ether::stream {
namespace asio = boost::asio;
namespace {

using SteadyClock = std::chrono::steady_clock;

// Enough for a caught-up listener's write (about half a second of chunks and a metadata block) in
// one system call; the burst takes a few. They live on the stack of the write, not in the listener.
constexpr std::size_t kMaxChunks = 16;
constexpr std::size_t kMaxPieces = 40;

}  // namespace

IcecastListener::IcecastListener(std::shared_ptr<const BroadcastRing> ring, ListenerOptions options)
    : ring_(std::move(ring)), options_(options) {
  policy = options_.coalescing;
}

IcecastListener::~IcecastListener() { ring_->cancel_wait(*this); }

bool IcecastListener::adopt(asio::ip::tcp::socket& socket, std::shared_ptr<void> hold) {
  boost::system::error_code ec;
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
    if (fell_behind) return finish();  // too slow: the audio it needs is gone
    const auto now = SteadyClock::now();
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
  // this listener again at once), and drop it when it takes nothing for write_timeout.
  if (!write_deadline_) write_deadline_ = std::make_unique<asio::steady_timer>(socket_->get_executor());
  write_deadline_->expires_at(last_progress_ + options_.write_timeout);
  write_deadline_->async_wait([self = self_](const boost::system::error_code& ec) {
    // A deadline that fired as the socket became writable again is stale: progress moved it on.
    if (!ec && SteadyClock::now() >= self->last_progress_ + self->options_.write_timeout) self->finish();
  });
  socket_->async_wait(asio::socket_base::wait_write, [self = self_](const boost::system::error_code& ec) {
    if (self->write_deadline_) self->write_deadline_->cancel();
    if (ec) return self->finish();  // gone, or closed
    self->pump();
  });
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
  // The last owner may be this reference: nothing of the listener is touched after it goes.
  const auto self = std::move(self_);
}

}  // namespace ether::stream
