// Integration tests of http::Server with SiteApp on 127.0.0.1, spoken to with a plain blocking
// Boost.Asio socket so that the bytes on the wire are what is checked.

#include "http/server.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/json/parse.hpp>
#include <csignal>
#include <future>
#include <optional>
#include <string_view>

#include "app/site_app.hpp"
#include "http/security_headers.hpp"
#include "http/streaming_body.hpp"
#include "http_test_support.hpp"

namespace ether::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

struct WireResponse {
  unsigned status = 0;
  Headers headers;
  std::string body;
  [[nodiscard]] std::string header(std::string_view name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};

class Client {
 public:
  explicit Client(std::uint16_t port) : socket_(io_) {
    socket_.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  }
  void send(const std::string& bytes) { asio::write(socket_, asio::buffer(bytes)); }

  WireResponse read(bool head = false, bool skip_interim = true) {
    WireResponse response;
    auto end = read_until("\r\n\r\n");
    std::string head_text = buffer_.substr(0, end);
    buffer_.erase(0, end + 4);
    std::istringstream lines(head_text);
    std::string line;
    std::getline(lines, line);
    response.status = static_cast<unsigned>(std::stoi(line.substr(9, 3)));
    while (std::getline(lines, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string value = line.substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.erase(0, 1);
      response.headers[line.substr(0, colon)] = value;
    }
    if (response.status == 100 && skip_interim) return read(head);
    std::size_t length = 0;
    if (auto it = response.headers.find("Content-Length"); it != response.headers.end())
      length = std::stoul(it->second);
    if (head || response.status == 304 || response.status == 204) return response;
    if (response.header("Transfer-Encoding") == "chunked") {
      while (true) {
        auto line_end = read_until("\r\n");
        std::size_t size = std::stoul(buffer_.substr(0, line_end), nullptr, 16);
        buffer_.erase(0, line_end + 2);
        fill(size + 2);
        response.body += buffer_.substr(0, size);
        ++chunks;
        buffer_.erase(0, size + 2);
        if (size == 0) return response;
      }
    }
    if (response.headers.find("Content-Length") == response.headers.end() && response.status >= 200 &&
        response.header("Connection") == "close") {
      // A streaming body without a length runs until the server closes the connection.
      boost::system::error_code ec;
      while (!ec) {
        char chunk[65536];
        std::size_t n = socket_.read_some(asio::buffer(chunk), ec);
        buffer_.append(chunk, n);
      }
      response.body = std::move(buffer_);
      buffer_.clear();
      return response;
    }
    fill(length);
    response.body = buffer_.substr(0, length);
    buffer_.erase(0, length);
    return response;
  }

  int chunks = 0;  // chunks read so far, the terminal one included

  /// The next `n` bytes of a body still being streamed (after read(/*head=*/true)).
  std::string read_bytes(std::size_t n) {
    fill(n);
    std::string bytes = buffer_.substr(0, n);
    buffer_.erase(0, n);
    return bytes;
  }
  void close() { socket_.close(); }

  /// True when the server closed the connection (EOF or reset) with nothing more to read.
  bool closed_by_server() {
    if (!buffer_.empty()) return false;
    char byte;
    boost::system::error_code ec;
    socket_.read_some(asio::buffer(&byte, 1), ec);
    return ec == asio::error::eof || ec == asio::error::connection_reset;
  }

 private:
  std::size_t read_until(std::string_view marker) {
    while (true) {
      auto pos = buffer_.find(marker);
      if (pos != std::string::npos) return pos;
      read_more();
    }
  }
  void fill(std::size_t size) {
    while (buffer_.size() < size) read_more();
  }
  void read_more() {
    char chunk[65536];
    std::size_t n = socket_.read_some(asio::buffer(chunk));
    buffer_.append(chunk, n);
  }

  asio::io_context io_;
  tcp::socket socket_;
  std::string buffer_;
};

std::string request(std::string_view method, std::string_view target, const std::string& extra = "") {
  return std::string(method) + " " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra + "\r\n";
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_web_dist(dir_.path() / "web");
    config::Config config;
    config.web_dir = dir_.path() / "web";
    config.media_dir = dir_.path() / "media";
    config.base_url = "http://127.0.0.1";
    app_ = app::SiteApp::create(config, source_, [] { return true; });
    start({});
  }
  void start(ServerOptions options) {
    options.address = "127.0.0.1";
    options.port = 0;
    if (options.shutdown_grace == ServerOptions{}.shutdown_grace) options.shutdown_grace = std::chrono::seconds(5);
    server_ = std::make_unique<Server>(options, app_->handlers());
    server_->start();
    ASSERT_NE(server_->port(), 0);
  }
  void TearDown() override {
    source_.slow_release = true;
    if (server_) server_->stop();
  }
  // True once a GET /slow is inside the page source (within 5 s).
  bool slow_request_entered() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!source_.slow_entered && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return source_.slow_entered;
  }
  test::TempDir dir_;
  test::FakePageSource source_;
  std::unique_ptr<app::SiteApp> app_;
  std::unique_ptr<Server> server_;
};

TEST_F(ServerTest, KeepAliveServesTwoRequestsOnOneConnection) {
  Client client(server_->port());
  client.send(request("GET", "/healthz"));
  auto first = client.read();
  EXPECT_EQ(first.status, 200u);
  EXPECT_EQ(first.body, "{\"status\":\"ok\"}");
  EXPECT_NE(first.header("Connection"), "close");
  client.send(request("GET", "/api/site"));
  auto second = client.read();
  EXPECT_EQ(second.status, 200u);
  EXPECT_EQ(boost::json::parse(second.body).as_object()["name"].as_string(), "Ether");
  EXPECT_FALSE(second.header("Date").empty());
}

TEST_F(ServerTest, PipelinedRequestsAreAnsweredInOrder) {
  Client client(server_->port());
  client.send(request("GET", "/healthz") + request("GET", "/readyz"));
  EXPECT_EQ(client.read().body, "{\"status\":\"ok\"}");
  EXPECT_EQ(client.read().body, "{\"status\":\"ready\"}");
}

TEST_F(ServerTest, BodyOverOneMebibyteIs413) {
  Client client(server_->port());
  client.send(request("POST", "/api/page", "Content-Length: 2097152\r\n") + std::string(2097152, 'a'));
  auto response = client.read();
  EXPECT_EQ(response.status, 413u);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  EXPECT_NE(response.body.find("\"code\":\"payload_too_large\""), std::string::npos);
  EXPECT_FALSE(response.header("Content-Security-Policy").empty());
  EXPECT_FALSE(response.header("X-Request-Id").empty());
}

TEST_F(ServerTest, ChunkedBodyOverTheLimitIs413) {
  Client client(server_->port());
  std::string chunk(1536 * 1024, 'b');
  client.send(request("POST", "/api/page", "Transfer-Encoding: chunked\r\n") + "180000\r\n" + chunk + "\r\n0\r\n\r\n");
  EXPECT_EQ(client.read().status, 413u);
}

TEST_F(ServerTest, ExpectContinueIsAnswered) {
  Client client(server_->port());
  client.send(request("POST", "/gids", "Content-Length: 5\r\nExpect: 100-continue\r\n"));
  EXPECT_EQ(client.read(false, false).status, 100u);
  client.send("hallo");
  EXPECT_EQ(client.read().status, 405u);
}

TEST_F(ServerTest, BodyWithinTheLimitIsAccepted) {
  Client client(server_->port());
  client.send(request("POST", "/gids", "Content-Length: 1000\r\n") + std::string(1000, 'a'));
  auto response = client.read();
  EXPECT_EQ(response.status, 405u);  // read completely, then refused by the route
  client.send(request("GET", "/healthz"));
  EXPECT_EQ(client.read().status, 200u);
}

TEST_F(ServerTest, HeaderOver16KibIsRefused) {
  Client client(server_->port());
  client.send(request("GET", "/", "X-Big: " + std::string(20000, 'a') + "\r\n"));
  auto response = client.read();
  EXPECT_EQ(response.status, 431u);
  EXPECT_TRUE(client.closed_by_server());
}

TEST_F(ServerTest, HeadHasLengthButNoBody) {
  Client client(server_->port());
  client.send(request("HEAD", "/assets/app-abc123.js"));
  auto head = client.read(/*head=*/true);
  EXPECT_EQ(head.status, 200u);
  EXPECT_EQ(head.header("Content-Length"), std::to_string(test::sample_script().size()));
  EXPECT_EQ(head.header("Content-Type"), "text/javascript; charset=utf-8");
  // Had the body been sent, this response would be misread.
  client.send(request("GET", "/healthz"));
  auto next = client.read();
  EXPECT_EQ(next.status, 200u);
  EXPECT_EQ(next.body, "{\"status\":\"ok\"}");
}

TEST_F(ServerTest, MethodNotAllowed) {
  Client client(server_->port());
  client.send(request("DELETE", "/gids"));
  auto response = client.read();
  EXPECT_EQ(response.status, 405u);
  EXPECT_EQ(response.header("Allow"), "GET, HEAD");
}

TEST_F(ServerTest, RequestIdIsHonouredOrGenerated) {
  Client client(server_->port());
  client.send(request("GET", "/healthz", "X-Request-Id: trace-42.a_b\r\n"));
  EXPECT_EQ(client.read().header("X-Request-Id"), "trace-42.a_b");
  client.send(request("GET", "/healthz"));
  std::string generated = client.read().header("X-Request-Id");
  EXPECT_EQ(generated.size(), 16u);
  client.send(request("GET", "/healthz", "X-Request-Id: <script>\r\n"));
  std::string replaced = client.read().header("X-Request-Id");
  EXPECT_EQ(replaced.size(), 16u);
  EXPECT_NE(replaced, generated);
}

TEST_F(ServerTest, SecurityHeadersOnEveryResponse) {
  Client client(server_->port());
  for (const char* target : {"/", "/assets/app-abc123.js", "/bestaat-niet"}) {
    client.send(request("GET", target));
    auto response = client.read();
    EXPECT_EQ(response.header("Content-Security-Policy"), std::string(kContentSecurityPolicy)) << target;
    EXPECT_EQ(response.header("X-Content-Type-Options"), "nosniff") << target;
    EXPECT_EQ(response.header("Referrer-Policy"), "strict-origin-when-cross-origin") << target;
    EXPECT_EQ(response.header("X-Frame-Options"), "SAMEORIGIN") << target;
    EXPECT_EQ(response.header("Permissions-Policy"), "camera=(), microphone=(), geolocation=()") << target;
    EXPECT_EQ(response.header("Cross-Origin-Opener-Policy"), "same-origin-allow-popups") << target;
  }
  // A JSON answer (here the API's 404) is never a document: nothing may load, run or frame it.
  client.send(request("GET", "/api/nothing"));
  auto json = client.read();
  EXPECT_EQ(json.header("Content-Security-Policy"), std::string(kApiContentSecurityPolicy));
  EXPECT_EQ(json.header("X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(json.header("X-Frame-Options"), "DENY");
  EXPECT_EQ(json.header("Referrer-Policy"), "no-referrer");
  EXPECT_EQ(json.header("Permissions-Policy"), "");
  EXPECT_EQ(json.header("Cross-Origin-Opener-Policy"), "");
}

TEST_F(ServerTest, HandlerExceptionBecomes500Json) {
  Client client(server_->port());
  client.send(request("GET", "/explode"));
  auto response = client.read();
  EXPECT_EQ(response.status, 500u);
  EXPECT_NE(response.body.find("\"code\":\"internal\""), std::string::npos);
  EXPECT_EQ(response.body.find("exploded"), std::string::npos);
  client.send(request("GET", "/healthz"));
  EXPECT_EQ(client.read().status, 200u);
}

TEST_F(ServerTest, MalformedRequestIs400) {
  Client client(server_->port());
  client.send("GARBAGE\r\n\r\n");
  EXPECT_EQ(client.read().status, 400u);
  Client bad_target(server_->port());
  bad_target.send(request("GET", "/bad%zz"));
  EXPECT_EQ(bad_target.read().status, 400u);
}

TEST_F(ServerTest, ConnectionCloseIsHonoured) {
  Client client(server_->port());
  client.send(request("GET", "/healthz", "Connection: close\r\n"));
  auto response = client.read();
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Connection"), "close");
  EXPECT_TRUE(client.closed_by_server());
}

TEST_F(ServerTest, GracefulShutdownFinishesInFlightRequests) {
  Client idle(server_->port());
  idle.send(request("GET", "/healthz"));
  EXPECT_EQ(idle.read().status, 200u);

  Client busy(server_->port());
  busy.send(request("GET", "/slow"));
  ASSERT_TRUE(slow_request_entered());

  auto started = std::chrono::steady_clock::now();
  auto stopping = std::async(std::launch::async, [this] { server_->stop(); });
  // The idle connection is closed at once, while the slow request is still running.
  EXPECT_TRUE(idle.closed_by_server());
  EXPECT_EQ(stopping.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
  source_.slow_release = true;

  auto response = busy.read();
  EXPECT_EQ(response.status, 200u);
  EXPECT_NE(response.body.find("<title>Langzaam - Ether</title>"), std::string::npos);
  EXPECT_EQ(response.header("Connection"), "close");
  stopping.get();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(4));

  boost::system::error_code ec;
  asio::io_context io;
  tcp::socket late(io);
  late.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), server_->port()), ec);
  EXPECT_TRUE(ec) << "the server still accepts connections after stop()";
}

TEST_F(ServerTest, AKeptDocumentIsAnsweredFromMemoryWhileEveryWorkerIsBusy) {
  server_->stop();
  app_->set_response_cache(std::make_shared<ResponseCache>());
  ServerOptions options;
  options.worker_threads = 1;
  options.worker_queue_limit = 1;
  start(options);
  Client client(server_->port());
  client.send(request("GET", "/api/page?path=/gids"));
  const auto built = client.read();
  ASSERT_EQ(built.status, 200u);
  ASSERT_EQ(source_.loads.load(), 1);

  Client busy(server_->port());
  busy.send(request("GET", "/slow"));
  ASSERT_TRUE(slow_request_entered());
  client.send(request("GET", "/api/page?path=/"));
  EXPECT_EQ(client.read().status, 503u) << "the one worker is busy: what must be built waits";
  client.send(request("GET", "/api/page?path=/gids"));
  const auto kept = client.read();
  EXPECT_EQ(kept.status, 200u);
  EXPECT_EQ(kept.body, built.body);
  EXPECT_FALSE(kept.header("X-Request-Id").empty());
  EXPECT_EQ(source_.loads.load(), 2) << "/slow only: the kept document was not built again";
  source_.slow_release = true;
  EXPECT_EQ(busy.read().status, 200u);
}

TEST_F(ServerTest, ConnectionsBeyondTheLimitAreClosed) {
  server_->stop();
  ServerOptions options;
  options.max_connections = 2;
  start(options);
  Client a(server_->port()), b(server_->port());
  for (Client* client : {&a, &b}) {
    client->send(request("GET", "/healthz"));
    EXPECT_EQ(client->read().status, 200u);
  }
  EXPECT_EQ(server_->connection_count(), 2u);
  Client c(server_->port());  // the same address: beyond its share (at most max_connections)
  EXPECT_TRUE(c.closed_by_server());
  a.send(request("GET", "/healthz", "Connection: close\r\n"));
  EXPECT_EQ(a.read().status, 200u);
  EXPECT_TRUE(a.closed_by_server());
  for (int i = 0; i < 200 && server_->connection_count() != 1; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  Client d(server_->port());
  d.send(request("GET", "/healthz"));
  EXPECT_EQ(d.read().status, 200u);
}

TEST_F(ServerTest, SlowAndIdleConnectionsTimeOut) {
  server_->stop();
  ServerOptions options;
  options.header_timeout = std::chrono::milliseconds(300);
  options.idle_timeout = std::chrono::milliseconds(300);
  start(options);
  auto started = std::chrono::steady_clock::now();
  Client partial(server_->port());
  partial.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");  // the header never ends
  Client silent(server_->port());                         // connects and sends nothing
  Client idle(server_->port());
  idle.send(request("GET", "/healthz"));
  EXPECT_EQ(idle.read().status, 200u);
  EXPECT_TRUE(partial.closed_by_server());
  EXPECT_TRUE(silent.closed_by_server());
  EXPECT_TRUE(idle.closed_by_server());
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
}

TEST_F(ServerTest, AKeptAliveConnectionStaysOpenWhileItIsUsed) {
  server_->stop();
  ServerOptions options;
  options.header_timeout = std::chrono::milliseconds(300);
  options.idle_timeout = std::chrono::milliseconds(300);
  start(options);
  Client client(server_->port());
  // Five requests 150 ms apart: 750 ms in all, each wait shorter than the idle timeout.
  for (int i = 0; i < 5; ++i) {
    if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(150));
    client.send(request("GET", "/healthz"));
    ASSERT_EQ(client.read().status, 200u) << "request " << i;
  }
  const auto answered = std::chrono::steady_clock::now();
  EXPECT_TRUE(client.closed_by_server());
  // Closed by the idle timeout, counted from the end of the last response (less what this test's
  // own reading of that response may lag behind it).
  EXPECT_GE(std::chrono::steady_clock::now() - answered, std::chrono::milliseconds(250));
}

TEST_F(ServerTest, SigtermStopsTheServer) {
  auto running = std::async(std::launch::async, [this] { return server_->run_until_signal(); });
  // run_until_signal installs its handler at once; give the thread time to get there.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(::kill(::getpid(), SIGTERM), 0);
  ASSERT_EQ(running.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_EQ(running.get(), SIGTERM);
  boost::system::error_code ec;
  asio::io_context io;
  tcp::socket late(io);
  late.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), server_->port()), ec);
  EXPECT_TRUE(ec);
}

/// Writes "een", "twee", "drie" 30 ms apart; or, when endless, "tik" every 20 ms until the
/// connection closes.
class CountingBody : public StreamingBody {
 public:
  explicit CountingBody(bool endless) : endless_(endless) {}
  asio::awaitable<void> run(asio::ip::tcp::socket& socket) override {
    asio::steady_timer timer(co_await asio::this_coro::executor);
    for (int i = 0; endless_ || i < 3; ++i) {
      static const char* words[] = {"een", "twee", "drie"};
      std::string word = endless_ ? "tik" : words[i];
      auto [ec, n] = co_await asio::async_write(socket, asio::buffer(word), asio::as_tuple(asio::use_awaitable));
      if (ec || !socket.is_open()) co_return;
      timer.expires_after(std::chrono::milliseconds(endless_ ? 20 : 30));
      co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    }
  }

 private:
  bool endless_;
};

/// Takes the socket (StreamingBody::adopt) and writes "tik" every 20 ms on its own, without the
/// server's coroutine, until the client leaves or the server closes it; it keeps the server's hold
/// until then.
class AdoptingBody : public StreamingBody, public std::enable_shared_from_this<AdoptingBody> {
 public:
  asio::awaitable<void> run(asio::ip::tcp::socket& /*socket*/) override { co_return; }
  bool adopt(asio::ip::tcp::socket& socket, std::shared_ptr<void> hold) override {
    socket_.emplace(std::move(socket));
    timer_.emplace(socket_->get_executor());
    hold_ = std::move(hold);
    tick();
    return true;
  }
  void close() override {
    boost::system::error_code ignored;
    socket_->close(ignored);
    timer_->cancel();
  }

 private:
  void tick() {
    asio::async_write(*socket_, asio::buffer(std::string_view("tik")),
                      [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                        if (ec) return self->end();
                        self->timer_->expires_after(std::chrono::milliseconds(20));
                        self->timer_->async_wait([self](boost::system::error_code wait_ec) {
                          if (wait_ec || !self->socket_->is_open()) return self->end();
                          self->tick();
                        });
                      });
  }
  void end() {
    boost::system::error_code ignored;
    socket_->close(ignored);
    hold_.reset();
  }

  std::optional<asio::ip::tcp::socket> socket_;
  std::optional<asio::steady_timer> timer_;
  std::shared_ptr<void> hold_;
};

/// A download of known length, as a recording's: "blok" twenty times, 30 ms apart (80 bytes).
class DownloadBody : public StreamingBody {
 public:
  static constexpr int kBlocks = 20;
  asio::awaitable<void> run(asio::ip::tcp::socket& socket) override {
    asio::steady_timer timer(co_await asio::this_coro::executor);
    for (int i = 0; i < kBlocks; ++i) {
      auto [ec, n] = co_await asio::async_write(socket, asio::buffer(std::string_view("blok")),
                                                asio::as_tuple(asio::use_awaitable));
      if (ec || !socket.is_open()) co_return;
      timer.expires_after(std::chrono::milliseconds(30));
      co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    }
  }
};

class StreamingServerTest : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    server_->stop();
    app_->router().add("GET", "/test/stream/{kind}", [](const Request&, const RouteParams& params) {
      Response response;
      response.set_header("Content-Type", "audio/mpeg");
      if (params.at("kind") == "adopted") {
        response.streaming = std::make_shared<AdoptingBody>();
      } else if (params.at("kind") == "download") {
        response.streaming = std::make_shared<DownloadBody>();
        response.streaming_length = 4 * DownloadBody::kBlocks;
      } else {
        response.streaming = std::make_shared<CountingBody>(params.at("kind") == "endless");
      }
      return response;
    });
    start({});
  }
};

TEST_F(StreamingServerTest, StreamIsSentPacedAndEndsTheConnection) {
  Client client(server_->port());
  auto started = std::chrono::steady_clock::now();
  client.send(request("GET", "/test/stream/three"));
  auto response = client.read();
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Length"), "");
  EXPECT_EQ(response.header("Connection"), "close");
  EXPECT_EQ(response.header("Content-Type"), "audio/mpeg");
  EXPECT_FALSE(response.header("Content-Security-Policy").empty());
  EXPECT_EQ(response.body, "eentweedrie");
  EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(60));
}

TEST_F(StreamingServerTest, AnAdoptedStreamIsCountedUntilItsListenerLeaves) {
  Client client(server_->port());
  client.send(request("GET", "/test/stream/adopted"));
  auto head = client.read(/*head=*/true);
  EXPECT_EQ(head.status, 200u);
  EXPECT_EQ(head.header("Connection"), "close");
  EXPECT_EQ(client.read_bytes(9), "tiktiktik") << "the body writes on its own after the server let go";
  EXPECT_EQ(server_->connection_count(), 1u) << "the adopted connection still counts against the limits";
  client.close();
  for (int i = 0; i < 400 && server_->connection_count() != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(server_->connection_count(), 0u) << "the body's end releases the connection";
}

TEST_F(StreamingServerTest, StopEndsAnAdoptedStream) {
  Client client(server_->port());
  client.send(request("GET", "/test/stream/adopted"));
  EXPECT_EQ(client.read(/*head=*/true).status, 200u);
  EXPECT_EQ(client.read_bytes(3), "tik");
  server_->stop();
  EXPECT_EQ(server_->connection_count(), 0u) << "stop() closed the adopted stream rather than leave it";
}

TEST_F(StreamingServerTest, HeadOfAStreamHasNoBody) {
  Client client(server_->port());
  client.send(request("HEAD", "/test/stream/endless"));
  auto head = client.read(/*head=*/true);
  EXPECT_EQ(head.status, 200u);
  client.send(request("GET", "/healthz"));
  EXPECT_EQ(client.read().body, "{\"status\":\"ok\"}");
}

TEST_F(StreamingServerTest, StopEndsAnEndlessStream) {
  Client client(server_->port());
  client.send(request("GET", "/test/stream/endless"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto started = std::chrono::steady_clock::now();
  auto stopping = std::async(std::launch::async, [this] { server_->stop(); });
  auto response = client.read();
  EXPECT_EQ(response.status, 200u);
  EXPECT_GE(response.body.size(), 3u);
  EXPECT_EQ(response.body.size() % 3, 0u);
  stopping.get();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
}

TEST_F(StreamingServerTest, StopLetsADownloadOfKnownLengthFinish) {
  // SIGTERM closed a recording's download at once, and the client saw a plain end of file.
  Client client(server_->port());
  client.send(request("GET", "/test/stream/download"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto stopping = std::async(std::launch::async, [this] { server_->stop(); });
  auto response = client.read();
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.header("Content-Length"), "80");
  std::string whole;
  for (int i = 0; i < DownloadBody::kBlocks; ++i) whole += "blok";
  EXPECT_EQ(response.body, whole) << "the download was cut off by the stop";
  stopping.get();
}

TEST_F(ServerTest, BindFailureIsAClearError) {
  ServerOptions options;
  options.address = "127.0.0.1";
  options.port = server_->port();
  Server second(options, [](const Request&) { return Response{}; });
  try {
    second.start();
    FAIL() << "binding a used port succeeded";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("cannot listen on 127.0.0.1:"), std::string::npos);
  }
}

}  // namespace
}  // namespace ether::http
