#pragma once
// A response body that is written over time (a live audio stream, Server-Sent Events). The server
// writes the status line and headers, then hands the connection to the body until it returns; the
// connection closes afterwards. Asio only, no Beast.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdint>
#include <memory>

namespace ether::http {

class StreamingBody {
 public:
  virtual ~StreamingBody() = default;
  /// Writes the body to `socket` until the listener leaves, falls behind or the server stops.
  virtual boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) = 0;

  /// A body that runs on its own (a live listener, held for hours) takes `socket` here and returns
  /// true: then the server's coroutine, request and buffers for the connection end at once. It
  /// keeps `hold` until the body ends (the server counts the connection until then) and closes the
  /// socket. False (the default): the server calls run().
  // NOLINTNEXTLINE(performance-unnecessary-value-param): a sink, kept by the bodies that adopt
  virtual bool adopt(boost::asio::ip::tcp::socket& /*socket*/, std::shared_ptr<void> /*hold*/) { return false; }
  /// Ends an adopted body soon (the server stops); called on the socket's executor.
  virtual void close() {}
  /// Bytes of the body written so far, for the access log; on the socket's executor.
  [[nodiscard]] virtual std::uint64_t bytes_sent() const { return 0; }
};

}  // namespace ether::http
