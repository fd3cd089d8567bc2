#pragma once
// One Icecast listener: sends a channel's ring from a burst before the head, then at the pace the
// ring grows, with ICY metadata every `metaint` bytes when the client asked for it. Like Icecast,
// it writes a few larger blocks a second (WriteCoalescing) with non-blocking writes: it waits on
// the ring rather than on a timer of its own, a write takes what the socket accepts (a socket that
// took less waits until it takes more). Like Icecast's queue-size, a listener is dropped once it is
// more than `lag.max_lag` behind the live edge (judged by when the audio it still owes went on air,
// so a socket whose writes trickle on is dropped too), once its socket takes nothing for
// `write_timeout`, or once it falls out of the ring; such a drop resets the connection, so that the
// kernel frees its send buffer at once. The socket's send buffer is capped (`send_buffer_bytes`):
// left to itself the kernel grows it to megabytes, which a listener that stopped reading fills at
// real-time pace for minutes before its writes stall. So a slow listener costs no more than a fast
// one and holds nobody back.
//
// A listener held for hours costs what it keeps between writes: it adopts the connection's socket
// (http::StreamingBody::adopt) and runs on completion handlers, with the write's gather list on the
// stack of the thread that writes, so no coroutine frame, request or buffer stays alive for it.

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "http/streaming_body.hpp"
#include "stream/broadcast_ring.hpp"
#include "stream/listener_cursor.hpp"
#include "stream/listener_lag.hpp"
#include "stream/write_coalescing.hpp"

namespace ether::stream {

struct ListenerOptions {
  static constexpr std::size_t kDefaultSendBufferBytes = 32 * 1024;

  std::size_t burst_bytes = 64 * 1024;      // Icecast's burst-on-connect
  std::size_t metaint = 0;                  // 0: no ICY metadata
  WriteCoalescing coalescing;               // when a caught-up listener's next write is due
  std::chrono::seconds write_timeout{10};   // a socket that takes nothing for this long drops the listener
  std::chrono::seconds starve_timeout{30};  // no new audio for this long ends the stream
  // SO_SNDBUF of the listener's socket (ETHER_LISTENER_SNDBUF_BYTES; Linux doubles it for its
  // bookkeeping); 0 leaves the kernel's own, which grows to megabytes.
  std::size_t send_buffer_bytes = kDefaultSendBufferBytes;
  LagLimit lag;  // ETHER_LISTENER_MAX_LAG_SECONDS: further behind the live edge is dropped
  // Called once when the listener ends (or is destroyed without having started), with the bytes
  // it sent: the listener's session closes (listeners/listener_tracker.hpp). Unset: nothing.
  std::function<void(std::uint64_t bytes)> on_end;
};

class IcecastListener final : public http::StreamingBody,
                              private RingWaiter,
                              public std::enable_shared_from_this<IcecastListener> {
 public:
  /// Must be owned by a std::shared_ptr (adopt and run keep it alive by it).
  IcecastListener(std::shared_ptr<const BroadcastRing> ring, ListenerOptions options);
  ~IcecastListener() override;
  IcecastListener(const IcecastListener&) = delete;
  IcecastListener& operator=(const IcecastListener&) = delete;

  /// Adopts the socket and returns when the listener has ended.
  boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) override;
  /// Takes the socket and sends until the listener leaves, falls behind or close() is called.
  bool adopt(boost::asio::ip::tcp::socket& socket, std::shared_ptr<void> hold) override;
  void close() override;
  /// Bytes of the body (audio and metadata) the socket took so far.
  [[nodiscard]] std::uint64_t bytes_sent() const override { return bytes_sent_; }

 private:
  void wake() noexcept override;
  // Writes what is due, then waits on the ring or on the socket; on the socket's executor.
  void pump();
  void wait_writable();
  // While the socket takes nothing: drops the listener at its write timeout or lag limit.
  void arm_deadline();
  void on_deadline();
  // When the audio at the cursor went on air; nullopt when the ring holds none from there.
  std::optional<std::chrono::steady_clock::time_point> on_air_at_cursor(bool& fell_behind) const;
  enum class Drop { out_of_ring, too_far_behind, write_timeout };
  // Ends a listener that cannot keep up: logged (rate-limited) and reset.
  void drop(Drop why);
  void finish();

  std::shared_ptr<const BroadcastRing> ring_;
  ListenerOptions options_;
  std::optional<boost::asio::ip::tcp::socket> socket_;
  std::optional<ListenerCursor> cursor_;
  std::unique_ptr<boost::asio::steady_timer> write_deadline_;  // made when the socket first falls behind
  std::shared_ptr<IcecastListener> self_;                      // alive while adopted, also when only the ring knows it
  std::shared_ptr<void> hold_;
  std::chrono::steady_clock::time_point idle_since_;
  std::chrono::steady_clock::time_point last_progress_;
  std::chrono::steady_clock::duration start_lag_{};  // how far behind its burst started it
  std::uint64_t bytes_sent_ = 0;
  bool backlogged_ = false;  // waiting for the socket to take more
  bool finished_ = false;
};

}  // namespace ether::stream
