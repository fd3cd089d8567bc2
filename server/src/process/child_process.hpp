#pragma once
// Child processes of the server (ffmpeg, ffprobe): found on the PATH, started with pipes, in a
// process group of their own, killed when the server dies (PR_SET_PDEATHSIG) and holding none of
// the server's descriptors (its listening socket, its connections).

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::process {

/// The first "<dir>/<name>" on $PATH (else /usr/local/bin:/usr/bin:/bin) that is executable, or "".
std::string find_program(std::string_view name);

/// What a child's standard streams are.
struct ChildSpec {
  std::vector<std::string> argv;  // argv[0] an absolute path
  std::vector<std::string> env{"PATH=/usr/local/bin:/usr/bin:/bin"};
  bool pipe_stdin = false;    // else /dev/null
  bool pipe_stdout = false;   // else into `log`
  std::filesystem::path log;  // standard error (and standard output unless piped); empty: /dev/null
  int nice = 0;               // added to the child's scheduling niceness (positive: lower priority)
};

/// A started child. Owns the parent's ends of its pipes (closed on destruction); the child itself
/// is reaped by the caller (wait_child or waitpid).
class Child {
 public:
  Child() = default;
  ~Child();
  Child(Child&& other) noexcept;
  Child& operator=(Child&& other) noexcept;
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid = -1;
  int stdin_fd = -1;   // write end of its standard input (pipe_stdin)
  int stdout_fd = -1;  // read end of its standard output (pipe_stdout)

  /// Hands a pipe end over to the caller (who closes it), -1 afterwards here.
  int release_stdin();
  int release_stdout();
};

/// Starts the child; throws std::runtime_error when it cannot.
Child spawn_child(const ChildSpec& spec);

/// Waits for the child to end: its exit status, 128 + signal when killed.
int wait_child(pid_t pid);

/// Runs `argv` to its end with standard input from /dev/null; `on_line` gets each line of its
/// standard output, standard error goes to `log`. `running` (optional) holds the child's pid while
/// it runs, so that another thread may kill it; a child still running at `deadline` is killed
/// (SIGKILL); `nice` as in ChildSpec. Returns wait_child's status; throws std::runtime_error when
/// it cannot start.
int run_child(const std::vector<std::string>& argv, const std::function<void(std::string_view line)>& on_line,
              const std::filesystem::path& log, std::atomic<pid_t>* running = nullptr,
              std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max(),
              int nice = 0);

}  // namespace ether::process
