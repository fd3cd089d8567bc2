#pragma once
// Runs an http::StreamingBody against a real loopback TCP connection.

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <memory>
#include <string>
#include <thread>

#include "http/streaming_body.hpp"

namespace ether {
namespace asio = boost::asio;

/// A streaming body on the server end of a loopback connection, run by its own io thread; the test
/// reads from the client end.
class LoopbackStream {
 public:
  explicit LoopbackStream(std::shared_ptr<http::StreamingBody> body)
      : acceptor_(io_, {asio::ip::make_address("127.0.0.1"), 0}), server_socket_(io_), client_(io_) {
    client_.connect(acceptor_.local_endpoint());
    acceptor_.accept(server_socket_);
    asio::co_spawn(
        io_,
        [body = std::move(body), this]() -> asio::awaitable<void> {
          co_await body->run(server_socket_);
          server_socket_.close();
          finished_ = true;
        },
        asio::detached);
    thread_ = std::thread([this] { io_.run(); });
  }
  ~LoopbackStream() {
    io_.stop();
    thread_.join();
  }
  std::string read_exactly(std::size_t n) {
    std::string data(n, '\0');
    asio::read(client_, asio::buffer(data));
    return data;
  }
  /// Everything up to and including the next `delimiter`.
  std::string read_until(const std::string& delimiter) {
    const auto n = asio::read_until(client_, asio::dynamic_buffer(pending_), delimiter);
    std::string text = pending_.substr(0, n);
    pending_.erase(0, n);
    return text;
  }
  asio::ip::tcp::socket& client() { return client_; }
  bool finished() const { return finished_; }

 private:
  asio::io_context io_;
  asio::ip::tcp::acceptor acceptor_;
  asio::ip::tcp::socket server_socket_;
  asio::ip::tcp::socket client_;
  std::thread thread_;
  std::atomic<bool> finished_ = false;
  std::string pending_;
};

}  // namespace ether
