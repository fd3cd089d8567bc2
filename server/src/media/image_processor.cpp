#include "media/image_processor.hpp"

#include <dlfcn.h>

#include <array>
#include <random>
#include <string_view>
#include <utility>

#include "media/image_module.hpp"

namespace ether::media {
namespace {

// The module of media/image_module.hpp, beside the executable (build/server holds the server, the
// test programs and the module alike). Loaded once; a module that cannot be loaded is tried again
// at the next image, so that a fault is reported for each upload rather than once.
const EtherImageModule& image_module() {
  static const EtherImageModule* const loaded = [] {
    std::error_code ignored;
    const auto path = std::filesystem::read_symlink("/proc/self/exe", ignored).parent_path() / kEtherImageModuleFile;
    // Never unloaded: libvips keeps threads and types of its own for the life of the process.
    void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (handle == nullptr) throw std::runtime_error(std::string("the image module cannot be loaded: ") + ::dlerror());
    using Entry = const EtherImageModule* (*)();
    auto* entry = reinterpret_cast<Entry>(::dlsym(handle, "ether_image_module"));
    const EtherImageModule* module = entry != nullptr ? entry() : nullptr;
    if (module == nullptr || module->version != kEtherImageModuleVersion) {
      throw std::runtime_error("the image module " + path.string() + " is not this server's (rebuild it)");
    }
    if (const char* error = module->start()) throw std::runtime_error(error);
    return module;
  }();
  return *loaded;
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

void check(const char* error) {
  if (error != nullptr) throw ImageError(error);
}

// An image open in the module, released when it goes.
class OpenImage {
 public:
  explicit OpenImage(const std::filesystem::path& file) {
    check(image_module().open_image(file.c_str(), &image_, &width_, &height_));
  }
  ~OpenImage() { image_module().release(image_); }
  OpenImage(const OpenImage&) = delete;
  OpenImage& operator=(const OpenImage&) = delete;

  [[nodiscard]] int width() const { return width_; }
  [[nodiscard]] int height() const { return height_; }
  void save_cut(const Cut& cut, const std::filesystem::path& target, int quality) const {
    check(
        image_module().save_cut(image_, cut.left, cut.top, cut.width, cut.height, cut.scale, target.c_str(), quality));
  }

 private:
  void* image_ = nullptr;
  int width_ = 0;
  int height_ = 0;
};

std::string random_suffix() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  return std::to_string(generator());
}

}  // namespace

void start_image_library() { image_module(); }

std::optional<ImageProbe> probe_image(const std::filesystem::path& file) {
  const auto& module = image_module();
  const char* loader = module.find_loader(file.c_str());
  if (loader == nullptr) return std::nullopt;
  auto format = accepted_format(loader);
  if (!format) return std::nullopt;
  ImageProbe probe{.format = *format};
  if (module.header_size(file.c_str(), &probe.width, &probe.height) != nullptr) return std::nullopt;
  return probe;
}

OriginalImage make_original(const std::filesystem::path& source, const std::filesystem::path& target) {
  auto partial = target;
  partial += ".part-" + random_suffix();
  OriginalImage original;
  if (const char* error = image_module().make_original(source.c_str(), partial.c_str(), kOriginalMaxSide, 85,
                                                       &original.width, &original.height)) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    throw ImageError(error);
  }
  std::filesystem::rename(partial, target);
  original.bytes = std::filesystem::file_size(target);
  return original;
}

void make_variants(const std::filesystem::path& original, const std::filesystem::path& folder, FocalPoint focal,
                   const std::function<void(double)>& progress) {
  const OpenImage source(original);
  auto partial = folder;
  partial += ".part-" + random_suffix();
  std::filesystem::create_directories(partial);
  try {
    const auto& sizes = variant_sizes();
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      source.save_cut(cut_for(source.width(), source.height(), sizes[i], focal),
                      partial / (variant_name(sizes[i]) + ".webp"), 80);
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
