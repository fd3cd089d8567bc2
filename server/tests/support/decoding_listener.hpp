#pragma once
// A listener that decodes what it hears: a real ffmpeg reading a live stream's URL and writing the
// decoded audio (8 kHz mono, 16 bit) into a pipe, which a thread reads, noting when each piece of
// decoded audio arrived. Decoding errors go to a file of their own.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "file_bytes.hpp"

namespace ether::test {

class DecodingListener {
 public:
  using Steady = std::chrono::steady_clock;
  static constexpr int kSampleRate = 8000;

  /// Starts ffmpeg on `url`; its error output goes to `errors_file`.
  DecodingListener(const std::string& url, std::filesystem::path errors_file) : errors_file_(std::move(errors_file)) {
    std::array<int, 2> pipe_fds{};
    if (::pipe2(pipe_fds.data(), O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(pipe_fds[1], STDOUT_FILENO);
      const int errors = ::open(errors_file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      ::dup2(errors, STDERR_FILENO);
      ::execlp("ffmpeg", "ffmpeg", "-nostdin", "-hide_banner", "-v", "error", "-fflags", "+nobuffer", "-probesize",
               "8192", "-analyzeduration", "0", "-i", url.c_str(), "-f", "s16le", "-ac", "1", "-ar",
               std::to_string(kSampleRate).c_str(), "-flush_packets", "1", "pipe:1", nullptr);
      ::_exit(127);
    }
    ::close(pipe_fds[1]);
    fd_ = pipe_fds[0];
    thread_ = std::thread([this] { run(); });
  }
  ~DecodingListener() { stop(); }
  DecodingListener(const DecodingListener&) = delete;
  DecodingListener& operator=(const DecodingListener&) = delete;

  /// Ends ffmpeg and the reading thread.
  void stop() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  /// Seconds of audio decoded so far.
  [[nodiscard]] double decoded_seconds() {
    std::lock_guard lock(mutex_);
    return static_cast<double>(bytes_) / 2 / kSampleRate;
  }

  /// Seconds of audio decoded within each whole second from `from` for `count` seconds.
  [[nodiscard]] std::vector<double> per_second(Steady::time_point from, int count) {
    std::vector<double> seconds(static_cast<std::size_t>(count), 0.0);
    std::lock_guard lock(mutex_);
    for (const auto& [at, bytes] : arrivals_) {
      if (at < from) continue;
      const auto index = std::chrono::duration_cast<std::chrono::seconds>(at - from).count();
      if (index >= count) break;
      seconds[static_cast<std::size_t>(index)] += static_cast<double>(bytes) / 2 / kSampleRate;
    }
    return seconds;
  }

  /// What ffmpeg said on its error output.
  [[nodiscard]] std::string errors() const { return file_bytes(errors_file_); }

 private:
  void run() {
    std::array<char, 4096> buffer{};
    for (;;) {
      const auto n = ::read(fd_, buffer.data(), buffer.size());
      if (n <= 0) return;
      std::lock_guard lock(mutex_);
      bytes_ += static_cast<std::size_t>(n);
      arrivals_.emplace_back(Steady::now(), static_cast<std::size_t>(n));
    }
  }

  std::filesystem::path errors_file_;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::mutex mutex_;
  std::size_t bytes_ = 0;
  std::vector<std::pair<Steady::time_point, std::size_t>> arrivals_;
  std::thread thread_;
};

}  // namespace ether::test
