#pragma once
// Packed audio segments (RFC 8216 §3.4): the MP3 frames of a segment behind an ID3 tag whose PRIV
// frame "com.apple.streaming.transportStreamTimestamp" gives the timestamp of its first sample, so
// that a player places every segment on one timeline whichever playlist it came from.

#include <cstdint>
#include <string>

namespace ether::hls {

/// The ID3v2.4 tag with the timestamp PRIV frame of a first sample at `pts_90khz` (33 bits).
std::string timestamp_tag(std::int64_t pts_90khz);

}  // namespace ether::hls
