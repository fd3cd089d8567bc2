#pragma once
// Images with libvips: an upload is decoded and checked by its content (never by its extension),
// turned upright, converted to sRGB, stripped of EXIF and other metadata and stored as one WebP
// original (at most 2560 px on its longest side), from which every size of image_variants.hpp is
// cut around the focal point. Only JPEG, PNG, WebP, GIF, HEIF/AVIF and TIFF are read.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "media/image_variants.hpp"

namespace ether::media {

/// An image that cannot be read or written; what() is a Dutch message for the editor.
class ImageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The longest side of the stored original.
inline constexpr int kOriginalMaxSide = 2560;
/// Larger images are refused (a small file may decode to gigabytes).
inline constexpr std::int64_t kMaxImagePixels = 100'000'000;

/// What an image file is, read from its header only.
struct ImageProbe {
  std::string format;  // "jpeg", "png", "webp", "gif", "heif", "tiff"
  int width = 0;
  int height = 0;
};

/// Loads the image module (media/image_module.hpp) and starts libvips, once per process (safe to call
/// from any thread, any number of times); throws std::runtime_error when it cannot. The functions
/// below do it themselves.
void start_image_library();

/// The format and size of `file` when it is an image of an accepted format; nullopt otherwise.
std::optional<ImageProbe> probe_image(const std::filesystem::path& file);

/// The stored original made by make_original.
struct OriginalImage {
  int width = 0;
  int height = 0;
  std::uint64_t bytes = 0;
};

/// Decodes `source` entirely and writes `target` (WebP, upright, sRGB, no metadata). Throws
/// ImageError when the image cannot be decoded (e.g. a truncated file).
OriginalImage make_original(const std::filesystem::path& source, const std::filesystem::path& target);

/// Writes every variant_sizes() size cut from `original` around `focal` as "<name>.webp" into
/// `folder`, which appears complete or not at all. `progress` gets the share done (0..1).
void make_variants(const std::filesystem::path& original, const std::filesystem::path& folder, FocalPoint focal,
                   const std::function<void(double)>& progress = {});

}  // namespace ether::media
