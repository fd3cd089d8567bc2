#pragma once
// The image size presets of spec §9 (ARTICLE_CARD 564×424 / 256×192, …), largest breakpoint
// first. Their one source is src/media/image_presets.json, which the web app imports as well; CMake
// turns it into a constant table at configure time (generated/image_presets.cpp), so the server and
// the web app cannot drift apart.

#include <optional>
#include <span>
#include <string_view>

namespace ether::media {

/// A size: width and height in pixels, or height 0 for a width that keeps the aspect ratio.
struct VariantSize {
  int width = 0;
  int height = 0;
  friend bool operator==(const VariantSize&, const VariantSize&) = default;
};

/// One size of one preset.
struct PresetSize {
  std::string_view preset;
  VariantSize size;
};

/// Every size of every preset, as image_presets.json lists them (presets in file order, each
/// preset's sizes largest breakpoint first).
std::span<const PresetSize> image_preset_sizes();

/// The first (largest breakpoint) size of a preset; nullopt for a name that is no preset.
std::optional<VariantSize> largest_preset_size(std::string_view preset);

}  // namespace ether::media
