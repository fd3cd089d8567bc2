#pragma once
// Runs a tool (ffmpeg, ffprobe) as a child process and waits for it: its standard output is read
// line by line into a callback, its standard error goes to a file. The child has its own process
// group, dies with the server (PR_SET_PDEATHSIG) and inherits no descriptors of the server.

#include <sys/types.h>
#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::media {

/// The first "<dir>/<name>" among /usr/local/bin, /usr/bin and /bin that is executable, or "".
std::string find_tool(std::string_view name);

/// Runs `argv` (argv[0] an absolute path) to its end; `on_line` gets each line of its standard
/// output, its standard error is written to `stderr_file`. `running` (optional) holds the child's
/// pid while it runs, so that another thread may kill it. Returns the exit status (128 + signal
/// when killed); throws std::runtime_error when it cannot start.
int run_child(const std::vector<std::string>& argv, const std::function<void(std::string_view line)>& on_line,
              const std::filesystem::path& stderr_file, std::atomic<pid_t>* running = nullptr);

}  // namespace ether::media
