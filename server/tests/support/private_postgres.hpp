#pragma once
// A PostgreSQL server of a test's own (scripts/test-postgres), which the test may stop and start
// again (same data, same port) to see how the server lives through an outage.

#include <unistd.h>

#include <filesystem>
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

 private:
  static std::string script() { return std::string(ETHER_SOURCE_DIR) + "/scripts/test-postgres"; }
  std::filesystem::path dir_;
  std::string url_;
};

}  // namespace ether::test
