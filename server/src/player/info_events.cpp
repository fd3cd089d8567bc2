#include "player/info_events.hpp"

#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <span>
#include <string_view>

#include "http/socket_write.hpp"

namespace ether::player {
namespace asio = boost::asio;
using namespace boost::asio::experimental::awaitable_operators;

namespace {

constexpr std::string_view kPreamble = "retry: 5000\n\n";
constexpr std::string_view kHeartbeat = ": heartbeat\n\n";

// Resumes the stream's coroutine from the publisher's thread: the channel's completion runs on the
// stream's own executor.
class EventsSubscriber final : public InfoSubscriber {
 public:
  explicit EventsSubscriber(const asio::any_io_executor& executor) : signal(executor, 1) {}
  asio::experimental::concurrent_channel<void(boost::system::error_code)> signal;

 protected:
  void wake() noexcept override {
    try {
      signal.try_send(boost::system::error_code{});
    } catch (...) {  // NOLINT(bugprone-empty-catch): a full channel already holds a wake-up
    }
  }
};

// Leaves the publisher when the coroutine ends for any reason, before the subscriber dies.
class Subscription {
 public:
  Subscription(InfoPublisher& publisher, const std::string& channel, InfoSubscriber& subscriber)
      : publisher_(publisher), channel_(channel), subscriber_(subscriber) {
    publisher_.subscribe(channel_, subscriber_);
  }
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;
  ~Subscription() { publisher_.unsubscribe(channel_, subscriber_); }

 private:
  InfoPublisher& publisher_;
  const std::string& channel_;
  InfoSubscriber& subscriber_;
};

// Writes `buffers` whole: what the socket takes now, the rest (a slow reader) within `timeout`.
asio::awaitable<bool> write_all(asio::ip::tcp::socket& socket, std::span<asio::const_buffer> buffers,
                                std::chrono::seconds timeout) {
  const auto rest = http::write_once(socket, buffers);
  if (!rest) co_return false;
  if (rest->empty()) co_return true;
  asio::steady_timer timer(co_await asio::this_coro::executor);
  timer.expires_after(timeout);
  auto result = co_await (asio::async_write(socket, *rest, asio::as_tuple(asio::use_awaitable)) ||
                          timer.async_wait(asio::as_tuple(asio::use_awaitable)));
  co_return result.index() == 0 && !std::get<0>(std::get<0>(result));
}

}  // namespace

InfoEvents::InfoEvents(InfoPublisher& publisher, std::string channel, InfoEventsOptions options)
    : publisher_(publisher), channel_(std::move(channel)), options_(options) {}

asio::awaitable<void> InfoEvents::run(asio::ip::tcp::socket& socket) {
  auto executor = co_await asio::this_coro::executor;
  EventsSubscriber subscriber(executor);
  const Subscription subscription(publisher_, channel_, subscriber);
  boost::system::error_code ec;
  // An event is written at once where the socket takes it, which it nearly always does: no timer
  // and no waiting on the steady path, so a change reaches ten thousand subscribers quickly.
  socket.non_blocking(true, ec);
  if (ec) co_return;
  std::uint64_t sent_version = 0;
  bool preamble = true;
  auto last_write = std::chrono::steady_clock::now();

  while (socket.is_open()) {
    // The published text is shared by every subscriber; it stays alive in `published` while written.
    auto published = publisher_.latest(channel_);
    std::array<asio::const_buffer, 2> buffers;
    std::size_t count = 0;
    if (preamble) buffers[count++] = asio::buffer(kPreamble);
    if (published && published->entry->version != sent_version) {
      buffers[count++] = asio::buffer(published->event);
      sent_version = published->entry->version;
    } else if (!preamble && std::chrono::steady_clock::now() - last_write >= options_.heartbeat) {
      buffers[count++] = asio::buffer(kHeartbeat);
    }
    if (count > 0) {
      if (!co_await write_all(socket, std::span(buffers.data(), count), options_.write_timeout)) co_return;
      for (std::size_t i = 0; i < count; ++i) bytes_sent_ += buffers[i].size();
      preamble = false;
      last_write = std::chrono::steady_clock::now();
    }
    // Woken by a new version, or by the publisher's regular call that lets the heartbeat go out.
    co_await subscriber.signal.async_receive(asio::as_tuple(asio::use_awaitable));
  }
}

}  // namespace ether::player
