#pragma once
// The naming rules of spec §3 Track, in one place: the played-tracks data the server sends the app
// carry their results ("name", "displayArtist"), and the server's own HTML writes those, so a list
// reads the same before and after the app takes over, and without JavaScript.

#include <optional>
#include <string>
#include <string_view>

namespace ether::domain {

/// A track's name: the complete work, else the song title; with a chart position it is prefixed
/// with '#{position}:  ' (two spaces).
[[nodiscard]] std::string track_name(std::string_view song, std::string_view complete_work,
                                     std::optional<long long> chart_position);

/// A track's artist: on a classical channel the composer where there is one, else the artist.
[[nodiscard]] std::string track_artist(std::string_view artist, std::string_view composer, bool classical);

/// SQL condition on the songs table `s` that keeps only plays with a song (spec §3: items without a
/// song are dropped), so that counts and pages leave them out too.
inline constexpr std::string_view kPlayHasSongSql =
    "(TRIM(s.title) <> '' OR TRIM(COALESCE(s.complete_work, '')) <> '')";

}  // namespace ether::domain
