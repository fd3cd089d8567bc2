#include "stream/channel_clock.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <map>
#include <utility>
#include <vector>

#include "support/file_bytes.hpp"
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
    EXPECT_EQ(test::file_bytes(dir_ / "errors.txt"), "");
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

TEST_F(ChannelClockTest, WaitsThroughAShortGapThenSendsSilence) {
  FramedFileCache files(dir_.string());
  BroadcastRing ring(1 << 20);
  ChannelClock clock(schedule_, files, ring);
  clock.advance_to(t0 + 20000, 0);
  clock.advance_to(t0 + 24000, 0);
  EXPECT_EQ(ring.head(), 0U) << "the playout may record the next play a moment late";
  clock.advance_to(t0 + 26000, 0);
  EXPECT_GE(clock.produced_until_ms(), t0 + 26000) << "after a long gap, silence up to the wall clock";
  EXPECT_LT(clock.produced_until_ms(), t0 + 26000 + 30);
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 6.0, 0.1);
}

TEST_F(ChannelClockTest, AScheduledFileThatCannotBePlayedIsSilenceInTheChannelsFormatAtOnce) {
  std::ofstream(dir_ / "songs" / "noise.mp3", std::ios::binary) << std::string(20000, '\x5A');
  BroadcastRing ring(1 << 20);
  FramedFileCache files(dir_.string());
  ChannelClock clock(
      [](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (at < t0 + 3000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 3000, "Artiest - A"};
        if (at < t0 + 6000) return ScheduledAudio{"songs/missing.mp3", t0 + 3000, t0 + 6000, "Kapot - Weg"};
        if (at < t0 + 9000) return ScheduledAudio{"songs/noise.mp3", t0 + 6000, t0 + 9000, "Kapot - Ruis"};
        return ScheduledAudio{"songs/b.mp3", t0 + 9000, t0 + 12000, "Artiest - B"};
      },
      files, ring);
  for (std::int64_t now = t0 + 100; now <= t0 + 11000; now += 100) {
    clock.advance_to(now, 100);
    EXPECT_GE(clock.produced_until_ms(), now - 100) << "never waits for a broken file";
  }
  std::map<std::string, std::size_t> bytes_by_title;
  for (const auto& chunk : ring.read_from(0, 100000).chunks) bytes_by_title[chunk->title] += chunk->bytes.size();
  EXPECT_FALSE(bytes_by_title.contains("Kapot - Weg")) << "a skipped file is never named";
  EXPECT_FALSE(bytes_by_title.contains("Kapot - Ruis"));
  // 48 kbit/s: six seconds of silence in A's format, then B.
  EXPECT_NEAR(static_cast<double>(bytes_by_title[""]), 36000.0, 600.0);
  EXPECT_NEAR(static_cast<double>(bytes_by_title["Artiest - B"]), 12000.0, 600.0);
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 11.0, 0.15) << "one decodable stream, in one format";
  EXPECT_EQ(files.broken_files().size(), 2U);
}

TEST_F(ChannelClockTest, AFileThatEndsBeforeItsSlotIsFollowedBySilence) {
  BroadcastRing ring(1 << 20);
  FramedFileCache files(dir_.string());
  ChannelClock clock(
      [](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (at < t0 + 5000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 5000, "Artiest - A"};
        return std::nullopt;
      },
      files, ring);
  for (std::int64_t now = t0 + 100; now <= t0 + 5000; now += 100) clock.advance_to(now, 100);
  EXPECT_GE(clock.produced_until_ms(), t0 + 5000);
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 5.0, 0.1);
}

// Issue 47: the clock reads the next play's file while the current one plays, so a file that
// breaks after that plays whole from memory when its turn comes.
TEST_F(ChannelClockTest, AFileThatBreaksAfterItWasReadAheadStillPlaysWhole) {
  std::filesystem::copy_file(dir_ / "songs" / "b.mp3", dir_ / "songs" / "c.mp3",
                             std::filesystem::copy_options::overwrite_existing);
  BroadcastRing ring(1 << 20);
  FramedFileCache files(dir_.string());
  ChannelClock clock(
      [](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (at < t0 + 3000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 3000, "Artiest - A"};
        return ScheduledAudio{"songs/c.mp3", t0 + 3000, t0 + 6000, "Artiest - C"};
      },
      files, ring);
  clock.advance_to(t0 + 1000, 1000);
  // Replaced under the running channel by something that is no MP3.
  std::ofstream(dir_ / "songs" / "c.mp3", std::ios::binary | std::ios::trunc) << std::string(20000, '\x5A');
  for (std::int64_t now = t0 + 1100; now <= t0 + 6000; now += 100) clock.advance_to(now, 100);
  std::map<std::string, std::size_t> bytes_by_title;
  for (const auto& chunk : ring.read_from(0, 100000).chunks) bytes_by_title[chunk->title] += chunk->bytes.size();
  EXPECT_NEAR(static_cast<double>(bytes_by_title["Artiest - C"]), 18000.0, 400.0) << "its three seconds";
  EXPECT_FALSE(bytes_by_title.contains("")) << "no silence";
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 6.0, 0.1);
}

// A broken file is told to the playout before its turn (read ahead), once, and the play the
// playout puts in its place follows the current one without a frame of silence; one that fails
// at its turn (nothing could read it ahead) is silence at once, until the play in its place.
TEST_F(ChannelClockTest, ABrokenFileIsToldBeforeItsTurnOnceAndWhatReplacesItFollowsSeamlessly) {
  std::ofstream(dir_ / "songs" / "noise.mp3", std::ios::binary) << std::string(20000, '\x5A');
  BroadcastRing ring(1 << 20);
  FramedFileCache files(dir_.string());
  bool skipped = false;
  ChannelClock clock(
      [&](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (at < t0 + 3000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 3000, "Artiest - A"};
        if (!skipped) return ScheduledAudio{"songs/noise.mp3", t0 + 3000, t0 + 6000, "Kapot - Ruis"};
        return ScheduledAudio{"songs/b.mp3", t0 + 3000, t0 + 6000, "Artiest - B"};
      },
      files, ring);
  std::vector<std::pair<std::string, std::int64_t>> told;
  clock.set_unplayable_listener([&](const ScheduledAudio& audio, std::int64_t at_ms) {
    told.emplace_back(audio.audio_path, at_ms);
    skipped = true;
  });
  for (std::int64_t now = t0 + 100; now <= t0 + 6000; now += 100) {
    clock.advance_to(now, 100);
    if (now == t0 + 100) {
      ASSERT_EQ(told.size(), 1U) << "told while A plays";
    }
  }
  ASSERT_EQ(told.size(), 1U);
  EXPECT_EQ(told[0], std::make_pair(std::string("songs/noise.mp3"), t0 + 3000));
  std::map<std::string, std::size_t> bytes_by_title;
  for (const auto& chunk : ring.read_from(0, 100000).chunks) bytes_by_title[chunk->title] += chunk->bytes.size();
  EXPECT_FALSE(bytes_by_title.contains("Kapot - Ruis"));
  EXPECT_FALSE(bytes_by_title.contains("")) << "not a frame of silence";
  EXPECT_NEAR(static_cast<double>(bytes_by_title["Artiest - B"]), 18000.0, 400.0);

  // Started in the broken play's slot: silence at once, then the play in its place.
  BroadcastRing late_ring(1 << 20);
  skipped = false;
  told.clear();
  ChannelClock late(
      [&](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (!skipped) return ScheduledAudio{"songs/noise.mp3", t0 + 3000, t0 + 6000, "Kapot - Ruis"};
        // As the playout cuts it: up to the next whole second after it failed.
        if (at < t0 + 4000) return ScheduledAudio{"songs/noise.mp3", t0 + 3000, t0 + 4000, "Kapot - Ruis"};
        return ScheduledAudio{"songs/b.mp3", t0 + 4000, t0 + 7000, "Artiest - B"};
      },
      files, late_ring);
  late.set_unplayable_listener([&](const ScheduledAudio& audio, std::int64_t at_ms) {
    told.emplace_back(audio.audio_path, at_ms);
    skipped = true;
  });
  for (std::int64_t now = t0 + 3500; now <= t0 + 7000; now += 100) {
    late.advance_to(now, 100);
    EXPECT_GE(late.produced_until_ms(), now - 100) << "never waits";
  }
  ASSERT_EQ(told.size(), 1U);
  EXPECT_EQ(told[0], std::make_pair(std::string("songs/noise.mp3"), t0 + 3400));
  bytes_by_title.clear();
  for (const auto& chunk : late_ring.read_from(0, 100000).chunks) bytes_by_title[chunk->title] += chunk->bytes.size();
  EXPECT_TRUE(bytes_by_title.contains("")) << "silence until then";
  EXPECT_FALSE(bytes_by_title.contains("Kapot - Ruis"));
  EXPECT_NEAR(static_cast<double>(bytes_by_title["Artiest - B"]), 18000.0, 400.0) << "B from its start";
}

// Dead air the schedule knows of is silence at once: the clock does not wait for a late play.
TEST_F(ChannelClockTest, KnownDeadAirIsSilenceAtOnce) {
  BroadcastRing ring(1 << 20);
  FramedFileCache files(dir_.string());
  ChannelClock clock(
      [](std::int64_t at) -> std::optional<ScheduledAudio> {
        if (at < t0 + 3000) return ScheduledAudio{"songs/a.mp3", t0, t0 + 3000, "Artiest - A"};
        return ScheduledAudio{
            .audio_path = {}, .starts_at_ms = t0 + 3000, .ends_at_ms = 0, .title = {}, .dead_air = true};
      },
      files, ring);
  for (std::int64_t now = t0 + 100; now <= t0 + 6000; now += 100) {
    clock.advance_to(now, 100);
    EXPECT_GE(clock.produced_until_ms(), now - 100) << "never waits through dead air";
  }
  EXPECT_NEAR(decoded_seconds(stream_bytes(ring)), 6.0, 0.1);
  EXPECT_TRUE(files.broken_files().empty()) << "dead air is no file";
}

TEST_F(ChannelClockTest, ABrokenFileIsReadOnceUntilItChanges) {
  const auto song = dir_ / "songs" / "c.mp3";
  std::ofstream(song, std::ios::binary) << std::string(10000, '\x5A');
  FramedFileCache files(dir_.string());
  EXPECT_EQ(files.get("songs/c.mp3"), nullptr);
  EXPECT_EQ(files.playable_ms("songs/c.mp3", 3000), std::nullopt);
  ASSERT_EQ(files.broken_files().count("songs/c.mp3"), 1U);
  EXPECT_EQ(files.broken_files().at("songs/c.mp3"), "songs/c.mp3 has no MP3 frames");
  std::filesystem::copy_file(dir_ / "songs" / "a.mp3", song, std::filesystem::copy_options::overwrite_existing);
  const auto playable = files.playable_ms("songs/c.mp3", 3000);
  ASSERT_TRUE(playable.has_value()) << "a file that changed is looked at again";
  EXPECT_NEAR(static_cast<double>(*playable), 3000.0, 60.0);
  EXPECT_TRUE(files.broken_files().empty());
  // Truncated: it plays as long as its frames last.
  std::filesystem::resize_file(song, 6000);
  const auto truncated = files.playable_ms("songs/c.mp3", 3000);
  ASSERT_TRUE(truncated.has_value());
  EXPECT_NEAR(static_cast<double>(*truncated), 1000.0, 100.0);
  EXPECT_EQ(files.playable_ms("songs/missing.mp3", 3000), std::nullopt);
  EXPECT_EQ(files.broken_files().at("songs/missing.mp3"), "cannot read songs/missing.mp3 (missing)");
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
