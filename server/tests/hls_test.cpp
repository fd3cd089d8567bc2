// Live rewind over HLS: the segment grid at every offset around a segment's and an hour's edge and
// across the daylight-saving change, the playlists' text, the packed-audio timestamp, the hourly
// path token, and the archive and its routes over real hour files (written by the broadcast
// logger from real MP3 frames): the window, bytes identical across requests and a restart, 404
// and 410 outside the window; ffprobe reads a segment's timestamp and ffmpeg plays the playlists.

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "api/hls_api.hpp"
#include "hls/media_playlist.hpp"
#include "hls/packed_audio.hpp"
#include "hls/path_token.hpp"
#include "hls/segment_grid.hpp"
#include "hls/timeshift_archive.hpp"
#include "recording/broadcast_logger.hpp"
#include "recording/hour_files.hpp"
#include "stream/broadcast_ring.hpp"
#include "stream/channel_clock.hpp"
#include "stream/mp3_frames.hpp"
#include "support/file_bytes.hpp"
#include "support/live_store.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether::hls {
namespace {
namespace json = boost::json;

// The demo's live format: MPEG-1 Layer III, 1152 samples at 44.1 kHz, 64 kbit/s.
const recording::FrameFormat kFormat{44100, 1152, 64};

std::string run(const std::string& command) { return test::run_command(command); }

TEST(SegmentGrid, SegmentsStartOnWholeMultiplesOfSixSecondsInUnixTime) {
  EXPECT_EQ(kSegmentSeconds, 6);
  const std::int64_t hour_s = ether::noon;  // 2026-11-21 11:00:00 UTC
  EXPECT_TRUE(is_segment_start(hour_s));
  EXPECT_FALSE(is_segment_start(hour_s + 3));
  // Around a segment's edge and an hour's edge, to the millisecond.
  EXPECT_EQ(segment_containing(hour_s * 1000 - 1), hour_s - 6);
  EXPECT_EQ(segment_containing(hour_s * 1000), hour_s);
  EXPECT_EQ(segment_containing(hour_s * 1000 + 5999), hour_s);
  EXPECT_EQ(segment_containing(hour_s * 1000 + 6000), hour_s + 6);
  EXPECT_EQ(segment_containing(-1), -6);
  EXPECT_EQ(media_sequence(hour_s + 6) - media_sequence(hour_s), 1);
}

TEST(SegmentGrid, AnHoursSegmentsTileItsFileFrameByFrame) {
  const std::int64_t hour_s = ether::noon;
  std::int64_t frames = 0;
  double seconds = 0;
  for (std::int64_t n = 0; n < 600; ++n) {
    const auto span = segment_span(kFormat, hour_s + n * 6);
    ASSERT_EQ(span.hour, hour_s / 3600);
    ASSERT_EQ(span.first_frame, frames) << "segment " << n << " does not start where the previous one ended";
    // Its first frame starts in its nominal span, at most one frame after the nominal start.
    ASSERT_GE(span.first_sample_ms, (hour_s + n * 6) * 1000);
    ASSERT_LT(span.first_sample_ms, (hour_s + n * 6) * 1000 + 27);
    ASSERT_GE(span.end_frame - span.first_frame, 229);
    ASSERT_LE(span.end_frame - span.first_frame, 230);
    frames = span.end_frame;
    seconds += span.duration_seconds;
  }
  // The hour file's frames: those that start before the next hour (137,812.5 frame durations).
  EXPECT_EQ(frames, 137'813);
  EXPECT_EQ(frames, kFormat.frame_at_or_after(3'600'000));
  EXPECT_NEAR(seconds, 3600.0, 0.03);
  // The next hour's first segment starts the next file.
  const auto next = segment_span(kFormat, hour_s + 3600);
  EXPECT_EQ(next.hour, hour_s / 3600 + 1);
  EXPECT_EQ(next.first_frame, 0);
  EXPECT_EQ(next.first_sample_ms, (hour_s + 3600) * 1000);
}

TEST(SegmentGrid, TimestampsFollowTheSamplesAndWrapAt33Bits) {
  const std::int64_t hour_s = ether::noon;
  const auto first = segment_span(kFormat, hour_s);
  const auto second = segment_span(kFormat, hour_s + 6);
  EXPECT_EQ(first.pts_90khz, (hour_s * 90'000) % (std::int64_t{1} << 33));
  EXPECT_EQ(second.pts_90khz - first.pts_90khz, second.first_frame * 1152 * 90'000 / 44'100);
  for (std::int64_t n = 0; n < 1200; ++n) {
    const auto span = segment_span(kFormat, hour_s + n * 6);
    ASSERT_GE(span.pts_90khz, 0);
    ASSERT_LT(span.pts_90khz, std::int64_t{1} << 33);
  }
}

TEST(SegmentGrid, TheDaylightSavingChangeIsOneContinuousUtcTimeline) {
  // 2026-10-25 01:00 UTC: Amsterdam goes from 03:00 summer time back to 02:00; the grid is UTC, so
  // the repeated local hour is two different hour files and no segment is skipped or doubled.
  const std::int64_t change_s = 1'792'890'000;
  ASSERT_EQ(recording::hour_file_stem(change_s / 3600), "2026-10-25T01");
  std::int64_t previous_end = segment_span(kFormat, change_s - 3600).first_sample_ms;
  for (std::int64_t s = change_s - 3600; s < change_s + 3600; s += 6) {
    const auto span = segment_span(kFormat, s);
    ASSERT_GE(span.first_sample_ms, previous_end - 27) << s;
    ASSERT_LE(span.first_sample_ms, previous_end + 1) << s;
    previous_end = span.first_sample_ms + static_cast<std::int64_t>(span.duration_seconds * 1000);
  }
  EXPECT_EQ(segment_span(kFormat, change_s - 6).hour + 1, segment_span(kFormat, change_s).hour);
}

TEST(MediaPlaylist, LiveEventAndVodAsRfc8216Writes) {
  MediaPlaylist playlist;
  const std::int64_t s = ether::noon;
  playlist.segments = {{s, s * 1000, 6.008}, {s + 6, s * 1000 + 6008, 5.982}};
  const auto live = render_media_playlist(playlist);
  EXPECT_EQ(live,
            "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6\n#EXT-X-MEDIA-SEQUENCE:299209800\n"
            "#EXT-X-INDEPENDENT-SEGMENTS\n"
            "#EXT-X-PROGRAM-DATE-TIME:2026-11-21T11:00:00.000Z\n#EXTINF:6.008,\n1795258800.mp3\n"
            "#EXT-X-PROGRAM-DATE-TIME:2026-11-21T11:00:06.008Z\n#EXTINF:5.982,\n1795258806.mp3\n");
  playlist.kind = PlaylistKind::event;
  playlist.segment_prefix = "../";
  const auto event = render_media_playlist(playlist);
  EXPECT_NE(event.find("#EXT-X-PLAYLIST-TYPE:EVENT\n"), std::string::npos);
  EXPECT_NE(event.find("\n../1795258806.mp3\n"), std::string::npos);
  EXPECT_EQ(event.find("#EXT-X-ENDLIST"), std::string::npos);
  playlist.kind = PlaylistKind::vod;
  playlist.start_offset_seconds = 2.5;
  const auto vod = render_media_playlist(playlist);
  EXPECT_NE(vod.find("#EXT-X-PLAYLIST-TYPE:VOD\n"), std::string::npos);
  EXPECT_NE(vod.find("#EXT-X-START:TIME-OFFSET=2.500,PRECISE=YES\n"), std::string::npos);
  EXPECT_TRUE(vod.ends_with("#EXT-X-ENDLIST\n"));
  EXPECT_EQ(program_date_time(1'795'258'800'026), "2026-11-21T11:00:00.026Z");
}

TEST(PackedAudio, TheTimestampPrivFrameOfRfc8216) {
  const auto tag = timestamp_tag((std::int64_t{1} << 33) + 0x1'2345'6789);  // wraps to 33 bits
  ASSERT_EQ(tag.size(), 10U + 10U + 45U + 8U);
  EXPECT_EQ(tag.substr(0, 5), std::string("ID3\x04\x00", 5));
  EXPECT_EQ(tag.substr(6, 4), std::string("\x00\x00\x00\x3F", 4));  // 63 bytes of frames, synchsafe
  EXPECT_EQ(tag.substr(10, 4), "PRIV");
  EXPECT_EQ(tag.substr(20, 45), std::string("com.apple.streaming.transportStreamTimestamp\0", 45));
  EXPECT_EQ(tag.substr(65), std::string("\x00\x00\x00\x01\x23\x45\x67\x89", 8));
}

TEST(PathToken, OneTokenPerChannelAndHourValidForHoursAfter) {
  const PathToken tokens(stream::TokenSigner("test-secret"), 6 * 3600);
  const std::int64_t hour_s = ether::noon;
  const auto token = tokens.issue("radio2", hour_s + 10);
  EXPECT_EQ(tokens.issue("radio2", hour_s + 3599), token) << "every listener of an hour shares it";
  EXPECT_NE(tokens.issue("radio2", hour_s + 3600), token) << "it moves on with the hour";
  EXPECT_EQ(tokens.verify(token, "radio2", hour_s + 3600 + 6 * 3600 - 1), stream::TokenVerdict::valid);
  EXPECT_EQ(tokens.verify(token, "radio2", hour_s + 3600 + 6 * 3600), stream::TokenVerdict::expired);
  EXPECT_EQ(tokens.verify(token, "3fm", hour_s + 10), stream::TokenVerdict::bad_signature);
  auto forged = token;
  forged.replace(0, 10, std::to_string(hour_s + 100 * 3600));  // a later expiry, the same signature
  EXPECT_EQ(tokens.verify(forged, "radio2", hour_s + 10), stream::TokenVerdict::bad_signature);
  EXPECT_EQ(tokens.verify("nonsense", "radio2", hour_s), stream::TokenVerdict::malformed);
  EXPECT_EQ(tokens.verify("x.y", "radio2", hour_s), stream::TokenVerdict::malformed);
  EXPECT_EQ(tokens.live_playlist("radio2", hour_s), "/hls/radio2/" + token + "/live.m3u8");
}

// A signature found right is remembered (every listener of the hour sends the same token), and
// what is remembered changes no verdict: expiry is still judged at each call, and a wrong signature
// of a remembered channel and expiry, or the right one for another channel, is still refused.
TEST(PathToken, ARememberedTokenIsJudgedAsTheFullCheckJudgesIt) {
  const PathToken tokens(stream::TokenSigner("test-secret"), 6 * 3600);
  const std::int64_t hour_s = ether::noon;
  const auto token = tokens.issue("radio2", hour_s + 10);
  const auto expires = std::stoll(token.substr(0, token.find('.')));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(tokens.verify(token, "radio2", hour_s + 20), stream::TokenVerdict::valid);
  EXPECT_EQ(tokens.verify(token, "radio2", expires), stream::TokenVerdict::expired);
  EXPECT_EQ(tokens.verify(token, "radio2", expires - 1), stream::TokenVerdict::valid);
  auto altered = token;
  auto& changed = altered[token.find('.') + 5];
  changed = changed == 'A' ? 'B' : 'A';
  EXPECT_EQ(tokens.verify(altered, "radio2", hour_s + 20), stream::TokenVerdict::bad_signature);
  EXPECT_EQ(tokens.verify(token.substr(0, token.find('.') + 1) + "!!", "radio2", hour_s + 20),
            stream::TokenVerdict::malformed);
  EXPECT_EQ(tokens.verify(token, "3fm", hour_s + 20), stream::TokenVerdict::bad_signature);
  // Many other hours' tokens, each checked once: the first is still judged right afterwards.
  for (int hour = 1; hour <= 100; ++hour) {
    const auto other = tokens.issue("radio2", hour_s + hour * 3600);
    EXPECT_EQ(tokens.verify(other, "radio2", hour_s + hour * 3600), stream::TokenVerdict::valid);
  }
  EXPECT_EQ(tokens.verify(token, "radio2", hour_s + 20), stream::TokenVerdict::valid);
  EXPECT_EQ(tokens.verify(altered, "radio2", hour_s + 20), stream::TokenVerdict::bad_signature);
}

// Real hour files: what the live origin sent on radio2 from 10:58 to 11:02 UTC (a 440 Hz tone in
// 3-second songs), through the broadcast logger.
class HlsArchiveTest : public testing::Test {
 protected:
  static constexpr std::int64_t kHour = ether::noon;

  void SetUp() override {
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("hls-archive-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "media" / "songs");
    ASSERT_EQ(std::system(("ffmpeg -v error -y -f lavfi -i sine=frequency=440:duration=3 -ar 44100 -ac 2 -c:a "
                           "libmp3lame -b:a 64k " +
                           (dir_ / "media" / "songs" / "a.mp3").string())
                              .c_str()),
              0);
    record(kHour - 120, kHour + 120);
    db_ = open_test_store("hls");
    seed_live_store(*db_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  void record(std::int64_t from_s, std::int64_t until_s) {
    const stream::ChannelSchedule schedule = [](const std::string&, std::int64_t at) {
      const auto start = at - ((at % 3000) + 3000) % 3000;
      return std::optional<stream::ScheduledAudio>(stream::ScheduledAudio{"songs/a.mp3", start, start + 3000, "A"});
    };
    recording::BroadcastLogger logger({dir_ / "recordings", 400, 0}, {"radio2"}, schedule, (dir_ / "media").string());
    stream::FramedFileCache files((dir_ / "media").string());
    stream::BroadcastRing ring(1 << 20);
    stream::ChannelClock clock([&](std::int64_t at) { return schedule("radio2", at); }, files, ring);
    clock.set_chunk_sink(
        [&](std::int64_t start, std::string_view bytes) { logger.write_chunk("radio2", start, bytes); });
    clock.advance_to(until_s * 1000, (until_s - from_s) * 1000);
    logger.close_files();
  }

  TimeshiftArchive archive(std::int64_t window_hours = 24) const {
    return TimeshiftArchive(ArchiveOptions{.root = dir_ / "recordings", .window_hours = window_hours});
  }

  std::filesystem::path dir_;
  std::unique_ptr<store::Database> db_;
};

TEST_F(HlsArchiveTest, TheWindowRunsFromTheFirstRecordedSegmentToTheLastWholeOne) {
  const auto library = archive();
  // Two minutes after the hour, the logger has written up to 11:02:00: 20 segments of the hour.
  const auto window = library.window("radio2", (kHour + 125) * 1000);
  ASSERT_TRUE(window.has_value());
  EXPECT_EQ(window->edge_s, kHour + 120);
  EXPECT_EQ(window->start_s, kHour - 3600) << "the previous hour's file (silence, then 10:58 on)";
  EXPECT_EQ(window->format.bitrate_kbps, 64);
  // The oldest recording holds that start while the clock moves on.
  EXPECT_FALSE(window->start_moves);
  // With a one-hour window, it starts an hour before now, on the grid, and moves on with the clock.
  const auto short_window = archive(1).window("radio2", (kHour + 125) * 1000);
  ASSERT_TRUE(short_window.has_value());
  EXPECT_EQ(short_window->start_s, kHour - 3600 + 120);
  EXPECT_TRUE(short_window->start_moves);
  // Reaching back for a programme that began earlier widens it, and holds it there.
  const auto reaching = archive(1).window("radio2", (kHour + 125) * 1000, kHour - 3590);
  EXPECT_EQ(reaching->start_s, kHour - 3594);
  EXPECT_FALSE(reaching->start_moves);
  EXPECT_FALSE(library.window("3fm", (kHour + 125) * 1000).has_value()) << "nothing recorded";
  EXPECT_FALSE(library.window("../radio2", (kHour + 125) * 1000).has_value());
  // The live playlist's entries: whole segments up to the edge, none beyond.
  const auto entries = TimeshiftArchive::entries(*window, kHour + 60, kHour + 10'000);
  ASSERT_EQ(entries.size(), 10U);
  EXPECT_EQ(entries.front().start_s, kHour + 60);
  EXPECT_EQ(entries.back().start_s, kHour + 114);
}

TEST_F(HlsArchiveTest, AnHoursSegmentsAreItsFileCutOnFramesBehindTheirTimestamps) {
  const auto library = archive();
  const auto window = *library.window("radio2", (kHour + 300) * 1000);
  // The closed hour 10: its 600 segments, without their tags, are its file byte for byte.
  std::string joined;
  for (std::int64_t n = 0; n < 600; ++n) {
    const auto start = kHour - 3600 + n * 6;
    const auto segment = library.segment("radio2", window, start);
    ASSERT_NE(segment, nullptr) << n;
    ASSERT_TRUE(segment->whole) << n;
    const auto tag = timestamp_tag(segment_span(kFormat, start).pts_90khz);
    ASSERT_EQ(segment->bytes.substr(0, tag.size()), tag) << n;
    const auto audio = segment->bytes.substr(tag.size());
    ASSERT_TRUE(recording::frame_format(audio).has_value()) << "segment " << n << " starts on a frame";
    const auto span = segment_span(kFormat, start);
    const auto frames = static_cast<std::int64_t>(stream::split_mp3_frames(audio).size());
    ASSERT_GE(frames, span.end_frame - span.first_frame - (n == 599 ? 1 : 0)) << n;
    ASSERT_LE(frames, span.end_frame - span.first_frame) << "its timestamp counts the frames before it: " << n;
    joined += audio;
  }
  const std::string whole =
      test::file_bytes(recording::hour_file_path(dir_ / "recordings", "radio2", kHour / 3600 - 1));
  EXPECT_TRUE(joined == whole) << joined.size() << " bytes joined, the file has " << whole.size();
  // The same bytes again, from memory and from a new archive (a restart, another instance).
  const auto segment = library.segment("radio2", window, kHour + 6);
  EXPECT_EQ(library.cached("radio2", kHour + 6), segment);
  EXPECT_TRUE(archive().segment("radio2", window, kHour + 6)->bytes == segment->bytes);
  // Past the edge, before the window or off the grid: none.
  const auto live = *library.window("radio2", (kHour + 125) * 1000);
  EXPECT_EQ(live.edge_s, kHour + 120);
  EXPECT_EQ(library.segment("radio2", live, kHour + 120), nullptr);
  EXPECT_EQ(library.segment("radio2", live, kHour - 3606), nullptr);
  EXPECT_EQ(library.segment("radio2", live, kHour + 3), nullptr);
}

TEST_F(HlsArchiveTest, ffprobeReadsTheTimestampAndDecodesTheSegment) {
  const auto library = archive();
  const auto window = *library.window("radio2", (kHour + 125) * 1000);
  const auto path = dir_ / "segment.mp3";
  std::ofstream(path, std::ios::binary) << library.segment("radio2", window, kHour + 12)->bytes;
  // ffmpeg's HLS demuxer places packed audio by its ID3 timestamp (RFC 8216 §3.4).
  std::ofstream(dir_ / "one.m3u8") << "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.008,\n"
                                      "segment.mp3\n#EXT-X-ENDLIST\n";
  const auto start = run("ffprobe -v error -show_entries packet=pts_time -read_intervals %+#1 -of csv=p=0 " +
                         (dir_ / "one.m3u8").string());
  const double expected = static_cast<double>(segment_span(kFormat, kHour + 12).pts_90khz) / 90'000.0;
  EXPECT_NEAR(std::atof(start.c_str()), expected, 0.03) << start;
  EXPECT_GT(expected, 1000.0) << "a timestamp that could not be mistaken for none";
  EXPECT_EQ(run("ffmpeg -v error -xerror -i " + path.string() + " -f null - 2>&1; echo rc=$?"), "rc=0\n");
}

TEST_F(HlsArchiveTest, AClosedHourThatTheRecorderMissedIsPlayedAsSilenceNotCachedForever) {
  const auto library = archive();
  // Hour 10's file lost its last 20 minutes (the recorder was away): at 11:05 that hour is closed.
  std::filesystem::resize_file(recording::hour_file_path(dir_ / "recordings", "radio2", kHour / 3600 - 1),
                               40 * 60 * 8000);
  const auto window = *library.window("radio2", (kHour + 300) * 1000);
  EXPECT_EQ(window.start_s, kHour - 3600);
  const auto segment = library.segment("radio2", window, kHour - 600);
  ASSERT_NE(segment, nullptr);
  EXPECT_FALSE(segment->whole);
  EXPECT_EQ(library.cached("radio2", kHour - 600), nullptr);
  const auto path = dir_ / "gap.mp3";
  std::ofstream(path, std::ios::binary) << segment->bytes;
  EXPECT_EQ(run("ffmpeg -v error -xerror -i " + path.string() + " -f null - 2>&1; echo rc=$?"), "rc=0\n");
  const auto volume = run("ffmpeg -v info -i " + path.string() + " -af volumedetect -f null - 2>&1 | grep max_volume");
  EXPECT_NE(volume.find("-91"), std::string::npos) << "digital silence: " << volume;
}

class HlsApiTest : public HlsArchiveTest {
 protected:
  void SetUp() override {
    HlsArchiveTest::SetUp();
    archive_ = std::make_unique<TimeshiftArchive>(ArchiveOptions{.root = dir_ / "recordings"});
    api_ = std::make_unique<api::HlsApi>(*db_, *archive_, tokens_, api::HlsApiOptions{}, [this] { return now_ms_; });
    api_->add_routes(router_);
  }
  http::Response get(const std::string& target, const std::string& if_none_match = {}) {
    http::Request request;
    request.method = "GET";
    EXPECT_TRUE(http::parse_target(target, request));
    if (!if_none_match.empty()) request.headers["If-None-Match"] = if_none_match;
    return router_.dispatch(request);
  }
  json::object timeshift() {
    const auto response = get("/api/player/radio2/timeshift");
    EXPECT_EQ(response.status, 200U) << response.payload();
    return json::parse(response.payload()).as_object();
  }

  std::int64_t now_ms_ = (kHour + 125) * 1000;
  PathToken tokens_{stream::TokenSigner("test-secret"), 6 * 3600};
  std::unique_ptr<TimeshiftArchive> archive_;
  std::unique_ptr<api::HlsApi> api_;
  http::Router router_;
};

TEST_F(HlsApiTest, TheTimeshiftAnswerNamesTheWindowItsHoursAndItsProgrammes) {
  const auto answer = timeshift();
  EXPECT_EQ(answer.at("fromMs").as_int64(), (kHour - 3600) * 1000);
  // Held by the oldest hour file, not by the 24 hours: a player must not move it on with its clock.
  EXPECT_EQ(answer.at("fromMoves"), false);
  EXPECT_EQ(answer.at("untilMs").as_int64(), (kHour + 120) * 1000);
  EXPECT_EQ(answer.at("from"), "2026-11-21 11:00:00");  // §9's API format, Amsterdam time
  EXPECT_EQ(answer.at("until"), "2026-11-21 12:02:00");
  EXPECT_EQ(answer.at("segmentSeconds"), 6);
  const std::string live(answer.at("livePlaylist").as_string());
  EXPECT_EQ(live, tokens_.live_playlist("radio2", kHour + 125));
  const auto& hours = answer.at("hours").as_array();
  ASSERT_EQ(hours.size(), 2U);
  EXPECT_TRUE(hours[0].at("url").as_string().ends_with("/hour/2026-11-21T10.m3u8"));
  EXPECT_EQ(hours[1].at("untilMs").as_int64(), (kHour + 120) * 1000);
  // The seeded broadcast on air from 10:00 to 12:00 UTC, clipped to the window.
  const auto& programmes = answer.at("programmes").as_array();
  ASSERT_FALSE(programmes.empty());
  const auto& current = programmes.back().as_object();
  EXPECT_EQ(current.at("startsAtMs").as_int64(), (kHour - 3600) * 1000);
  EXPECT_FALSE(current.at("name").as_string().empty());
  EXPECT_TRUE(current.at("url").as_string().ends_with("/programme/" + std::to_string(kHour - 3600) + "-" +
                                                      std::to_string(kHour + 3600) + ".m3u8"));
  EXPECT_EQ(get("/api/player/3fm/timeshift").status, 404U);
  EXPECT_EQ(get("/api/player/Radio%202/timeshift").status, 400U);
}

TEST_F(HlsApiTest, AnHourWithoutARecordingIsLeftOutOfTheWindowsHours) {
  // Ten minutes recorded three hours back, then nothing until 10:58: the hour in between has no file.
  record(kHour - 3 * 3600, kHour - 3 * 3600 + 600);
  const auto answer = timeshift();
  EXPECT_EQ(answer.at("fromMs").as_int64(), (kHour - 3 * 3600) * 1000);
  std::vector<std::string> stems;
  for (const auto& hour : answer.at("hours").as_array()) {
    const std::string url(hour.at("url").as_string());
    stems.push_back(url.substr(url.rfind('/') + 1));
  }
  EXPECT_EQ(stems, (std::vector<std::string>{"2026-11-21T08.m3u8", "2026-11-21T10.m3u8", "2026-11-21T11.m3u8"}));
  // What Gedraaid's page is told (set_rewind_spans): the same spans as the answer's hours.
  std::vector<std::pair<std::int64_t, std::int64_t>> hours;
  for (const auto& hour : answer.at("hours").as_array()) {
    hours.emplace_back(hour.at("fromMs").as_int64() / 1000, hour.at("untilMs").as_int64() / 1000);
  }
  EXPECT_EQ(api_->recorded_spans("radio2"),
            (std::vector<std::pair<std::int64_t, std::int64_t>>{
                {kHour - 3 * 3600, kHour - 2 * 3600}, {kHour - 3600, kHour}, {kHour, kHour + 120}}));
  EXPECT_EQ(api_->recorded_spans("radio2"), hours);
  EXPECT_TRUE(api_->recorded_spans("3fm").empty());
  EXPECT_TRUE(api_->recorded_spans("Radio 2").empty());
}

TEST_F(HlsApiTest, TheLivePlaylistSlidesIsShortLivedAndRevalidates) {
  const std::string live(timeshift().at("livePlaylist").as_string());
  auto response = get(live);
  ASSERT_EQ(response.status, 200U) << response.payload();
  EXPECT_EQ(response.header("Content-Type"), "application/vnd.apple.mpegurl");
  EXPECT_EQ(response.header("Cache-Control"), "public, max-age=2");
  const std::string text(response.payload());
  EXPECT_EQ(text.find("#EXT-X-PLAYLIST-TYPE"), std::string::npos);
  EXPECT_EQ(text.find("#EXT-X-ENDLIST"), std::string::npos);
  // 15 minutes back from the edge, where the recording reaches that far: from 10:58 to 11:02.
  // 15 minutes back from the edge (the logger filled hour 10 with silence up to 10:58).
  EXPECT_NE(text.find("#EXT-X-MEDIA-SEQUENCE:" + std::to_string((kHour + 120 - 900) / 6) + "\n"), std::string::npos);
  EXPECT_TRUE(text.ends_with("\n" + std::to_string(kHour + 114) + ".mp3\n")) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n') - 5, 150 * 3) << "150 segments of 3 lines";
  EXPECT_EQ(get(live, std::string(response.header("ETag"))).status, 304U);
  // Seconds later the logger has written more: the playlist moves on.
  record(kHour + 120, kHour + 140);
  now_ms_ = (kHour + 145) * 1000;
  const std::string later(get(live).payload());
  EXPECT_TRUE(later.ends_with("\n" + std::to_string(kHour + 132) + ".mp3\n")) << later;
}

TEST_F(HlsApiTest, HourAndProgrammePlaylistsGrowWhileTheyRunAndCloseWhenOver) {
  const auto answer = timeshift();
  const std::string earlier(answer.at("hours").as_array()[0].at("url").as_string());
  const std::string current(answer.at("hours").as_array()[1].at("url").as_string());
  const auto closed = get(earlier);
  ASSERT_EQ(closed.status, 200U);
  const std::string closed_text(closed.payload());
  EXPECT_NE(closed_text.find("#EXT-X-PLAYLIST-TYPE:VOD"), std::string::npos);
  EXPECT_TRUE(closed_text.ends_with("#EXT-X-ENDLIST\n"));
  EXPECT_EQ(std::count(closed_text.begin(), closed_text.end(), '#') - 7, 600 * 2) << "every segment of the hour";
  const auto running = get(current);
  const std::string running_text(running.payload());
  EXPECT_NE(running_text.find("#EXT-X-PLAYLIST-TYPE:EVENT"), std::string::npos);
  EXPECT_EQ(running_text.find("#EXT-X-ENDLIST"), std::string::npos);
  EXPECT_NE(running_text.find("\n../" + std::to_string(kHour) + ".mp3\n"), std::string::npos);
  EXPECT_EQ(running.header("Cache-Control"), "public, max-age=2");
  // A programme that starts inside a segment starts precisely there.
  const auto base = current.substr(0, current.find("/hour/"));
  const auto programme =
      get(base + "/programme/" + std::to_string(kHour + 8) + "-" + std::to_string(kHour + 60) + ".m3u8");
  ASSERT_EQ(programme.status, 200U);
  const std::string programme_text(programme.payload());
  const auto first_sample_ms = segment_span(kFormat, kHour + 6).first_sample_ms;
  std::array<char, 64> offset{};
  std::snprintf(offset.data(), offset.size(), "#EXT-X-START:TIME-OFFSET=%.3f,PRECISE=YES",
                static_cast<double>((kHour + 8) * 1000 - first_sample_ms) / 1000.0);
  EXPECT_NE(programme_text.find(offset.data()), std::string::npos) << programme_text;
  EXPECT_NE(programme_text.find("#EXT-X-PLAYLIST-TYPE:VOD"), std::string::npos);
  EXPECT_NE(programme_text.find("\n../" + std::to_string(kHour + 6) + ".mp3\n"), std::string::npos);
  EXPECT_EQ(programme_text.find("\n../" + std::to_string(kHour + 60) + ".mp3\n"), std::string::npos);
  // A programme still on air starts at its beginning, not at the playlist's live end.
  const std::string running_programme(
      get(base + "/programme/" + std::to_string(kHour) + "-" + std::to_string(kHour + 3600) + ".m3u8").payload());
  EXPECT_NE(running_programme.find("#EXT-X-PLAYLIST-TYPE:EVENT\n"), std::string::npos);
  EXPECT_NE(running_programme.find("#EXT-X-START:TIME-OFFSET=0.000,PRECISE=YES\n"), std::string::npos);
  EXPECT_EQ(get(base + "/hour/2026-11-21T12.m3u8").status, 404U) << "not begun";
  EXPECT_EQ(get(base + "/hour/2026-11-20T10.m3u8").status, 410U) << "left the window";
  EXPECT_EQ(get(base + "/hour/nonsense.m3u8").status, 404U);
  EXPECT_EQ(get(base + "/programme/9-3.m3u8").status, 404U);
}

TEST_F(HlsApiTest, SegmentsAreImmutableForEveryoneAndGoneOutsideTheWindow) {
  const std::string live(timeshift().at("livePlaylist").as_string());
  const auto dir = live.substr(0, live.rfind('/') + 1);
  const auto first = get(dir + std::to_string(kHour) + ".mp3");
  ASSERT_EQ(first.status, 200U) << first.payload();
  EXPECT_EQ(first.header("Content-Type"), "audio/mpeg");
  EXPECT_EQ(first.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_TRUE(get(dir + std::to_string(kHour) + ".mp3").payload() == first.payload());
  EXPECT_EQ(get(dir + std::to_string(kHour + 120) + ".mp3").status, 404U) << "not yet whole";
  EXPECT_EQ(get(dir + std::to_string(kHour + 3) + ".mp3").status, 404U) << "off the grid";
  EXPECT_EQ(get(dir + std::to_string(kHour - 7200) + ".mp3").status, 410U) << "before the window";
  // A day later the segment has left the 24-hour window.
  now_ms_ += 25 * 3600 * 1000;
  record(kHour + 25 * 3600 - 60, kHour + 25 * 3600 + 10);
  const auto fresh = tokens_.issue("radio2", now_ms_ / 1000);
  EXPECT_EQ(get("/hls/radio2/" + fresh + "/" + std::to_string(kHour + 60) + ".mp3").status, 410U);
}

TEST_F(HlsApiTest, AForeignOrExpiredTokenIsRefused) {
  const std::string live(timeshift().at("livePlaylist").as_string());
  const auto token = tokens_.issue("radio2", kHour + 125);
  EXPECT_EQ(get("/hls/3fm/" + token + "/live.m3u8").status, 403U);
  EXPECT_EQ(get("/hls/radio2/1.x/live.m3u8").status, 403U);
  const auto refused = get("/hls/radio2/nonsense/" + std::to_string(kHour) + ".mp3");
  EXPECT_EQ(refused.status, 403U);
  EXPECT_NE(std::string(refused.payload()).find("\"code\":\"token_malformed\""), std::string::npos);
  now_ms_ = (kHour + 3600 + 6 * 3600) * 1000;
  EXPECT_EQ(get(live).status, 403U) << "expired six hours after its hour";
}

// ffmpeg's HLS demuxer re-times packed audio at each segment from the ID3 timestamp and its own
// frame count, and the null muxer notes the frame where the two meet; that is no decode error.
constexpr std::string_view kWithoutMuxerNotes = "grep -v 'non monotonically increasing dts'";

// The real server with its demo station: ffmpeg, a client nobody here wrote, plays the live
// playlist and an hour's playlist through the server's HLS without a decode error.
TEST(HlsServer, ffmpegPlaysTheLivePlaylistAndAnHourOfTheWindow) {
  // One past hour rebuilt at start rather than six: the window a listener could rewind at once.
  test::ServerProcess server("hls-server", {"ETHER_RECORDING_BACKFILL_HOURS=1"});
  const auto token = server.get("/api/player/radio2/token");
  ASSERT_EQ(token.status, 200) << token.body;
  const auto play = json::parse(token.body).as_object();
  const std::string live = server.base_url() + std::string(play.at("hlsUrl").as_string());
  // The logger rebuilds the current hour at start; the live playlist's last 60 s decode cleanly.
  const auto live_run = run("(ffmpeg -v error -xerror -live_start_index -6 -i '" + live +
                            "' -t 30 -f null - 2>&1; echo rc=$?) | " + std::string(kWithoutMuxerNotes));
  EXPECT_EQ(live_run, "rc=0\n") << "no decode error";
  const auto timeshift = server.get("/api/player/radio2/timeshift");
  ASSERT_EQ(timeshift.status, 200) << timeshift.body;
  const auto answer = json::parse(timeshift.body).as_object();
  const auto& hours = answer.at("hours").as_array();
  ASSERT_FALSE(hours.empty());
  // The oldest hour: closed (VOD) once the window spans more than one, as after the backfill.
  const std::string hour = server.base_url() + std::string(hours.front().at("url").as_string());
  const auto probe =
      run("ffprobe -v error -select_streams a:0 -show_entries stream=codec_name,sample_rate -of "
          "csv=p=0 '" +
          hour + "'");
  EXPECT_TRUE(probe.starts_with("mp3,44100\n")) << probe;
  // 'Terug naar het begin': the play API of the broadcast on air answers its programme playlist.
  const auto& programmes = answer.at("programmes").as_array();
  ASSERT_FALSE(programmes.empty());
  const auto on_air = programmes.back().as_object();
  const auto played = server.get("/api/play/broadcast/" + std::to_string(on_air.at("id").as_int64()));
  ASSERT_EQ(played.status, 200) << played.body;
  const auto restart = json::parse(played.body).as_object();
  EXPECT_EQ(restart.at("format"), "hls");
  EXPECT_EQ(restart.at("onAir"), true);
  const std::string programme = server.base_url() + std::string(restart.at("streamUrl").as_string());
  EXPECT_NE(programme.find("/programme/" + std::to_string(on_air.at("startsAtMs").as_int64() / 1000) + "-"),
            std::string::npos)
      << programme;
  const auto programme_run = run("(ffmpeg -v error -xerror -live_start_index 0 -i '" + programme +
                                 "' -t 20 -f null - 2>&1; echo rc=$?) | " + std::string(kWithoutMuxerNotes));
  EXPECT_EQ(programme_run, "rc=0\n");
  const auto hour_run = run("(ffmpeg -v error -xerror -live_start_index 0 -i '" + hour +
                            "' -t 120 -f null - 2>&1; echo rc=$?) | " + std::string(kWithoutMuxerNotes));
  EXPECT_EQ(hour_run, "rc=0\n");
}

}  // namespace
}  // namespace ether::hls
