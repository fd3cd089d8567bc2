#pragma once
// A real listener of a live stream with ICY metadata (a raw socket, as a player reads it), for the
// tests that run a real ether-server: it notes when audio arrived, keeps the audio it got, and
// every change of StreamTitle.

#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server_process.hpp"

namespace ether::test {

namespace asio = boost::asio;
using Steady = std::chrono::steady_clock;

inline std::uint16_t port_of(const ServerProcess& server) { return server.port(); }

// Polls `done` every 100 ms until it holds or `limit` passes; true when it held.
inline bool eventually(const std::function<bool()>& done, std::chrono::milliseconds limit) {
  const auto until = Steady::now() + limit;
  while (Steady::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return done();
}

/// A listener on a live stream with ICY metadata: reads in a thread of its own, noting when audio
/// arrived and every change of StreamTitle.
class IcyListener {
 public:
  IcyListener(std::uint16_t port, const std::string& target) : socket_(io_) {
    socket_.connect({asio::ip::make_address("127.0.0.1"), port});
    asio::write(socket_, asio::buffer("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nIcy-MetaData: 1\r\n\r\n"));
    const auto n = asio::read_until(socket_, asio::dynamic_buffer(pending_), "\r\n\r\n");
    head_ = pending_.substr(0, n);
    pending_.erase(0, n);
    status_ = std::stoi(head_.substr(9, 3));
    if (const auto at = head_.find("icy-metaint: "); at != std::string::npos) {
      metaint_ = std::stoul(head_.substr(at + 13));
    }
    if (status_ == 200 && metaint_ > 0) thread_ = std::thread([this] { run(); });
  }
  ~IcyListener() { stop(); }
  IcyListener(const IcyListener&) = delete;
  IcyListener& operator=(const IcyListener&) = delete;

  void stop() {
    if (!thread_.joinable()) return;
    stopping_ = true;
    ::shutdown(socket_.native_handle(), SHUT_RDWR);
    thread_.join();
  }

  [[nodiscard]] int status() const { return status_; }
  [[nodiscard]] std::size_t audio_bytes() const { return audio_bytes_; }
  /// The audio received so far (metadata blocks taken out).
  [[nodiscard]] std::string audio() {
    std::lock_guard lock(mutex_);
    return audio_;
  }
  /// Whether the stream ended (the server closed it) rather than being stopped by the test.
  [[nodiscard]] bool ended() const { return ended_; }
  /// The longest wait between two reads of audio within [from, until].
  [[nodiscard]] std::chrono::milliseconds longest_silence(Steady::time_point from, Steady::time_point until) {
    std::lock_guard lock(mutex_);
    Steady::time_point previous = from;
    std::chrono::milliseconds longest{0};
    for (const auto at : arrivals_) {
      if (at < from) continue;
      if (at > until) break;
      longest = std::max(longest, std::chrono::duration_cast<std::chrono::milliseconds>(at - previous));
      previous = at;
    }
    return std::max(longest, std::chrono::duration_cast<std::chrono::milliseconds>(until - previous));
  }
  /// Every StreamTitle heard, in order, each once per change.
  [[nodiscard]] std::vector<std::string> titles() {
    std::lock_guard lock(mutex_);
    return titles_;
  }

 private:
  void read_more() {
    std::array<char, 8192> buffer{};
    const auto n = socket_.read_some(asio::buffer(buffer));
    pending_.append(buffer.data(), n);
  }

  void run() {
    try {
      for (;;) {
        std::size_t audio_left = metaint_;
        while (audio_left > 0) {
          if (pending_.empty()) read_more();
          const auto take = std::min(audio_left, pending_.size());
          std::lock_guard lock(mutex_);
          audio_.append(pending_, 0, take);
          pending_.erase(0, take);
          audio_left -= take;
          audio_bytes_ += take;
          arrivals_.push_back(Steady::now());
        }
        if (pending_.empty()) read_more();
        const std::size_t length = static_cast<unsigned char>(pending_[0]) * 16U;
        while (pending_.size() < 1 + length) read_more();
        const std::string block = pending_.substr(1, length);
        pending_.erase(0, 1 + length);
        const auto start = block.find("StreamTitle='");
        if (start == std::string::npos) continue;
        const auto end = block.find("';", start);
        const std::string title = block.substr(start + 13, end - start - 13);
        std::lock_guard lock(mutex_);
        if (titles_.empty() || titles_.back() != title) titles_.push_back(title);
      }
    } catch (const std::exception&) {
      ended_ = !stopping_;
    }
  }

  asio::io_context io_;
  asio::ip::tcp::socket socket_;
  std::string pending_;
  std::string head_;
  int status_ = 0;
  std::size_t metaint_ = 0;
  std::atomic<std::size_t> audio_bytes_{0};
  std::atomic<bool> stopping_{false};
  std::atomic<bool> ended_{false};
  std::string audio_;
  std::mutex mutex_;
  std::vector<Steady::time_point> arrivals_;
  std::vector<std::string> titles_;
  std::thread thread_;
};

inline std::string stream_path(const ServerProcess& server, const std::string& channel) {
  const auto answer = server.get("/api/player/" + channel + "/token");
  if (answer.status != 200) return "";
  return std::string(boost::json::parse(answer.body).at("streamUrl").as_string());
}

}  // namespace ether::test
