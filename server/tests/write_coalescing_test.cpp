#include "stream/write_coalescing.hpp"

#include <gtest/gtest.h>

namespace ether::stream {
namespace {

using std::chrono::milliseconds;

TEST(WriteCoalescing, WritesOnceEnoughBytesAreQueuedWhateverTheTime) {
  const WriteCoalescing policy{.min_bytes = 8192, .max_delay = milliseconds(500)};
  EXPECT_TRUE(policy.due(8192, milliseconds(0)));
  EXPECT_TRUE(policy.due(100000, milliseconds(1)));
  EXPECT_FALSE(policy.due(8191, milliseconds(499)));
}

TEST(WriteCoalescing, WritesWhatIsQueuedOnceTheDelayHasPassed) {
  const WriteCoalescing policy{.min_bytes = 8192, .max_delay = milliseconds(500)};
  EXPECT_TRUE(policy.due(1, milliseconds(500)));
  EXPECT_TRUE(policy.due(4000, milliseconds(800)));
  EXPECT_FALSE(policy.due(4000, milliseconds(100)));
}

TEST(WriteCoalescing, AnIdleListenerIsDueAfterTheDelaySoItCanNoticeAClosedOrStarvingStream) {
  const WriteCoalescing policy{.min_bytes = 8192, .max_delay = milliseconds(500)};
  EXPECT_TRUE(policy.due(0, milliseconds(500)));
  EXPECT_FALSE(policy.due(0, milliseconds(499)));
}

}  // namespace
}  // namespace ether::stream
