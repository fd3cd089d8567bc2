#include "process/memory_allocator.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace ether::process {
namespace {

// The process's resident anonymous memory (the heap's pages), without the file pages of its
// binary and libraries, which come and go with the page cache.
long resident_anonymous_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with("RssAnon:")) return std::stol(line.substr(line.find_first_of("0123456789")));
  }
  ADD_FAILURE() << "no RssAnon in /proc/self/status";
  return 0;
}

#ifdef ETHER_WITH_JEMALLOC
TEST(MemoryAllocator, RunsWithJemallocAndItsOptions) {
  EXPECT_TRUE(allocator_name().starts_with("jemalloc 5.")) << allocator_name();
  // The options of malloc_conf took effect: freed pages go back from a background thread.
  EXPECT_EQ(allocator_option("opt.background_thread"), "true");
  EXPECT_EQ(allocator_option("opt.dirty_decay_ms"), "1000");
  EXPECT_EQ(allocator_option("opt.muzzy_decay_ms"), "0");
  EXPECT_EQ(allocator_option("opt.no-such-option"), "");
}
#else
TEST(MemoryAllocator, RunsWithTheSystemAllocator) {
  EXPECT_EQ(allocator_name(), "glibc malloc");
  EXPECT_EQ(allocator_option("opt.background_thread"), "");
}
#endif

TEST(MemoryAllocator, ReleasesFreedMemoryToTheSystem) {
  // Many small blocks, as a burst of listeners' requests leaves behind, written so that they are
  // resident, then freed.
  constexpr std::size_t kBlocks = 16 * 1024;
  constexpr std::size_t kBlockSize = 4000;
  const long before = resident_anonymous_kib();
  {
    std::vector<std::unique_ptr<char[]>> blocks;
    blocks.reserve(kBlocks);
    for (std::size_t i = 0; i < kBlocks; ++i) {
      blocks.push_back(std::make_unique<char[]>(kBlockSize));
      blocks.back()[0] = static_cast<char>(i);
      blocks.back()[kBlockSize - 1] = static_cast<char>(i);
    }
    EXPECT_GT(resident_anonymous_kib() - before, 48 * 1024) << "about 62 MiB were written";
  }
  // jemalloc's background thread may have taken some of the freed pages for purging just before:
  // they are out of the purge's reach until that thread, on a busy machine perhaps descheduled,
  // has handed them back. So the purge is asked again until they are gone, for at most 10 s.
  long left = 0;
  for (int attempt = 0; attempt < 200; ++attempt) {
    release_free_memory();
    left = resident_anonymous_kib() - before;
    if (left < 16 * 1024) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_LT(left, 16 * 1024) << "the freed blocks went back to the system";
}

}  // namespace
}  // namespace ether::process
