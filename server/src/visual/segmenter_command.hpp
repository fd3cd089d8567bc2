#pragma once
// The ffmpeg command of one visual radio segmenter: the channel's live MP3 arrives on standard
// input; a studio picture in the channel's colour with its logo, name, the show and the song on
// air (text files rewritten by the server, read again by ffmpeg every frame) and a clock of the
// moment the audio was on air is encoded cheaply (H.264 ultrafast, 640x360, 5 frames/s, AAC) into
// a live HLS playlist with a short sliding window.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ether::visual {

struct SegmenterSpec {
  std::string ffmpeg = "ffmpeg";
  std::filesystem::path dir;       // where index.m3u8, the segments and the text files go
  std::string colour = "#1a1a2e";  // the picture's background, "#rrggbb"
  std::filesystem::path logo;      // the channel's logo image; empty: none
  std::int64_t start_number = 0;   // the first segment's media sequence number
  std::int64_t clock_origin = 0;   // unix seconds of the audio's first byte, for the clock
  int segment_seconds = 4;
  int list_size = 6;
};

/// The text files of a segmenter's directory that the picture shows.
inline constexpr const char* kNameFile = "name.txt";
inline constexpr const char* kShowFile = "show.txt";
inline constexpr const char* kSongFile = "song.txt";
inline constexpr const char* kPlaylistFile = "index.m3u8";

/// How many whole segments a viewer's first playlist lists: the server holds a cold start's
/// playlist until then, and a new segmenter's audio burst is long enough to make them at once.
inline constexpr int kFirstPlaylistSegments = 3;

/// The audio a new segmenter starts from, before the ring's head: the first playlist's segments and
/// a second more (so the last of them is closed by the next frame), at `bitrate_kbps` (128 when
/// unknown, 0 or less). Shorter, the missing segments come at real-time pace, a segment each.
[[nodiscard]] std::size_t start_burst_bytes(int bitrate_kbps, int segment_seconds);

/// argv of the segmenter (argv[0] is spec.ffmpeg).
[[nodiscard]] std::vector<std::string> segmenter_arguments(const SegmenterSpec& spec);

}  // namespace ether::visual
