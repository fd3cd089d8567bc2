#include "visual/hls_playlist.hpp"

#include <charconv>

namespace ether::visual {

bool valid_segment_name(std::string_view name) {
  constexpr std::string_view prefix = "seg-";
  constexpr std::string_view suffix = ".ts";
  if (name.size() <= prefix.size() + suffix.size() || name.size() > 40) return false;
  if (!name.starts_with(prefix) || !name.ends_with(suffix)) return false;
  const auto digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string sign_playlist(std::string_view playlist, std::string_view token) {
  std::string out;
  out.reserve(playlist.size() + 64 * (token.size() + 7));
  while (!playlist.empty()) {
    const auto end = playlist.find('\n');
    std::string_view line = playlist.substr(0, end);
    playlist.remove_prefix(end == std::string_view::npos ? playlist.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.append(line);
    if (!line.empty() && line.front() != '#') {
      out.append(line.find('?') == std::string_view::npos ? "?token=" : "&token=");
      out.append(token);
    }
    out.push_back('\n');
  }
  return out;
}

std::optional<std::int64_t> media_sequence(std::string_view playlist) {
  constexpr std::string_view tag = "#EXT-X-MEDIA-SEQUENCE:";
  const auto at = playlist.find(tag);
  if (at == std::string_view::npos) return std::nullopt;
  const char* begin = playlist.data() + at + tag.size();
  const char* end = playlist.data() + playlist.size();
  std::int64_t value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc{} || ptr == begin) return std::nullopt;
  return value;
}

}  // namespace ether::visual
