// A real ether-server whose PostgreSQL stops answering (as under SIGSTOP: connections stay open,
// nothing comes back). Store work must end in 503 with Retry-After within the worker deadline,
// what is in memory must keep answering, and pages must come back by themselves afterwards.
//
// The database is reached through a TCP relay of the test that can stop forwarding, so that only
// this server's database hangs, not the PostgreSQL that other tests share. Like the PostgreSQL
// store tests, it exists only when ETHER_TEST_DATABASE_URL is set (ETHER_REQUIRE_POSTGRES=1
// without it registers a failing test instead).

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <list>
#include <mutex>
#include <thread>
#include <utility>

#include "store/database.hpp"
#include "support/postgres_database.hpp"
#include "support/raw_socket.hpp"
#include "support/server_process.hpp"

namespace ether::test {
namespace {

using namespace std::chrono_literals;

/// Relays TCP connections from a loopback port to `target_port`; pause() stops moving bytes in
/// either direction (the connections stay open), resume() moves them again.
class PausableRelay {
 public:
  explicit PausableRelay(std::uint16_t target_port) : target_port_(target_port) {
    listener_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(listener_, 64) != 0) {
      throw std::runtime_error("the relay cannot listen");
    }
    socklen_t length = sizeof address;
    ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
  }
  ~PausableRelay() {
    stopping_ = true;
    ::shutdown(listener_, SHUT_RDWR);
    acceptor_.join();
    for (auto& pump : pumps_) pump.join();
    ::close(listener_);
  }
  PausableRelay(const PausableRelay&) = delete;
  PausableRelay& operator=(const PausableRelay&) = delete;

  [[nodiscard]] std::uint16_t port() const { return port_; }
  void pause() { paused_ = true; }
  void resume() { paused_ = false; }

 private:
  void accept_loop() {
    while (!stopping_) {
      pollfd watched{listener_, POLLIN, 0};
      if (::poll(&watched, 1, 100) <= 0) continue;
      const int client = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (client < 0) continue;
      const int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
      sockaddr_in target{};
      target.sin_family = AF_INET;
      target.sin_port = htons(target_port_);
      target.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      if (::connect(server, reinterpret_cast<sockaddr*>(&target), sizeof target) != 0) {
        ::close(client);
        ::close(server);
        continue;
      }
      std::lock_guard lock(mutex_);
      pumps_.emplace_back([this, client, server] { pump(client, server); });
    }
  }

  // Moves bytes both ways until either side closes or the relay stops.
  void pump(int client, int server) {
    char buffer[65536];
    bool open = true;
    while (open && !stopping_) {
      if (paused_) {
        std::this_thread::sleep_for(10ms);
        continue;
      }
      pollfd watched[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
      if (::poll(watched, 2, 50) <= 0) continue;
      for (int side = 0; side < 2 && open; ++side) {
        if ((watched[side].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        const auto n = ::recv(watched[side].fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
          open = false;
          break;
        }
        const int to = side == 0 ? server : client;
        for (ssize_t sent = 0; sent < n;) {
          const auto m = ::send(to, buffer + sent, static_cast<std::size_t>(n - sent), MSG_NOSIGNAL);
          if (m <= 0) {
            open = false;
            break;
          }
          sent += m;
        }
      }
    }
    ::close(client);
    ::close(server);
  }

  std::uint16_t target_port_;
  std::uint16_t port_ = 0;
  int listener_ = -1;
  std::atomic<bool> paused_{false};
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::list<std::thread> pumps_;
  std::thread acceptor_;
};

// Where the host:port of a postgresql:// URL starts and ends.
std::pair<std::size_t, std::size_t> authority(const std::string& url) {
  const auto at = url.find('@');
  const auto host_start = at == std::string::npos ? url.find("://") + 3 : at + 1;
  const auto slash = url.find('/', host_start);
  const auto colon = url.find(':', host_start);
  if (colon == std::string::npos || slash == std::string::npos || colon > slash) {
    throw std::runtime_error("ETHER_TEST_DATABASE_URL needs an explicit host:port: " + url);
  }
  return {host_start, slash};
}

std::uint16_t database_port(const std::string& url) {
  const auto [start, end] = authority(url);
  const auto colon = url.find(':', start);
  return static_cast<std::uint16_t>(std::stoi(url.substr(colon + 1, end - colon - 1)));
}

// The configured URL through the relay, in a schema of this process's own.
std::string relayed_url(const std::string& url, std::uint16_t relay_port) {
  const std::string schema = "ether_hang_" + std::to_string(::getpid());
  {
    auto db = store::Database::open(url, 1);
    auto session = db->lease();
    *session << "DROP SCHEMA IF EXISTS " + schema + " CASCADE";
    *session << "CREATE SCHEMA " + schema;
  }
  const auto [start, end] = authority(url);
  std::string relayed = url.substr(0, start) + "127.0.0.1:" + std::to_string(relay_port) + url.substr(end);
  return relayed + (relayed.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema;
}

std::uint16_t port_of(const std::string& base_url) {
  return static_cast<std::uint16_t>(std::stoi(base_url.substr(base_url.rfind(':') + 1)));
}

RawOutcome ask(std::uint16_t port, const std::string& target, std::chrono::milliseconds deadline) {
  RawSocket socket(port);
  socket.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  return socket.read_head(deadline);
}

void hung_store_answers_503_and_memory_keeps_answering() {
  const std::string url = postgres_test_url();
  PausableRelay relay(database_port(url));
  const std::string relayed = relayed_url(url, relay.port());
  ServerProcess server("store-hang", {"DATABASE_URL=" + relayed, "ETHER_WORKER_TIMEOUT_MS=1000"});
  const auto port = port_of(server.base_url());
  ASSERT_EQ(ask(port, "/", 10s).status, 200u);
  ASSERT_EQ(ask(port, "/api/search/radio", 10s).status, 200u);

  relay.pause();
  // Store work: 503 with Retry-After within the worker deadline, never a hang.
  const auto asked = std::chrono::steady_clock::now();
  auto page = ask(port, "/", 4s);
  const auto page_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count();
  ASSERT_EQ(page.kind, RawOutcome::Kind::answered) << "a page hung with the database";
  EXPECT_EQ(page.status, 503u);
  EXPECT_NE(page.head.find("\r\nRetry-After: "), std::string::npos) << page.head;
  EXPECT_NE(page.head.find("text/html"), std::string::npos) << page.head;
  auto api = ask(port, "/api/page?path=/gids", 4s);
  ASSERT_EQ(api.kind, RawOutcome::Kind::answered);
  EXPECT_EQ(api.status, 503u);
  EXPECT_NE(api.head.find("application/json"), std::string::npos) << api.head;
  // In memory: answered while the database hangs.
  for (const char* target : {"/healthz", "/api/search/radio", "/api/search/ether"}) {
    const auto started = std::chrono::steady_clock::now();
    auto answer = ask(port, target, 1s);
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    ASSERT_EQ(answer.kind, RawOutcome::Kind::answered) << target << " hung with the database";
    EXPECT_EQ(answer.status, 200u) << target;
    std::cout << "database hung: " << target << " answered " << answer.status << " in " << ms << " ms\n";
  }
  std::cout << "database hung: / answered " << page.status << " in " << page_ms << " ms (worker timeout 1000 ms)\n";

  relay.resume();
  unsigned status = 0;
  for (int i = 0; i < 150 && status != 200; ++i) {
    status = ask(port, "/", 5s).status;
    if (status != 200) std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(status, 200u) << "pages did not come back after the database did";
  EXPECT_EQ(ask(port, "/api/page?path=/gids", 5s).status, 200u);
}

const bool registered = register_postgres_tests(
    "StoreHang", __FILE__,
    {{"HungStoreAnswers503AndMemoryKeepsAnswering", hung_store_answers_503_and_memory_keeps_answering}});

}  // namespace
}  // namespace ether::test
