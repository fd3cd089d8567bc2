#include "stream/mp3_frames.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/file_bytes.hpp"
#include "support/test_paths.hpp"

namespace ether::stream {
namespace {

// A real MP3 made by ffmpeg (with its ID3v2 tag and Xing/Info frame), as the demo media script does.
class Mp3FramesTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("mp3_frames-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    mp3_ = dir_ / "tone.mp3";
    auto command =
        "ffmpeg -v error -y -f lavfi -i sine=frequency=440:duration=3 -ar 22050 -ac 1 -c:a libmp3lame -b:a 48k " +
        mp3_.string();
    ASSERT_EQ(std::system(command.c_str()), 0);
  }
  std::filesystem::path dir_;
  std::filesystem::path mp3_;
};

TEST_F(Mp3FramesTest, HeaderOfMpeg2LayerIIIFrame) {
  // 0xFFF3: MPEG-2 Layer III no CRC; 0x60: 48 kbit/s, 22050 Hz; 0xC4: mono.
  const std::string header("\xFF\xF3\x60\xC4", 4);
  auto parsed = parse_mp3_frame_header(header);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->version, 2);
  EXPECT_EQ(parsed->bitrate_kbps, 48);
  EXPECT_EQ(parsed->sample_rate, 22050);
  EXPECT_EQ(parsed->channels, 1);
  EXPECT_EQ(parsed->samples, 576);
  EXPECT_EQ(parsed->length, 156U);  // 72 * 48000 / 22050
}

TEST_F(Mp3FramesTest, RejectsWhatIsNotALayerIIIFrame) {
  EXPECT_FALSE(parse_mp3_frame_header(std::string("\xFF\xF3\xF4\xC4", 4)));  // bitrate index 15
  EXPECT_FALSE(parse_mp3_frame_header(std::string("\xFF\xF3\x6C\xC4", 4)));  // sample rate index 3
  EXPECT_FALSE(parse_mp3_frame_header(std::string("\xFF\xFD\x64\xC4", 4)));  // Layer I
  EXPECT_FALSE(parse_mp3_frame_header(std::string("ID3\x04", 4)));
  EXPECT_FALSE(parse_mp3_frame_header(std::string("\xFF", 1)));
}

TEST_F(Mp3FramesTest, SplitsARealFileIntoFramesCoveringItsDuration) {
  const auto file = test::file_bytes(mp3_);
  auto frames = split_mp3_frames(file);
  ASSERT_GT(frames.size(), 100U);
  std::int64_t total_us = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    EXPECT_EQ(frames[i].offset, frames[i - 1].offset + frames[i - 1].length);
  }
  for (const auto& frame : frames) total_us += frame.duration_us;
  EXPECT_NEAR(static_cast<double>(total_us) / 1e6, 3.0, 0.1);
  EXPECT_GT(frames.front().offset, 0U) << "the ID3v2 tag and the Info frame are skipped";
}

TEST_F(Mp3FramesTest, FramesOfTwoFilesSpliceIntoOneDecodableStream) {
  const auto file = test::file_bytes(mp3_);
  std::string spliced;
  for (int copy = 0; copy < 2; ++copy) {
    for (const auto& frame : split_mp3_frames(file)) spliced.append(file, frame.offset, frame.length);
  }
  const auto out = dir_ / "spliced.mp3";
  std::ofstream(out, std::ios::binary) << spliced;
  auto command = "ffmpeg -v error -xerror -i " + out.string() + " -f null - 2>" + (dir_ / "errors.txt").string();
  EXPECT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(test::file_bytes(dir_ / "errors.txt"), "");
}

}  // namespace
}  // namespace ether::stream
