// media::image_size reads the pixel size a share card states (og:image:width/height) from the
// headers of real files: ffmpeg's WebP (lossy VP8, lossless VP8L, with alpha VP8X), PNG, JPEG and
// GIF, and the demo's committed images; anything else has no size.

#include "media/image_size.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/scratch_dir.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {

class ImageSize : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(ETHER_TEST_TMP) / ("image-size-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { test::remove_unless_failed(dir_); }

  // A `width` x `height` test picture written by ffmpeg with `options` into `name`.
  std::filesystem::path made(const std::string& name, int width, int height, const std::string& options = {}) {
    auto file = dir_ / name;
    const auto command = "ffmpeg -v error -y -f lavfi -i testsrc2=size=" + std::to_string(width) + "x" +
                         std::to_string(height) + " -frames:v 1 " + options + " '" + file.string() + "' 2>&1";
    EXPECT_EQ(test::run_command(command), "") << command;
    return file;
  }

  std::filesystem::path dir_;
};

TEST_F(ImageSize, ReadsTheSizeOfEveryKindOfImageFromItsHeader) {
  EXPECT_EQ(media::image_size(made("lossy.webp", 1280, 720, "-c:v libwebp")), (media::ImageSize{1280, 720}));
  EXPECT_EQ(media::image_size(made("lossless.webp", 302, 18, "-c:v libwebp -lossless 1")), (media::ImageSize{302, 18}));
  EXPECT_EQ(media::image_size(made("alpha.webp", 640, 360, "-vf format=yuva420p -c:v libwebp")),
            (media::ImageSize{640, 360}));
  EXPECT_EQ(media::image_size(made("picture.png", 1200, 630)), (media::ImageSize{1200, 630}));
  EXPECT_EQ(media::image_size(made("photo.jpg", 334, 444)), (media::ImageSize{334, 444}));
  EXPECT_EQ(media::image_size(made("anim.gif", 48, 32)), (media::ImageSize{48, 32}));

  const std::filesystem::path source = ETHER_SOURCE_DIR;
  EXPECT_EQ(media::image_size(source / "web" / "public" / "images" / "share.webp"), (media::ImageSize{1200, 630}));
  EXPECT_EQ(media::image_size(source / "media" / "demo" / "images" / "channels" / "radio2.webp"),
            (media::ImageSize{300, 300}));
}

TEST_F(ImageSize, AnythingElseHasNoSize) {
  EXPECT_FALSE(media::image_size(dir_ / "missing.webp"));
  EXPECT_FALSE(media::image_size(dir_));
  std::ofstream(dir_ / "text.webp") << "RIFF....WEBPVP8 not really";
  EXPECT_FALSE(media::image_size(dir_ / "text.webp"));
  EXPECT_FALSE(media::image_size_of(""));
  EXPECT_FALSE(media::image_size_of("\x89PNG\r\n\x1a\n"));
  // A header cut short, and a JPEG whose segments run past the bytes read.
  EXPECT_FALSE(media::image_size_of(std::string("RIFF\0\0\0\0WEBPVP8X", 16)));
  EXPECT_FALSE(media::image_size_of(std::string("\xff\xd8\xff\xe0\xff\xff", 6)));
  // A zero width is no size.
  EXPECT_FALSE(media::image_size_of(std::string("GIF89a\0\0\x10\0", 10)));
}

}  // namespace
}  // namespace ether
