#include "process/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace ether::process {

namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

std::string find_program(std::string_view name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    auto candidate = std::filesystem::path(dir) / name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return {};
}

Child::~Child() {
  close_fd(stdin_fd);
  close_fd(stdout_fd);
}

Child::Child(Child&& other) noexcept
    : pid(std::exchange(other.pid, -1)),
      stdin_fd(std::exchange(other.stdin_fd, -1)),
      stdout_fd(std::exchange(other.stdout_fd, -1)) {}

Child& Child::operator=(Child&& other) noexcept {
  if (this != &other) {
    close_fd(stdin_fd);
    close_fd(stdout_fd);
    pid = std::exchange(other.pid, -1);
    stdin_fd = std::exchange(other.stdin_fd, -1);
    stdout_fd = std::exchange(other.stdout_fd, -1);
  }
  return *this;
}

int Child::release_stdin() { return std::exchange(stdin_fd, -1); }
int Child::release_stdout() { return std::exchange(stdout_fd, -1); }

Child spawn_child(const ChildSpec& spec) {
  if (spec.argv.empty() || spec.argv.front().empty()) throw std::runtime_error("no program to run");
  // Everything the child needs is made before fork: after it, only async-signal-safe calls.
  std::vector<char*> argv;
  argv.reserve(spec.argv.size() + 1);
  for (const auto& arg : spec.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  envp.reserve(spec.env.size() + 1);
  for (const auto& entry : spec.env) envp.push_back(const_cast<char*>(entry.c_str()));
  envp.push_back(nullptr);
  const std::string log = spec.log.empty() ? std::string("/dev/null") : spec.log.string();

  std::array<int, 2> in{-1, -1};
  std::array<int, 2> out{-1, -1};
  auto close_all = [&] {
    for (int* fd : {&in[0], &in[1], &out[0], &out[1]}) close_fd(*fd);
  };
  if ((spec.pipe_stdin && ::pipe2(in.data(), O_CLOEXEC) != 0) ||
      (spec.pipe_stdout && ::pipe2(out.data(), O_CLOEXEC) != 0)) {
    close_all();
    throw std::runtime_error("cannot create a pipe for " + spec.argv.front());
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    close_all();
    throw std::runtime_error("cannot fork for " + spec.argv.front());
  }
  if (pid == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(126);
    ::setpgid(0, 0);  // terminal signals go to the server, which stops its children itself
    if (spec.nice != 0) ::setpriority(PRIO_PROCESS, 0, ::getpriority(PRIO_PROCESS, 0) + spec.nice);
    const int input = spec.pipe_stdin ? in[0] : ::open("/dev/null", O_RDONLY);
    if (input >= 0) ::dup2(input, 0);
    const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (spec.pipe_stdout) {
      ::dup2(out[1], 1);
    } else if (log_fd >= 0) {
      ::dup2(log_fd, 1);
    }
    if (log_fd >= 0) ::dup2(log_fd, 2);
    ::close_range(3, ~0U, 0);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  close_fd(in[0]);
  close_fd(out[1]);
  Child child;
  child.pid = pid;
  child.stdin_fd = in[1];
  child.stdout_fd = out[0];
  return child;
}

int wait_child(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

int run_child(const std::vector<std::string>& argv, const std::function<void(std::string_view line)>& on_line,
              const std::filesystem::path& log, std::atomic<pid_t>* running,
              std::chrono::steady_clock::time_point deadline, int nice) {
  ChildSpec spec{.argv = argv,
                 .env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C"},
                 .pipe_stdout = true,
                 .log = log,
                 .nice = nice};
  Child child = spawn_child(spec);
  if (running != nullptr) running->store(child.pid);
  std::string pending;
  std::array<char, 4096> chunk{};
  bool killed = false;
  while (true) {
    if (!killed && deadline != std::chrono::steady_clock::time_point::max()) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      pollfd ready{.fd = child.stdout_fd, .events = POLLIN, .revents = 0};
      const int polled =
          left.count() > 0 ? ::poll(&ready, 1, static_cast<int>(std::min<long long>(left.count(), 60000))) : 0;
      if (polled < 0 && errno == EINTR) continue;
      if (polled == 0) {
        if (std::chrono::steady_clock::now() < deadline) continue;
        // Past its time: killed; its output is drained below until the pipe closes.
        ::kill(child.pid, SIGKILL);
        killed = true;
      }
    }
    const auto n = ::read(child.stdout_fd, chunk.data(), chunk.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pending.append(chunk.data(), static_cast<std::size_t>(n));
    std::size_t start = 0;
    for (auto end = pending.find('\n'); end != std::string::npos; end = pending.find('\n', start)) {
      if (on_line) on_line(std::string_view(pending).substr(start, end - start));
      start = end + 1;
    }
    pending.erase(0, start);
  }
  if (!pending.empty() && on_line) on_line(pending);
  const int status = wait_child(child.pid);
  if (running != nullptr) running->store(0);
  return status;
}

}  // namespace ether::process
