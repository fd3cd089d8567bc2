#include "http/socket_write.hpp"

#include <boost/asio/error.hpp>

namespace ether::http {

std::optional<std::span<boost::asio::const_buffer>> write_once(boost::asio::ip::tcp::socket& socket,
                                                               std::span<boost::asio::const_buffer> buffers) {
  boost::system::error_code ec;
  std::size_t written = socket.write_some(buffers, ec);
  if (ec == boost::asio::error::would_block || ec == boost::asio::error::try_again) {
    ec = {};
    written = 0;
  }
  if (ec) return std::nullopt;
  std::size_t first = 0;
  while (first < buffers.size() && written >= buffers[first].size()) written -= buffers[first++].size();
  if (first < buffers.size()) buffers[first] += written;
  return buffers.subspan(first);
}

}  // namespace ether::http
