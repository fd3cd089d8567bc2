// The §9 preset table the server uses is the one in src/media/image_presets.json, which the web app
// imports too (web/src/lib/images.test.ts reads the same file).
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <string>
#include <vector>

#include "media/image_presets.hpp"
#include "media/image_variants.hpp"
#include "render/markup.hpp"
#include "support/file_bytes.hpp"
#include "support/test_paths.hpp"

namespace {

using ether::media::PresetSize;
using ether::media::VariantSize;

boost::json::object presets_file() {
  const auto text = ether::test::file_bytes(std::string(ETHER_SOURCE_DIR) + "/server/src/media/image_presets.json");
  return boost::json::parse(text).as_object().at("presets").as_object();
}

TEST(ImagePresets, TableIsTheJsonFile) {
  std::vector<std::pair<std::string, VariantSize>> expected;
  for (const auto& [name, sizes] : presets_file()) {
    for (const auto& size : sizes.as_array()) {
      const auto& object = size.as_object();
      const auto* height = object.if_contains("height");
      expected.emplace_back(std::string(name),
                            VariantSize{static_cast<int>(object.at("width").as_int64()),
                                        height == nullptr ? 0 : static_cast<int>(height->as_int64())});
    }
  }
  std::vector<std::pair<std::string, VariantSize>> actual;
  for (const PresetSize& entry : ether::media::image_preset_sizes()) {
    actual.emplace_back(std::string(entry.preset), entry.size);
  }
  EXPECT_EQ(actual, expected);
  EXPECT_EQ(actual.size(), 43U);
}

TEST(ImagePresets, LargestSizeFollowsTheSpec) {
  EXPECT_EQ(ether::media::largest_preset_size("ARTICLE_CARD"), (VariantSize{564, 424}));
  EXPECT_EQ(ether::media::largest_preset_size("CHART_ITEM"), (VariantSize{130, 130}));
  EXPECT_EQ(ether::media::largest_preset_size("VIDEOCLIP"), (VariantSize{280, 158}));
  EXPECT_EQ(ether::media::largest_preset_size("CONTENT_IMAGE"), (VariantSize{540, 0}));
  EXPECT_EQ(ether::media::largest_preset_size("NO_SUCH_PRESET"), std::nullopt);
}

TEST(ImagePresets, UploadVariantsAndRenderedImagesUseTheTable) {
  const auto& variants = ether::media::variant_sizes();
  for (const auto& [preset, size] : ether::media::image_preset_sizes()) {
    for (int scale : {1, 2}) {
      const VariantSize scaled{size.width * scale, size.height * scale};
      EXPECT_NE(std::find(variants.begin(), variants.end(), scaled), variants.end()) << preset << " x" << scale;
    }
  }
  std::string html;
  ether::render::image(html, "/media/a/{format}.webp", "EVENT_LIST_ITEM", "");
  EXPECT_NE(html.find("src=\"/media/a/h_99,w_132,c_north.webp\""), std::string::npos) << html;
  EXPECT_NE(html.find("width=\"132\" height=\"99\""), std::string::npos) << html;
  html.clear();
  ether::render::image(html, "/media/a/{format}.webp", "NO_SUCH_PRESET", "");
  EXPECT_NE(html.find("width=\"600\" height=\"600\""), std::string::npos) << html;
}

}  // namespace
