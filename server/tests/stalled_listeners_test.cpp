// Stalled listeners are dropped (issue 36 item 4): a real ether-server with listeners that never
// read and a few that play in real time. A stalled client sets a small receive buffer before it
// connects, as a player's kernel that is not read would otherwise not hold much either; what is
// left is the server's own send buffer, which the kernel grows to megabytes on loopback unless the
// server caps it, and a listener then takes audio at real-time pace for minutes without falling
// behind. The server caps it (ETHER_LISTENER_SNDBUF_BYTES), drops a listener more than
// ETHER_LISTENER_MAX_LAG_SECONDS behind the live edge with a reset, and logs what each was sent.

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "support/icy_listener.hpp"
#include "support/server_process.hpp"

namespace ether {
namespace {

using test::IcyListener;
using test::port_of;
using test::ServerProcess;
using test::stream_path;
using Steady = std::chrono::steady_clock;

constexpr int kStalled = 20;
constexpr int kPlaying = 3;
// The demo's channels are 64 kbit/s.
constexpr std::size_t kBytesPerSecond = 64 * 1000 / 8;
// The default lag limit (10 s) plus the second or two of audio the capped buffers take before the
// listener stalls; the margin is for a loaded machine.
constexpr auto kDropLimit = std::chrono::seconds(12);
constexpr auto kDropMargin = std::chrono::seconds(13);

/// A listener that asks for the stream and never reads a byte of it.
class StalledListener {
 public:
  StalledListener(std::uint16_t port, const std::string& target) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    // Before connect, so that the window it offers stays small: unset, the kernel's own receive
    // buffer would hold what a stalled player's does not.
    const int small = 4096;
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nIcy-MetaData: 1\r\n\r\n";
    connected_ =
        connected_ && ::send(fd_, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size());
    started_ = Steady::now();
  }
  ~StalledListener() { ::close(fd_); }
  StalledListener(const StalledListener&) = delete;
  StalledListener& operator=(const StalledListener&) = delete;

  [[nodiscard]] bool connected() const { return connected_; }
  /// Looks, without reading, whether the server ended the connection; notes when it was first seen.
  bool dropped() {
    if (dropped_at_) return true;
    pollfd poll_fd{.fd = fd_, .events = POLLRDHUP, .revents = 0};
    if (::poll(&poll_fd, 1, 0) == 1 && (poll_fd.revents & (POLLHUP | POLLERR | POLLRDHUP)) != 0) {
      dropped_at_ = Steady::now();
    }
    return dropped_at_.has_value();
  }
  [[nodiscard]] std::optional<Steady::duration> dropped_after() const {
    if (!dropped_at_) return std::nullopt;
    return *dropped_at_ - started_;
  }

 private:
  int fd_;
  bool connected_ = false;
  Steady::time_point started_;
  std::optional<Steady::time_point> dropped_at_;
};

struct AccessLine {
  int status = 0;
  std::uint64_t bytes = 0;
};

// The access log's line of each listener, by the `listener=` it added to its stream URL.
std::map<std::string, AccessLine> access_lines(const ServerProcess& server) {
  std::ifstream in(server.dir() / "server.log");
  std::map<std::string, AccessLine> lines;
  const std::regex line_pattern(
      R"re(http method=GET target="/live/[^"]*listener=([a-z]+-[0-9]+)" status=(\d+) bytes=(\d+))re");
  std::string line;
  while (std::getline(in, line)) {
    std::smatch match;
    if (std::regex_search(line, match, line_pattern)) {
      lines[match[1].str()] = {.status = std::stoi(match[2].str()), .bytes = std::stoull(match[3].str())};
    }
  }
  return lines;
}

std::size_t count_lines(const ServerProcess& server, const std::string& text) {
  std::ifstream in(server.dir() / "server.log");
  std::size_t count = 0;
  std::string line;
  while (std::getline(in, line)) count += line.find(text) != std::string::npos ? 1 : 0;
  return count;
}

TEST(StalledListeners, AreDroppedWithinTheLagLimitWhileTheOthersPlayOnAndTheAccessLogCountsWhatEachWasSent) {
  ServerProcess server("stalled_listeners", {"ETHER_LOG_LEVEL=info"});
  const auto path = stream_path(server, "radio2");
  ASSERT_FALSE(path.empty());

  std::vector<std::unique_ptr<IcyListener>> playing;
  for (int i = 0; i < kPlaying; ++i) {
    playing.push_back(std::make_unique<IcyListener>(port_of(server), path + "&listener=playing-" + std::to_string(i)));
    ASSERT_EQ(playing.back()->status(), 200);
  }
  const auto started = Steady::now();
  std::vector<std::unique_ptr<StalledListener>> stalled;
  for (int i = 0; i < kStalled; ++i) {
    stalled.push_back(
        std::make_unique<StalledListener>(port_of(server), path + "&listener=stalled-" + std::to_string(i)));
    ASSERT_TRUE(stalled.back()->connected());
  }

  // Until every stalled listener is gone, or the limit and its margin have passed; the players
  // listen at least 15 s in all.
  const auto give_up = started + kDropLimit + kDropMargin;
  while (Steady::now() < give_up) {
    int dropped = 0;
    for (auto& listener : stalled) dropped += listener->dropped() ? 1 : 0;
    if (dropped == kStalled && Steady::now() - started > std::chrono::seconds(15)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const auto until = Steady::now();

  int dropped = 0;
  for (int i = 0; i < kStalled; ++i) {
    const auto after = stalled[static_cast<std::size_t>(i)]->dropped_after();
    if (!after) {
      ADD_FAILURE() << "stalled-" << i << " was still connected "
                    << std::chrono::duration_cast<std::chrono::seconds>(until - started).count()
                    << " s after it connected";
      continue;
    }
    ++dropped;
    EXPECT_LT(*after, kDropLimit + kDropMargin) << "stalled-" << i;
  }
  EXPECT_EQ(dropped, kStalled);

  // The players never waited: audio every second (writes are coalesced to at most 0.5 s apart)
  // and the stream's rate over the whole time.
  const auto listened = std::chrono::duration<double>(until - started).count();
  for (int i = 0; i < kPlaying; ++i) {
    auto& listener = *playing[static_cast<std::size_t>(i)];
    EXPECT_FALSE(listener.ended()) << "playing-" << i;
    EXPECT_LT(listener.longest_silence(started + std::chrono::seconds(1), until), std::chrono::milliseconds(2500))
        << "playing-" << i;
    EXPECT_GE(static_cast<double>(listener.audio_bytes()), static_cast<double>(kBytesPerSecond) * (listened - 2))
        << "playing-" << i << " fell behind the stream over " << listened << " s";
  }
  std::vector<std::size_t> received;
  for (auto& listener : playing) {
    listener->stop();
    received.push_back(listener->audio_bytes());
  }

  // Each listener's access line counts what it was sent: a stalled one what the capped buffers
  // took (the burst of 64 KiB and a little), a player at least the audio it read.
  ASSERT_TRUE(test::eventually([&server] { return access_lines(server).size() == kStalled + kPlaying; },
                               std::chrono::seconds(15)))
      << access_lines(server).size() << " access lines of " << kStalled + kPlaying << " listeners";
  const auto lines = access_lines(server);
  for (int i = 0; i < kStalled; ++i) {
    const auto& line = lines.at("stalled-" + std::to_string(i));
    EXPECT_EQ(line.status, 200);
    EXPECT_GE(line.bytes, 32U * 1024) << "stalled-" << i;
    EXPECT_LE(line.bytes, 512U * 1024) << "stalled-" << i << ": more than its buffers could hold";
  }
  for (int i = 0; i < kPlaying; ++i) {
    const auto& line = lines.at("playing-" + std::to_string(i));
    const auto got = received[static_cast<std::size_t>(i)];
    EXPECT_EQ(line.status, 200);
    EXPECT_GE(line.bytes, got) << "playing-" << i << " read " << got << " bytes of audio";
    EXPECT_LE(line.bytes, got + 256 * 1024) << "playing-" << i << " read " << got << " bytes of audio";
  }
  // Twenty drops, one line (then a count a minute later), not twenty.
  const auto drop_lines = count_lines(server, "live: dropped a listener");
  EXPECT_GE(drop_lines, 1U);
  EXPECT_LE(drop_lines, 3U) << "one line per reason at most in a minute";
}

}  // namespace
}  // namespace ether
