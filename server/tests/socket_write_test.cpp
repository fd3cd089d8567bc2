// http::write_once on a real loopback connection: all of a small write, the rest of a write the
// full socket did not take (with its first buffer advanced to the first unwritten byte), and a
// failure once the peer has gone.

#include "http/socket_write.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/read.hpp>
#include <string>
#include <vector>

namespace ether::http {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

struct LoopbackPair {
  asio::io_context io;
  tcp::socket writer{io};
  tcp::socket reader{io};
  LoopbackPair() {
    tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    writer.connect(acceptor.local_endpoint());
    acceptor.accept(reader);
    writer.non_blocking(true);
    // A small send buffer, so that the test fills it quickly.
    writer.set_option(asio::socket_base::send_buffer_size(4096));
    reader.set_option(asio::socket_base::receive_buffer_size(4096));
  }
};

TEST(SocketWrite, ASmallWriteGoesWholeInOneCall) {
  LoopbackPair pair;
  const std::string head = "HTTP/1.1 200 OK\r\n\r\n";
  const std::string body = "{\"ok\":true}";
  std::array<asio::const_buffer, 2> buffers{asio::buffer(head), asio::buffer(body)};
  const auto rest = write_once(pair.writer, buffers);
  ASSERT_TRUE(rest);
  EXPECT_TRUE(rest->empty());
  std::string received(head.size() + body.size(), '\0');
  asio::read(pair.reader, asio::buffer(received));
  EXPECT_EQ(received, head + body);
}

TEST(SocketWrite, WhatAFullSocketDidNotTakeIsLeftFromItsFirstUnwrittenByte) {
  LoopbackPair pair;
  std::string big(4 * 1024 * 1024, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>('a' + i % 26);
  const std::string tail = "end";
  std::array<asio::const_buffer, 2> buffers{asio::buffer(big), asio::buffer(tail)};
  const auto rest = write_once(pair.writer, buffers);
  ASSERT_TRUE(rest);
  ASSERT_EQ(rest->size(), 2u) << "the socket took less than the first buffer";
  const auto taken = big.size() - (*rest)[0].size();
  EXPECT_GT(taken, 0u);
  EXPECT_EQ(static_cast<const char*>((*rest)[0].data()), big.data() + taken);
  EXPECT_EQ((*rest)[1].size(), tail.size());
  // The reader gets exactly what was taken, in order.
  std::string received(taken, '\0');
  asio::read(pair.reader, asio::buffer(received));
  EXPECT_EQ(received, big.substr(0, taken));
}

TEST(SocketWrite, AFailedSocketIsNotAFullOne) {
  LoopbackPair pair;
  pair.reader.set_option(asio::socket_base::linger(true, 0));
  pair.reader.close();  // a reset: the next send fails
  const std::string bytes = "data";
  std::array<asio::const_buffer, 1> buffers{asio::buffer(bytes)};
  std::optional<std::span<asio::const_buffer>> rest;
  // The reset may reach the writer after its first send.
  for (int i = 0; i < 100 && (rest = write_once(pair.writer, buffers)); ++i) {
    buffers[0] = asio::buffer(bytes);
  }
  EXPECT_FALSE(rest);
}

}  // namespace
}  // namespace ether::http
