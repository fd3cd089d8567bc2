#include "stream/icecast_listener.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "support/loopback_stream.hpp"

#include "stream/icy_metadata.hpp"

namespace ether::stream {
namespace {

TEST(IcecastListener, NewListenerGetsTheBurstAtOnce) {
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  for (int i = 0; i < 100; ++i) ring->append(std::string(4096, static_cast<char>('a' + i % 26)), "A - B");
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, ListenerOptions{}));
  auto data = harness.read_exactly(64 * 1024);
  EXPECT_EQ(data.front(), static_cast<char>('a' + (100 - 16) % 26)) << "starts 16 chunks of 4 KiB before the head";
  EXPECT_EQ(data.back(), static_cast<char>('a' + 99 % 26));
}

TEST(IcecastListener, FollowsTheRingAsItGrows) {
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  ring->append(std::string(100, 'x'), "A - B");
  ListenerOptions options;
  options.poll = std::chrono::milliseconds(5);
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  EXPECT_EQ(harness.read_exactly(100), std::string(100, 'x'));
  ring->append(std::string(50, 'y'), "A - B");
  EXPECT_EQ(harness.read_exactly(50), std::string(50, 'y'));
}

TEST(IcecastListener, InterleavesIcyMetadataEveryMetaintBytesAndOnlyOnChange) {
  auto ring = std::make_shared<BroadcastRing>(1 << 20);
  ring->append(std::string(300, 'a'), "Artiest - Een");
  ring->append(std::string(300, 'b'), "Artiest - Twee");
  ListenerOptions options;
  options.metaint = 256;
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  // 256 audio bytes, the first title, 256 audio, the second title (the byte at 512 is from chunk 2).
  EXPECT_EQ(harness.read_exactly(256), std::string(256, 'a'));
  auto first = icy_metadata_block("Artiest - Een");
  EXPECT_EQ(harness.read_exactly(first.size()), first);
  EXPECT_EQ(harness.read_exactly(256), std::string(44, 'a') + std::string(212, 'b'));
  auto second = icy_metadata_block("Artiest - Twee");
  EXPECT_EQ(harness.read_exactly(second.size()), second);
  ring->append(std::string(300, 'c'), "Artiest - Twee");
  EXPECT_EQ(harness.read_exactly(256), std::string(88, 'b') + std::string(168, 'c'));
  EXPECT_EQ(harness.read_exactly(1), std::string(1, '\0')) << "unchanged title: the empty block";
}

TEST(IcecastListener, ListenerThatStopsReadingIsDroppedWithoutHoldingTheRing) {
  auto ring = std::make_shared<BroadcastRing>(256 * 1024);
  ListenerOptions options;
  options.poll = std::chrono::milliseconds(2);
  options.write_timeout = std::chrono::seconds(1);
  ring->append(std::string(1024, 'x'), "t");
  LoopbackStream harness(std::make_shared<IcecastListener>(ring, options));
  // Never read: kernel buffers fill, the ring moves on far beyond its capacity.
  for (int i = 0; i < 2000 && !harness.finished(); ++i) {
    ring->append(std::string(16 * 1024, 'x'), "t");
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  for (int i = 0; i < 300 && !harness.finished(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(harness.finished());
}

}  // namespace
}  // namespace ether::stream
