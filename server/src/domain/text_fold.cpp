#include "domain/text_fold.hpp"

#include <cstdint>
#include <string_view>

namespace ether::domain {
namespace {

// Base letters of U+00C0..U+00FF and U+0100..U+017F; '*' marks a letter written with two letters
// or a code point kept as is (× ÷ Þ þ).
constexpr std::string_view kLatin1 = "aaaaaa*ceeeeiiiidnooooo*ouuuuy**aaaaaa*ceeeeiiiidnooooo*ouuuuy*y";
constexpr std::string_view kLatinA =
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**rrrrrrssssssss"
    "ttttttuuuuuuuuuuuuwwyyyzzzzzzs";
static_assert(kLatin1.size() == 64 && kLatinA.size() == 128);

std::string_view two_letters(unsigned code_point) {
  switch (code_point) {
    case 0xC6:
    case 0xE6:
      return "ae";
    case 0xDF:
      return "ss";
    case 0x132:
    case 0x133:
      return "ij";
    case 0x152:
    case 0x153:
      return "oe";
    default:
      return {};
  }
}

}  // namespace

std::string fold_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80) {
      out.push_back(byte >= 'A' && byte <= 'Z' ? static_cast<char>(byte - 'A' + 'a') : static_cast<char>(byte));
      continue;
    }
    if (byte >= 0xC3 && byte <= 0xC5 && i + 1 < text.size()) {
      auto next = static_cast<unsigned char>(text[i + 1]);
      if ((next & 0xC0) == 0x80) {
        unsigned code_point = ((byte & 0x1Fu) << 6) | (next & 0x3Fu);
        char base = code_point < 0x100 ? kLatin1[code_point - 0xC0] : kLatinA[code_point - 0x100];
        if (base != '*') {
          out.push_back(base);
          ++i;
          continue;
        }
        if (auto pair = two_letters(code_point); !pair.empty()) {
          out.append(pair);
          ++i;
          continue;
        }
      }
    }
    out.push_back(static_cast<char>(byte));
  }
  return out;
}

bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = byte < 0x80           ? 1
                         : (byte >> 5) == 0x6  ? 2
                         : (byte >> 4) == 0xE  ? 3
                         : (byte >> 3) == 0x1E ? 4
                                               : 0;
    if (length == 0 || i + length > text.size()) return false;
    std::uint32_t code_point = length == 1 ? byte : byte & (0x7Fu >> length);
    for (std::size_t k = 1; k < length; ++k) {
      auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (next & 0x3Fu);
    }
    static constexpr std::uint32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code_point < kMinimum[length] || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) {
      return false;
    }
    i += length;
  }
  return true;
}

}  // namespace ether::domain
