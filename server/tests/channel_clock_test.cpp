#include "stream/channel_clock.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/test_paths.hpp"

namespace ether::stream {
namespace {

constexpr std::int64_t t0 = 1'795'258'800'000;

class ChannelClockTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("channel_clock-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_ / "songs");
    for (auto [name, frequency] : {std::pair{"a", 440}, std::pair{"b", 660}}) {
      auto command = "ffmpeg -v error -y -f lavfi -i sine=frequency=" + std::to_string(frequency) +
                     ":duration=3 -ar 22050 -ac 1 -c:a libmp3lame -b:a 48k " +
                     (dir_ / "songs" / (std::string(name) + ".mp3")).string();
      ASSERT_EQ(std::system(command.c_str()), 0);
    }
    schedule_ = [](std::int64_t at) -> std::optional<ScheduledAudio> {
      if (at >= t0 && at < t0 + 3000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 3000, "Artiest - A"};
      if (at >= t0 + 3000 && at < t0 + 6000) return ScheduledAudio{"songs/b.mp3", t0 + 3000, t0 + 6000, "Artiest - B"};
      return std::nullopt;
    };
  }

  std::string stream_bytes(const BroadcastRing& ring) {
    std::string all;
    for (const auto& chunk : ring.read_from(0, 100000).chunks) all += chunk->bytes;
    return all;
  }

  double decoded_seconds(const std::string& bytes) {
    auto file = dir_ / "out.mp3";
    std::ofstream(file, std::ios::binary) << bytes;
    auto command = "ffprobe -v error -show_entries format=duration -of csv=p=0 " + file.string() + " > " +
                   (dir_ / "duration.txt").string() + " && ffmpeg -v error -xerror -i " + file.string() +
                   " -f null - 2> " + (dir_ / "errors.txt").string();
    EXPECT_EQ(std::system(command.c_str()), 0);
    std::ifstream errors(dir_ / "errors.txt");
    std::stringstream text;
    text << errors.rdbuf();
    EXPECT_EQ(text.str(), "");
    double seconds = 0;
    std::ifstream(dir_ / "duration.txt") >> seconds;
    return seconds;
  }

  std::filesystem::path dir_;
  ScheduleLookup schedule_;
};

TEST_F(ChannelClockTest, FileCacheKeepsAFileOnlyWhileItPlays) {
  FramedFileCache files(dir_.string());
  EXPECT_EQ(files.bitrate_kbps(), 0);
  auto playing = files.get("songs/a.mp3");
  ASSERT_NE(playing, nullptr);
  EXPECT_FALSE(playing->frames.empty());
  EXPECT_EQ(playing->bytes.size(), std::filesystem::file_size(dir_ / "songs" / "a.mp3"));
  EXPECT_EQ(files.get("songs/a.mp3"), playing) << "two clocks playing a file share one copy";
  const std::weak_ptr<const FramedFile> watched = playing;
  playing.reset();
  EXPECT_TRUE(watched.expired()) << "a file nobody plays is not kept";
  auto again = files.get("songs/a.mp3");
  ASSERT_NE(again, nullptr) << "read again when it plays again";
  EXPECT_EQ(again->frames.size(), files.get("songs/a.mp3")->frames.size());
  EXPECT_EQ(files.bitrate_kbps(), 48);
  EXPECT_EQ(files.get("songs/missing.mp3"), nullptr);
}

TEST_F(ChannelClockTest, ClockReleasesTheFileOfAnEndedSegment) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(schedule_, files, ring);
  clock.advance_to(t0 + 1000, 100);
  std::weak_ptr<const FramedFile> first = files.get("songs/a.mp3");
  EXPECT_FALSE(first.expired()) << "the clock plays it";
  for (std::int64_t now = t0 + 1100; now <= t0 + 4000; now += 100) clock.advance_to(now, 100);
  EXPECT_TRUE(first.expired()) << "the clock moved on to the next song";
}

TEST_F(ChannelClockTest, ProducesRealTimeAudioFollowingTheSchedule) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(schedule_, files, ring);
  for (std::int64_t now = t0 + 100; now <= t0 + 6000; now += 100) clock.advance_to(now, 100);
  EXPECT_GE(clock.produced_until_ms(), t0 + 6000);
  const auto chunks = ring.read_from(0, 100000).chunks;
  ASSERT_FALSE(chunks.empty());
  std::size_t a_bytes = 0;
  std::size_t b_bytes = 0;
  bool seen_b = false;
  for (const auto& chunk : chunks) {
    if (chunk->title == "Artiest - A") {
      EXPECT_FALSE(seen_b) << "the title changes once, from A to B";
      a_bytes += chunk->bytes.size();
    } else {
      EXPECT_EQ(chunk->title, "Artiest - B");
      seen_b = true;
      b_bytes += chunk->bytes.size();
    }
  }
  // 48 kbit/s is 6000 bytes a second: each song had its three seconds, within a frame or two.
  EXPECT_NEAR(static_cast<double>(a_bytes), 18000.0, 400.0);
  EXPECT_NEAR(static_cast<double>(b_bytes), 18000.0, 400.0);
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 6.0, 0.1);
}

TEST_F(ChannelClockTest, NeverRunsAheadOfTheWallClock) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(schedule_, files, ring);
  clock.advance_to(t0 + 1000, 0);
  clock.advance_to(t0 + 2000, 0);
  EXPECT_GE(clock.produced_until_ms(), t0 + 2000);
  EXPECT_LT(clock.produced_until_ms(), t0 + 2000 + 30);
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 1.0, 0.1) << "joined at t0 + 1 s, so one second of audio";
}

TEST_F(ChannelClockTest, FirstAdvanceProducesTheBacklogForBurstOnConnect) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(schedule_, files, ring);
  clock.advance_to(t0 + 2500, 2000);
  EXPECT_NEAR(static_cast<double>(ring.head()), 12000.0, 300.0);
}

TEST_F(ChannelClockTest, WaitsThroughGapsWithoutInventingAudio) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(schedule_, files, ring);
  clock.advance_to(t0 + 20000, 0);
  EXPECT_EQ(ring.head(), 0U);
  clock.advance_to(t0 + 26000, 0);
  EXPECT_EQ(clock.produced_until_ms(), t0 + 26000) << "after a long gap the clock rejoins the wall clock";
}

TEST_F(ChannelClockTest, WaitsForAPlayRecordedLateAndContinuesSeamlessly) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  bool second_recorded = false;
  ChannelClock clock(
      [&](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (at >= t0 && at < t0 + 3000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 3000, "Artiest - A"};
        if (second_recorded && at >= t0 + 3000 && at < t0 + 6000) {
          return ScheduledAudio{"songs/b.mp3", t0 + 3000, t0 + 6000, "Artiest - B"};
        }
        return std::nullopt;
      },
      files, ring);
  clock.advance_to(t0 + 100, 100);
  clock.advance_to(t0 + 3500, 0);
  const auto before = ring.head();
  second_recorded = true;
  clock.advance_to(t0 + 4000, 0);
  EXPECT_NEAR(static_cast<double>(ring.head() - before), 6000.0, 300.0) << "one second of B, from its start";
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 4.0, 0.1);
}

TEST_F(ChannelClockTest, MissingFileIsAnErrorNotACrash) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(
      [](std::int64_t at) -> std::optional<ScheduledAudio> {
        return ScheduledAudio{"songs/missing.mp3", at, at + 1000, "x"};
      },
      files, ring);
  clock.advance_to(t0 + 1000, 0);
  EXPECT_EQ(ring.head(), 0U);
}

}  // namespace
}  // namespace ether::stream
