// Each client's fair share of the worker pool, and the client's address behind a trusted proxy:
// http::Server on loopback with a handler that takes its time, spoken to with raw sockets from
// distinct loopback addresses (127.0.0.2, 127.0.0.3, ...), each a client of its own.

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "http/server.hpp"
#include "http/trusted_proxies.hpp"
#include "support/raw_socket.hpp"

namespace ether::http {
namespace {

using namespace std::chrono_literals;
using test::RawOutcome;
using test::RawSocket;

std::string get(std::string_view target, const std::string& extra = "") {
  return "GET " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra + "\r\n";
}

std::string field(const std::string& head, std::string_view name) {
  const auto at = head.find("\r\n" + std::string(name) + ": ");
  if (at == std::string::npos) return {};
  const auto start = at + name.size() + 4;
  return head.substr(start, head.find("\r\n", start) - start);
}

TrustedProxies trusted(std::string_view list) {
  auto proxies = TrustedProxies::parse(list);
  EXPECT_TRUE(proxies.has_value()) << list;
  return proxies.value_or(TrustedProxies{});
}

// Every request is store work (offloaded); /heavy takes 300 ms of a worker, as an uncached page of
// a busy store or a password check does. The answer names the client the server saw.
Handler slow_handler() {
  return [](const Request& request) {
    if (request.path == "/heavy") std::this_thread::sleep_for(300ms);
    Response response;
    response.body = "ok";
    response.set_header("X-Client", request.remote_address);
    return response;
  };
}

class FairShareTest : public ::testing::Test {
 public:
  void start(ServerOptions options) {
    options.address = "127.0.0.1";
    options.port = 0;
    options.access_log = false;
    options.shutdown_grace = 5s;
    server_ = std::make_unique<Server>(options, slow_handler());
    server_->start();
  }
  // `count` connections from `from`, each asking /heavy at once (with `extra` header lines).
  std::vector<std::unique_ptr<RawSocket>> flood(const std::string& from, int count, const std::string& extra = "") {
    std::vector<std::unique_ptr<RawSocket>> sockets;
    for (int i = 0; i < count; ++i) {
      sockets.push_back(std::make_unique<RawSocket>(server_->port(), from));
      sockets.back()->send(get("/heavy", extra));
    }
    return sockets;
  }
  void TearDown() override {
    if (server_) server_->stop();
  }

 protected:
  std::unique_ptr<Server> server_;
};

// Four workers and a 2 s deadline. Forty requests of one client at once would hold every worker
// for 3 s (40 x 300 ms / 4): a second client queued behind them missed the deadline and got 503.
void second_client_is_served_during_a_flood(FairShareTest& test, Server& server, const std::string& flooder,
                                            const std::string& flood_extra, const std::string& other,
                                            const std::string& other_extra) {
  auto heavy = test.flood(flooder, 40, flood_extra);
  std::this_thread::sleep_for(100ms);
  for (int i = 0; i < 5; ++i) {
    RawSocket socket(server.port(), other);
    socket.send(get("/light", other_extra));
    auto answer = socket.read_head(5s);
    ASSERT_EQ(answer.kind, RawOutcome::Kind::answered) << i;
    EXPECT_EQ(answer.status, 200U) << i << "\n" << answer.head;
  }
  // The flooder itself got part of its requests answered and the surplus refused, at once.
  int answered = 0;
  int refused = 0;
  for (auto& socket : heavy) {
    auto answer = socket->read_head(10s);
    ASSERT_EQ(answer.kind, RawOutcome::Kind::answered);
    (answer.status == 200U ? answered : refused) += 1;
  }
  EXPECT_GT(answered, 0);
  EXPECT_GT(refused, 0);
}

TEST_F(FairShareTest, OneClientsFloodSlowsOnlyItself) {
  ServerOptions options;
  options.worker_threads = 4;
  options.worker_timeout = 2s;
  start(options);
  second_client_is_served_during_a_flood(*this, *server_, "127.0.0.2", "", "127.0.0.3", "");
}

TEST_F(FairShareTest, BehindATrustedProxyEachForwardedClientHasItsOwnShare) {
  ServerOptions options;
  options.worker_threads = 4;
  options.worker_timeout = 2s;
  options.trusted_proxies = trusted("127.0.0.1");
  start(options);
  // Both clients come through the balancer at 127.0.0.1.
  second_client_is_served_during_a_flood(*this, *server_, "127.0.0.1", "X-Forwarded-For: 198.51.100.7\r\n", "127.0.0.1",
                                         "X-Forwarded-For: 203.0.113.9\r\n");
}

// A host with an IPv6 /64 can send each request from another address of it: the share is the
// network's, so forty requests from forty addresses of one /64 still leave room for another client
// (issue 47; before, each address had a share of its own and the other client got 503).
TEST_F(FairShareTest, AnIpv6NetworkHasOneShareWhateverAddressesItUses) {
  ServerOptions options;
  options.worker_threads = 4;
  options.worker_timeout = 2s;
  options.trusted_proxies = trusted("127.0.0.1");
  start(options);
  std::vector<std::unique_ptr<RawSocket>> heavy;
  for (int i = 0; i < 40; ++i) {
    heavy.push_back(std::make_unique<RawSocket>(server_->port(), "127.0.0.1"));
    heavy.back()->send(get("/heavy", "X-Forwarded-For: 2001:db8:1:2::" + std::to_string(i + 1) + "\r\n"));
  }
  std::this_thread::sleep_for(100ms);
  for (int i = 0; i < 5; ++i) {
    RawSocket socket(server_->port(), "127.0.0.1");
    socket.send(get("/light", "X-Forwarded-For: 2001:db8:9:9::1\r\n"));
    auto answer = socket.read_head(5s);
    ASSERT_EQ(answer.kind, RawOutcome::Kind::answered) << i;
    EXPECT_EQ(answer.status, 200U) << i << "\n" << answer.head;
  }
  int refused = 0;
  for (auto& socket : heavy) {
    auto answer = socket->read_head(10s);
    ASSERT_EQ(answer.kind, RawOutcome::Kind::answered);
    refused += answer.status == 503U ? 1 : 0;
  }
  EXPECT_GT(refused, 0);
}

TEST_F(FairShareTest, TheForwardedAddressCountsOnlyFromATrustedProxy) {
  ServerOptions options;
  options.trusted_proxies = trusted("127.0.0.1, 10.0.0.0/8");
  start(options);
  const auto client_seen = [&](const std::string& from, const std::string& extra) {
    RawSocket socket(server_->port(), from);
    socket.send(get("/light", extra));
    auto answer = socket.read_head(5s);
    EXPECT_EQ(answer.status, 200U) << answer.head;
    return field(answer.head, "X-Client");
  };
  EXPECT_EQ(client_seen("127.0.0.1", "X-Forwarded-For: 203.0.113.9\r\n"), "203.0.113.9");
  // A chain through a second trusted proxy: the right-most address that is not a proxy's.
  EXPECT_EQ(client_seen("127.0.0.1", "X-Forwarded-For: 192.0.2.1, 203.0.113.9, 10.1.2.3\r\n"), "203.0.113.9");
  // Anyone else's X-Forwarded-For is ignored, and so is garbage.
  EXPECT_EQ(client_seen("127.0.0.2", "X-Forwarded-For: 203.0.113.9\r\n"), "127.0.0.2");
  EXPECT_EQ(client_seen("127.0.0.1", "X-Forwarded-For: nobody\r\n"), "127.0.0.1");
  EXPECT_EQ(client_seen("127.0.0.1", ""), "127.0.0.1");
}

TEST_F(FairShareTest, ATrustedProxyIsNotHeldToOneAddressesConnectionCap) {
  ServerOptions options;
  options.max_connections_per_address = 4;
  options.trusted_proxies = trusted("127.0.0.1");
  start(options);
  // Ten listeners through the balancer are ten connections from its address.
  std::vector<std::unique_ptr<RawSocket>> through_proxy;
  through_proxy.reserve(10);
  for (int i = 0; i < 10; ++i) through_proxy.push_back(std::make_unique<RawSocket>(server_->port(), "127.0.0.1"));
  for (auto& socket : through_proxy) {
    socket->send(get("/light"));
    auto answer = socket->read_head(5s);
    ASSERT_EQ(answer.kind, RawOutcome::Kind::answered);
    EXPECT_EQ(answer.status, 200U);
  }
  // A client of its own still meets the cap: its fifth connection is closed unanswered.
  std::vector<std::unique_ptr<RawSocket>> direct;
  direct.reserve(4);
  for (int i = 0; i < 4; ++i) direct.push_back(std::make_unique<RawSocket>(server_->port(), "127.0.0.2"));
  for (auto& socket : direct) {
    socket->send(get("/light"));
    EXPECT_EQ(socket->read_head(5s).status, 200U);
  }
  RawSocket fifth(server_->port(), "127.0.0.2");
  EXPECT_TRUE(fifth.wait_closed(5s));
}

TEST(TrustedProxies, ParsesAddressesAndNetworksAndRefusesTheRest) {
  auto proxies = TrustedProxies::parse("10.0.0.0/8 192.168.1.5,fd00::/8, ::1");
  ASSERT_TRUE(proxies.has_value());
  EXPECT_TRUE(proxies->contains("10.200.3.4"));
  EXPECT_TRUE(proxies->contains("192.168.1.5"));
  EXPECT_FALSE(proxies->contains("192.168.1.6"));
  EXPECT_TRUE(proxies->contains("fd12:3456::1"));
  EXPECT_TRUE(proxies->contains("::1"));
  EXPECT_TRUE(proxies->contains("::ffff:10.0.0.1"));  // IPv4 on a dual-stack socket
  EXPECT_FALSE(proxies->contains("11.0.0.1"));
  EXPECT_FALSE(proxies->contains("not an address"));
  std::string bad;
  EXPECT_FALSE(TrustedProxies::parse("10.0.0.0/33", &bad).has_value());
  EXPECT_EQ(bad, "10.0.0.0/33");
  EXPECT_FALSE(TrustedProxies::parse("10.0.0.1, proxy.example", &bad).has_value());
  EXPECT_EQ(bad, "proxy.example");
  EXPECT_TRUE(TrustedProxies::parse("").value_or(TrustedProxies{}).empty());
}

}  // namespace
}  // namespace ether::http
