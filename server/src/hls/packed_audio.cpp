#include "hls/packed_audio.hpp"

#include <string_view>

namespace ether::hls {

namespace {

constexpr std::string_view kOwner = "com.apple.streaming.transportStreamTimestamp";

// ID3v2.4 sizes are "synchsafe": 7 bits per byte, the high bit clear.
void append_synchsafe(std::string& out, std::uint32_t value) {
  for (int shift = 21; shift >= 0; shift -= 7) out.push_back(static_cast<char>((value >> shift) & 0x7FU));
}

}  // namespace

std::string timestamp_tag(std::int64_t pts_90khz) {
  std::string frame_body(kOwner);
  frame_body.push_back('\0');
  // The timestamp is 8 bytes, big-endian, with the upper 31 bits zero.
  const auto pts = static_cast<std::uint64_t>(pts_90khz) & ((std::uint64_t{1} << 33) - 1);
  for (int shift = 56; shift >= 0; shift -= 8) frame_body.push_back(static_cast<char>((pts >> shift) & 0xFFU));

  std::string frame = "PRIV";
  append_synchsafe(frame, static_cast<std::uint32_t>(frame_body.size()));
  frame.append(2, '\0');  // no frame flags
  frame += frame_body;

  std::string tag = "ID3";
  tag.push_back('\x04');  // version 2.4.0
  tag.push_back('\0');
  tag.push_back('\0');  // no tag flags
  append_synchsafe(tag, static_cast<std::uint32_t>(frame.size()));
  tag += frame;
  return tag;
}

}  // namespace ether::hls
