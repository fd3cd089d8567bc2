#include "stream/icy_metadata.hpp"

namespace ether::stream {

std::string icy_metadata_block(std::string_view stream_title) {
  constexpr std::size_t max_text = 255 * 16;
  constexpr std::string_view prefix = "StreamTitle='";
  constexpr std::string_view suffix = "';";
  constexpr std::size_t max_title = max_text - prefix.size() - suffix.size();
  std::string title(stream_title.substr(0, max_title));
  for (auto& c : title) {
    if (c == '\'') c = '`';
  }
  if (stream_title.size() > max_title) {
    // The cut may have split a UTF-8 sequence: drop its continuation bytes and its lead byte.
    auto last = [&title] { return static_cast<unsigned char>(title.back()); };
    while (!title.empty() && (last() & 0xC0U) == 0x80U) title.pop_back();
    if (!title.empty() && (last() & 0xC0U) == 0xC0U) title.pop_back();
  }
  std::string text = std::string(prefix) + title + std::string(suffix);
  const std::size_t blocks = (text.size() + 15) / 16;
  text.resize(blocks * 16, '\0');
  return static_cast<char>(blocks) + text;
}

}  // namespace ether::stream
