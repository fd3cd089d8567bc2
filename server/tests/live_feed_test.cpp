// The source selector: the stream framer cuts a live MP3 byte stream into frames, and a channel's
// clock plays a live feed's frames instead of the schedule's while it is on air, then returns to
// the playout, in one decodable stream.

#include "stream/live_feed.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>

#include "ingest/mp3_stream_framer.hpp"
#include "ingest/source_relay.hpp"
#include "stream/channel_clock.hpp"
#include "support/file_bytes.hpp"
#include "support/scratch_dir.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {

constexpr std::int64_t t0 = 1'795'258'800'000;

class LiveFeedTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("live_feed-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_ / "songs");
    // The playout's song and the studio's tone, both in the channel's format (22050 Hz mono 32k).
    for (auto [name, frequency] : {std::pair{"song", 440}, std::pair{"tone", 1000}}) {
      auto command = "ffmpeg -v error -y -f lavfi -i sine=frequency=" + std::to_string(frequency) +
                     ":duration=6 -ar 22050 -ac 1 -c:a libmp3lame -b:a 32k " +
                     (dir_ / "songs" / (std::string(name) + ".mp3")).string();
      ASSERT_EQ(std::system(command.c_str()), 0);
    }
  }

  std::string read(const std::string& name) { return test::file_bytes(dir_ / "songs" / name); }

  // What ffmpeg -v error prints while decoding `bytes` (nothing for a clean stream).
  std::string decode_errors(const std::string& bytes) {
    auto file = dir_ / "out.mp3";
    std::ofstream(file, std::ios::binary) << bytes;
    auto command = "ffmpeg -v error -i " + file.string() + " -f null - 2> " + (dir_ / "errors.txt").string();
    EXPECT_EQ(std::system(command.c_str()), 0);
    return test::file_bytes(dir_ / "errors.txt");
  }

  void TearDown() override { test::remove_unless_failed(dir_); }

  std::filesystem::path dir_;
};

TEST_F(LiveFeedTest, FramerCutsAStreamInAnyPiecesLikeTheWholeFile) {
  const auto file = read("tone.mp3");  // ffmpeg wrote an ID3v2 tag and a Xing frame first
  const auto whole = stream::split_mp3_frames(file);
  ASSERT_GT(whole.size(), 200u);
  std::mt19937 random(7);
  ingest::Mp3StreamFramer framer;
  std::vector<ingest::Mp3StreamFrame> frames;
  std::size_t pos = 0;
  while (pos < file.size()) {
    const auto n = std::min<std::size_t>(file.size() - pos, 1 + random() % 700);
    for (auto& frame : framer.push(std::string_view(file).substr(pos, n))) frames.push_back(std::move(frame));
    pos += n;
  }
  for (auto& frame : framer.flush()) frames.push_back(std::move(frame));
  ASSERT_EQ(frames.size(), whole.size());
  for (std::size_t i = 0; i < frames.size(); ++i) {
    ASSERT_EQ(frames[i].bytes, file.substr(whole[i].offset, whole[i].length)) << "frame " << i;
  }
  EXPECT_EQ(frames.front().header.sample_rate, 22050);
  EXPECT_EQ(frames.front().header.bitrate_kbps, 32);
  EXPECT_EQ(frames.front().duration_us(), 26122);
  EXPECT_GT(framer.skipped_bytes(), 0u) << "the tag and the Xing frame are not audio";
}

TEST_F(LiveFeedTest, FramerSkipsJunkBetweenFrames) {
  const auto file = read("tone.mp3");
  const auto whole = stream::split_mp3_frames(file);
  std::string stream = "\xff\xfb junk \xff";
  for (std::size_t i = 0; i < 10; ++i) stream += file.substr(whole[i].offset, whole[i].length);
  ingest::Mp3StreamFramer framer;
  auto frames = framer.push(stream);
  for (auto& frame : framer.flush()) frames.push_back(std::move(frame));
  EXPECT_EQ(frames.size(), 10u);
}

TEST_F(LiveFeedTest, QueueIsBoundedAndOnAirFollowsTheSource) {
  stream::LiveFeed feed(100);
  EXPECT_FALSE(feed.on_air());
  feed.push("ignored", 26000);  // no source open
  EXPECT_FALSE(feed.pop());
  feed.open("Studio");
  EXPECT_FALSE(feed.on_air()) << "on air with the first frame, not before";
  for (int i = 0; i < 10; ++i) feed.push(std::string(1, static_cast<char>('a' + i)), 26000);
  EXPECT_TRUE(feed.on_air());
  EXPECT_EQ(feed.dropped_frames(), 7u) << "three frames (78 ms) fit in 100 ms";
  EXPECT_EQ(feed.pop()->bytes, "h");
  feed.close();
  EXPECT_TRUE(feed.on_air()) << "queued frames still play";
  while (feed.pop()) {
  }
  EXPECT_FALSE(feed.on_air());
  EXPECT_EQ(feed.title(), "Studio");
  feed.mark_on_air_at(4096);
  feed.mark_on_air_at(8192);
  EXPECT_EQ(feed.on_air_at(), 4096u) << "where the source's first chunk went";
  feed.open("Studio");
  EXPECT_FALSE(feed.on_air_at()) << "a new source has not been played yet";
}

TEST(RelayStart, FromWhereTheSourceWentOnAirAtMostABurstBack) {
  // The clock has not played the source yet: its frames will come after the head.
  EXPECT_EQ(ingest::relay_start(std::nullopt, 1000, 9000), 9000u);
  // On air since a moment ago: all of it, so the other instance's listeners hear the beginning.
  EXPECT_EQ(ingest::relay_start(6000, 1000, 9000), 6000u);
  // On air for longer than the burst: the burst's start.
  EXPECT_EQ(ingest::relay_start(500, 1000, 9000), 1000u);
}

TEST_F(LiveFeedTest, ClockSwitchesToTheSourceAndBackOnFrameBoundaries) {
  stream::FramedFileCache files(dir_.string());
  stream::BroadcastRing ring(4 * 1024 * 1024);
  stream::ChannelClock clock(
      [](std::int64_t at) -> std::optional<stream::ScheduledAudio> {
        if (at >= t0 && at < t0 + 6000)
          return stream::ScheduledAudio{"songs/song.mp3", t0, t0 + 6000, "Artiest - Lied"};
        return std::nullopt;
      },
      files, ring);
  auto feed = std::make_shared<stream::LiveFeed>(10000);
  clock.set_live_feed(feed);
  clock.advance_to(t0 + 1500, 1500);

  // The studio connects at 1.5 s and sends 2 s of its tone at once.
  const auto tone = read("tone.mp3");
  ingest::Mp3StreamFramer framer;
  auto frames = framer.push(tone);
  feed->open("Studio Ether");
  std::int64_t sent_us = 0;
  for (auto& frame : frames) {
    if (sent_us >= 2'000'000) break;
    sent_us += frame.duration_us();
    feed->push(std::move(frame.bytes), frame.duration_us());
  }
  clock.advance_to(t0 + 2500);
  EXPECT_TRUE(feed->on_air());
  EXPECT_EQ(ring.current_title(), "Studio Ether");
  // The clock says where the source's first frame went: the start of its first chunk.
  std::optional<std::uint64_t> first_live_chunk;
  for (const auto& chunk : ring.read_from(0, 100000).chunks) {
    if (chunk->title == "Studio Ether") {
      first_live_chunk = chunk->start;
      break;
    }
  }
  ASSERT_TRUE(first_live_chunk);
  EXPECT_EQ(feed->on_air_at(), first_live_chunk);
  feed->close();
  clock.advance_to(t0 + 5000);
  EXPECT_FALSE(feed->on_air());
  EXPECT_EQ(ring.current_title(), "Artiest - Lied");

  std::string all;
  std::vector<std::string> titles;
  for (const auto& chunk : ring.read_from(0, 100000).chunks) {
    all += chunk->bytes;
    if (titles.empty() || titles.back() != chunk->title) titles.push_back(chunk->title);
  }
  EXPECT_EQ(titles, (std::vector<std::string>{"Artiest - Lied", "Studio Ether", "Artiest - Lied"}));
  // Every byte is a whole frame: song frames, the tone's, then the song's again.
  const auto out = stream::split_mp3_frames(all);
  std::size_t covered = 0;
  for (const auto& frame : out) covered += frame.length;
  EXPECT_EQ(covered, all.size());
  EXPECT_NE(all.find(tone.substr(stream::split_mp3_frames(tone)[5].offset, 104)), std::string::npos);
  EXPECT_EQ(decode_errors(all), "");
  EXPECT_NEAR(clock.produced_until_ms(), t0 + 5000, 100);
}

TEST_F(LiveFeedTest, ASourceFollowingAnotherOnAirIsMarkedAtItsOwnFirstChunk) {
  stream::FramedFileCache files(dir_.string());
  stream::BroadcastRing ring(4 * 1024 * 1024);
  stream::ChannelClock clock([](std::int64_t) { return std::optional<stream::ScheduledAudio>(); }, files, ring);
  auto feed = std::make_shared<stream::LiveFeed>(10000);
  clock.set_live_feed(feed);
  ingest::Mp3StreamFramer framer;
  auto frames = framer.push(read("tone.mp3"));
  ASSERT_GT(frames.size(), 100u);
  auto send = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) feed->push(frames[i].bytes, frames[i].duration_us());
  };
  clock.advance_to(t0, 0);
  feed->open("Eerste");
  send(0, 40);
  clock.advance_to(t0 + 500);
  const auto first = feed->on_air_at();
  ASSERT_TRUE(first);
  // The second source opens while the first one's frames still wait: the clock never leaves the
  // live feed, yet the second is marked where its own first chunk went.
  feed->close();
  feed->open("Tweede");
  EXPECT_FALSE(feed->on_air_at());
  send(40, 80);
  clock.advance_to(t0 + 2500);
  const auto second = feed->on_air_at();
  ASSERT_TRUE(second);
  EXPECT_GT(*second, *first);
  bool starts_a_chunk = false;
  for (const auto& chunk : ring.read_from(0, 100000).chunks) starts_a_chunk = starts_a_chunk || chunk->start == *second;
  EXPECT_TRUE(starts_a_chunk);
}

}  // namespace
}  // namespace ether
