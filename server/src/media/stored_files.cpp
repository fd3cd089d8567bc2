#include "media/stored_files.hpp"

#include <algorithm>
#include <vector>

#include "media/image_variants.hpp"
#include "media/video_processor.hpp"

namespace ether::media {
namespace {

bool is_hash(std::string_view text) {
  return text.size() == 64 &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// "f500-500": a focal folder as focal_folder writes it.
bool is_focal_folder(std::string_view text) {
  if (!text.starts_with('f')) return false;
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return false;
  auto digits = [](std::string_view part) {
    return !part.empty() && part.size() <= 4 &&
           std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return digits(text.substr(1, dash - 1)) && digits(text.substr(dash + 1));
}

bool digits(std::string_view text) {
  return !text.empty() && text.size() <= 6 &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A file of a video's folder, as process_video writes them.
bool video_file(const std::vector<std::string_view>& parts) {
  if (parts.size() == 3) return parts[2] == kMasterPlaylist || parts[2] == kPosterFile;
  if (parts.size() != 4 || parts[2].size() > 2 || !digits(parts[2])) return false;
  if (parts[3] == "index.m3u8") return true;
  return parts[3].starts_with("seg") && parts[3].ends_with(".ts") && digits(parts[3].substr(3, parts[3].size() - 6));
}

}  // namespace

std::string video_url(const MediaItem& item) {
  return std::string(kUploadsPrefix) + "/videos/" + item.content_hash + "/" + std::string(kMasterPlaylist);
}

std::string video_poster_url(const MediaItem& item) {
  return std::string(kUploadsPrefix) + "/videos/" + item.content_hash + "/" + std::string(kPosterFile);
}

std::string audio_url(const MediaItem& item) {
  return std::string(kUploadsPrefix) + "/audio/" + item.content_hash + ".mp3";
}

std::string image_url(const MediaItem& item) {
  return std::string(kUploadsPrefix) + "/images/" + item.content_hash + "/" + focal_folder(item.focal) +
         "/{format}.webp";
}

std::string content_image_url(const MediaItem& item) {
  return std::string(kUploadsPrefix) + "/images/" + item.content_hash + "/" + focal_folder(item.focal) + "/" +
         variant_name({1080, 0}) + ".webp";
}

std::optional<std::string> library_image_hash(std::string_view url) {
  const std::string prefix = std::string(kUploadsPrefix) + "/images/";
  if (!url.starts_with(prefix)) return std::nullopt;
  auto relative = url.substr(kUploadsPrefix.size() + 1);
  std::string resolved(relative);
  if (const auto at = resolved.rfind("/{format}.webp"); at != std::string::npos && at + 14 == resolved.size()) {
    // Any size stands for the placeholder: servable() knows the names of the sizes.
    resolved.replace(at + 1, 8, variant_name({1080, 0}));
  }
  if (!servable(resolved)) return std::nullopt;
  return std::string(relative.substr(7, 64));
}

std::optional<std::string> library_video_hash(std::string_view url, std::string_view file) {
  const std::string prefix = std::string(kUploadsPrefix) + "/videos/";
  if (!url.starts_with(prefix)) return std::nullopt;
  const auto rest = url.substr(prefix.size());
  if (rest.size() != 64 + 1 + file.size() || rest[64] != '/' || rest.substr(65) != file) return std::nullopt;
  const auto hash = rest.substr(0, 64);
  if (!is_hash(hash)) return std::nullopt;
  return std::string(hash);
}

std::string sized_image_url(std::string_view url, VariantSize size) {
  std::string out(url);
  const auto name = variant_name(size);
  for (auto at = out.find("{format}"); at != std::string::npos; at = out.find("{format}", at + name.size())) {
    out.replace(at, 8, name);
  }
  return out;
}

bool servable(std::string_view relative) {
  std::vector<std::string_view> parts;
  while (!relative.empty()) {
    const auto slash = relative.find('/');
    parts.push_back(relative.substr(0, slash));
    relative = slash == std::string_view::npos ? std::string_view{} : relative.substr(slash + 1);
  }
  if (parts.size() == 2 && parts[0] == "audio") {
    return parts[1].ends_with(".mp3") && is_hash(parts[1].substr(0, parts[1].size() - 4));
  }
  if (parts.size() >= 3 && parts[0] == "videos") return is_hash(parts[1]) && video_file(parts);
  if (parts.size() == 3 && parts[0] == "images") return is_hash(parts[1]) && parts[2] == "original.webp";
  if (parts.size() == 4 && parts[0] == "images") {
    return is_hash(parts[1]) && is_focal_folder(parts[2]) && parts[3].ends_with(".webp") &&
           parse_variant(parts[3].substr(0, parts[3].size() - 5)).has_value();
  }
  return false;
}

std::optional<std::filesystem::path> stored_file(const std::filesystem::path& root, std::string_view site_path) {
  if (!site_path.starts_with(kUploadsPrefix)) return std::nullopt;
  site_path.remove_prefix(kUploadsPrefix.size());
  if (!site_path.starts_with('/')) return std::nullopt;
  site_path.remove_prefix(1);
  if (!servable(site_path)) return std::nullopt;
  return root / std::string(site_path);
}

}  // namespace ether::media
