// The server's error reporting: DSN parsing, the Sentry envelope, delivery to a real HTTP receiver
// on 127.0.0.1 (a plain socket server in this test), the bounded queue and the rate limit, and the
// configuration keys.

#include <arpa/inet.h>
#include <curl/curl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "config/config.hpp"
#include "http/security_headers.hpp"
#include "http/server.hpp"
#include "reporting/envelope.hpp"
#include "reporting/reporter.hpp"

namespace {

using namespace ether::reporting;
namespace json = boost::json;

/// Accepts HTTP requests on a free loopback port, keeps each request's head and body, answers 200.
class EnvelopeReceiver {
 public:
  EnvelopeReceiver() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd_, 16) != 0) {
      throw std::runtime_error("receiver cannot listen");
    }
    socklen_t len = sizeof addr;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~EnvelopeReceiver() {
    stopping_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  EnvelopeReceiver(const EnvelopeReceiver&) = delete;
  EnvelopeReceiver& operator=(const EnvelopeReceiver&) = delete;
  EnvelopeReceiver(EnvelopeReceiver&&) = delete;
  EnvelopeReceiver& operator=(EnvelopeReceiver&&) = delete;

  [[nodiscard]] int port() const { return port_; }
  struct Received {
    std::string head;
    std::string body;
  };
  std::vector<Received> received() {
    std::lock_guard lock(mutex_);
    return received_;
  }

 private:
  void serve() {
    while (!stopping_) {
      const int client = ::accept(fd_, nullptr, nullptr);
      if (client < 0) return;
      std::string data;
      std::array<char, 4096> buffer{};
      std::size_t body_start = std::string::npos;
      std::size_t length = 0;
      for (;;) {
        const auto n = ::recv(client, buffer.data(), buffer.size(), 0);
        if (n <= 0) break;
        data.append(buffer.data(), static_cast<std::size_t>(n));
        if (body_start == std::string::npos) {
          const auto end = data.find("\r\n\r\n");
          if (end == std::string::npos) continue;
          body_start = end + 4;
          std::string lower = data.substr(0, end);
          for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          const auto at = lower.find("content-length:");
          length = at == std::string::npos ? 0 : std::stoul(lower.substr(at + 15));
        }
        if (data.size() >= body_start + length) break;
      }
      if (body_start != std::string::npos) {
        std::lock_guard lock(mutex_);
        received_.push_back({data.substr(0, body_start), data.substr(body_start, length)});
      }
      const std::string answer = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}";
      ::send(client, answer.data(), answer.size(), MSG_NOSIGNAL);
      ::close(client);
    }
  }

  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::vector<Received> received_;
  std::thread thread_;
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(ReportingDsn, ParsesKeyHostPortPathAndProject) {
  auto dsn = parse_dsn("https://abc123@o1.ingest.example.com:8443/sub/42");
  ASSERT_TRUE(dsn);
  EXPECT_EQ(dsn->public_key, "abc123");
  EXPECT_EQ(dsn->host, "o1.ingest.example.com:8443");
  EXPECT_EQ(dsn->project_id, "42");
  EXPECT_EQ(dsn->origin(), "https://o1.ingest.example.com:8443");
  EXPECT_EQ(dsn->envelope_url(), "https://o1.ingest.example.com:8443/sub/api/42/envelope/");
  EXPECT_EQ(parse_dsn("http://key:secret@127.0.0.1:9000/1")->str(), "http://key@127.0.0.1:9000/1");
}

TEST(ReportingDsn, RejectsWhatIsNotADsn) {
  EXPECT_FALSE(parse_dsn(""));
  EXPECT_FALSE(parse_dsn("ftp://key@host/1"));
  EXPECT_FALSE(parse_dsn("https://host/1"));
  EXPECT_FALSE(parse_dsn("https://key@host/"));
  EXPECT_FALSE(parse_dsn("https://key@host/abc"));
  EXPECT_FALSE(parse_dsn("https://key@host"));
}

TEST(ReportingEnvelope, HasHeaderItemAndEventWithTheRequiredFields) {
  const auto dsn = *parse_dsn("http://pub@127.0.0.1:9/7");
  const ErrorEvent event{"error", "database is locked", "std::runtime_error", "http"};
  const EventContext context{"production", "web-1", "ether-server@0.1.0"};
  const auto at = std::chrono::system_clock::time_point(std::chrono::seconds(1'800'000'000));
  const auto lines = lines_of(build_envelope(dsn, event, context, std::string(32, 'a'), at));
  ASSERT_EQ(lines.size(), 3U);
  const auto header = json::parse(lines[0]).as_object();
  EXPECT_EQ(header.at("event_id").as_string(), std::string(32, 'a'));
  EXPECT_EQ(header.at("dsn").as_string(), "http://pub@127.0.0.1:9/7");
  EXPECT_EQ(header.at("sent_at").as_string(), "2027-01-15T08:00:00.000Z");
  const auto item = json::parse(lines[1]).as_object();
  EXPECT_EQ(item.at("type").as_string(), "event");
  EXPECT_EQ(item.at("length").as_int64(), static_cast<std::int64_t>(lines[2].size()));
  const auto body = json::parse(lines[2]).as_object();
  EXPECT_EQ(body.at("level").as_string(), "error");
  EXPECT_EQ(body.at("environment").as_string(), "production");
  EXPECT_EQ(body.at("server_name").as_string(), "web-1");
  EXPECT_EQ(body.at("release").as_string(), "ether-server@0.1.0");
  EXPECT_EQ(body.at("logger").as_string(), "http");
  const auto& exception = body.at("exception").at("values").as_array().at(0).as_object();
  EXPECT_EQ(exception.at("type").as_string(), "std::runtime_error");
  EXPECT_EQ(exception.at("value").as_string(), "database is locked");
  EXPECT_FALSE(body.contains("user"));
}

TEST(ReportingEnvelope, MessageOnlyEventAndFreshIds) {
  const auto dsn = *parse_dsn("http://pub@127.0.0.1:9/7");
  const auto text = build_envelope(dsn, ErrorEvent{"warning", "slow", "", ""}, EventContext{}, new_event_id(),
                                   std::chrono::system_clock::now());
  const auto body = json::parse(lines_of(text).at(2)).as_object();
  EXPECT_EQ(body.at("message").at("formatted").as_string(), "slow");
  EXPECT_EQ(body.at("logger").as_string(), "ether-server");
  EXPECT_FALSE(body.contains("exception"));
  const auto a = new_event_id();
  EXPECT_EQ(a.size(), 32U);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, new_event_id());
}

TEST(ReportingReporter, DeliversEnvelopesToTheDsnWithSentryAuth) {
  EnvelopeReceiver receiver;
  const auto dsn = *parse_dsn("http://testkey@127.0.0.1:" + std::to_string(receiver.port()) + "/3");
  Reporter reporter(dsn, EventContext{"production", "test-host", "r1"});
  install(&reporter);
  report_exception("http", std::runtime_error("kapot"), "GET /api/x");
  install(nullptr);
  report_error("http", "ignored", "not installed: dropped on the floor");
  ASSERT_TRUE(reporter.flush(std::chrono::seconds(10)));
  EXPECT_EQ(reporter.sent(), 1U);
  const auto received = receiver.received();
  ASSERT_EQ(received.size(), 1U);
  EXPECT_NE(received[0].head.find("POST /api/3/envelope/ HTTP/1.1"), std::string::npos) << received[0].head;
  EXPECT_NE(received[0].head.find("sentry_key=testkey"), std::string::npos) << received[0].head;
  EXPECT_NE(received[0].head.find("application/x-sentry-envelope"), std::string::npos);
  const auto body = json::parse(lines_of(received[0].body).at(2)).as_object();
  const auto& exception = body.at("exception").at("values").as_array().at(0).as_object();
  EXPECT_EQ(exception.at("type").as_string(), "std::runtime_error");
  EXPECT_EQ(exception.at("value").as_string(), "GET /api/x: kapot");
  EXPECT_EQ(body.at("server_name").as_string(), "test-host");
}

std::size_t ignore_body(char* /*data*/, std::size_t size, std::size_t count, void* /*user*/) { return size * count; }

TEST(ReportingReporter, AHandlerExceptionBecomesA500AndAnEnvelope) {
  EnvelopeReceiver receiver;
  Reporter reporter(*parse_dsn("http://k@127.0.0.1:" + std::to_string(receiver.port()) + "/9"),
                    EventContext{"production", "test-host", ""});
  install(&reporter);
  ether::http::ServerOptions options;
  options.address = "127.0.0.1";
  options.io_threads = 1;
  options.access_log = false;
  ether::http::Server server(
      options, [](const ether::http::Request&) -> ether::http::Response { throw std::logic_error("handler bug"); });
  server.start();
  CURL* curl = curl_easy_init();
  ASSERT_NE(curl, nullptr);
  const std::string url = "http://127.0.0.1:" + std::to_string(server.port()) + "/kapot?q=geheim";
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, ignore_body);
  ASSERT_EQ(curl_easy_perform(curl), CURLE_OK);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  curl_easy_cleanup(curl);
  EXPECT_EQ(status, 500);
  ASSERT_TRUE(reporter.flush(std::chrono::seconds(10)));
  server.stop();
  install(nullptr);
  const auto received = receiver.received();
  ASSERT_EQ(received.size(), 1U);
  const auto body = json::parse(lines_of(received[0].body).at(2)).as_object();
  const auto& exception = body.at("exception").at("values").as_array().at(0).as_object();
  EXPECT_EQ(exception.at("type").as_string(), "std::logic_error");
  EXPECT_EQ(exception.at("value").as_string(), "GET /kapot: handler bug");
  EXPECT_EQ(received[0].body.find("geheim"), std::string::npos);
}

TEST(ReportingReporter, DropsBeyondTheRateLimitAndWhenTheReceiverIsGone) {
  EnvelopeReceiver receiver;
  const auto dsn = *parse_dsn("http://k@127.0.0.1:" + std::to_string(receiver.port()) + "/1");
  Reporter reporter(dsn, EventContext{}, ReporterOptions{.queue_capacity = 100, .max_per_minute = 3});
  int accepted = 0;
  for (int i = 0; i < 10; ++i)
    accepted += reporter.report(ErrorEvent{"error", "e" + std::to_string(i), "", ""}) ? 1 : 0;
  EXPECT_EQ(accepted, 3);
  ASSERT_TRUE(reporter.flush(std::chrono::seconds(10)));
  EXPECT_EQ(reporter.sent(), 3U);
  EXPECT_EQ(reporter.dropped(), 7U);
  EXPECT_EQ(receiver.received().size(), 3U);
}

TEST(ReportingReporter, ABoundedQueueDropsWhenFull) {
  // A listener that never answers: the first envelope hangs until send_timeout, so the queue fills.
  const int silent = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(silent, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(silent, 16), 0);
  socklen_t len = sizeof addr;
  ::getsockname(silent, reinterpret_cast<sockaddr*>(&addr), &len);
  {
    Reporter reporter(
        *parse_dsn("http://k@127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/1"), EventContext{},
        ReporterOptions{.queue_capacity = 2, .max_per_minute = 1000, .send_timeout = std::chrono::milliseconds(300)});
    int accepted = 0;
    for (int i = 0; i < 50; ++i) accepted += reporter.report(ErrorEvent{"error", "x", "", ""}) ? 1 : 0;
    EXPECT_GE(accepted, 2);
    EXPECT_LE(accepted, 3);  // two waiting plus at most one taken by the sender meanwhile
    ASSERT_TRUE(reporter.flush(std::chrono::seconds(10)));
    EXPECT_EQ(reporter.sent(), 0U);
    EXPECT_EQ(reporter.dropped(), 50U);
  }
  ::close(silent);
}

TEST(ReportingConfig, ReadsTheDsnAndTheSampleRate) {
  using ether::config::build_config;
  auto env = [](const std::map<std::string, std::string>& values) {
    return [values](std::string_view key) -> std::optional<std::string> {
      auto it = values.find(std::string(key));
      if (it == values.end()) return std::nullopt;
      return it->second;
    };
  };
  auto off = build_config({}, env({}));
  EXPECT_EQ(off.sentry_dsn, "");
  EXPECT_EQ(off.sentry_traces_sample_rate, 0);
  auto on = build_config({{"ETHER_SENTRY_DSN", "https://k@sentry.example/5"}},
                         env({{"ETHER_SENTRY_TRACES_SAMPLE_RATE", "0.25"}}));
  EXPECT_EQ(on.sentry_dsn, "https://k@sentry.example/5");
  EXPECT_DOUBLE_EQ(on.sentry_traces_sample_rate, 0.25);
  auto parsed = ether::config::parse_config_text("sentry_dsn = https://k@h/1\n");
  EXPECT_EQ(parsed.at("ETHER_SENTRY_DSN"), "https://k@h/1");
  EXPECT_THROW(build_config({}, env({{"ETHER_SENTRY_DSN", "not a dsn"}})), ether::config::ConfigError);
  EXPECT_THROW(build_config({}, env({{"ETHER_SENTRY_TRACES_SAMPLE_RATE", "1.5"}})), ether::config::ConfigError);
  EXPECT_THROW(build_config({}, env({{"ETHER_SENTRY_TRACES_SAMPLE_RATE", "abc"}})), ether::config::ConfigError);
}

TEST(ReportingCsp, ConnectSrcGainsTheDsnOriginOnly) {
  EXPECT_EQ(ether::http::content_security_policy(""), std::string(ether::http::kContentSecurityPolicy));
  const auto policy = ether::http::content_security_policy("https://o1.ingest.example.com");
  EXPECT_NE(policy.find("connect-src 'self' https://o1.ingest.example.com;"), std::string::npos) << policy;
  EXPECT_NE(policy.find("frame-src 'self' https://platform.twitter.com https://www.instagram.com "
                        "https://www.youtube-nocookie.com;"),
            std::string::npos);
}

TEST(ReportingCsp, AStreamDomainMayServeMediaAndPlaylists) {
  const auto policy = ether::http::content_security_policy("https://o1.ingest.example.com", "https://stream.example");
  EXPECT_NE(policy.find("media-src 'self' blob: https: https://stream.example;"), std::string::npos) << policy;
  EXPECT_NE(policy.find("connect-src 'self' https://o1.ingest.example.com https://stream.example;"), std::string::npos)
      << policy;
  EXPECT_EQ(ether::http::content_security_policy("", ""), std::string(ether::http::kContentSecurityPolicy));
}

}  // namespace
