#pragma once
// A response body that is written over time (a live audio stream, Server-Sent Events). The server
// writes the status line and headers, then hands the connection to the body until it returns; the
// connection closes afterwards. Asio only, no Beast.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace ether::http {

class StreamingBody {
 public:
  virtual ~StreamingBody() = default;
  /// Writes the body to `socket` until the listener leaves, falls behind or the server stops.
  virtual boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) = 0;
};

}  // namespace ether::http
