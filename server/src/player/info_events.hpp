#pragma once
// GET /api/miniplayer/events?channel={slug}: Server-Sent Events carrying the same info document as
// the poll endpoint, sent when the publisher has a new version, with heartbeats in between. The
// heartbeat goes out at the publisher's regular wake-up once it is due (InfoPublisherOptions).

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "http/streaming_body.hpp"
#include "player/info_publisher.hpp"

namespace ether::player {

struct InfoEventsOptions {
  std::chrono::seconds heartbeat{15};      // a comment line keeps proxies from closing the stream
  std::chrono::seconds write_timeout{10};  // for what a slow reader did not take at once
};

class InfoEvents final : public http::StreamingBody {
 public:
  InfoEvents(InfoPublisher& publisher, std::string channel, InfoEventsOptions options = {});
  boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) override;
  [[nodiscard]] std::uint64_t bytes_sent() const override { return bytes_sent_; }

 private:
  InfoPublisher& publisher_;
  std::string channel_;
  InfoEventsOptions options_;
  std::uint64_t bytes_sent_ = 0;
};

}  // namespace ether::player
