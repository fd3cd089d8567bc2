// The real ether-server on SIGTERM drains before it stops: /readyz answers 503 at once (so that a
// load balancer's health check takes the instance out), while a download in flight completes, a
// live listener keeps receiving audio and new requests are still served; after
// ETHER_DRAIN_SECONDS the process exits cleanly.

#include <gtest/gtest.h>
#include <signal.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <future>
#include <string>
#include <thread>

#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {

namespace fs = std::filesystem;
using test::ServerProcess;

std::uintmax_t size_of(const fs::path& file) {
  std::error_code ignored;
  const auto size = fs::file_size(file, ignored);
  return ignored ? 0 : size;
}

TEST(Drain, ReadyzTurns503WhileRequestsInFlightComplete) {
  ServerProcess server("drain", {"ETHER_DRAIN_SECONDS=3"});
  const fs::path song = fs::path(ETHER_SOURCE_DIR) / "media" / "demo" / "songs" / "bassline-bridges.mp3";
  const auto token = server.get("/api/player/radio2/token");
  ASSERT_EQ(token.status, 200) << token.body;
  const std::string stream_url(boost::json::parse(token.body).at("streamUrl").as_string());
  const auto listened = server.dir() / "listener.mp3";

  // A live listener, and a download slowed to take about three seconds.
  auto listener = std::async(std::launch::async, [&] {
    return test::run_command("curl -s --max-time 8 -o '" + listened.string() + "' '" + server.base_url() + stream_url +
                             "'");
  });
  auto download = std::async(std::launch::async, [&] {
    return test::run_command("curl -s --limit-rate 150k -o /dev/null -w '%{http_code} %{size_download}' '" +
                             server.base_url() + "/media/songs/bassline-bridges.mp3'");
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  ASSERT_GT(size_of(listened), 0U);

  ASSERT_EQ(::kill(server.pid(), SIGTERM), 0);
  const auto signalled = std::chrono::steady_clock::now();
  int ready_status = 0;
  while (std::chrono::steady_clock::now() - signalled < std::chrono::seconds(1)) {
    ready_status = server.get("/readyz", "--max-time 1").status;
    if (ready_status == 503) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(ready_status, 503);
  EXPECT_NE(server.get("/readyz").body.find("\"draining\""), std::string::npos);
  // Still serving everything else: a new request, the listener's stream.
  const auto listened_at_signal = size_of(listened);
  EXPECT_EQ(server.get("/healthz").status, 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_TRUE(server.running());
  EXPECT_GT(size_of(listened), listened_at_signal);

  EXPECT_EQ(download.get(), "200 " + std::to_string(fs::file_size(song)));
  EXPECT_EQ(server.wait_for_exit(std::chrono::seconds(10)), 0);
  EXPECT_GE(std::chrono::steady_clock::now() - signalled, std::chrono::milliseconds(2900));
  listener.get();
}

}  // namespace
}  // namespace ether
