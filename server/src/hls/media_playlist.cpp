#include "hls/media_playlist.hpp"

#include <date/date.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "hls/segment_grid.hpp"

namespace ether::hls {

namespace {

std::string seconds_text(double seconds) {
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.3f", seconds);
  return text.data();
}

}  // namespace

std::string program_date_time(std::int64_t unix_ms) {
  const date::sys_time<std::chrono::milliseconds> at{std::chrono::milliseconds{unix_ms}};
  return date::format("%FT%TZ", at);
}

std::string render_media_playlist(const MediaPlaylist& playlist) {
  std::string out = "#EXTM3U\n#EXT-X-VERSION:6\n";
  // A segment's rounded EXTINF never exceeds the target (RFC 8216 §4.3.3.1): 230 frames of 1152
  // samples at 44.1 kHz are 6.008 s, which rounds to 6.
  std::int64_t target = kSegmentSeconds;
  for (const auto& segment : playlist.segments) {
    target = std::max<std::int64_t>(target, std::llround(segment.duration_seconds));
  }
  out += "#EXT-X-TARGETDURATION:" + std::to_string(target) + "\n";
  out += "#EXT-X-MEDIA-SEQUENCE:" +
         std::to_string(playlist.segments.empty() ? 0 : media_sequence(playlist.segments.front().start_s)) + "\n";
  if (playlist.kind == PlaylistKind::event) out += "#EXT-X-PLAYLIST-TYPE:EVENT\n";
  if (playlist.kind == PlaylistKind::vod) out += "#EXT-X-PLAYLIST-TYPE:VOD\n";
  out += "#EXT-X-INDEPENDENT-SEGMENTS\n";
  if (playlist.start_offset_seconds) {
    out += "#EXT-X-START:TIME-OFFSET=" + seconds_text(*playlist.start_offset_seconds) + ",PRECISE=YES\n";
  }
  for (const auto& segment : playlist.segments) {
    out += "#EXT-X-PROGRAM-DATE-TIME:" + program_date_time(segment.first_sample_ms) + "\n";
    out += "#EXTINF:" + seconds_text(segment.duration_seconds) + ",\n";
    out += playlist.segment_prefix + std::to_string(segment.start_s) + ".mp3\n";
  }
  if (playlist.kind == PlaylistKind::vod) out += "#EXT-X-ENDLIST\n";
  return out;
}

}  // namespace ether::hls
