#include "recording/recording_body.hpp"

#include <algorithm>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <string>
#include <utility>

namespace ether::recording {

RecordingBody::RecordingBody(Recording recording, std::uint64_t first, std::uint64_t length)
    : recording_(std::move(recording)), first_(first), length_(length) {}

boost::asio::awaitable<void> RecordingBody::run(boost::asio::ip::tcp::socket& socket) {
  std::uint64_t position = first_;
  std::uint64_t remaining = length_;
  while (remaining > 0 && socket.is_open()) {
    const std::string chunk = RecordingLibrary::read(recording_, position, std::min(remaining, kChunkBytes));
    // A file that shrank under us (retention) ends the body early; the client sees a short read
    // against Content-Length rather than bytes of another hour.
    if (chunk.empty()) co_return;
    auto [error, written] = co_await boost::asio::async_write(socket, boost::asio::buffer(chunk),
                                                              boost::asio::as_tuple(boost::asio::use_awaitable));
    if (error) co_return;
    position += written;
    remaining -= written;
    bytes_sent_ += written;
  }
}

}  // namespace ether::recording
