// The demo's committed artwork (media/demo/images, drawn by scripts/make-demo-media) carries no
// play symbol (issue 39 #1): a ▶ drawn into a fragment card or a video poster looks like a control,
// and tapping it did nothing. The pictures are decoded and their centre is looked at.

#include <gtest/gtest.h>
#include <vips/vips.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "media/image_processor.hpp"
#include "support/test_paths.hpp"

namespace {

namespace fs = std::filesystem;

/// A decoded picture: 8-bit samples, `bands` per pixel, row by row.
struct Pixels {
  int width = 0;
  int height = 0;
  int bands = 0;
  std::vector<std::uint8_t> data;

  /// The darkest of the red, green and blue samples at (x, y): high only where the pixel is near white.
  [[nodiscard]] int min_channel(int x, int y) const {
    const auto* p = &data[(static_cast<std::size_t>(y) * width + x) * bands];
    return bands >= 3 ? std::min({p[0], p[1], p[2]}) : p[0];
  }
};

Pixels decode(const fs::path& file) {
  ether::media::start_image_library();
  std::unique_ptr<VipsImage, decltype(&g_object_unref)> image(vips_image_new_from_file(file.c_str(), nullptr),
                                                              g_object_unref);
  if (!image) throw std::runtime_error("cannot decode " + file.string() + ": " + vips_error_buffer());
  std::size_t size = 0;
  void* memory = vips_image_write_to_memory(image.get(), &size);
  if (!memory) throw std::runtime_error("cannot read " + file.string());
  Pixels pixels{
      vips_image_get_width(image.get()), vips_image_get_height(image.get()), vips_image_get_bands(image.get()), {}};
  pixels.data.assign(static_cast<std::uint8_t*>(memory), static_cast<std::uint8_t*>(memory) + size);
  g_free(memory);
  return pixels;
}

/**
 * Whether the centre holds a play button as the artwork used to draw it: a near-white disc (its
 * rim all around the centre is white), or a near-white triangle pointing right (the points inside
 * it all white).
 */
bool has_play_glyph(const Pixels& px) {
  const int cx = px.width / 2;
  const int cy = px.height / 2;
  const double r = px.height * 0.09;
  int white_rim = 0;
  constexpr int kRimPoints = 24;
  for (int i = 0; i < kRimPoints; ++i) {
    const double angle = 2 * std::numbers::pi * i / kRimPoints;
    const int x = cx + static_cast<int>(std::lround(r * std::cos(angle)));
    const int y = cy + static_cast<int>(std::lround(r * std::sin(angle)));
    if (px.min_channel(x, y) >= 200) ++white_rim;
  }
  if (white_rim >= kRimPoints - 2) return true;
  const int u = px.height / 54;  // the triangle's inside, in steps of about 5 px on a 270 px picture
  const std::vector<std::pair<int, int>> inside{{-2 * u, 0}, {-u, -u}, {-u, u}, {0, 0}, {u, 0}, {2 * u, 0}};
  return std::all_of(inside.begin(), inside.end(),
                     [&](const auto& d) { return px.min_channel(cx + d.first, cy + d.second) >= 235; });
}

std::vector<fs::path> pictures_under(const std::string& folder) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(fs::path(ETHER_SOURCE_DIR) / "media/demo/images" / folder)) {
    if (entry.path().extension() == ".webp") found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

TEST(DemoArtwork, TheDetectorSeesAPlayButtonDrawnTheWayTheArtworkDidIt) {
  // A fragment card's old glyph (a white disc with a coloured triangle) and a video poster's (a
  // white triangle on a dark disc), drawn onto a coloured background as the generator drew them.
  auto draw = [](int w, int h, bool video) {
    Pixels px{w, h, 3, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 3)};
    const int cx = w / 2;
    const int cy = h / 2;
    const int s = std::min(w, h);
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        auto* p = &px.data[(static_cast<std::size_t>(y) * w + x) * 3];
        p[0] = 200;
        p[1] = 40;
        p[2] = 60;
        const double d = std::hypot(x - cx, y - cy);
        if (!video && d <= s / 9.0) p[0] = p[1] = p[2] = 240;
        // The triangle: its left edge and the two edges meeting at its tip.
        const int left = video ? cx - h / 18 : cx - s / 30;
        const int tip = video ? cx + h / 12 : cx + s / 18;
        const int half = video ? h / 14 : s / 20;
        const bool in_triangle =
            x >= left && x <= tip && std::abs(y - cy) <= half * (tip - x) / static_cast<double>(tip - left);
        if (in_triangle) {
          if (video) {
            p[0] = p[1] = p[2] = 255;
          } else {
            p[0] = 90;
            p[1] = 20;
            p[2] = 30;
          }
        }
      }
    }
    return px;
  };
  EXPECT_TRUE(has_play_glyph(draw(360, 270, false)));
  EXPECT_TRUE(has_play_glyph(draw(480, 270, true)));
  Pixels plain{360, 270, 3, std::vector<std::uint8_t>(360U * 270U * 3U, 90)};
  EXPECT_FALSE(has_play_glyph(plain));
}

TEST(DemoArtwork, FragmentCardsAndVideoPostersCarryNoPlaySymbol) {
  for (const auto* folder : {"fragments", "videos"}) {
    auto files = pictures_under(folder);
    ASSERT_FALSE(files.empty()) << folder;
    for (const auto& file : files) {
      EXPECT_FALSE(has_play_glyph(decode(file))) << file.filename() << " has a play symbol drawn into it";
    }
  }
}
