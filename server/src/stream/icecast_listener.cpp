#include "stream/icecast_listener.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <deque>
#include <string>
#include <vector>

#include "stream/icy_metadata.hpp"

namespace ether::stream {
namespace asio = boost::asio;
using namespace boost::asio::experimental::awaitable_operators;

IcecastListener::IcecastListener(std::shared_ptr<const BroadcastRing> ring, ListenerOptions options)
    : ring_(std::move(ring)), options_(options) {}

asio::awaitable<void> IcecastListener::run(asio::ip::tcp::socket& socket) {
  auto executor = co_await asio::this_coro::executor;
  asio::steady_timer timer(executor);
  std::uint64_t position = ring_->burst_start(options_.burst_bytes);
  IcyCounter icy(options_.metaint == 0 ? SIZE_MAX : options_.metaint);
  std::string last_title;
  // Metadata blocks live here until their write completes; audio is sent from the shared chunks.
  std::deque<std::string> blocks;
  auto idle_since = std::chrono::steady_clock::now();

  while (socket.is_open()) {
    auto read = ring_->read_from(position, 64);
    if (read.fell_behind) co_return;  // too slow: the audio it needs is gone
    if (read.chunks.empty()) {
      if (std::chrono::steady_clock::now() - idle_since > options_.starve_timeout) co_return;
      timer.expires_after(options_.poll);
      boost::system::error_code ec;
      co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      continue;
    }
    idle_since = std::chrono::steady_clock::now();

    blocks.clear();
    std::vector<asio::const_buffer> buffers;
    std::size_t audio_bytes = 0;
    for (const auto& chunk : read.chunks) {
      std::size_t offset = position + audio_bytes > chunk->start ? position + audio_bytes - chunk->start : 0;
      while (offset < chunk->bytes.size()) {
        const std::size_t n = icy.audio_allowed(chunk->bytes.size() - offset);
        buffers.emplace_back(chunk->bytes.data() + offset, n);
        offset += n;
        audio_bytes += n;
        if (icy.sent_audio(n)) {
          // The title of the byte the block follows: it changes exactly where the track changes.
          if (chunk->title != last_title) {
            blocks.push_back(icy_metadata_block(chunk->title));
            last_title = chunk->title;
            buffers.emplace_back(blocks.back().data(), blocks.back().size());
          } else {
            buffers.emplace_back(icy_empty_block.data(), icy_empty_block.size());
          }
        }
      }
    }

    timer.expires_after(options_.write_timeout);
    auto result = co_await (asio::async_write(socket, buffers, asio::as_tuple(asio::use_awaitable)) ||
                            timer.async_wait(asio::as_tuple(asio::use_awaitable)));
    if (result.index() == 1) co_return;  // the write timed out: a stalled listener
    auto [ec, written] = std::get<0>(result);
    if (ec) co_return;
    position += audio_bytes;
  }
}

}  // namespace ether::stream
