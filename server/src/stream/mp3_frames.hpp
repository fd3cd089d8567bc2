#pragma once
// MPEG audio (Layer III) frame parsing: the live origin cuts songs into frames so that it can splice
// files into one continuous stream and pace it by each frame's duration.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::stream {

/// What one frame header says.
struct Mp3FrameHeader {
  int version = 1;  // 1 = MPEG-1, 2 = MPEG-2, 25 = MPEG-2.5
  int bitrate_kbps = 0;
  int sample_rate = 0;
  int channels = 2;
  std::size_t length = 0;  // bytes, header included
  int samples = 0;         // per frame: 1152 (MPEG-1) or 576 (MPEG-2/2.5)
};

/// One frame's place in a file.
struct Mp3Frame {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::int64_t duration_us = 0;
};

/// Parses a Layer III frame header at `data`; nullopt if it is not one (reserved values, free format).
std::optional<Mp3FrameHeader> parse_mp3_frame_header(std::string_view data);

/// Every audio frame of a file: skips an ID3v2 tag, junk between frames, a trailing ID3v1 tag and a
/// Xing/Info or VBRI header frame. A frame counts only when the next frame (or the end) follows it,
/// so stray sync bytes inside junk are not taken for audio.
std::vector<Mp3Frame> split_mp3_frames(std::string_view file);

/// A frame of silence in the format of the frame whose header starts `like` (bit rate, sample rate,
/// channels; no CRC, no padding): every scale factor and Huffman bit zero, so any decoder plays it
/// as silence. Without a valid header, 64 kbit/s 44.1 kHz stereo, the demo media's format.
std::string silent_mp3_frame(std::string_view like = {});

}  // namespace ether::stream
