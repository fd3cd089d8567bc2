#pragma once
// A whole file as one string, for tests that compare recordings, decoded audio, logs and fixtures.
// Read in one piece: the test code is built at -O0, where reading a file a character at a time
// (istreambuf_iterator) was about 2% of ctest's CPU with the recordings and decoded audio it read.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ether::test {

/// Every byte of `path` as it is now; "" when it cannot be opened.
inline std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream out;
  out << in.rdbuf();
  return std::move(out).str();
}

}  // namespace ether::test
