#pragma once
// Reads an announced now-playing item from the fields a playout system sends (a JSON object, or
// form or query parameters as strings), checking every value. Pure logic.
//
//   artist, title            text (at most 500 bytes each); a song needs a title or an artist.
//                            `song` = "Artist - Title" (as in Icecast's metadata) when both are absent.
//   type                     song (default), ad, news, jingle, speech
//   duration                 seconds: a number ("215", 215.4) or "m:ss" / "h:mm:ss"; "8000ms" with
//                            the unit is milliseconds. A bare number of 36000 or more is taken as
//                            milliseconds: no item lasts ten hours, and systems that only know
//                            milliseconds send whole songs of at least 36 s.
//   durationMs, duration_ms  milliseconds
//   start, startTime, starts_at   UTC: ISO 8601 ("2026-11-22T12:00:00Z", or with an offset),
//                            unix seconds, or unix milliseconds (13 digits); default: now. At
//                            most a day before now and an hour after it.
//   isrc                     12 characters (hyphens and case ignored); externalId, external_id, id
//   album, label             text (at most 500 bytes each): the song's album and record label,
//                            kept on the song (its first values win)
//   next                     an object with the same fields (JSON), or next_artist, next_title,
//                            next_duration (form and query)

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "ingest/now_playing_ingest.hpp"

namespace ether::ingest {

/// Why fields were refused (the API answers 422 invalid_fields with the message under the field).
struct FieldError {
  std::string field;  // the field as the caller named it: "type", "duration", "next", ...
  std::string message;
};

/// The item of `fields` for `channel` at `now` (unix seconds), or why not.
std::variant<NowPlayingItem, FieldError> read_item(const boost::json::object& fields, std::string_view channel,
                                                   std::int64_t now);

/// A duration as `duration` above: milliseconds, or nullopt when malformed or negative.
std::optional<std::int64_t> parse_duration_ms(std::string_view text, bool milliseconds);
/// An instant as `start` above: unix seconds, or nullopt when malformed.
std::optional<std::int64_t> parse_instant(std::string_view text);
/// Latin-1 bytes as UTF-8 (Icecast's charset=ISO-8859-1 metadata).
std::string latin1_to_utf8(std::string_view text);
/// True when `text` is valid UTF-8 without control characters other than tab.
bool is_clean_utf8(std::string_view text);

}  // namespace ether::ingest
