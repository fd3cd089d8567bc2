// The image module (media/image_module.hpp): every call into libvips, built as ether-images.so and
// loaded by image_processor.cpp at the first image a process handles.
#include <vips/vips.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "media/image_module.hpp"

namespace {

struct Unref {
  void operator()(VipsImage* image) const noexcept { g_object_unref(image); }
};
using Image = std::unique_ptr<VipsImage, Unref>;

// The answer of a failed call: the message for the editor with libvips' reason, which libvips
// keeps per thread in a buffer (taken and cleared here).
const char* failure(std::string_view what) {
  thread_local std::string message;
  std::string reason = vips_error_buffer();
  vips_error_clear();
  while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) reason.pop_back();
  message = std::string(what) + ": " + reason;
  return message.c_str();
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

const char* save_webp(VipsImage* source, const char* target, int quality) {
  // "strip" alone leaves EXIF in WebP with this libvips: the fields are removed from a copy first.
  VipsImage* copied = nullptr;
  if (vips_copy(source, &copied, nullptr) != 0) return failure("De afbeelding kon niet worden opgeslagen");
  Image copy(copied);
  std::vector<std::string> names;
  vips_image_map(copy.get(), collect_metadata, &names);
  for (const auto& name : names) vips_image_remove(copy.get(), name.c_str());
  if (vips_webpsave(copy.get(), target, "Q", quality, "strip", TRUE, nullptr) != 0) {
    return failure("De afbeelding kon niet worden opgeslagen");
  }
  return nullptr;
}

const char* start() {
  // VIPS_INIT does its work once per process.
  if (VIPS_INIT("ether-server") != 0) return failure("libvips kan niet starten");
  // Uploads are processed one at a time on a worker thread; a small cache is enough.
  vips_cache_set_max(20);
  return nullptr;
}

const char* find_loader(const char* file) {
  const char* loader = vips_foreign_find_load(file);
  if (loader == nullptr) vips_error_clear();
  return loader;
}

const char* header_size(const char* file, int* width, int* height) {
  // Opening reads the header only; the pixels are decoded later, when needed.
  Image image(vips_image_new_from_file(file, nullptr));
  if (!image) return failure("De afbeelding kon niet worden gelezen");
  *width = vips_image_get_width(image.get());
  *height = vips_image_get_height(image.get());
  return nullptr;
}

const char* make_original(const char* source, const char* target, int max_side, int quality, int* width, int* height) {
  VipsImage* out = nullptr;
  // thumbnail decodes with shrink-on-load, turns the image upright by its EXIF orientation and
  // brings it to sRGB; "size down" never blows a small image up.
  if (vips_thumbnail(source, &out, max_side, "height", max_side, "size", VIPS_SIZE_DOWN, nullptr) != 0) {
    return failure("De afbeelding kon niet worden gelezen");
  }
  Image thumbnail(out);
  // Decode every pixel now, so that a truncated file fails here rather than halfway a variant.
  Image decoded(vips_image_copy_memory(thumbnail.get()));
  if (!decoded) return failure("De afbeelding kon niet worden gelezen");
  if (const char* error = save_webp(decoded.get(), target, quality)) return error;
  *width = vips_image_get_width(decoded.get());
  *height = vips_image_get_height(decoded.get());
  return nullptr;
}

const char* open_image(const char* file, void** image, int* width, int* height) {
  Image loaded(vips_image_new_from_file(file, "access", VIPS_ACCESS_RANDOM, nullptr));
  if (!loaded) return failure("De afbeelding kon niet worden gelezen");
  Image decoded(vips_image_copy_memory(loaded.get()));
  if (!decoded) return failure("De afbeelding kon niet worden gelezen");
  *width = vips_image_get_width(decoded.get());
  *height = vips_image_get_height(decoded.get());
  *image = decoded.release();
  return nullptr;
}

const char* save_cut(void* image, int left, int top, int width, int height, double scale, const char* target,
                     int quality) {
  VipsImage* area = nullptr;
  if (vips_extract_area(static_cast<VipsImage*>(image), &area, left, top, width, height, nullptr) != 0) {
    return failure("De afbeelding kon niet worden bijgesneden");
  }
  Image result(area);
  if (scale < 1.0) {
    VipsImage* resized = nullptr;
    if (vips_resize(result.get(), &resized, scale, nullptr) != 0) {
      return failure("De afbeelding kon niet worden verkleind");
    }
    result.reset(resized);
  }
  return save_webp(result.get(), target, quality);
}

void release(void* image) { g_object_unref(static_cast<VipsImage*>(image)); }

constexpr EtherImageModule kModule{
    .version = kEtherImageModuleVersion,
    .start = start,
    .find_loader = find_loader,
    .header_size = header_size,
    .make_original = make_original,
    .open_image = open_image,
    .save_cut = save_cut,
    .release = release,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const EtherImageModule* ether_image_module() { return &kModule; }
