#pragma once
// What a test leaves in the scratch directory: a passed test's files go (a real server's data dir
// holds the hour's recordings, about 200 MB, and make test starts dozens), a failed test's stay, with
// the server's log, for whoever looks into the failure.

#include <gtest/gtest.h>

#include <filesystem>
#include <system_error>

namespace ether::test {

/// Removes `dir` unless the running test has failed so far.
inline void remove_unless_failed(const std::filesystem::path& dir) {
  if (::testing::Test::HasFailure()) return;
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

}  // namespace ether::test
