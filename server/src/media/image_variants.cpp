#include "media/image_variants.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace ether::media {
namespace {

std::optional<int> number(std::string_view text) {
  int value = 0;
  if (text.empty() || text.size() > 5) return std::nullopt;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.front() == '0') return std::nullopt;
  return value;
}

}  // namespace

const std::vector<VariantSize>& variant_sizes() {
  static const std::vector<VariantSize> sizes = [] {
    std::vector<VariantSize> all;
    for (int scale : {1, 2}) {
      for (const auto& [preset, size] : image_preset_sizes()) {
        const VariantSize scaled{size.width * scale, size.height * scale};
        if (std::find(all.begin(), all.end(), scaled) == all.end()) all.push_back(scaled);
      }
    }
    return all;
  }();
  return sizes;
}

std::string variant_name(VariantSize size) {
  if (size.height == 0) return "w_" + std::to_string(size.width);
  return "h_" + std::to_string(size.height) + ",w_" + std::to_string(size.width) + ",c_north";
}

std::optional<VariantSize> parse_variant(std::string_view name) {
  VariantSize size;
  if (name.starts_with("w_")) {
    auto width = number(name.substr(2));
    if (!width) return std::nullopt;
    size = {*width, 0};
  } else if (name.starts_with("h_") && name.ends_with(",c_north")) {
    name.remove_prefix(2);
    name.remove_suffix(8);
    const auto comma = name.find(",w_");
    if (comma == std::string_view::npos) return std::nullopt;
    auto height = number(name.substr(0, comma));
    auto width = number(name.substr(comma + 3));
    if (!height || !width) return std::nullopt;
    size = {*width, *height};
  } else {
    return std::nullopt;
  }
  const auto& known = variant_sizes();
  if (std::find(known.begin(), known.end(), size) == known.end()) return std::nullopt;
  return size;
}

std::string focal_folder(FocalPoint focal) { return "f" + std::to_string(focal.x) + "-" + std::to_string(focal.y); }

Cut cut_for(int width, int height, VariantSize size, FocalPoint focal) {
  Cut cut{0, 0, width, height, 1.0};
  if (width <= 0 || height <= 0 || size.width <= 0) return cut;
  if (size.height == 0) {
    cut.scale = std::min(1.0, static_cast<double>(size.width) / width);
    return cut;
  }
  // The largest window of the wanted aspect ratio that fits the original.
  const double aspect = static_cast<double>(size.width) / size.height;
  if (static_cast<double>(width) / height > aspect) {
    cut.width = std::max(1, static_cast<int>(std::lround(height * aspect)));
  } else {
    cut.height = std::max(1, static_cast<int>(std::lround(width / aspect)));
  }
  cut.width = std::min(cut.width, width);
  cut.height = std::min(cut.height, height);
  // Centred on the focal point, moved back inside the original where it would stick out.
  const double fx = std::clamp(focal.x, 0, 1000) / 1000.0;
  const double fy = std::clamp(focal.y, 0, 1000) / 1000.0;
  cut.left = std::clamp(static_cast<int>(std::lround(fx * width - cut.width / 2.0)), 0, width - cut.width);
  cut.top = std::clamp(static_cast<int>(std::lround(fy * height - cut.height / 2.0)), 0, height - cut.height);
  cut.scale = std::min(1.0, static_cast<double>(size.width) / cut.width);
  return cut;
}

}  // namespace ether::media
