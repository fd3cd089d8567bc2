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

// The text between StreamTitle=' and the first "';".
std::string title_of(const std::string& block) {
  const std::string prefix = "StreamTitle='";
  auto end = block.find("';");
  EXPECT_NE(end, std::string::npos);
  EXPECT_EQ(block.substr(1, prefix.size()), prefix);
  return block.substr(1 + prefix.size(), end - 1 - prefix.size());
}

TEST(IcyMetadata, StoreTextCannotBreakOutOfTheValue) {
  auto block = icy_metadata_block("Song';StreamUrl='http://evil.example/';");
  EXPECT_EQ(title_of(block), "Song`;StreamUrl=`http://evil.example/`;");
  // The only "';" is the one that closes the value.
  EXPECT_EQ(block.find("';"), block.rfind("';"));
}

TEST(IcyMetadata, ControlCharactersBecomeOneSpace) {
  EXPECT_EQ(title_of(icy_metadata_block("Artist\r\n-\tTitle\x01\x7f")), "Artist - Title");
  EXPECT_EQ(title_of(icy_metadata_block(std::string("a\0b", 3))), "a b");
  EXPECT_EQ(title_of(icy_metadata_block("  \n ")), "");
}

TEST(IcyMetadata, MarkupIsDropped) {
  EXPECT_EQ(title_of(icy_metadata_block("<b>Queen</b> - <i>Bohemian Rhapsody</i>")), "Queen - Bohemian Rhapsody");
  EXPECT_EQ(title_of(icy_metadata_block("a<br>b<script>alert(1)</script>")), "a b alert(1)");
  EXPECT_EQ(title_of(icy_metadata_block("3 < 4 > 2 <3")), "3 4 2 3");
  EXPECT_EQ(title_of(icy_metadata_block("<img src=x onerror=alert(1)")), "img src=x onerror=alert(1)");
}

TEST(IcyText, IsCutOnACharacterBoundaryAndKeepsUtf8) {
  EXPECT_EQ(icy_text("Café Noir — Zomer", 256), "Café Noir — Zomer");
  EXPECT_EQ(icy_text("Café", 4), "Caf");  // "é" is two bytes: it does not fit
  EXPECT_EQ(icy_text("Café", 5), "Café");
  EXPECT_EQ(icy_text("ab  cd", 3), "ab");  // no trailing space
  EXPECT_EQ(icy_text("<p>x</p>", 256), "x");
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
