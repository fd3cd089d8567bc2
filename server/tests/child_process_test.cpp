// The one way the server starts ffmpeg and ffprobe: found on the PATH, with pipes, its standard
// error in a log, holding none of the server's descriptors.

#include "process/child_process.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/file_bytes.hpp"
#include "support/test_paths.hpp"

namespace ether::process {
namespace {

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::path(ETHER_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
}

TEST(ChildProcess, FindsProgramsOnThePath) {
  const auto sh = find_program("sh");
  ASSERT_FALSE(sh.empty());
  EXPECT_TRUE(std::filesystem::path(sh).is_absolute());
  EXPECT_EQ(find_program("no-such-program-ether"), "");
}

TEST(ChildProcess, RunsToItsEndWithLinesStatusAndLog) {
  const auto log = temp_file("child-log");
  std::vector<std::string> lines;
  const int status = run_child(
      {find_program("sh"), "-c", "echo one; printf 'two\\nthree'; echo oops >&2; exit 3"},
      [&](std::string_view line) { lines.emplace_back(line); }, log);
  EXPECT_EQ(status, 3);
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "two", "three"}));
  EXPECT_EQ(test::file_bytes(log), "oops\n");
  std::filesystem::remove(log);
}

// How an upload's ffmpeg is held to its processing time (issue 35): a child silent past its
// deadline is killed, and what it printed before still arrives.
TEST(ChildProcess, AChildPastItsDeadlineIsKilled) {
  const auto log = temp_file("child-deadline");
  std::vector<std::string> lines;
  const int status = run_child(
      {find_program("sh"), "-c", "echo started; exec sleep 600"},
      [&](std::string_view line) { lines.emplace_back(line); }, log, nullptr,
      std::chrono::steady_clock::now() + std::chrono::seconds(1));
  EXPECT_EQ(status, 128 + SIGKILL);
  EXPECT_EQ(lines, (std::vector<std::string>{"started"}));
  std::filesystem::remove(log);
}

TEST(ChildProcess, PipesBothWaysAndInheritsNoDescriptor) {
  // A descriptor of the server's own (as a listening socket would be) must not reach the child.
  const auto held = temp_file("child-held");
  std::ofstream(held) << "x";
  std::ifstream keep_open(held);
  auto child = spawn_child(
      ChildSpec{.argv = {find_program("sh"), "-c", "read line; echo \"got $line\"; ls /proc/self/fd | wc -l"},
                .pipe_stdin = true,
                .pipe_stdout = true});
  ASSERT_GT(child.pid, 0);
  const std::string input = "hello\n";
  ASSERT_EQ(::write(child.stdin_fd, input.data(), input.size()), static_cast<ssize_t>(input.size()));
  std::string output;
  char buffer[256];
  for (ssize_t n; (n = ::read(child.stdout_fd, buffer, sizeof buffer)) > 0;) output.append(buffer, n);
  EXPECT_EQ(wait_child(child.pid), 0);
  // 0, 1, 2 and the one ls opens to list them.
  EXPECT_EQ(output, "got hello\n4\n");
  std::filesystem::remove(held);
}

TEST(ChildProcess, AProgramThatCannotStartEndsWith127) {
  EXPECT_EQ(run_child({"/nonexistent/ffmpeg"}, {}, temp_file("child-missing")), 127);
  EXPECT_THROW(spawn_child(ChildSpec{}), std::runtime_error);
}

}  // namespace
}  // namespace ether::process
