#include "player/info_events.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <exception>

namespace ether::player {
namespace asio = boost::asio;
using namespace boost::asio::experimental::awaitable_operators;

InfoEvents::InfoEvents(LiveInfoService& service, std::string channel, InfoEventsOptions options)
    : service_(service), channel_(std::move(channel)), options_(options) {}

asio::awaitable<void> InfoEvents::run(asio::ip::tcp::socket& socket) {
  auto executor = co_await asio::this_coro::executor;
  asio::steady_timer timer(executor);
  std::uint64_t sent_version = 0;
  auto last_write = std::chrono::steady_clock::now() - options_.heartbeat;
  std::string message = "retry: 5000\n\n";

  while (socket.is_open()) {
    std::shared_ptr<const InfoEntry> entry;
    try {
      entry = service_.get(channel_);
    } catch (const std::exception&) {
      // The store fails and nothing was built yet: heartbeats keep the stream until it answers.
    }
    if (entry && entry->version != sent_version) {
      message += "event: info\nid: " + std::to_string(entry->version) + "\ndata: " + entry->body + "\n\n";
      sent_version = entry->version;
    } else if (std::chrono::steady_clock::now() - last_write >= options_.heartbeat) {
      message += ": heartbeat\n\n";
    }
    if (!message.empty()) {
      timer.expires_after(options_.write_timeout);
      auto result = co_await (asio::async_write(socket, asio::buffer(message), asio::as_tuple(asio::use_awaitable)) ||
                              timer.async_wait(asio::as_tuple(asio::use_awaitable)));
      if (result.index() == 1 || std::get<0>(std::get<0>(result))) co_return;
      message.clear();
      last_write = std::chrono::steady_clock::now();
    }
    timer.expires_after(options_.check);
    boost::system::error_code ec;
    co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
  }
}

}  // namespace ether::player
