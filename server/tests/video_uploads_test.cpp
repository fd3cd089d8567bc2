// Video uploads (server/src/media/video_processor.cpp): clips made by ffmpeg's lavfi are probed for
// duration and size, get a JPEG poster and HLS renditions that ffprobe decodes at the expected
// sizes; files that are no video, or of a container outside the whitelist, are refused; a run that
// fails leaves nothing half-written. Then end to end on a real server: an upload becomes 'ready'
// with its figures, its playlists, segments and poster are served with their MIME types and ranges,
// to an editor only until a published item plays it, then to anyone for as long as it is on the
// site; a non-video upload ends 'failed' with a Dutch message; an unused video can be deleted (SQLite and, with
// ETHER_TEST_DATABASE_URL, PostgreSQL).

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "admin/roles.hpp"
#include "media/video_processor.hpp"
#include "support/admin_media.hpp"
#include "support/admin_server.hpp"
#include "support/file_bytes.hpp"
#include "support/postgres_database.hpp"
#include "support/scratch_dir.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether::media {
namespace {
namespace fs = std::filesystem;
namespace json = boost::json;

class VideoProcessor : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(ETHER_TEST_TMP) / ("video-" + std::to_string(::getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { test::remove_unless_failed(dir_); }

  // A clip of `seconds` made by ffmpeg (test picture and a tone), in the container `name` implies.
  fs::path clip(const std::string& name, const std::string& size, double seconds, const std::string& extra = "") {
    auto file = dir_ / name;
    const auto made =
        test::run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=size=" + size +
                          ":rate=10:duration=" + std::to_string(seconds) +
                          " -f lavfi -i sine=frequency=440:sample_rate=48000:duration=" + std::to_string(seconds) +
                          " -pix_fmt yuv420p " + extra + " '" + file.string() + "' 2>&1; echo rc=$?");
    EXPECT_NE(made.find("rc=0"), std::string::npos) << made;
    return file;
  }

  fs::path dir_;
};

// "<width>x<height>" of the first video stream ffprobe decodes from `file` (a playlist is read with
// the hls demuxer, which the test allows itself).
std::string probed_size(const fs::path& file) {
  auto text = test::run_command(
      "ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=s=x:p=0 '" + file.string() + "'");
  // The hls demuxer lists a stream once per program as well: the first line is the stream.
  text = text.substr(0, text.find('\n'));
  while (!text.empty() && text.back() == 'x') text.pop_back();
  return text;
}

TEST(VideoRenditions, SevenTwentyOrTheSourceAndThreeSixtyWhenHigher) {
  EXPECT_EQ(rendition_heights(1080), (std::vector<int>{720, 360}));
  EXPECT_EQ(rendition_heights(720), (std::vector<int>{720, 360}));
  EXPECT_EQ(rendition_heights(541), (std::vector<int>{540, 360}));
  EXPECT_EQ(rendition_heights(360), (std::vector<int>{360}));
  EXPECT_EQ(rendition_heights(180), (std::vector<int>{180}));
}

TEST_F(VideoProcessor, AClipBecomesAPosterAndHlsRenditionsThatDecode) {
  const auto source = clip("clip.mp4", "854x480", 2);
  const auto probe = probe_video(source, dir_);
  ASSERT_TRUE(probe.has_value());
  EXPECT_EQ(probe->width, 854);
  EXPECT_EQ(probe->height, 480);
  EXPECT_NEAR(probe->duration_seconds, 2.0, 0.1);
  EXPECT_TRUE(probe->has_audio);
  EXPECT_EQ(probe->format, "mov");

  double last = 0;
  const auto target = dir_ / "out";
  const auto result = process_video(source, target, dir_, *probe, {}, [&](double share) { last = share; });
  EXPECT_NEAR(static_cast<double>(result.duration_ms), 2000.0, 100.0);
  EXPECT_EQ(result.width, 854);
  EXPECT_EQ(result.height, 480);
  EXPECT_GT(result.bytes, 0U);
  EXPECT_EQ(last, 1.0);
  EXPECT_FALSE(fs::exists(dir_ / "out.part"));

  // The poster: a JPEG that decodes, at the source's size.
  EXPECT_EQ(test::run_command("ffprobe -v error -show_entries stream=codec_name -of csv=p=0 '" +
                              (target / kPosterFile).string() + "'"),
            "mjpeg\n");
  EXPECT_EQ(probed_size(target / kPosterFile), "854x480");

  // The master playlist names both renditions, which decode at their sizes with sound.
  const std::string master = test::file_bytes(target / kMasterPlaylist);
  EXPECT_NE(master.find("RESOLUTION=854x480"), std::string::npos) << master;
  EXPECT_NE(master.find("RESOLUTION=640x360"), std::string::npos) << master;
  EXPECT_NE(master.find("0/index.m3u8"), std::string::npos) << master;
  EXPECT_NE(master.find("1/index.m3u8"), std::string::npos) << master;
  EXPECT_EQ(probed_size(target / "0" / "index.m3u8"), "854x480");
  EXPECT_EQ(probed_size(target / "1" / "index.m3u8"), "640x360");
  const auto codecs = test::run_command("ffprobe -v error -show_entries stream=codec_name -of csv=p=0 '" +
                                        (target / "1" / "index.m3u8").string() + "'");
  EXPECT_NE(codecs.find("h264"), std::string::npos) << codecs;
  EXPECT_NE(codecs.find("aac"), std::string::npos) << codecs;
  const auto duration = test::run_command("ffprobe -v error -show_entries format=duration -of csv=p=0 '" +
                                          (target / "0" / "index.m3u8").string() + "'");
  EXPECT_NEAR(std::stod(duration), 2.0, 0.3) << duration;
}

TEST_F(VideoProcessor, ASmallSilentWebmGetsOneRenditionOfItsOwnSize) {
  const auto file = dir_ / "klein.webm";
  ASSERT_NE(test::run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=size=320x180:rate=10:"
                              "duration=2 -c:v libvpx -deadline realtime '" +
                              file.string() + "' 2>&1; echo rc=$?")
                .find("rc=0"),
            std::string::npos);
  const auto probe = probe_video(file, dir_);
  ASSERT_TRUE(probe.has_value());
  EXPECT_EQ(probe->format, "matroska");
  EXPECT_FALSE(probe->has_audio);
  const auto target = dir_ / "out";
  process_video(file, target, dir_, *probe, {});
  EXPECT_EQ(probed_size(target / "0" / "index.m3u8"), "320x180");
  EXPECT_FALSE(fs::exists(target / "1"));
}

TEST_F(VideoProcessor, WhatIsNoVideoOrOfAnotherContainerIsRefused) {
  // Sound only, a still picture, text, and a video in a container outside the whitelist (AVI).
  const auto wav = dir_ / "geluid.wav";
  test::run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i sine=duration=1 '" + wav.string() + "'");
  const auto png = dir_ / "beeld.png";
  test::run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48 -frames:v 1 '" +
                    png.string() + "'");
  const auto text = dir_ / "notities.mp4";
  std::ofstream(text) << "Dit is geen video.\n";
  const auto avi = clip("clip.avi", "320x180", 1);
  for (const auto& file : {wav, png, text, avi}) {
    EXPECT_FALSE(probe_video(file, dir_).has_value()) << file;
  }
  // A playlist naming a clip on the server is not read, even though the clip itself would be.
  const auto mp4 = clip("clip.mp4", "320x180", 1);
  const auto playlist = dir_ / "lijst.m3u8";
  std::ofstream(playlist) << "#EXTM3U\n#EXTINF:1,\n" << mp4.string() << "\n#EXT-X-ENDLIST\n";
  EXPECT_TRUE(probe_video(mp4, dir_).has_value());
  EXPECT_FALSE(probe_video(playlist, dir_).has_value());
  EXPECT_FALSE(std::string(kNotAVideoMessage).empty());
}

TEST_F(VideoProcessor, AFailedRunLeavesNothingHalfWritten) {
  const auto source = clip("clip.mkv", "640x360", 2);
  const auto probe = probe_video(source, dir_);
  ASSERT_TRUE(probe.has_value());
  const auto target = dir_ / "out";
  // Killed at once by its deadline.
  VideoLimits past{.deadline = std::chrono::steady_clock::now()};
  EXPECT_THROW(process_video(source, target, dir_, *probe, past), VideoError);
  EXPECT_FALSE(fs::exists(target));
  EXPECT_FALSE(fs::exists(dir_ / "out.part"));
  // Read as the wrong container: ffmpeg fails on it.
  auto wrong = *probe;
  wrong.format = "mov";
  EXPECT_THROW(process_video(source, target, dir_, wrong, {}), VideoError);
  EXPECT_FALSE(fs::exists(target));
  EXPECT_FALSE(fs::exists(dir_ / "out.part"));
  // Longer than allowed.
  EXPECT_THROW(process_video(source, target, dir_, *probe, VideoLimits{.max_seconds = 1}), VideoError);
  EXPECT_FALSE(fs::exists(target));
  // No log of ffmpeg is left in the work folder.
  for (const auto& entry : fs::directory_iterator(dir_)) EXPECT_NE(entry.path().extension(), ".log") << entry.path();
}

}  // namespace
}  // namespace ether::media

namespace ether::test {
namespace {
namespace fs = std::filesystem;
namespace json = boost::json;

void a_clip_is_served_as_hls_with_its_poster(const std::string& database_url, const std::vector<std::string>& env) {
  ServerProcess server("video-upload", env);
  const auto store_url = database_url.empty() ? sqlite_url_of(server) : database_url;
  const auto editor = server_login(server, store_url, "vera@radio.example", admin::Role::eindredacteur);
  ASSERT_FALSE(editor.cookie.empty());
  const auto clip = server.dir() / "clip.mp4";
  ASSERT_NE(run_command("ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=size=320x180:rate=10:duration=2 "
                        "-f lavfi -i sine=duration=2 -pix_fmt yuv420p '" +
                        clip.string() + "' 2>&1; echo rc=$?")
                .find("rc=0"),
            std::string::npos);
  const auto text = server.dir() / "notities.mp4";
  std::ofstream(text) << "Dit is geen video.\n";

  const auto video = processed_media(server, editor, upload_media(server, editor, "videos", clip).at("id").as_int64());
  ASSERT_EQ(video.at("status"), "ready") << json::serialize(video);
  EXPECT_EQ(video.at("kind"), "video");
  EXPECT_NEAR(static_cast<double>(video.at("durationMs").as_int64()), 2000.0, 100.0);
  EXPECT_EQ(video.at("width").as_int64(), 320);
  EXPECT_EQ(video.at("height").as_int64(), 180);
  const std::string url(video.at("url").as_string());
  const std::string poster(video.at("posterUrl").as_string());
  ASSERT_TRUE(url.starts_with("/uploads/videos/") && url.ends_with("/master.m3u8")) << url;
  ASSERT_TRUE(poster.ends_with("/poster.jpg")) << poster;

  // Used by no item, the video is the editors' alone (issue 47): anonymous requests get 404 for the
  // playlist, the segments and the poster; an editor gets them, never kept by a shared cache.
  const auto folder = url.substr(0, url.rfind('/'));
  const std::string as_editor = "-H 'Cookie: ether_session=" + editor.cookie + "' ";
  for (const auto& file : {url, folder + "/0/index.m3u8", folder + "/0/seg000.ts", poster}) {
    const auto refused = server.get(file);
    EXPECT_EQ(refused.status, 404) << file;
    EXPECT_NE(refused.headers.find("no-store"), std::string::npos) << refused.headers;
  }
  const auto master = server.get(url, as_editor);
  EXPECT_EQ(master.status, 200);
  EXPECT_NE(master.headers.find("application/vnd.apple.mpegurl"), std::string::npos) << master.headers;
  EXPECT_NE(master.headers.find("private, no-store"), std::string::npos) << master.headers;
  const auto segment = server.get(folder + "/0/seg000.ts", as_editor + "-H 'Range: bytes=0-187'");
  EXPECT_EQ(segment.status, 206);
  EXPECT_EQ(segment.body.size(), 188U);
  EXPECT_NE(segment.headers.find("video/mp2t"), std::string::npos) << segment.headers;
  EXPECT_NE(segment.headers.find("Accept-Ranges: bytes"), std::string::npos) << segment.headers;
  const auto image = server.get(poster, as_editor);
  EXPECT_EQ(image.status, 200);
  EXPECT_NE(image.headers.find("image/jpeg"), std::string::npos) << image.headers;
  // Nothing but the files made is served from the folder.
  EXPECT_EQ(server.get(folder + "/../../incoming/", as_editor).status, 404);
  EXPECT_EQ(server.get(folder + "/0/anders.txt", as_editor).status, 404);

  // A draft item does not make it public; a published one does, for as long as it is on the site,
  // so shared caches keep it a minute and never as immutable.
  const json::object values{{"title", "Clip"}, {"slug", "clip"}, {"videoPath", url}, {"durationMs", 2000}};
  const auto made =
      server_admin_call(server, "POST", "/api/admin/content/videos", json::object{{"values", values}}, editor);
  ASSERT_EQ(made.status, 201) << made.body;
  const auto item = json::parse(made.body).at("item").as_object();
  const std::string item_id =
      item.at("id").is_string() ? std::string(item.at("id").as_string()) : json::serialize(item.at("id"));
  const auto path = "/api/admin/content/videos/" + item_id;
  EXPECT_EQ(server.get(url).status, 404);
  const auto published =
      server_admin_call(server, "POST", path + "/publish", json::object{{"version", item.at("version")}}, editor);
  ASSERT_EQ(published.status, 200) << published.body;
  for (const auto& file : {url, folder + "/0/seg000.ts", poster}) {
    const auto open = server.get(file);
    EXPECT_EQ(open.status, 200) << file;
    EXPECT_NE(open.headers.find("Cache-Control: public, max-age=60"), std::string::npos) << open.headers;
    EXPECT_EQ(open.headers.find("immutable"), std::string::npos) << open.headers;
  }
  // In use, it cannot be deleted; unpublished, it is private again.
  const auto media_path = "/api/admin/media/" + std::to_string(video.at("id").as_int64());
  EXPECT_EQ(server_admin_call(server, "DELETE", media_path, nullptr, editor).status, 409);
  const auto unpublished =
      server_admin_call(server, "POST", path + "/unpublish",
                        json::object{{"version", json::parse(published.body).at("item").at("version")}}, editor);
  ASSERT_EQ(unpublished.status, 200) << unpublished.body;
  EXPECT_EQ(server.get(url).status, 404);
  EXPECT_EQ(server.get(poster).status, 404);

  const auto listed = server_admin_call(server, "GET", "/api/admin/media?kind=video", nullptr, editor);
  EXPECT_EQ(listed.status, 200);
  EXPECT_EQ(json::parse(listed.body).at("total").as_int64(), 1) << listed.body;

  const auto failed = processed_media(server, editor, upload_media(server, editor, "videos", text).at("id").as_int64());
  ASSERT_EQ(failed.at("status"), "failed") << json::serialize(failed);
  EXPECT_EQ(std::string(failed.at("error").as_string()), std::string(media::kNotAVideoMessage));

  // Once no item names it (the item purged from the trash too), a ready video can be deleted, files and all.
  const auto unpublished_version =
      json::parse(server_admin_call(server, "GET", path, nullptr, editor).body).at("item").at("version");
  ASSERT_EQ(
      server_admin_call(server, "DELETE", path + "?version=" + json::serialize(unpublished_version), nullptr, editor)
          .status,
      204);
  EXPECT_EQ(server_admin_call(server, "DELETE", media_path, nullptr, editor).status, 409);
  ASSERT_EQ(server_admin_call(server, "DELETE", "/api/admin/trash/videos/" + item_id, nullptr, editor).status, 204);
  EXPECT_EQ(server_admin_call(server, "DELETE", media_path, nullptr, editor).status, 204);
  EXPECT_EQ(server.get(url, as_editor).status, 404);
  EXPECT_FALSE(fs::exists(server.dir() / "data" / "uploads" / folder.substr(std::string("/uploads/").size())));
}

TEST(VideoUploadServer, AClipIsServedAsHlsWithItsPosterAndTextIsRefusedOnSqlite) {
  a_clip_is_served_as_hls_with_its_poster("", {});
}

const bool registered = register_postgres_tests("VideoUploadServerPostgreSQL", __FILE__,
                                                {{"AClipIsServedAsHlsWithItsPosterAndTextIsRefused", [] {
                                                    FreshPostgresDatabase database("video_upload");
                                                    a_clip_is_served_as_hls_with_its_poster(
                                                        database.url(), {"DATABASE_URL=" + database.url()});
                                                  }}});

}  // namespace
}  // namespace ether::test
