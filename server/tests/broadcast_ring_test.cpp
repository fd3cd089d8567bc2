#include "stream/broadcast_ring.hpp"

#include <gtest/gtest.h>

namespace ether::stream {
namespace {

TEST(BroadcastRing, ListenersShareTheSameChunksWithoutCopies) {
  BroadcastRing ring(1 << 20);
  ring.append(std::string(1000, 'a'), "A - One");
  ring.append(std::string(1000, 'b'), "A - One");
  auto first = ring.read_from(0, 10);
  auto second = ring.read_from(0, 10);
  ASSERT_EQ(first.chunks.size(), 2U);
  ASSERT_EQ(second.chunks.size(), 2U);
  EXPECT_EQ(first.chunks[0].get(), second.chunks[0].get());
  EXPECT_EQ(first.chunks[1]->start, 1000U);
  EXPECT_EQ(ring.head(), 2000U);
}

TEST(BroadcastRing, ReadFromTheMiddleOfAChunkStartsWithThatChunk) {
  BroadcastRing ring(1 << 20);
  ring.append(std::string(100, 'a'), "t");
  ring.append(std::string(100, 'b'), "t");
  ring.append(std::string(100, 'c'), "t");
  auto read = ring.read_from(150, 10);
  ASSERT_EQ(read.chunks.size(), 2U);
  EXPECT_EQ(read.chunks[0]->start, 100U);
  EXPECT_TRUE(ring.read_from(300, 10).chunks.empty());
  EXPECT_EQ(ring.read_from(0, 1).chunks.size(), 1U);
}

TEST(BroadcastRing, SlowReaderFallsBehindWhileOthersGoOn) {
  BroadcastRing ring(3000);
  std::uint64_t slow = 0;
  std::uint64_t fast = 0;
  for (int i = 0; i < 10; ++i) {
    ring.append(std::string(1000, static_cast<char>('a' + i)), "t");
    auto read = ring.read_from(fast, 100);
    ASSERT_FALSE(read.fell_behind);
    fast = read.chunks.back()->end();
  }
  EXPECT_EQ(fast, 10000U);
  auto read = ring.read_from(slow, 100);
  EXPECT_TRUE(read.fell_behind);
  EXPECT_TRUE(read.chunks.empty());
  // The ring keeps at least its capacity, in whole chunks.
  auto oldest = ring.read_from(ring.head() - 3000, 100);
  EXPECT_FALSE(oldest.fell_behind);
}

TEST(BroadcastRing, BurstStartLeavesAboutTheBurstToSend) {
  BroadcastRing ring(1 << 20);
  for (int i = 0; i < 100; ++i) ring.append(std::string(4096, 'x'), "t");
  auto start = ring.burst_start(64 * 1024);
  EXPECT_EQ(ring.head() - start, 64U * 1024U);
  EXPECT_EQ(start % 4096, 0U);
  BroadcastRing small(1 << 20);
  small.append(std::string(10, 'x'), "t");
  EXPECT_EQ(small.burst_start(64 * 1024), 0U);
}

TEST(BroadcastRing, TitleFollowsTheNewestChunk) {
  BroadcastRing ring(1 << 20);
  EXPECT_EQ(ring.current_title(), "");
  ring.append("aaaa", "Artist - One");
  ring.append("bbbb", "Artist - Two");
  EXPECT_EQ(ring.current_title(), "Artist - Two");
  EXPECT_EQ(ring.read_from(0, 1).chunks[0]->title, "Artist - One");
}

}  // namespace
}  // namespace ether::stream
