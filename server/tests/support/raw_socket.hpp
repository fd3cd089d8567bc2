#pragma once
// A plain POSIX TCP client for tests that need exact bytes on the wire, a chosen source address
// (anything in 127/8 is loopback on Linux) and deadlines on every read, so that a server that
// hangs fails the test instead of hanging it.

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ether::test {

/// What came back for a request within the deadline.
struct RawOutcome {
  enum class Kind { answered, closed, timed_out };
  Kind kind = Kind::timed_out;
  unsigned status = 0;  // when answered
  std::string head;     // the status line and fields, when answered
};

class RawSocket {
 public:
  /// Connects from `local_address` (port chosen by the system) to `remote_address`:`port`. Throws
  /// std::runtime_error when the connection cannot be made; a server that accepts and closes at
  /// once still counts as connected (see wait_closed).
  explicit RawSocket(std::uint16_t port, const std::string& local_address = "127.0.0.1",
                     const std::string& remote_address = "127.0.0.1") {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) throw std::runtime_error("socket() failed");
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, local_address.c_str(), &local.sin_addr);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) {
      ::close(fd_);
      throw std::runtime_error("cannot bind to " + local_address);
    }
    sockaddr_in remote{};
    remote.sin_family = AF_INET;
    remote.sin_port = htons(port);
    ::inet_pton(AF_INET, remote_address.c_str(), &remote.sin_addr);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) {
      ::close(fd_);
      throw std::runtime_error("cannot connect to " + remote_address + ":" + std::to_string(port));
    }
  }
  ~RawSocket() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawSocket(const RawSocket&) = delete;
  RawSocket& operator=(const RawSocket&) = delete;

  /// Sends all bytes; false when the server has closed the connection.
  bool send(std::string_view bytes) {
    while (!bytes.empty()) {
      auto n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

  /// Half-closes: the server reads the end of the request stream.
  void finish_sending() { ::shutdown(fd_, SHUT_WR); }

  /// Reads until a status line and its fields arrived, the server closed, or the deadline passed.
  RawOutcome read_head(std::chrono::milliseconds deadline) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    RawOutcome outcome;
    while (true) {
      const auto end = buffer_.find("\r\n\r\n");
      if (end != std::string::npos && buffer_.starts_with("HTTP/1.1 ") && buffer_.size() >= 12) {
        outcome.kind = RawOutcome::Kind::answered;
        outcome.status = static_cast<unsigned>(std::stoul(buffer_.substr(9, 3)));
        outcome.head = buffer_.substr(0, end + 4);
        buffer_.erase(0, end + 4);
        return outcome;
      }
      switch (read_more(until)) {
        case Read::data:
          continue;
        case Read::closed:
          outcome.kind = RawOutcome::Kind::closed;
          return outcome;
        case Read::timeout:
          outcome.kind = RawOutcome::Kind::timed_out;
          return outcome;
      }
    }
  }

  /// Reads a whole response with a Content-Length body (and discards its body); nullopt when the
  /// deadline passed or the server closed first.
  std::optional<RawOutcome> read_response(std::chrono::milliseconds deadline) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    auto outcome = read_head(deadline);
    if (outcome.kind != RawOutcome::Kind::answered) return std::nullopt;
    std::size_t length = 0;
    if (auto at = lower(outcome.head).find("\r\ncontent-length: "); at != std::string::npos) {
      length = std::stoul(outcome.head.substr(at + 18));
    }
    while (buffer_.size() < length) {
      if (read_more(until) != Read::data) return std::nullopt;
    }
    buffer_.erase(0, length);
    return outcome;
  }

  /// True when the server closes the connection (EOF or reset) within the deadline; data that
  /// arrives meanwhile is discarded.
  bool wait_closed(std::chrono::milliseconds deadline) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (true) {
      buffer_.clear();
      switch (read_more(until)) {
        case Read::data:
          continue;
        case Read::closed:
          return true;
        case Read::timeout:
          return false;
      }
    }
  }

  /// Data the server sent that no read has taken yet (first waits up to `deadline` for some).
  bool has_data(std::chrono::milliseconds deadline) {
    if (!buffer_.empty()) return true;
    return read_more(std::chrono::steady_clock::now() + deadline) == Read::data;
  }

 private:
  enum class Read { data, closed, timeout };

  static std::string lower(std::string text) {
    for (char& c : text) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    return text;
  }

  Read read_more(std::chrono::steady_clock::time_point until) {
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      if (left.count() <= 0) return Read::timeout;
      pollfd watched{fd_, POLLIN, 0};
      const int ready = ::poll(&watched, 1, static_cast<int>(left.count()));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return Read::timeout;
      char chunk[16384];
      const auto n = ::recv(fd_, chunk, sizeof chunk, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return Read::closed;
      buffer_.append(chunk, static_cast<std::size_t>(n));
      return Read::data;
    }
  }

  int fd_ = -1;
  std::string buffer_;
};

}  // namespace ether::test
