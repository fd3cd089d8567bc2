#pragma once
// Podcast downloads as the IAB Tech Lab's Podcast Measurement Technical Guidelines 2.1 count them
// (issue 52), the rules without a store or a clock: who a client is (its address, an IPv6 address
// cut to its /64, with its user agent), how many bytes make a download (one minute of the
// episode), the day a request counts in (the UTC day, a fixed 24-hour window as IAB 2.1 allows),
// and which requests add nothing (known bots, and pre-loads: a request for at most 2 bytes, as
// iOS makes before it plays).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ether::listeners {

/// The bytes of a response body that a pre-load asks for at most; it adds nothing.
inline constexpr std::uint64_t kPreloadMaxBytes = 2;

/// The client of a download: `address` as it is for IPv4 (an IPv4-mapped IPv6 address as IPv4),
/// an IPv6 address with all but its first 64 bits zeroed, then a zero byte and `user_agent`. An
/// address that does not parse is taken as it is.
std::string download_client_key(std::string_view address, std::string_view user_agent);

/// 32 hex characters: BLAKE2b of `client_key` keyed with `salt` (the day's shared salt).
std::string download_client_hash(std::string_view client_key, const std::array<unsigned char, 32>& salt);

/// The bytes of one minute of an episode of `byte_length` bytes lasting `duration_ms`: the whole
/// file when it lasts a minute or less or its duration is unknown (0). 0 when its length is
/// unknown: such an episode counts no download.
std::uint64_t download_threshold(std::int64_t byte_length, std::int64_t duration_ms);

/// The UTC day (days since 1970-01-01) of `unix_ms`.
std::int64_t download_day(std::int64_t unix_ms);

/// "YYYY-MM-DD" of a day of download_day.
std::string download_day_text(std::int64_t day);

/// False for a response that adds nothing to a download: to a known bot (is_known_bot) or a
/// pre-load (a body of at most kPreloadMaxBytes).
bool adds_to_download(std::string_view user_agent, std::uint64_t body_bytes);

/// The `audio_path` an episode has (podcast_episodes) for the site path its audio is served at:
/// "/media/x.mp3" is "x.mp3", "/uploads/audio/..." is itself; nullopt for any other path.
std::optional<std::string> episode_audio_path(std::string_view site_path);

}  // namespace ether::listeners
