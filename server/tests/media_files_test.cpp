#include "http/media_files.hpp"

#include <gtest/gtest.h>

#include "http_test_support.hpp"

namespace ether::http {
namespace {

class MediaFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 0; i < 5000; ++i) song_.push_back(static_cast<char>(i * 7 % 256));
    test::write_file(dir_.path() / "media" / "songs" / "lied.mp3", song_);
    test::write_file(dir_.path() / "media" / "images" / "hoes.webp", "RIFF....WEBP");
    test::write_file(dir_.path() / "media" / ".secret", "hidden");
    test::write_file(dir_.path() / "outside.txt", "not media");
    std::filesystem::create_symlink(dir_.path() / "outside.txt", dir_.path() / "media" / "link.txt");
  }
  Response serve(std::string_view relative, std::initializer_list<std::pair<std::string, std::string>> headers = {}) {
    return media_.serve(test::get("/media/x", headers), relative);
  }
  test::TempDir dir_;
  std::string song_;
  MediaFiles media_{dir_.path() / "media"};
};

TEST_F(MediaFilesTest, WholeFileWithValidators) {
  Response response = serve("songs/lied.mp3");
  EXPECT_EQ(response.status, 200u);
  EXPECT_EQ(response.payload(), song_);
  EXPECT_EQ(response.header("Content-Type"), "audio/mpeg");
  EXPECT_EQ(response.header("Accept-Ranges"), "bytes");
  EXPECT_FALSE(response.header("ETag").empty());
  EXPECT_FALSE(response.header("Last-Modified").empty());
  EXPECT_EQ(serve("images/hoes.webp").header("Content-Type"), "image/webp");
}

TEST_F(MediaFilesTest, RangeGivesExactBytes) {
  Response response = serve("songs/lied.mp3", {{"Range", "bytes=1000-1999"}});
  EXPECT_EQ(response.status, 206u);
  EXPECT_EQ(response.payload(), song_.substr(1000, 1000));
  EXPECT_EQ(response.header("Content-Range"), "bytes 1000-1999/5000");

  Response tail = serve("songs/lied.mp3", {{"Range", "bytes=-100"}});
  EXPECT_EQ(tail.status, 206u);
  EXPECT_EQ(tail.payload(), song_.substr(4900));
  EXPECT_EQ(tail.header("Content-Range"), "bytes 4900-4999/5000");

  Response open = serve("songs/lied.mp3", {{"Range", "bytes=4990-"}});
  EXPECT_EQ(open.payload(), song_.substr(4990));
}

TEST_F(MediaFilesTest, UnsatisfiableRange) {
  Response response = serve("songs/lied.mp3", {{"Range", "bytes=5000-"}});
  EXPECT_EQ(response.status, 416u);
  EXPECT_EQ(response.header("Content-Range"), "bytes */5000");
}

TEST_F(MediaFilesTest, NotModified) {
  std::string etag(serve("songs/lied.mp3").header("ETag"));
  EXPECT_EQ(serve("songs/lied.mp3", {{"If-None-Match", etag}}).status, 304u);
  std::string modified(serve("songs/lied.mp3").header("Last-Modified"));
  EXPECT_EQ(serve("songs/lied.mp3", {{"If-Modified-Since", modified}}).status, 304u);
}

TEST_F(MediaFilesTest, ChangedFileIsReadAgain) {
  std::string etag(serve("images/hoes.webp").header("ETag"));
  test::write_file(dir_.path() / "media" / "images" / "hoes.webp", "RIFF..NEW..WEBP");
  Response response = serve("images/hoes.webp");
  EXPECT_EQ(response.payload(), "RIFF..NEW..WEBP");
  EXPECT_NE(response.header("ETag"), etag);
}

TEST_F(MediaFilesTest, TraversalIsRefused) {
  EXPECT_EQ(serve("../outside.txt").status, 400u);
  EXPECT_EQ(serve("songs/../../outside.txt").status, 400u);
  EXPECT_EQ(serve("/etc/passwd").status, 400u);
  EXPECT_EQ(serve(std::string_view("songs/lied.mp3\0x", 16)).status, 400u);
  EXPECT_EQ(serve("songs\\lied.mp3").status, 400u);
  EXPECT_EQ(serve("songs//lied.mp3").status, 400u);
  EXPECT_EQ(serve("").status, 400u);
  EXPECT_EQ(serve("link.txt").status, 404u);  // a symlink out of the directory
  EXPECT_EQ(serve(".secret").status, 404u);
  EXPECT_EQ(serve("songs").status, 404u);
  EXPECT_EQ(serve("songs/missing.mp3").status, 404u);
  EXPECT_NE(serve("../outside.txt").body.find("\"error\""), std::string::npos);
}

}  // namespace
}  // namespace ether::http
