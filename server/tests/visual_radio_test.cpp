// Visual radio: the playlist helpers, and the real server running real ffmpeg segmenters, checked
// with curl, ffprobe and ffmpeg as clients.

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "process/child_process.hpp"
#include "stream/broadcast_ring.hpp"
#include "stream/mp3_frames.hpp"
#include "support/file_bytes.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"
#include "visual/hls_playlist.hpp"
#include "visual/segmenter.hpp"
#include "visual/segmenter_command.hpp"

namespace ether {
namespace {
namespace json = boost::json;
using test::run_command;
using test::ServerProcess;

TEST(HlsPlaylist, SignsEverySegmentUriAndNothingElse) {
  const std::string playlist =
      "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:1795258800\n"
      "#EXTINF:4.000000,\nseg-1795258800.ts\n#EXTINF:4.000000,\r\nseg-1795258801.ts\r\n";
  EXPECT_EQ(visual::sign_playlist(playlist, "abc"),
            "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:1795258800\n"
            "#EXTINF:4.000000,\nseg-1795258800.ts?token=abc\n#EXTINF:4.000000,\nseg-1795258801.ts?token=abc\n");
  EXPECT_EQ(visual::sign_playlist("a.ts?x=1", "t"), "a.ts?x=1&token=t\n");
  EXPECT_EQ(visual::media_sequence(playlist), 1795258800);
  EXPECT_EQ(visual::media_sequence("#EXTM3U\n"), std::nullopt);
  EXPECT_EQ(visual::media_sequence("#EXT-X-MEDIA-SEQUENCE:x\n"), std::nullopt);
}

TEST(HlsPlaylist, AcceptsOnlyTheSegmenterSegmentNames) {
  EXPECT_TRUE(visual::valid_segment_name("seg-1795258800.ts"));
  EXPECT_TRUE(visual::valid_segment_name("seg-0.ts"));
  EXPECT_FALSE(visual::valid_segment_name("seg-.ts"));
  EXPECT_FALSE(visual::valid_segment_name("seg-12a.ts"));
  EXPECT_FALSE(visual::valid_segment_name("../seg-1.ts"));
  EXPECT_FALSE(visual::valid_segment_name("seg-1.ts.tmp"));
  EXPECT_FALSE(visual::valid_segment_name("index.m3u8"));
  EXPECT_FALSE(visual::valid_segment_name("ffmpeg.log"));
}

TEST(SegmenterCommand, EncodesCheaplyIntoASlidingLiveWindow) {
  visual::SegmenterSpec spec;
  spec.ffmpeg = "/usr/bin/ffmpeg";
  spec.dir = "/data/visual-radio/radio1";
  spec.colour = "#0a5fa8";
  spec.logo = "/media/images/channels/radio1.webp";
  spec.start_number = 1795258800;
  const auto args = visual::segmenter_arguments(spec);
  auto after = [&](const std::string& option) {
    auto it = std::find(args.begin(), args.end(), option);
    return it == args.end() || it + 1 == args.end() ? std::string() : *(it + 1);
  };
  EXPECT_EQ(args.front(), "/usr/bin/ffmpeg");
  EXPECT_EQ(after("-preset"), "ultrafast");
  EXPECT_EQ(after("-f"), "lavfi");
  EXPECT_NE(std::find(args.begin(), args.end(), "pipe:0"), args.end());
  EXPECT_EQ(after("-hls_time"), "4");
  EXPECT_EQ(after("-hls_list_size"), "6");
  EXPECT_EQ(after("-start_number"), "1795258800");
  EXPECT_NE(after("-hls_flags").find("delete_segments"), std::string::npos);
  EXPECT_NE(after("-hls_flags").find("omit_endlist"), std::string::npos);
  EXPECT_EQ(*(std::find(args.begin(), args.end(), "lavfi") + 2), "color=c=0x0a5fa8:s=640x360:r=5");
  EXPECT_NE(after("-filter_complex").find("reload=1:textfile=/data/visual-radio/radio1/song.txt"), std::string::npos);
  EXPECT_EQ(args.back(), "/data/visual-radio/radio1/index.m3u8");
  spec.colour = "red;rm";
  const auto fallback = visual::segmenter_arguments(spec);
  EXPECT_EQ(*(std::find(fallback.begin(), fallback.end(), "lavfi") + 2), "color=c=0x1a1a2e:s=640x360:r=5")
      << "a colour that is not #rrggbb falls back";
}

TEST(SegmenterCommand, StartsFromTheFirstPlaylistsSegmentsAndASecondOfAudio) {
  // Three segments of 4 s and a second, at 64 kbit/s (8000 bytes a second): 13 s.
  EXPECT_EQ(visual::kFirstPlaylistSegments, 3);
  EXPECT_EQ(visual::start_burst_bytes(64, 4), 13U * 8000U);
  EXPECT_EQ(visual::start_burst_bytes(128, 4), 13U * 16000U);
  EXPECT_EQ(visual::start_burst_bytes(0, 4), 13U * 16000U) << "an unknown bit rate counts as 128 kbit/s";
}

// A cold start must not wait a segment's duration per missing segment (issue 51: the first
// viewer's playlist came 4 s late). The ring gets no audio after the segmenter starts, so every
// segment ffmpeg closes comes from the burst alone. The deadline is only a bound on a slow machine.
TEST(Segmenter, ItsBurstAloneMakesTheSegmentsOfTheFirstPlaylist) {
  const auto ffmpeg = process::find_program("ffmpeg");
  ASSERT_FALSE(ffmpeg.empty()) << "the visual radio needs ffmpeg";
  constexpr int kKbps = 64;  // the demo media's format, as silent_mp3_frame() makes it
  const std::string frame = stream::silent_mp3_frame();
  ASSERT_EQ(stream::parse_mp3_frame_header(frame)->bitrate_kbps, kKbps);
  auto ring = std::make_shared<stream::BroadcastRing>(512 * 1024);
  // 30 s of audio in chunks of four frames (about 100 ms), as the live origin appends them.
  std::string chunk;
  for (int i = 0; i < 4; ++i) chunk += frame;
  for (int i = 0; i < 30 * 1000 / 104; ++i) ring->append(chunk, "Artiest - Titel");

  visual::SegmenterSpec spec;
  spec.ffmpeg = ffmpeg;
  spec.dir = std::filesystem::temp_directory_path() / ("ether-segmenter-test-" + std::to_string(::getpid()));
  spec.start_number = 1;
  visual::Segmenter segmenter(ring, spec, "Testzender", visual::start_burst_bytes(kKbps, spec.segment_seconds),
                              kKbps * 1000 / 8);
  std::size_t listed = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline && segmenter.running()) {
    segmenter.feed();
    const std::string playlist = test::file_bytes(spec.dir / visual::kPlaylistFile);
    listed = 0;
    for (auto at = playlist.find("#EXTINF:"); at != std::string::npos; at = playlist.find("#EXTINF:", at + 1)) ++listed;
    if (listed >= static_cast<std::size_t>(visual::kFirstPlaylistSegments)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_GE(listed, static_cast<std::size_t>(visual::kFirstPlaylistSegments))
      << "the burst must hold the first playlist's segments; the ring added no audio after the start";
  segmenter.stop();
}

// The ffmpeg children of a process (those of one channel when given), from /proc.
std::vector<pid_t> ffmpeg_children(pid_t parent, const std::string& channel = "") {
  std::vector<pid_t> out;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "stat");
    std::string stat;
    std::getline(in, stat);
    const auto open = stat.find('(');
    const auto close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    const auto comm = stat.substr(open + 1, close - open - 1);
    std::istringstream rest(stat.substr(close + 2));
    char state = 0;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid != parent || comm != "ffmpeg" || state == 'Z') continue;
    std::string args = test::file_bytes(entry.path() / "cmdline");
    if (channel.empty() || args.find("/visual-radio/" + channel + "/") != std::string::npos) {
      out.push_back(std::stoi(name));
    }
  }
  return out;
}

bool process_exists(pid_t pid) { return ::kill(pid, 0) == 0; }

// On both store backends (test::store_backends()): one station per backend for the suite, its
// PostgreSQL variant on a database of its own.
class VisualRadioStationTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgresql") ETHER_REQUIRE_POSTGRES_URL();
    auto& kept = stations()[GetParam()];
    if (!kept)
      kept = std::make_unique<ServerProcess>("visual_radio_" + GetParam(),
                                             with_store({"ETHER_VISUAL_RADIO_IDLE_SECONDS=5"}));
    station = kept.get();
  }
  static void TearDownTestSuite() {
    station = nullptr;
    stations().clear();
    database().reset();
  }
  // `env` and, in the PostgreSQL variant, DATABASE_URL: for each server the test starts.
  std::vector<std::string> with_store(std::vector<std::string> env) {
    if (GetParam() != "postgresql") return env;
    if (!database()) database() = std::make_unique<test::FreshPostgresDatabase>("visual_radio");
    env.push_back("DATABASE_URL=" + database()->url());
    return env;
  }
  static std::map<std::string, std::unique_ptr<ServerProcess>>& stations() {
    static std::map<std::string, std::unique_ptr<ServerProcess>> kept;
    return kept;
  }
  static std::unique_ptr<test::FreshPostgresDatabase>& database() {
    static std::unique_ptr<test::FreshPostgresDatabase> kept;
    return kept;
  }
  static std::string header(const std::string& headers, const std::string& name) {
    std::smatch match;
    std::regex pattern("(^|\\n)" + name + ": ([^\\r\\n]*)", std::regex::icase);
    return std::regex_search(headers, match, pattern) ? match[2].str() : "";
  }
  static std::string stream_url(const std::string& channel) {
    auto play = station->get("/api/player/" + channel + "/video");
    EXPECT_EQ(play.status, 200) << play.body;
    return std::string(json::parse(play.body).at("streamUrl").as_string());
  }
  // Segment URIs of a playlist, in order.
  static std::vector<std::string> segments(const std::string& playlist) {
    std::vector<std::string> out;
    std::istringstream lines(playlist);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && line.front() != '#') out.push_back(line);
    }
    return out;
  }
  static ServerProcess* station;
};

ServerProcess* VisualRadioStationTest::station = nullptr;

TEST_P(VisualRadioStationTest, PlayApiHandsOutASignedPlaylistForChannelsWithVisualRadio) {
  auto play = station->get("/api/player/radio1/video");
  ASSERT_EQ(play.status, 200) << play.body;
  auto document = json::parse(play.body);
  EXPECT_EQ(document.at("format"), "hls");
  const std::string token(document.at("playerToken").as_string());
  EXPECT_FALSE(token.empty());
  EXPECT_EQ(document.at("streamUrl").as_string(), "/live/radio1/index.m3u8?token=" + token);
  EXPECT_EQ(header(play.headers, "Cache-Control"), "no-store");
  auto none = station->get("/api/player/radio2/video");
  EXPECT_EQ(none.status, 404);
  EXPECT_EQ(json::parse(none.body).at("error").at("code"), "no_visual_radio");
  EXPECT_EQ(station->get("/api/player/radio9/video").status, 404);
  EXPECT_EQ(station->get("/api/player/Radio%202/video").status, 400);
}

TEST_P(VisualRadioStationTest, RefusesMissingTokensBadNamesAndUnknownChannels) {
  const auto url = stream_url("radio1");
  const auto token = url.substr(url.find("token=") + 6);
  auto missing = station->get("/live/radio1/index.m3u8");
  EXPECT_EQ(missing.status, 403);
  EXPECT_EQ(json::parse(missing.body).at("error").at("code"), "token_malformed");
  EXPECT_EQ(station->get("/live/radio1/seg-1.ts").status, 403);
  auto other = station->get("/live/3fm/index.m3u8?token=" + token);
  EXPECT_EQ(other.status, 403) << "a token of radio1 does not open 3fm";
  EXPECT_EQ(station->get("/live/radio1/ffmpeg.log?token=" + token).status, 400);
  EXPECT_EQ(station->get("/live/radio1/..%2Fether.db?token=" + token).status, 404);
  EXPECT_EQ(station->get("/live/Radio1/index.m3u8?token=" + token).status, 400);
  EXPECT_EQ(station->get("/live/radio9/index.m3u8?token=" + token).status, 404);
  EXPECT_EQ(station->get("/live/radio2/index.m3u8?token=" + token).status, 404) << "radio2 has no visual radio";
  EXPECT_TRUE(ffmpeg_children(station->pid()).empty()) << "refused requests start nothing";
}

TEST_P(VisualRadioStationTest, ServesALiveWindowThatAdvancesWithDecodableSegments) {
  const auto url = stream_url("radio1");
  auto first = station->get(url);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(header(first.headers, "Content-Type"), "application/vnd.apple.mpegurl");
  EXPECT_EQ(header(first.headers, "Cache-Control"), "no-cache");
  ASSERT_TRUE(first.body.starts_with("#EXTM3U\n")) << first.body;
  EXPECT_NE(first.body.find("#EXT-X-TARGETDURATION:4"), std::string::npos) << first.body;
  EXPECT_EQ(first.body.find("#EXT-X-ENDLIST"), std::string::npos) << "a live playlist has no end";
  EXPECT_EQ(first.body.find("#EXT-X-PLAYLIST-TYPE"), std::string::npos) << "neither VOD nor EVENT";
  const auto first_sequence = visual::media_sequence(first.body);
  ASSERT_TRUE(first_sequence.has_value()) << first.body;
  const auto listed = segments(first.body);
  ASSERT_FALSE(listed.empty());
  for (const auto& uri : listed) EXPECT_TRUE(std::regex_match(uri, std::regex("seg-[0-9]+\\.ts\\?token=.+"))) << uri;

  auto segment = station->get("/live/radio1/" + listed.back());
  ASSERT_EQ(segment.status, 200);
  EXPECT_EQ(header(segment.headers, "Content-Type"), "video/mp2t");
  EXPECT_NE(header(segment.headers, "Cache-Control").find("max-age="), std::string::npos);
  const auto file = (station->dir() / "segment.ts").string();
  std::ofstream(file, std::ios::binary) << segment.body;
  const auto streams = run_command("ffprobe -v error -show_entries stream=codec_type,codec_name -of csv=p=0 " + file);
  EXPECT_NE(streams.find("h264,video"), std::string::npos) << streams;
  EXPECT_NE(streams.find("aac,audio"), std::string::npos) << streams;
  const auto decode_errors = run_command("ffmpeg -nostdin -v error -i " + file + " -f null - 2>&1");
  EXPECT_EQ(decode_errors, "") << "the segment decodes cleanly";
  const auto duration = std::stod(run_command("ffprobe -v error -show_entries format=duration -of csv=p=0 " + file));
  EXPECT_GT(duration, 2.0);
  EXPECT_LT(duration, 6.0);

  // The show line drawn into the picture writes its times with an en dash, as the site does (issue 39).
  const std::string show = test::file_bytes(station->dir() / "data" / "visual-radio" / "radio1" / visual::kShowFile);
  EXPECT_TRUE(std::regex_search(show, std::regex("\u00b7 [0-9]{2}:[0-9]{2}\u2013[0-9]{2}:[0-9]{2}"))) << show;

  // The window slides with the clock: keep watching until the sequence moves on.
  std::optional<std::int64_t> later;
  for (int i = 0; i < 40 && (!later || *later <= *first_sequence); ++i) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    later = visual::media_sequence(station->get(url).body);
  }
  ASSERT_TRUE(later.has_value());
  EXPECT_GT(*later, *first_sequence);
  EXPECT_LE(segments(station->get(url).body).size(), 6U);
  EXPECT_EQ(ffmpeg_children(station->pid(), "radio1").size(), 1U) << "one segmenter per channel however often asked";
}

TEST_P(VisualRadioStationTest, StopsWhenNobodyWatchesAndRestartsAfterACrash) {
  const auto url = stream_url("3fm");
  ASSERT_EQ(station->get(url).status, 200);
  auto running = ffmpeg_children(station->pid(), "3fm");
  ASSERT_EQ(running.size(), 1U);
  const auto dir = station->dir() / "data" / "visual-radio" / "3fm";
  EXPECT_TRUE(std::filesystem::exists(dir / "index.m3u8"));

  // Idle (5 s here): the process is stopped and reaped, its files removed.
  for (int i = 0; i < 30 && process_exists(running.front()); ++i) std::this_thread::sleep_for(std::chrono::seconds(1));
  EXPECT_FALSE(process_exists(running.front())) << "stopped and reaped, no zombie left";
  EXPECT_TRUE(ffmpeg_children(station->pid(), "3fm").empty());
  EXPECT_FALSE(std::filesystem::exists(dir));

  // The next request starts a new one; a crash of that one is followed by a restart on request.
  ASSERT_EQ(station->get(url).status, 200);
  running = ffmpeg_children(station->pid(), "3fm");
  ASSERT_EQ(running.size(), 1U);
  ::kill(running.front(), SIGKILL);
  for (int i = 0; i < 50 && process_exists(running.front()); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_FALSE(process_exists(running.front())) << "the crashed segmenter is reaped";
  auto again = station->get(url);
  for (int i = 0; i < 20 && again.status == 200 && ffmpeg_children(station->pid(), "3fm").empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    again = station->get(url);
  }
  EXPECT_EQ(again.status, 200);
  EXPECT_TRUE(again.body.starts_with("#EXTM3U")) << again.body;
  const auto restarted = ffmpeg_children(station->pid(), "3fm");
  ASSERT_EQ(restarted.size(), 1U);
  EXPECT_NE(restarted.front(), running.front());
}

TEST_P(VisualRadioStationTest, RunsNoMoreSegmentersThanAllowed) {
  ServerProcess bounded("visual_radio_bounded", with_store({"ETHER_VISUAL_RADIO_MAX=1"}));
  auto url = [&](const std::string& channel) {
    auto play = json::parse(bounded.get("/api/player/" + channel + "/video").body);
    return std::string(play.at("streamUrl").as_string());
  };
  ASSERT_EQ(bounded.get(url("radio1")).status, 200);
  auto refused = bounded.get(url("3fm"));
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(json::parse(refused.body).at("error").at("code"), "busy");
  EXPECT_EQ(header(refused.headers, "Retry-After"), "10");
  EXPECT_EQ(ffmpeg_children(bounded.pid()).size(), 1U);
  EXPECT_EQ(bounded.get(url("radio1")).status, 200) << "the running one still serves";
}

TEST_P(VisualRadioStationTest, SigtermStopsTheSegmentersToo) {
  ServerProcess another("visual_radio_term", with_store({}));
  auto play = json::parse(another.get("/api/player/radio1/video").body);
  ASSERT_EQ(another.get(std::string(play.at("streamUrl").as_string())).status, 200);
  const auto children = ffmpeg_children(another.pid());
  ASSERT_EQ(children.size(), 1U);
  EXPECT_EQ(another.terminate(), 0);
  EXPECT_FALSE(process_exists(children.front()));
}

INSTANTIATE_TEST_SUITE_P(Store, VisualRadioStationTest, ::testing::ValuesIn(test::store_backends()),
                         test::backend_name);

}  // namespace
}  // namespace ether
