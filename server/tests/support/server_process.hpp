#pragma once
// The real ether-server binary on 127.0.0.1 with a fresh data dir (removed with it when the test
// passed), the repository's seed file and demo media, and a minimal web/dist; plus curl and ffmpeg
// as real clients.

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "file_bytes.hpp"
#include "raw_socket.hpp"
#include "scratch_dir.hpp"
#include "test_paths.hpp"

namespace ether::test {

/// Runs a shell command and returns what it printed on standard output.
inline std::string run_command(const std::string& command) {
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::array<char, 4096> buffer{};
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) output.append(buffer.data(), n);
  pclose(pipe);
  return output;
}

inline std::uint16_t free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  socklen_t length = sizeof address;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

class ServerProcess {
 public:
  /// `extra_env`: NAME=value entries added to (or replacing) the defaults below.
  explicit ServerProcess(const std::string& name, std::vector<std::string> extra_env = {})
      : dir_(std::filesystem::path(ETHER_TEST_TMP) / (name + "-" + std::to_string(::getpid()))), port_(0) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "web");
    std::ofstream(dir_ / "web" / "index.html")
        << "<!doctype html><html lang=\"nl\"><head><title>Ether</title><!--ether-head--></head>"
           "<body><div id=\"root\"></div><!--ether-data--></body></html>";
    const std::string log = (dir_ / "server.log").string();
    // A port found free may be taken before the server binds it (another test's server, or the
    // ephemeral port of any connection made meanwhile): the server then exits, and starts again
    // on another port.
    for (int attempt = 0; attempt < 5; ++attempt) {
      port_ = free_port();
      if (start(extra_env, log)) return;
      if (run_command("grep -c 'Address already in use' '" + log + "'").starts_with("0")) break;
    }
    // The log's end goes into the failure, since CI keeps only what a test printed.
    throw std::runtime_error("ether-server did not become ready; the end of " + log + ":\n" +
                             run_command("tail -n 40 '" + log + "'"));
  }

  ~ServerProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    remove_unless_failed(dir_);
  }

  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  /// Sends SIGKILL, as a crash would, and waits until the process is gone.
  void kill_now() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

  /// Sends SIGTERM and returns the exit status (-1 if it did not exit normally within 15 s).
  int terminate() {
    ::kill(pid_, SIGTERM);
    return wait_for_exit(std::chrono::seconds(15));
  }

  /// Waits, sending nothing, until the process exits or `deadline` passes: its exit status, or -1
  /// when it did not exit normally in time (it is then still running).
  int wait_for_exit(std::chrono::milliseconds deadline) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (pid_ > 0) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      if (std::chrono::steady_clock::now() >= until) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
  }

  /// Whether the process is still running (looked at without reaping it).
  [[nodiscard]] bool running() const {
    if (pid_ <= 0) return false;
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == 0;
  }

  [[nodiscard]] std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  [[nodiscard]] std::uint16_t port() const { return port_; }
  [[nodiscard]] pid_t pid() const { return pid_; }

  /// GET with curl: "<status>\n<body>" is split into the two.
  struct Answer {
    int status = 0;
    std::string body;
    std::string headers;
  };
  Answer get(const std::string& target, const std::string& curl_options = "") const {
    const auto headers_file = (dir_ / "headers.txt").string();
    auto output = run_command("curl -s --max-time 10 -D " + headers_file + " -w '\\n%{http_code}' " + curl_options +
                              " '" + base_url() + target + "'");
    Answer answer;
    auto cut = output.rfind('\n');
    answer.status = std::stoi(output.substr(cut + 1));
    answer.body = output.substr(0, cut);
    answer.headers = file_bytes(headers_file);
    return answer;
  }

 private:
  // Starts the server on port_ and waits until it is ready (true), or until it exits or 30 s pass
  // (false; the process is gone either way).
  bool start(const std::vector<std::string>& extra_env, const std::string& log) {
    const std::filesystem::path source = ETHER_SOURCE_DIR;
    // The broadcast logger records live here; rebuilding past hours (0.8 GB for the demo station)
    // is broadcast_logger_test's.
    std::vector<std::string> env{"PORT=" + std::to_string(port_),
                                 "ETHER_BIND=127.0.0.1",
                                 "ETHER_DATA_DIR=" + (dir_ / "data").string(),
                                 "ETHER_WEB_DIR=" + (dir_ / "web").string(),
                                 "ETHER_MEDIA_DIR=" + (source / "media" / "demo").string(),
                                 "ETHER_SEED_FILE=" + (source / "server" / "seed" / "demo-station.json").string(),
                                 "ETHER_BASE_URL=" + base_url(),
                                 "ETHER_PLAYOUT_BACKFILL_DAYS=2",
                                 "ETHER_RECORDING_BACKFILL_HOURS=0",
                                 "ETHER_LOG_LEVEL=warn",
                                 "PATH=/usr/bin:/bin"};
    // An extra entry replaces a default of the same name (getenv would find the first).
    for (const auto& entry : extra_env) {
      const auto name = entry.substr(0, entry.find('=') + 1);
      std::erase_if(env, [&name](const std::string& known) { return known.starts_with(name); });
    }
    env.insert(env.end(), extra_env.begin(), extra_env.end());
    pid_ = fork();
    if (pid_ == 0) {
      std::vector<char*> envp;
      for (auto& entry : env) envp.push_back(entry.data());
      envp.push_back(nullptr);
      std::freopen(log.c_str(), "w", stdout);
      std::freopen(log.c_str(), "a", stderr);
      char* argv[] = {const_cast<char*>(ETHER_SERVER_BINARY), nullptr};
      execve(ETHER_SERVER_BINARY, argv, envp.data());
      _exit(127);
    }
    for (int i = 0; i < 300; ++i) {
      if (answers_ready()) return true;
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    kill_now();
    return false;
  }

  // Whether /readyz answers 200. Asked over a plain socket rather than with curl: a start is polled
  // every 100 ms, and a curl (and the shell that starts it) per poll was about 4% of ctest's CPU,
  // most of it the dynamic loader's (perf, 29 Nov). The tests' requests themselves go through curl.
  [[nodiscard]] bool answers_ready() const {
    try {
      RawSocket socket(port_);
      if (!socket.send("GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")) return false;
      const auto outcome = socket.read_head(std::chrono::seconds(10));
      return outcome.kind == RawOutcome::Kind::answered && outcome.status == 200;
    } catch (const std::runtime_error&) {
      return false;  // not listening yet
    }
  }

  std::filesystem::path dir_;
  std::uint16_t port_;
  pid_t pid_ = -1;
};

/// The store URL of a server started without DATABASE_URL: its SQLite file.
inline std::string sqlite_url_of(const ServerProcess& server) {
  return "sqlite:" + (server.dir() / "data" / "ether.db").string();
}

}  // namespace ether::test
