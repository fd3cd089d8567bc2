#include "http/mime.hpp"

#include <array>
#include <utility>

#include "http/message.hpp"

namespace ether::http {

std::string_view content_type_for(std::string_view file_name) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 36> kTypes{{
      {"html", "text/html; charset=utf-8"},
      {"htm", "text/html; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"mjs", "text/javascript; charset=utf-8"},
      {"json", "application/json; charset=utf-8"},
      {"map", "application/json; charset=utf-8"},
      {"webmanifest", "application/manifest+json; charset=utf-8"},
      {"txt", "text/plain; charset=utf-8"},
      {"xml", "application/xml; charset=utf-8"},
      {"svg", "image/svg+xml; charset=utf-8"},
      {"vtt", "text/vtt; charset=utf-8"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"gif", "image/gif"},
      {"webp", "image/webp"},
      {"avif", "image/avif"},
      {"ico", "image/x-icon"},
      {"woff", "font/woff"},
      {"woff2", "font/woff2"},
      {"ttf", "font/ttf"},
      {"otf", "font/otf"},
      {"mp3", "audio/mpeg"},
      {"m4a", "audio/mp4"},
      {"aac", "audio/aac"},
      {"ogg", "audio/ogg"},
      {"oga", "audio/ogg"},
      {"opus", "audio/ogg"},
      {"wav", "audio/wav"},
      {"mp4", "video/mp4"},
      {"webm", "video/webm"},
      {"m3u8", "application/vnd.apple.mpegurl"},
      {"ts", "video/mp2t"},
      {"wasm", "application/wasm"},
      {"pdf", "application/pdf"},
  }};
  auto slash = file_name.rfind('/');
  if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
  auto dot = file_name.rfind('.');
  if (dot == std::string_view::npos) return "application/octet-stream";
  std::string_view extension = file_name.substr(dot + 1);
  for (const auto& [ext, type] : kTypes) {
    if (iequals(ext, extension)) return type;
  }
  return "application/octet-stream";
}

bool is_json(std::string_view content_type) {
  return content_type.starts_with("application/json") || content_type.starts_with("application/problem+json");
}

bool is_compressible(std::string_view content_type) {
  return content_type.starts_with("text/") || content_type.starts_with("application/json") ||
         content_type.starts_with("application/javascript") || content_type.starts_with("application/xml") ||
         content_type.starts_with("application/manifest+json") || content_type.starts_with("image/svg+xml") ||
         content_type.starts_with("application/wasm") || content_type.starts_with("application/vnd.apple.mpegurl");
}

}  // namespace ether::http
