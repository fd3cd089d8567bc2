#pragma once
// The first, synchronous step of writing to a non-blocking socket: a response or an event usually
// fits the socket's send buffer, so one system call sends it without an asynchronous write, its
// timer and a trip through the scheduler. The caller writes what is left asynchronously.

#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <optional>
#include <span>

namespace ether::http {

/// Offers `buffers` to the non-blocking `socket` in one call and returns what it did not take: an
/// empty span when everything was written, the rest (its first buffer advanced past what was
/// written) when the socket was full, nullopt when the socket failed.
std::optional<std::span<boost::asio::const_buffer>> write_once(boost::asio::ip::tcp::socket& socket,
                                                               std::span<boost::asio::const_buffer> buffers);

}  // namespace ether::http
