#pragma once
// One Icecast listener: sends a channel's ring from a burst before the head, then at the pace the
// ring grows, with ICY metadata every `metaint` bytes when the client asked for it. Like Icecast,
// it writes a few larger blocks a second (WriteCoalescing) with non-blocking writes: it waits on
// the ring rather than on a timer of its own, a write takes what the socket accepts (a socket that
// took less waits until it takes more), and a listener whose socket takes nothing for `write_timeout`, or that falls
// out of the ring, is dropped. So a slow listener costs no more than a fast one and holds nobody back.

#include <chrono>
#include <cstddef>
#include <memory>

#include "http/streaming_body.hpp"
#include "stream/broadcast_ring.hpp"
#include "stream/write_coalescing.hpp"

namespace ether::stream {

struct ListenerOptions {
  std::size_t burst_bytes = 64 * 1024;      // Icecast's burst-on-connect
  std::size_t metaint = 0;                  // 0: no ICY metadata
  WriteCoalescing coalescing;               // when a caught-up listener's next write is due
  std::chrono::seconds write_timeout{10};   // a socket that takes nothing for this long drops the listener
  std::chrono::seconds starve_timeout{30};  // no new audio for this long ends the stream
};

class IcecastListener final : public http::StreamingBody {
 public:
  IcecastListener(std::shared_ptr<const BroadcastRing> ring, ListenerOptions options);
  boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) override;

 private:
  std::shared_ptr<const BroadcastRing> ring_;
  ListenerOptions options_;
};

}  // namespace ether::stream
