// The bad-input corpus: thousands of hostile raw requests, built from the committed seed list
// (fixtures/bad-input-seeds.txt) and deterministic mutations of it, sent to a real ether-server
// over loopback. None may get a 5xx, none may hang (each is answered or its connection closed
// within a deadline), and the server must be healthy afterwards.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "support/raw_socket.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether::test {
namespace {

using namespace std::chrono_literals;

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string unescape(std::string_view line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\\' || i + 1 == line.size()) {
      out += line[i];
      continue;
    }
    const char next = line[++i];
    switch (next) {
      case 'r':
        out += '\r';
        break;
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case '0':
        out += '\0';
        break;
      case 'x':
        if (i + 2 < line.size() && hex_value(line[i + 1]) >= 0 && hex_value(line[i + 2]) >= 0) {
          out += static_cast<char>(hex_value(line[i + 1]) * 16 + hex_value(line[i + 2]));
          i += 2;
        } else {
          out += "\\x";
        }
        break;
      default:
        out += next;
    }
  }
  return out;
}

std::vector<std::string> load_seeds() {
  std::ifstream in(std::string(ETHER_SOURCE_DIR) + "/server/tests/fixtures/bad-input-seeds.txt", std::ios::binary);
  std::vector<std::string> seeds;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.front() == '#') continue;
    seeds.push_back(unescape(line));
  }
  return seeds;
}

// Mutations a fuzzer would try first: bytes flipped, cut, repeated; hostile tokens, headers,
// methods and targets put in; the whole truncated.
class Mutator {
 public:
  explicit Mutator(std::uint32_t seed) : random_(seed) {}

  std::string mutate(std::string text) {
    const int rounds = 1 + static_cast<int>(pick(3));
    for (int i = 0; i < rounds; ++i) text = once(std::move(text));
    return text;
  }

 private:
  std::size_t pick(std::size_t bound) {
    return bound == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, bound - 1)(random_);
  }

  template <std::size_t N>
  const std::string& any(const std::array<std::string, N>& items) {
    return items[pick(N)];
  }

  std::string once(std::string text) {
    static const std::array<std::string, 24> kTokens{
        "\r\n", "\n",      "\r",       std::string(1, '\0'), " ",  "\t", ":",        "%",
        "%00",  "%2e%2e/", "\xff\xfe", "\xc0\xaf",           "..", "//", "?",        "#",
        "{",    "\"",      "'",        "<script>",           ";",  ",",  "\r\n\r\n", "\xed\xa0\x80"};
    static const std::array<std::string, 20> kHeaders{
        "Range: bytes=1-0",
        "Range: bytes=--1",
        "Range: bytes=0-0,1-1,2-2,3-3,4-4,5-5,6-6,7-7,8-8,9-9,10-10,11-11,12-12",
        "If-Modified-Since: \xff\xfe",
        "If-None-Match: ",
        "If-Range: Sun, 06 Nov 1994 08:49:37 GMT",
        "Content-Length: -1",
        "Content-Length: 18446744073709551616",
        "Transfer-Encoding: chunked",
        "Transfer-Encoding: chunked, chunked",
        "Accept-Encoding: gzip;q=nan, br;q=1e999",
        "Cookie: session=" + std::string(4000, 'a'),
        "X-Request-Id: " + std::string(300, 'r'),
        "Icy-MetaData: 99999999999",
        "Connection: Upgrade\r\nUpgrade: websocket",
        "Expect: 100-continue",
        "Authorization: Bearer \xff\x01",
        "Origin: null",
        "Host: ",
        "X-Huge: " + std::string(20000, 'h'),
    };
    static const std::array<std::string, 12> kMethods{"GET",   "HEAD", "POST", "PUT",    "DELETE",   "OPTIONS",
                                                      "TRACE", "PRI",  "get",  "G\xc9T", "M-SEARCH", ""};
    static const std::array<std::string, 12> kTargets{"/",
                                                      "*",
                                                      "/../../../../etc/passwd",
                                                      "/%2e%2e/%2e%2e/etc/passwd",
                                                      "/api/page?path=" + std::string(3000, '/'),
                                                      "/api/search/" + std::string(600, 'z'),
                                                      "/live/" + std::string(300, 'a') + ".mp3",
                                                      "/media/%00",
                                                      "/\xff\xfe",
                                                      "//evil.example/x",
                                                      "/api/player/%2fetc%2fpasswd/token",
                                                      std::string(9000, '/')};
    if (text.empty()) return any(kMethods) + " / HTTP/1.1\r\n\r\n";
    const std::size_t at = pick(text.size());
    switch (pick(9)) {
      case 0:
        text[at] = static_cast<char>(pick(256));
        return text;
      case 1:
        return text.erase(at, 1 + pick(16));
      case 2:
        return text.insert(at, text.substr(at, 1 + pick(64)));
      case 3:
        return text.insert(at, any(kTokens));
      case 4:
        return text.substr(0, at);
      case 5: {
        const auto space = text.find(' ');
        return any(kMethods) + (space == std::string::npos ? text : text.substr(space));
      }
      case 6: {
        const auto line_end = text.find("\r\n");
        return line_end == std::string::npos ? text : text.insert(line_end + 2, any(kHeaders) + "\r\n");
      }
      case 7: {
        const auto first = text.find(' ');
        const auto second = first == std::string::npos ? std::string::npos : text.find(' ', first + 1);
        if (second == std::string::npos) return text;
        return text.replace(first + 1, second - first - 1, any(kTargets));
      }
      default:
        return text + text.substr(0, pick(text.size()));  // pipelined leftovers
    }
  }

  std::mt19937 random_;
};

std::uint16_t port_of(const std::string& base_url) {
  return static_cast<std::uint16_t>(std::stoi(base_url.substr(base_url.rfind(':') + 1)));
}

TEST(BadInputCorpus, NoRequestGetsA5xxOrHangsAndTheServerStaysHealthy) {
  const auto seeds = load_seeds();
  ASSERT_GE(seeds.size(), 80u) << "the seed list did not load";
  constexpr int kMutationsPerSeed = 30;
  std::vector<std::string> corpus = seeds;
  Mutator mutator(20261122);
  for (const auto& seed : seeds) {
    for (int i = 0; i < kMutationsPerSeed; ++i) corpus.push_back(mutator.mutate(seed));
  }
  ASSERT_GE(corpus.size(), 2500u);

  ServerProcess server("bad-input-corpus");
  const auto port = port_of(server.base_url());

  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::map<unsigned, int> statuses;
  int closed = 0;
  std::vector<std::string> failures;
  auto worker = [&] {
    while (true) {
      const std::size_t index = next.fetch_add(1);
      if (index >= corpus.size()) return;
      RawOutcome outcome;
      try {
        RawSocket socket(port);
        socket.send(corpus[index]);
        socket.finish_sending();
        outcome = socket.read_head(5s);
      } catch (const std::exception& error) {
        std::lock_guard lock(mutex);
        failures.push_back("case " + std::to_string(index) + ": " + error.what());
        continue;
      }
      std::lock_guard lock(mutex);
      if (outcome.kind == RawOutcome::Kind::answered) {
        ++statuses[outcome.status];
        if (outcome.status >= 500) {
          failures.push_back("case " + std::to_string(index) + " got " + std::to_string(outcome.status) + ": " +
                             corpus[index].substr(0, 200));
        }
      } else if (outcome.kind == RawOutcome::Kind::closed) {
        ++closed;
      } else {
        failures.push_back("case " + std::to_string(index) + " hung: " + corpus[index].substr(0, 200));
      }
    }
  };
  std::vector<std::thread> clients;
  clients.reserve(4);
  for (int i = 0; i < 4; ++i) clients.emplace_back(worker);
  for (auto& client : clients) client.join();

  std::string summary = std::to_string(corpus.size()) + " requests: " + std::to_string(closed) + " closed";
  for (const auto& [status, count] : statuses) summary += ", " + std::to_string(count) + "x " + std::to_string(status);
  std::cout << summary << "\n";
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures, first: " << failures.front();
  EXPECT_GT(statuses[400], 100) << summary;  // the corpus does reach the parser's refusals
  EXPECT_GT(statuses[200] + statuses[206] + statuses[304], 20) << summary;  // and the handlers

  EXPECT_EQ(::waitpid(server.pid(), nullptr, WNOHANG), 0) << "ether-server exited";
  EXPECT_EQ(server.get("/healthz").status, 200);
  EXPECT_EQ(server.get("/readyz").status, 200);
  EXPECT_EQ(server.get("/").status, 200);
}

}  // namespace
}  // namespace ether::test
