#include "stream/listener_cursor.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace ether::stream {
namespace {

std::vector<ChunkPtr> chunks_of(const BroadcastRing& ring, std::uint64_t position) {
  return ring.read_from(position, 64).chunks;
}

// What a socket would have received: the plan's bytes, `accept` at most per write.
std::string send_all(BroadcastRing& ring, ListenerCursor& cursor, std::size_t accept, std::size_t pieces = 8) {
  std::string wire;
  for (int guard = 0; guard < 10000; ++guard) {
    auto chunks = chunks_of(ring, cursor.position());
    std::vector<std::string_view> out(pieces);
    bool complete = false;
    const auto n = cursor.plan(chunks, out, complete);
    std::string planned;
    for (std::size_t i = 0; i < n; ++i) planned += out[i];
    if (planned.empty()) return wire;
    const auto sent = std::min(accept, planned.size());
    wire += planned.substr(0, sent);
    cursor.commit(chunks, sent);
  }
  ADD_FAILURE() << "the cursor never reached the head";
  return wire;
}

// The reference: audio with a block after every `metaint` bytes, the title's when it changed.
std::string expected_wire(const std::vector<std::pair<std::string, std::string>>& chunks, std::size_t metaint) {
  std::string wire;
  std::string last;
  std::size_t count = 0;
  for (const auto& [bytes, title] : chunks) {
    for (char c : bytes) {
      wire += c;
      if (++count % metaint != 0) continue;
      wire += title == last ? std::string(icy_empty_block) : icy_metadata_block(title);
      last = title;
    }
  }
  return wire;
}

TEST(ListenerCursor, WithoutMetadataSendsTheAudioAsIs) {
  BroadcastRing ring(1 << 20);
  ring.append(std::string(1000, 'a'), "A - B");
  ring.append(std::string(500, 'b'), "A - C");
  ListenerCursor cursor(0, 0);
  EXPECT_EQ(send_all(ring, cursor, 1 << 20), std::string(1000, 'a') + std::string(500, 'b'));
  EXPECT_EQ(cursor.position(), 1500U);
}

TEST(ListenerCursor, WritesCutAnywhereResumeAtTheRightByteWithBlocksEveryMetaint) {
  const std::vector<std::pair<std::string, std::string>> input{{std::string(700, 'a'), "Artiest - Een"},
                                                               {std::string(900, 'b'), "Artiest - Een"},
                                                               {std::string(300, 'c'), "Artiest - Twee"},
                                                               {std::string(1200, 'd'), "Artiest - Drie"}};
  const auto expected = expected_wire(input, 256);
  // Every cut size, including cuts inside metadata blocks and a plan with room for few pieces.
  for (std::size_t accept : {1UL, 7UL, 33UL, 255UL, 256UL, 257UL, 1000UL, 100000UL}) {
    for (std::size_t pieces : {2UL, 3UL, 8UL, 40UL}) {
      BroadcastRing ring(1 << 20);
      for (const auto& [bytes, title] : input) ring.append(bytes, title);
      ListenerCursor cursor(0, 256);
      EXPECT_EQ(send_all(ring, cursor, accept, pieces), expected) << "accept " << accept << " pieces " << pieces;
      EXPECT_EQ(cursor.position(), 3100U);
      EXPECT_FALSE(cursor.owes_metadata());
    }
  }
}

TEST(ListenerCursor, FollowsTheRingAsItGrowsAcrossCalls) {
  BroadcastRing ring(1 << 20);
  ListenerCursor cursor(0, 100);
  ring.append(std::string(150, 'x'), "T - 1");
  std::string wire = send_all(ring, cursor, 64);
  ring.append(std::string(150, 'y'), "T - 1");
  wire += send_all(ring, cursor, 64);
  EXPECT_EQ(wire, expected_wire({{std::string(150, 'x'), "T - 1"}, {std::string(150, 'y'), "T - 1"}}, 100));
}

TEST(ListenerCursor, StartsMidRingAtItsPosition) {
  BroadcastRing ring(1 << 20);
  ring.append(std::string(100, 'a'), "t");
  ring.append(std::string(100, 'b'), "t");
  ListenerCursor cursor(150, 0);
  EXPECT_EQ(send_all(ring, cursor, 1000), std::string(50, 'b'));
}

}  // namespace
}  // namespace ether::stream
