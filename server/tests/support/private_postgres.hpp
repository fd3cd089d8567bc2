#pragma once
// A PostgreSQL server of a test's own (scripts/test-postgres), which the test may stop and start
// again (same data, same port) to see how the server lives through an outage.

#include <sys/types.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "server_process.hpp"
#include "test_paths.hpp"

namespace ether::test {

class PrivatePostgres {
 public:
  explicit PrivatePostgres(const std::string& name)
      : dir_(std::filesystem::temp_directory_path() / ("ether-pg-" + name + "-" + std::to_string(::getpid()))) {
    url_ = run_command(script() + " start " + dir_.string());
    while (!url_.empty() && (url_.back() == '\n' || url_.back() == '\r')) url_.pop_back();
    if (!url_.starts_with("postgresql://")) throw std::runtime_error("cannot start PostgreSQL in " + dir_.string());
  }
  ~PrivatePostgres() {
    stop();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  PrivatePostgres(const PrivatePostgres&) = delete;
  PrivatePostgres& operator=(const PrivatePostgres&) = delete;

  /// postgresql://ether@127.0.0.1:port/ether_test
  [[nodiscard]] const std::string& url() const { return url_; }
  /// Stops the server (pg_ctl -m fast: every connection is closed) and waits until it is down.
  void stop() const { run_command(script() + " stop " + dir_.string()); }
  /// Starts it again on the same port and waits until it accepts connections.
  void resume() const { run_command(script() + " resume " + dir_.string()); }
  /// SIGSTOPs every process of the server (the postmaster and its children): connections stay
  /// open and nothing answers, as with a hung machine. thaw() lets them go on.
  void freeze() const { signal_every_process(SIGSTOP); }
  void thaw() const { signal_every_process(SIGCONT); }

 private:
  void signal_every_process(int signal) const {
    pid_t postmaster = 0;
    std::ifstream(dir_ / "data" / "postmaster.pid") >> postmaster;
    if (postmaster <= 0) throw std::runtime_error("no postmaster.pid in " + dir_.string());
    ::kill(postmaster, signal);
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      const auto name = entry.path().filename().string();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      // /proc/PID/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ')'.
      std::ifstream stat(entry.path() / "stat");
      std::string line;
      std::getline(stat, line);
      const auto close = line.rfind(')');
      if (close == std::string::npos) continue;
      std::istringstream rest(line.substr(close + 1));
      char state = 0;
      pid_t parent = 0;
      rest >> state >> parent;
      if (parent == postmaster) ::kill(std::stoi(name), signal);
    }
  }
  static std::string script() { return std::string(ETHER_SOURCE_DIR) + "/scripts/test-postgres"; }
  std::filesystem::path dir_;
  std::string url_;
};

}  // namespace ether::test
