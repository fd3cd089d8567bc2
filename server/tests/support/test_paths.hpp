#pragma once
// Where the tests find the server binary they start, the repository and their scratch directory.
// The build writes them into a generated source file (test_paths.cpp in the build directory) rather
// than into compile definitions: a definition holding a clone's absolute path differs in every
// clone, and would make each test unit a compiler-cache miss there.

namespace ether::test_paths {

extern const char* const server_binary;  // the ether-server built beside the tests
extern const char* const source_dir;     // the repository's root
extern const char* const test_tmp;       // scratch space under the build directory
// A library that, preloaded, moves a server's wall clock (support/clock_shift.cpp).
extern const char* const clock_shift_library;

}  // namespace ether::test_paths

// NOLINTBEGIN(cppcoreguidelines-macro-usage): the names the tests have always used
#define ETHER_SERVER_BINARY (::ether::test_paths::server_binary)
#define ETHER_SOURCE_DIR (::ether::test_paths::source_dir)
#define ETHER_TEST_TMP (::ether::test_paths::test_tmp)
// NOLINTEND(cppcoreguidelines-macro-usage)
