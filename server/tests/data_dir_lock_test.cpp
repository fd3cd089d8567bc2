// One data dir, one process: a second ether-server on the data dir of a running one, or on its
// port, stops at once with one line and does none of its start-up work (no store, no playout or
// recorder lead, nothing written into the first one's data dir).

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/scratch_dir.hpp"
#include "support/server_process.hpp"

namespace ether {
namespace {

namespace fs = std::filesystem;
using test::run_command;
using test::ServerProcess;
using Steady = std::chrono::steady_clock;

struct Run {
  std::string output;  // standard output and error, then "exit=<status>"
  std::chrono::milliseconds took{0};
};

// Runs a second ether-server as an operator would, with everything it needs to start (so that,
// were it not stopped, it would run on until `timeout` ends it with status 124).
Run second_server(const fs::path& data_dir, std::uint16_t port, const ServerProcess& first) {
  const fs::path source = ETHER_SOURCE_DIR;
  const auto started = Steady::now();
  Run run;
  run.output =
      run_command("env -i PATH=/usr/bin:/bin PORT=" + std::to_string(port) + " ETHER_BIND=127.0.0.1 ETHER_DATA_DIR='" +
                  data_dir.string() + "' ETHER_WEB_DIR='" + (first.dir() / "web").string() + "' ETHER_MEDIA_DIR='" +
                  (source / "media" / "demo").string() + "' ETHER_SEED_FILE='" +
                  (source / "server" / "seed" / "demo-station.json").string() +
                  "' ETHER_PLAYOUT_BACKFILL_DAYS=2 ETHER_RECORDING_BACKFILL_HOURS=0 ETHER_LOG_LEVEL=info timeout 20 " +
                  ETHER_SERVER_BINARY + " 2>&1; echo \"exit=$?\"");
  run.took = std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - started);
  return run;
}

std::string lock_holder(const fs::path& data_dir) {
  std::ifstream in(data_dir / "ether.lock");
  std::string pid;
  in >> pid;
  return pid;
}

TEST(OneDataDir, ASecondServerOnTheSameDataDirStopsAtOnceWithOneLine) {
  ServerProcess first("data_dir_lock");
  const auto data_dir = first.dir() / "data";
  ASSERT_EQ(lock_holder(data_dir), std::to_string(first.pid()));

  const auto run = second_server(data_dir, test::free_port(), first);
  EXPECT_EQ(run.output, "ether-server: the data dir " + data_dir.string() + " is in use by another ether-server (pid " +
                            std::to_string(first.pid()) + "); one data dir serves one process\nexit=1\n");
  // Generous for a loaded machine; a start-up that did its work takes seconds, and one that was
  // not stopped runs until the 20 s timeout.
  EXPECT_LT(run.took, std::chrono::seconds(5));

  // The first instance still leads the playout and holds the data dir.
  const auto readyz = first.get("/readyz");
  ASSERT_EQ(readyz.status, 200);
  EXPECT_EQ(boost::json::parse(readyz.body).at("playout"), "recording");
  EXPECT_EQ(lock_holder(data_dir), std::to_string(first.pid()));
}

TEST(OneDataDir, ASecondServerOnATakenPortStopsBeforeAnyStartUpWork) {
  ServerProcess first("data_dir_port");
  const auto other_dir = first.dir() / "second-data";
  const auto run = second_server(other_dir, first.port(), first);
  EXPECT_EQ(run.output, "ether-server: cannot listen on 127.0.0.1:" + std::to_string(first.port()) +
                            ": Address already in use\nexit=1\n");
  EXPECT_LT(run.took, std::chrono::seconds(5));
  // Its data dir holds its lock file (and the secrets the configuration made), but no store, no
  // recordings: none of the start-up work ran.
  EXPECT_TRUE(fs::exists(other_dir / "ether.lock"));
  EXPECT_FALSE(fs::exists(other_dir / "ether.db"));
  EXPECT_FALSE(fs::exists(other_dir / "recordings"));
  EXPECT_EQ(first.get("/readyz").status, 200);
}

}  // namespace
}  // namespace ether
