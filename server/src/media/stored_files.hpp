#pragma once
// Where the results of the media library are served and kept: the site paths under /uploads that
// name a stored file (never the incoming folder), the path of an audio item's MP3 as content
// stores it, and the file on disk behind such a path (for the RSS enclosure's length).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "media/image_variants.hpp"
#include "media/media_repository.hpp"

namespace ether::media {

/// The site path under which the uploads' stored files are served.
inline constexpr std::string_view kUploadsPrefix = "/uploads";

/// The site path of an audio item's normalised MP3: "/uploads/audio/<sha256>.mp3". Content that
/// plays the item (episodes, fragments, bulletins) stores this path as its audio.
std::string audio_url(const MediaItem& item);

/// The site paths of a video item's HLS master playlist ("/uploads/videos/<sha256>/master.m3u8"),
/// which a video content item stores as its file, and of its poster (".../poster.jpg").
std::string video_url(const MediaItem& item);
std::string video_poster_url(const MediaItem& item);

/// The site path of an image item's sizes around its focal point, with '{format}' in the place of
/// the size: "/uploads/images/<sha256>/f500-500/{format}.webp". Content stores it for an image that
/// the listener pages cut in §9 presets (they put a size in the place of '{format}').
std::string image_url(const MediaItem& item);
/// The site path of an image item's 1080 px wide size (nothing cut off): for article image blocks,
/// logos and backgrounds.
std::string content_image_url(const MediaItem& item);

/// The content hash of the library image that a site path names ("/uploads/images/<sha256>/"
/// followed by original.webp, or a focal folder with {format}.webp or one of the sizes); nullopt
/// for any other URL.
std::optional<std::string> library_image_hash(std::string_view url);

/// The content hash of the library video whose `file` (kMasterPlaylist or kPosterFile) the site
/// path names ("/uploads/videos/<sha256>/<file>"); nullopt for any other URL.
std::optional<std::string> library_video_hash(std::string_view url, std::string_view file);

/// `url` with each '{format}' replaced by the name of `size` ("h_720,w_1280,c_north"): a library
/// image at one of its sizes, for what cannot choose a size itself (feeds, JSON-LD, the player).
std::string sized_image_url(std::string_view url, VariantSize size);

/// True for a path relative to the uploads root that names a stored result: audio/<sha256>.mp3,
/// images/<sha256>/original.webp, images/<sha256>/f<x>-<y>/<size>.webp, and a video's
/// videos/<sha256>/master.m3u8, poster.jpg, <n>/index.m3u8 and <n>/seg<nnn>.ts.
bool servable(std::string_view relative);

/// The file under `root` that the site path `site_path` ("/uploads/...") serves, or nullopt when
/// the path is not one of the stored results.
std::optional<std::filesystem::path> stored_file(const std::filesystem::path& root, std::string_view site_path);

}  // namespace ether::media
