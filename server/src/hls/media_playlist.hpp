#pragma once
// HLS media playlists (RFC 8216 §4.3) of a channel's segments: the live one that slides, an hour's
// or a programme's that grows while it runs (EVENT) and is closed once it has ended (VOD with
// EXT-X-ENDLIST). Every segment carries EXT-X-PROGRAM-DATE-TIME with milliseconds, so that a
// player maps its position to the play log's clock without the error adding up.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ether::hls {

/// A segment as a playlist lists it.
struct PlaylistEntry {
  std::int64_t start_s = 0;          // its name (hls/segment_grid.hpp)
  std::int64_t first_sample_ms = 0;  // EXT-X-PROGRAM-DATE-TIME
  double duration_seconds = 0;       // EXTINF
};

enum class PlaylistKind {
  live,   // a sliding window: no playlist type, never ended
  event,  // EXT-X-PLAYLIST-TYPE:EVENT: segments are only added
  vod,    // EXT-X-PLAYLIST-TYPE:VOD and EXT-X-ENDLIST: complete
};

struct MediaPlaylist {
  PlaylistKind kind = PlaylistKind::live;
  std::vector<PlaylistEntry> segments;  // consecutive, oldest first
  /// EXT-X-START:TIME-OFFSET (seconds from the first segment's start, PRECISE=YES), for a programme
  /// that starts inside its first segment.
  std::optional<double> start_offset_seconds;
  /// Prepended to each segment's "<start_s>.mp3" (a relative path such as "../").
  std::string segment_prefix;
};

/// The playlist's text.
std::string render_media_playlist(const MediaPlaylist& playlist);

/// "2026-11-26T09:00:00.026Z": an instant as EXT-X-PROGRAM-DATE-TIME writes it.
std::string program_date_time(std::int64_t unix_ms);

}  // namespace ether::hls
