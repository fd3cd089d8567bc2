#pragma once
// Pure helpers for the visual radio's HLS playlists: the names the segmenter gives its segments,
// the playlist as a listener gets it (each segment URI carrying the listener's token), and the
// media sequence number a playlist starts at.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ether::visual {

/// "seg-<digits>.ts": the only segment names the segmenter writes and the server serves.
[[nodiscard]] bool valid_segment_name(std::string_view name);

/// `playlist` with "?token=<token>" appended to every segment URI line (lines that are neither
/// empty nor tags), so that a player fetching segments relative to the playlist sends the token.
[[nodiscard]] std::string sign_playlist(std::string_view playlist, std::string_view token);

/// The value of #EXT-X-MEDIA-SEQUENCE, or nullopt when the playlist has none.
[[nodiscard]] std::optional<std::int64_t> media_sequence(std::string_view playlist);

}  // namespace ether::visual
