#pragma once
// Where the results of the media library are served and kept: the site paths under /uploads that
// name a stored file (never the incoming folder), the path of an audio item's MP3 as content
// stores it, and the file on disk behind such a path (for the RSS enclosure's length).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "media/media_repository.hpp"

namespace ether::media {

/// The site path under which the uploads' stored files are served.
inline constexpr std::string_view kUploadsPrefix = "/uploads";

/// The site path of an audio item's normalised MP3: "/uploads/audio/<sha256>.mp3". Content that
/// plays the item (episodes, fragments, bulletins) stores this path as its audio.
std::string audio_url(const MediaItem& item);

/// True for a path relative to the uploads root that names a stored result: audio/<sha256>.mp3,
/// images/<sha256>/original.webp or images/<sha256>/f<x>-<y>/<size>.webp.
bool servable(std::string_view relative);

/// The file under `root` that the site path `site_path` ("/uploads/...") serves, or nullopt when
/// the path is not one of the stored results.
std::optional<std::filesystem::path> stored_file(const std::filesystem::path& root, std::string_view site_path);

}  // namespace ether::media
