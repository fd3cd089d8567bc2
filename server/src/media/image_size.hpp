#pragma once
// The pixel size of an image file read from its header (WebP, PNG, JPEG, GIF), for the share
// card's og:image:width and og:image:height. Reads at most a few kilobytes; decodes nothing.

#include <filesystem>
#include <optional>
#include <string_view>

namespace ether::media {

struct ImageSize {
  int width = 0;
  int height = 0;
  friend bool operator==(const ImageSize&, const ImageSize&) = default;
};

/// The size the header of `bytes` (the start of an image file) declares; nullopt when it is not a
/// WebP, PNG, JPEG or GIF header or is cut short.
std::optional<ImageSize> image_size_of(std::string_view bytes);

/// The size of the image in `file`; nullopt when it cannot be read or is not such an image.
std::optional<ImageSize> image_size(const std::filesystem::path& file);

}  // namespace ether::media
