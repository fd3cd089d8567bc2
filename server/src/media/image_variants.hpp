#pragma once
// The sizes an uploaded image is made in: every size of spec §9's presets (media/image_presets.hpp,
// the table the web app reads too), at 1x and 2x, and how each is cut from the original around its focal
// point. The web app asks for a size by putting 'h_{h},w_{w},c_north' in the place of '{format}'
// in the image's URL; CONTENT_IMAGE gives widths only ('w_{w}'). Pure logic, no image library.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "media/image_presets.hpp"

namespace ether::media {

/// Every size of the §9 presets at 1x and 2x, without duplicates.
const std::vector<VariantSize>& variant_sizes();

/// "h_424,w_564,c_north" for a crop, "w_540" for a width only.
std::string variant_name(VariantSize size);

/// The size of a variant name when it is one of variant_sizes(); nullopt otherwise.
std::optional<VariantSize> parse_variant(std::string_view name);

/// A focal point in thousandths of the width and height (0..1000), 500/500 being the centre.
struct FocalPoint {
  int x = 500;
  int y = 500;
  friend bool operator==(const FocalPoint&, const FocalPoint&) = default;
};

/// "f500-500": the folder of the variants made for a focal point.
std::string focal_folder(FocalPoint focal);

/// What to cut from a `width` x `height` original for `size`: the window (in the original's
/// pixels) with the size's aspect ratio that lies nearest to centring the focal point, and the
/// scale that brings it to the size (never above 1: small originals are not blown up).
struct Cut {
  int left = 0;
  int top = 0;
  int width = 0;
  int height = 0;
  double scale = 1.0;
};
Cut cut_for(int width, int height, VariantSize size, FocalPoint focal);

}  // namespace ether::media
