// Issue 47: ffmpeg's own passes over an upload are confined (the whitelists before -i, where ffmpeg
// applies them to the input, not to the output), whatever ffprobe said of the file: with a real
// ffmpeg, a playlist forced on it is refused rather than read from the files it names, a codec
// outside the whitelist and a picture larger than 4K are refused, and the jobs run niced with a
// thread limit, so that a queue of long videos cannot starve the bulletins' audio.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "media/audio_processor.hpp"
#include "media/video_processor.hpp"
#include "support/scratch_dir.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether::media {
namespace {
namespace fs = std::filesystem;

class FfmpegConfinement : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(ETHER_TEST_TMP) / ("confinement-" + std::to_string(::getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { test::remove_unless_failed(dir_); }

  // Runs ffmpeg with `arguments` into `name` in the test's folder.
  fs::path make(const std::string& name, const std::string& arguments) {
    auto file = dir_ / name;
    const auto made = test::run_command("ffmpeg -hide_banner -loglevel error -y " + arguments + " '" + file.string() +
                                        "' 2>&1; echo rc=$?");
    EXPECT_NE(made.find("rc=0"), std::string::npos) << made;
    return file;
  }

  // An HLS playlist naming `segment` by a file: URL, as an upload could.
  fs::path playlist(const fs::path& segment) {
    auto file = dir_ / "lijst.m3u8";
    std::ofstream(file) << "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\nfile:" << segment.string()
                        << "\n#EXT-X-ENDLIST\n";
    return file;
  }

  fs::path dir_;
};

TEST_F(FfmpegConfinement, AudioPassesRefuseAPlaylistForcedOnThemAsHls) {
  const auto song = make("lied.mp3", "-f lavfi -i sine=frequency=440:duration=1 -c:a libmp3lame");
  const auto list = playlist(song);
  // What ffprobe would never say of it: ffmpeg's own whitelist must refuse it too.
  const AudioProbe forged{"mp3", 1.0, "hls"};
  EXPECT_THROW(check_audio_decodes(list, dir_, forged, {}), AudioError);
  EXPECT_THROW(normalise_audio(list, dir_ / "uit.mp3", dir_, forged, {}), AudioError);
  EXPECT_FALSE(fs::exists(dir_ / "uit.mp3"));
  // The song itself passes.
  const auto probe = probe_audio(song, dir_);
  ASSERT_TRUE(probe.has_value());
  EXPECT_NO_THROW(check_audio_decodes(song, dir_, *probe, {}));
}

TEST_F(FfmpegConfinement, AnAudioCodecOutsideTheWhitelistIsRefused) {
  // Windows Media Audio in Matroska: a container we read, a codec we do not.
  const auto wma = make("geluid.mka", "-f lavfi -i sine=frequency=440:duration=1 -c:a wmav2");
  EXPECT_FALSE(probe_audio(wma, dir_).has_value());
  EXPECT_THROW(check_audio_decodes(wma, dir_, AudioProbe{"wmav2", 1.0, "matroska"}, {}), AudioError);
}

TEST_F(FfmpegConfinement, VideoPassesRefuseAPlaylistForcedOnThemAsHls) {
  const auto segment = make("deel.ts",
                            "-f lavfi -i testsrc=size=320x180:rate=10:duration=1 -pix_fmt yuv420p "
                            "-c:v libx264 -preset ultrafast -f mpegts");
  const auto list = playlist(segment);
  const VideoProbe forged{1.0, 320, 180, false, "hls"};
  EXPECT_THROW(process_video(list, dir_ / "uit", dir_, forged, {}), VideoError);
  EXPECT_FALSE(fs::exists(dir_ / "uit"));
}

TEST_F(FfmpegConfinement, AVideoCodecOutsideTheWhitelistIsRefused) {
  // FFV1 (lossless, an archive format) in Matroska: a container we read, a codec we do not.
  const auto ffv1 = make("archief.mkv", "-f lavfi -i testsrc=size=320x180:rate=10:duration=1 -c:v ffv1");
  EXPECT_FALSE(probe_video(ffv1, dir_).has_value());
  const VideoProbe forged{1.0, 320, 180, false, "matroska"};
  EXPECT_THROW(process_video(ffv1, dir_ / "uit", dir_, forged, {}), VideoError);
  EXPECT_FALSE(fs::exists(dir_ / "uit"));
}

TEST_F(FfmpegConfinement, APictureLargerThanFourKIsRefused) {
  const auto big = make("groot.mp4",
                        "-f lavfi -i testsrc=size=4096x2304:rate=5:duration=0.4 -pix_fmt yuv420p "
                        "-c:v libx264 -preset ultrafast");
  try {
    probe_video(big, dir_);
    ADD_FAILURE() << "a 4096x2304 video is refused";
  } catch (const VideoError& error) {
    EXPECT_NE(std::string(error.what()).find("te groot"), std::string::npos) << error.what();
  }
  // ffmpeg's decoders refuse it too, whatever the probe said.
  const VideoProbe forged{0.4, 1280, 720, false, "mov"};
  EXPECT_THROW(process_video(big, dir_ / "uit", dir_, forged, {}), VideoError);
  EXPECT_FALSE(fs::exists(dir_ / "uit"));
}

// The arguments of a process, from /proc.
std::vector<std::string> command_line(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::vector<std::string> argv;
  for (std::string arg; std::getline(in, arg, '\0');) argv.push_back(arg);
  return argv;
}

// The niceness of a process (field 19 of /proc/<pid>/stat), or nullopt when it is gone.
std::optional<int> niceness(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return std::nullopt;
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::string field;
  // After the name: state is field 3, nice field 19.
  for (int index = 3; index <= 19 && fields >> field; ++index) {
    if (index == 19) return std::stoi(field);
  }
  return std::nullopt;
}

TEST_F(FfmpegConfinement, VideoJobsRunNicedWithAThreadLimitAndTheWhitelistsBeforeTheInput) {
  const auto source = make("clip.mp4",
                           "-f lavfi -i testsrc=size=1280x720:rate=25:duration=6 -f lavfi -i "
                           "sine=duration=6 -pix_fmt yuv420p -c:v libx264 -preset ultrafast");
  const auto probe = probe_video(source, dir_);
  ASSERT_TRUE(probe.has_value());
  std::atomic<pid_t> running{0};
  std::atomic<bool> done{false};
  std::thread job([&] {
    process_video(source, dir_ / "uit", dir_, *probe, {}, {}, &running);
    done = true;
  });
  struct Seen {
    int nice;
    std::vector<std::string> argv;
  };
  std::vector<Seen> seen;
  while (!done) {
    const pid_t pid = running;
    const auto argv = pid > 0 ? command_line(pid) : std::vector<std::string>{};
    // Once it runs ffmpeg (before its exec the child is still a copy of this process).
    if (!argv.empty() && argv.front().ends_with("ffmpeg")) {
      const auto nice = niceness(pid);
      if (nice && (seen.empty() || seen.back().argv != argv)) seen.push_back({*nice, argv});
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  job.join();
  ASSERT_FALSE(seen.empty()) << "the job's ffmpeg was seen running";
  const int own = ::getpriority(PRIO_PROCESS, 0);
  for (const auto& [nice, argv] : seen) {
    EXPECT_EQ(nice, std::min(own + 10, 19)) << "a media job runs at low priority";
    const auto input = std::find(argv.begin(), argv.end(), "-i");
    ASSERT_NE(input, argv.end());
    for (const std::string option : {"-protocol_whitelist", "-format_whitelist", "-codec_whitelist", "-max_pixels"}) {
      EXPECT_LT(std::distance(argv.begin(), std::find(argv.begin(), argv.end(), option)),
                std::distance(argv.begin(), input))
          << option << " applies to the input";
    }
    const auto decoder_threads = std::find(argv.begin(), input, "-threads");
    ASSERT_NE(decoder_threads, input) << "the decoder's threads are limited";
    EXPECT_EQ(*std::next(decoder_threads), "2");
    const auto encoder_threads = std::find(input, argv.end(), "-threads");
    ASSERT_NE(encoder_threads, argv.end()) << "the encoder's threads are limited";
    EXPECT_EQ(*std::next(encoder_threads), "2");
  }
}

}  // namespace
}  // namespace ether::media
