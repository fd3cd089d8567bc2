#include "stream/mp3_frames.hpp"

#include <array>

namespace ether::stream {
namespace {

// Bitrates in kbit/s by [MPEG-1 ? 0 : 1][index], Layer III only.
constexpr std::array<std::array<int, 16>, 2> bitrates{{
    {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0},
    {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0},
}};
constexpr std::array<int, 3> mpeg1_rates{44100, 48000, 32000};

unsigned byte_at(std::string_view data, std::size_t i) { return static_cast<unsigned char>(data[i]); }

std::size_t id3v2_length(std::string_view file) {
  if (file.size() < 10 || file.substr(0, 3) != "ID3") return 0;
  std::size_t size = 0;
  for (std::size_t i = 6; i < 10; ++i) size = (size << 7U) | (byte_at(file, i) & 0x7FU);
  std::size_t total = 10 + size + ((byte_at(file, 5) & 0x10U) != 0 ? 10 : 0);
  return total <= file.size() ? total : file.size();
}

// A Xing/Info or VBRI tag sits in the first frame's side data; players treat that frame as
// metadata, so a spliced stream must not carry it in the middle.
bool is_info_frame(std::string_view frame) {
  auto window = frame.substr(0, std::min<std::size_t>(frame.size(), 64));
  return window.find("Xing") != std::string_view::npos || window.find("Info") != std::string_view::npos ||
         window.find("VBRI") != std::string_view::npos;
}

}  // namespace

std::optional<Mp3FrameHeader> parse_mp3_frame_header(std::string_view data) {
  if (data.size() < 4) return std::nullopt;
  const unsigned b1 = byte_at(data, 1);
  const unsigned b2 = byte_at(data, 2);
  const unsigned b3 = byte_at(data, 3);
  if (byte_at(data, 0) != 0xFF || (b1 & 0xE0U) != 0xE0U) return std::nullopt;
  const unsigned version_bits = (b1 >> 3U) & 0x3U;
  const unsigned layer_bits = (b1 >> 1U) & 0x3U;
  if (version_bits == 1 || layer_bits != 1) return std::nullopt;  // reserved version, or not Layer III
  const unsigned bitrate_index = (b2 >> 4U) & 0xFU;
  const unsigned rate_index = (b2 >> 2U) & 0x3U;
  if (bitrate_index == 0 || bitrate_index == 15 || rate_index == 3) return std::nullopt;

  Mp3FrameHeader header;
  header.version = version_bits == 3 ? 1 : version_bits == 2 ? 2 : 25;
  const bool mpeg1 = header.version == 1;
  header.bitrate_kbps = bitrates[mpeg1 ? 0 : 1][bitrate_index];
  header.sample_rate = mpeg1_rates[rate_index] / (mpeg1 ? 1 : header.version == 2 ? 2 : 4);
  header.channels = ((b3 >> 6U) & 0x3U) == 3 ? 1 : 2;
  header.samples = mpeg1 ? 1152 : 576;
  const std::size_t padding = (b2 >> 1U) & 0x1U;
  header.length =
      static_cast<std::size_t>(header.samples / 8 * header.bitrate_kbps * 1000 / header.sample_rate) + padding;
  if (header.length < 4) return std::nullopt;
  return header;
}

std::vector<Mp3Frame> split_mp3_frames(std::string_view file) {
  std::vector<Mp3Frame> frames;
  std::size_t end = file.size();
  if (end >= 128 && file.substr(end - 128, 3) == "TAG") end -= 128;
  std::size_t pos = id3v2_length(file);
  while (pos + 4 <= end) {
    auto header = parse_mp3_frame_header(file.substr(pos, end - pos));
    if (!header || pos + header->length > end) {
      ++pos;
      continue;
    }
    const std::size_t next = pos + header->length;
    const bool followed = next == end || (next + 4 <= end && parse_mp3_frame_header(file.substr(next, end - next)));
    if (!followed) {
      ++pos;
      continue;
    }
    if (!(frames.empty() && is_info_frame(file.substr(pos, header->length)))) {
      frames.push_back({pos, header->length, std::int64_t{header->samples} * 1'000'000 / header->sample_rate});
    }
    pos = next;
  }
  return frames;
}

std::string silent_mp3_frame(std::string_view like) {
  // MPEG-1 Layer III, no CRC, 64 kbit/s, 44.1 kHz, stereo.
  std::string header{'\xFF', '\xFB', '\x50', '\x04'};
  if (parse_mp3_frame_header(like)) {
    header.assign(like.substr(0, 4));
    header[1] = static_cast<char>(static_cast<unsigned char>(header[1]) | 0x01U);  // no CRC follows
    header[2] = static_cast<char>(static_cast<unsigned char>(header[2]) & 0xFDU);  // no padding
  }
  const auto parsed = parse_mp3_frame_header(header);
  std::string frame(parsed->length, '\0');
  frame.replace(0, 4, header);
  return frame;
}

}  // namespace ether::stream
