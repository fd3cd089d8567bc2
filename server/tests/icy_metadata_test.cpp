#include "stream/icy_metadata.hpp"

#include <gtest/gtest.h>

namespace ether::stream {
namespace {

TEST(IcyMetadata, BlockIsLengthByteThenPaddedText) {
  auto block = icy_metadata_block("Artist - Title");
  const std::string text = "StreamTitle='Artist - Title';";
  ASSERT_EQ(block.size() % 16, 1U);
  EXPECT_EQ(static_cast<unsigned char>(block[0]) * 16U, block.size() - 1);
  EXPECT_EQ(block.substr(1, text.size()), text);
  for (std::size_t i = 1 + text.size(); i < block.size(); ++i) EXPECT_EQ(block[i], '\0');
}

TEST(IcyMetadata, QuotesCannotEndTheValueEarly) {
  auto block = icy_metadata_block("Rock 'n' Roll - Don't");
  EXPECT_NE(block.find("StreamTitle='Rock `n` Roll - Don`t';"), std::string::npos);
}

TEST(IcyMetadata, LongTitlesAreCutToTheMaximumOnACharacterBoundary) {
  std::string title;
  while (title.size() < 5000) title += "é";
  auto block = icy_metadata_block(title);
  EXPECT_EQ(static_cast<unsigned char>(block[0]), 255);
  EXPECT_EQ(block.size(), 1U + 255U * 16U);
  auto end = block.find("';");
  ASSERT_NE(end, std::string::npos);
  // The text before the closing quote ends with whole two-byte characters.
  EXPECT_EQ((end - std::string("StreamTitle='").size() - 1) % 2, 0U);
}

TEST(IcyMetadata, CounterAsksForABlockEveryMetaintBytes) {
  IcyCounter counter(8192);
  EXPECT_EQ(counter.audio_allowed(10000), 8192U);
  EXPECT_FALSE(counter.sent_audio(5000));
  EXPECT_EQ(counter.audio_allowed(10000), 3192U);
  EXPECT_TRUE(counter.sent_audio(3192));
  EXPECT_EQ(counter.audio_allowed(100), 100U);
  EXPECT_FALSE(counter.sent_audio(100));
}

}  // namespace
}  // namespace ether::stream
