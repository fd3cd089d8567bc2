#include "stream/icy_metadata.hpp"

#include <cctype>

namespace ether::stream {
namespace {

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

void append_space(std::string& out) {
  if (!out.empty() && out.back() != ' ') out.push_back(' ');
}

}  // namespace

std::string icy_text(std::string_view text, std::size_t max_bytes) {
  std::string out;
  out.reserve(text.size() < max_bytes ? text.size() : max_bytes);
  for (std::size_t i = 0; i < text.size() && out.size() <= max_bytes; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '<') {
      const bool tag = i + 1 < text.size() && (std::isalpha(static_cast<unsigned char>(text[i + 1])) != 0 ||
                                               text[i + 1] == '/' || text[i + 1] == '!');
      if (auto close = text.find('>', i + 1); tag && close != std::string_view::npos) {
        // A tag between words still separates them ("a<br>b" is "a b").
        append_space(out);
        i = close;
      }
      continue;
    }
    if (c == '>') continue;
    if (c == ' ' || is_control(c)) {
      append_space(out);
    } else {
      out.push_back(c == '\'' ? '`' : static_cast<char>(c));
    }
  }
  if (out.size() > max_bytes) {
    // A cut inside a UTF-8 sequence moves back to its lead byte, so no character is split.
    std::size_t end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(out[end]) & 0xC0U) == 0x80U) --end;
    out.resize(end);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (!out.empty() && out.front() == ' ') out.erase(0, 1);
  return out;
}

std::string icy_metadata_block(std::string_view stream_title) {
  constexpr std::size_t max_text = 255 * 16;
  constexpr std::string_view prefix = "StreamTitle='";
  constexpr std::string_view suffix = "';";
  constexpr std::size_t max_title = max_text - prefix.size() - suffix.size();
  std::string text = std::string(prefix) + icy_text(stream_title, max_title) + std::string(suffix);
  const std::size_t blocks = (text.size() + 15) / 16;
  text.resize(blocks * 16, '\0');
  return static_cast<char>(blocks) + text;
}

}  // namespace ether::stream
