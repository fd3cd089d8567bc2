#include "media/image_size.hpp"

#include <array>
#include <cstdint>
#include <fstream>
#include <string>

namespace ether::media {
namespace {

// JPEG keeps its size in a start-of-frame segment that may follow large EXIF or ICC segments.
constexpr std::size_t kHeaderBytes = 64 * 1024;
constexpr std::size_t kFirstBytes = 32;

std::uint32_t byte_at(std::string_view b, std::size_t i) { return static_cast<unsigned char>(b[i]); }
std::uint32_t le16(std::string_view b, std::size_t i) { return byte_at(b, i) | (byte_at(b, i + 1) << 8); }
std::uint32_t le24(std::string_view b, std::size_t i) { return le16(b, i) | (byte_at(b, i + 2) << 16); }
std::uint32_t be16(std::string_view b, std::size_t i) { return (byte_at(b, i) << 8) | byte_at(b, i + 1); }
std::uint32_t be32(std::string_view b, std::size_t i) { return (be16(b, i) << 16) | be16(b, i + 2); }

std::optional<ImageSize> sized(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0 || width > 1U << 20 || height > 1U << 20) return std::nullopt;
  return ImageSize{static_cast<int>(width), static_cast<int>(height)};
}

std::optional<ImageSize> webp_size(std::string_view b) {
  if (b.size() < 30) return std::nullopt;
  auto chunk = b.substr(12, 4);
  if (chunk == "VP8 ") {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
    if (b.substr(23, 3) != "\x9d\x01\x2a") return std::nullopt;
    return sized(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  }
  if (chunk == "VP8L") {
    if (byte_at(b, 20) != 0x2f) return std::nullopt;
    const std::uint32_t bits = le16(b, 21) | (le16(b, 23) << 16);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk == "VP8X") return sized(le24(b, 24) + 1, le24(b, 27) + 1);
  return std::nullopt;
}

std::optional<ImageSize> jpeg_size(std::string_view b) {
  std::size_t at = 2;
  while (at + 9 < b.size()) {
    if (byte_at(b, at) != 0xff) return std::nullopt;
    const auto marker = byte_at(b, at + 1);
    if (marker == 0xff) {  // fill byte
      ++at;
      continue;
    }
    // Start of frame: every SOFn but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc) {
      return sized(be16(b, at + 7), be16(b, at + 5));
    }
    at += 2 + be16(b, at + 2);
  }
  return std::nullopt;
}

}  // namespace

std::optional<ImageSize> image_size_of(std::string_view b) {
  if (b.size() >= 12 && b.substr(0, 4) == "RIFF" && b.substr(8, 4) == "WEBP") return webp_size(b);
  if (b.size() >= 24 && b.substr(0, 8) == "\x89PNG\r\n\x1a\n" && b.substr(12, 4) == "IHDR") {
    return sized(be32(b, 16), be32(b, 20));
  }
  if (b.size() >= 4 && b.substr(0, 3) == "\xff\xd8\xff") return jpeg_size(b);
  if (b.size() >= 10 && (b.substr(0, 6) == "GIF87a" || b.substr(0, 6) == "GIF89a"))
    return sized(le16(b, 6), le16(b, 8));
  return std::nullopt;
}

std::optional<ImageSize> image_size(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  // Every page's share card reads one: the first 32 bytes tell all but a JPEG's size.
  std::string bytes(kFirstBytes, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (bytes.size() == kFirstBytes && bytes.starts_with("\xff\xd8\xff")) {
    bytes.resize(kHeaderBytes);
    in.read(bytes.data() + kFirstBytes, static_cast<std::streamsize>(kHeaderBytes - kFirstBytes));
    bytes.resize(kFirstBytes + static_cast<std::size_t>(in.gcount()));
  }
  return image_size_of(bytes);
}

}  // namespace ether::media
