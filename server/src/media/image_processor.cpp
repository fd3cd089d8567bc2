#include "media/image_processor.hpp"

#include <vips/vips.h>

#include <array>
#include <memory>
#include <mutex>
#include <random>
#include <string_view>
#include <vector>

namespace ether::media {
namespace {

struct Unref {
  void operator()(VipsImage* image) const noexcept { g_object_unref(image); }
};
using Image = std::unique_ptr<VipsImage, Unref>;

// libvips keeps its error text per thread in a buffer; take it and clear it.
std::string vips_error_text() {
  std::string text = vips_error_buffer();
  vips_error_clear();
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// The loaders we accept, by the prefix of the libvips class that vips_foreign_find_load names;
// SVG, PDF, ImageMagick and raw formats never.
std::optional<std::string> accepted_format(std::string_view loader) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kLoaders{{
      {"VipsForeignLoadJpeg", "jpeg"},
      {"VipsForeignLoadPng", "png"},
      {"VipsForeignLoadWebp", "webp"},
      {"VipsForeignLoadGif", "gif"},
      {"VipsForeignLoadNsgif", "gif"},
      {"VipsForeignLoadHeif", "heif"},
      {"VipsForeignLoadTiff", "tiff"},
  }};
  for (const auto& [prefix, format] : kLoaders) {
    if (loader.starts_with(prefix)) return std::string(format);
  }
  return std::nullopt;
}

// Collects the metadata fields that could say who, where and with what a photo was taken.
void* collect_metadata(VipsImage* /*image*/, const char* name, GValue* /*value*/, void* names) {
  const std::string_view field(name);
  if (field.starts_with("exif-") || field.starts_with("xmp-") || field.starts_with("iptc-") ||
      field.starts_with("png-comment") || field == "orientation") {
    static_cast<std::vector<std::string>*>(names)->emplace_back(field);
  }
  return nullptr;
}

void save_webp(VipsImage* source, const std::filesystem::path& target, int quality) {
  // "strip" alone leaves EXIF in WebP with this libvips: the fields are removed from a copy first.
  VipsImage* copied = nullptr;
  if (vips_copy(source, &copied, nullptr) != 0) {
    throw ImageError("De afbeelding kon niet worden opgeslagen: " + vips_error_text());
  }
  Image copy(copied);
  std::vector<std::string> names;
  vips_image_map(copy.get(), collect_metadata, &names);
  for (const auto& name : names) vips_image_remove(copy.get(), name.c_str());
  VipsImage* image = copy.get();
  if (vips_webpsave(image, target.c_str(), "Q", quality, "strip", TRUE, nullptr) != 0) {
    throw ImageError("De afbeelding kon niet worden opgeslagen: " + vips_error_text());
  }
}

std::string random_suffix() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  return std::to_string(generator());
}

}  // namespace

void start_image_library() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (VIPS_INIT("ether-server") != 0) throw std::runtime_error("libvips cannot start: " + vips_error_text());
    // Uploads are processed one at a time on a worker thread; a small cache is enough.
    vips_cache_set_max(20);
  });
}

std::optional<ImageProbe> probe_image(const std::filesystem::path& file) {
  start_image_library();
  const char* loader = vips_foreign_find_load(file.c_str());
  if (loader == nullptr) {
    vips_error_clear();
    return std::nullopt;
  }
  auto format = accepted_format(loader);
  if (!format) return std::nullopt;
  // Opening reads the header only; the pixels are decoded later, when needed.
  Image image(vips_image_new_from_file(file.c_str(), nullptr));
  if (!image) {
    vips_error_clear();
    return std::nullopt;
  }
  return ImageProbe{*format, vips_image_get_width(image.get()), vips_image_get_height(image.get())};
}

OriginalImage make_original(const std::filesystem::path& source, const std::filesystem::path& target) {
  start_image_library();
  VipsImage* out = nullptr;
  // thumbnail decodes with shrink-on-load, turns the image upright by its EXIF orientation and
  // brings it to sRGB; "size down" never blows a small image up.
  if (vips_thumbnail(source.c_str(), &out, kOriginalMaxSide, "height", kOriginalMaxSide, "size", VIPS_SIZE_DOWN,
                     nullptr) != 0) {
    throw ImageError("De afbeelding kon niet worden gelezen: " + vips_error_text());
  }
  Image thumbnail(out);
  // Decode every pixel now, so that a truncated file fails here rather than halfway a variant.
  Image decoded(vips_image_copy_memory(thumbnail.get()));
  if (!decoded) throw ImageError("De afbeelding kon niet worden gelezen: " + vips_error_text());
  auto partial = target;
  partial += ".part-" + random_suffix();
  save_webp(decoded.get(), partial, 85);
  std::filesystem::rename(partial, target);
  return OriginalImage{vips_image_get_width(decoded.get()), vips_image_get_height(decoded.get()),
                       std::filesystem::file_size(target)};
}

void make_variants(const std::filesystem::path& original, const std::filesystem::path& folder, FocalPoint focal,
                   const std::function<void(double)>& progress) {
  start_image_library();
  Image loaded(vips_image_new_from_file(original.c_str(), "access", VIPS_ACCESS_RANDOM, nullptr));
  if (!loaded) throw ImageError("De afbeelding kon niet worden gelezen: " + vips_error_text());
  Image source(vips_image_copy_memory(loaded.get()));
  if (!source) throw ImageError("De afbeelding kon niet worden gelezen: " + vips_error_text());
  const int width = vips_image_get_width(source.get());
  const int height = vips_image_get_height(source.get());

  auto partial = folder;
  partial += ".part-" + random_suffix();
  std::filesystem::create_directories(partial);
  try {
    const auto& sizes = variant_sizes();
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      const auto cut = cut_for(width, height, sizes[i], focal);
      VipsImage* area = nullptr;
      if (vips_extract_area(source.get(), &area, cut.left, cut.top, cut.width, cut.height, nullptr) != 0) {
        throw ImageError("De afbeelding kon niet worden bijgesneden: " + vips_error_text());
      }
      Image cropped(area);
      Image result;
      if (cut.scale < 1.0) {
        VipsImage* resized = nullptr;
        if (vips_resize(cropped.get(), &resized, cut.scale, nullptr) != 0) {
          throw ImageError("De afbeelding kon niet worden verkleind: " + vips_error_text());
        }
        result.reset(resized);
      } else {
        result = std::move(cropped);
      }
      save_webp(result.get(), partial / (variant_name(sizes[i]) + ".webp"), 80);
      if (progress) progress(static_cast<double>(i + 1) / static_cast<double>(sizes.size()));
    }
    std::error_code exists;
    std::filesystem::rename(partial, folder, exists);
    // Made twice at once (the same focal point asked again): the first one stays.
    if (exists) std::filesystem::remove_all(partial);
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove_all(partial, ignored);
    throw;
  }
}

}  // namespace ether::media
