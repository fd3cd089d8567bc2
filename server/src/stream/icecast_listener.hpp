#pragma once
// One Icecast listener: sends a channel's ring from a burst before the head, then at the pace the
// ring grows, with ICY metadata every `metaint` bytes when the client asked for it.

#include <chrono>
#include <cstddef>
#include <memory>

#include "http/streaming_body.hpp"
#include "stream/broadcast_ring.hpp"

namespace ether::stream {

struct ListenerOptions {
  std::size_t burst_bytes = 64 * 1024;      // Icecast's burst-on-connect
  std::size_t metaint = 0;                  // 0: no ICY metadata
  std::chrono::milliseconds poll{100};      // how often a caught-up listener looks for new audio
  std::chrono::seconds write_timeout{10};   // a write that takes longer drops the listener
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
