#include "media/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <stdexcept>

namespace ether::media {

std::string find_tool(std::string_view name) {
  for (const char* dir : {"/usr/local/bin", "/usr/bin", "/bin"}) {
    auto path = std::string(dir) + "/" + std::string(name);
    if (::access(path.c_str(), X_OK) == 0) return path;
  }
  return "";
}

int run_child(const std::vector<std::string>& argv, const std::function<void(std::string_view line)>& on_line,
              const std::filesystem::path& stderr_file, std::atomic<pid_t>* running) {
  if (argv.empty() || argv.front().empty()) throw std::runtime_error("no program to run");
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  std::array<char*, 3> envp{const_cast<char*>("PATH=/usr/local/bin:/usr/bin:/bin"), const_cast<char*>("LC_ALL=C"),
                            nullptr};
  const std::string error_path = stderr_file.string();

  std::array<int, 2> fds{};
  if (::pipe2(fds.data(), O_CLOEXEC) != 0) throw std::runtime_error("cannot create a pipe");
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error("cannot fork");
  }
  if (pid == 0) {
    // Only async-signal-safe calls until execve: the server has other threads.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(126);
    ::setpgid(0, 0);
    const int null_in = ::open("/dev/null", O_RDONLY);
    if (null_in >= 0) ::dup2(null_in, 0);
    ::dup2(fds[1], 1);
    const int err = ::open(error_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (err >= 0) ::dup2(err, 2);
    ::close_range(3, ~0U, 0);
    ::execve(args[0], args.data(), envp.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  if (running != nullptr) running->store(pid);
  std::string pending;
  std::array<char, 4096> chunk{};
  while (true) {
    const auto n = ::read(fds[0], chunk.data(), chunk.size());
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
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (running != nullptr) running->store(0);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

}  // namespace ether::media
