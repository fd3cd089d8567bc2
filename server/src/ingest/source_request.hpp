#pragma once
// The pure parts of an Icecast source request: the mount (`/live/{channel}.mp3`), HTTP Basic
// credentials, the Content-Type as an input format, and the ice-* headers that describe the
// stream. No I/O, so each is unit-tested on its own (tests/source_request_test.cpp).

#include <optional>
#include <string>
#include <string_view>

namespace ether::ingest {

/// The channel slug of a source mount `/live/{channel}.mp3`, or nullopt for any other path.
std::optional<std::string> mount_channel(std::string_view path);

/// User and password of an `Authorization: Basic ...` value.
struct BasicCredentials {
  std::string user;
  std::string password;
};

/// Decodes an `Authorization` header value of the Basic scheme (scheme case-insensitive, standard
/// base64 with or without padding); nullopt for another scheme, bad base64 or no ':'.
std::optional<BasicCredentials> parse_basic_authorization(std::string_view value);

/// What a source sends, by its Content-Type.
enum class InputFormat {
  mp3,  // audio/mpeg, audio/mp3, audio/mpeg3, audio/x-mpeg
  aac,  // audio/aac, audio/aacp, audio/x-aac (ADTS)
  ogg,  // application/ogg, audio/ogg, audio/opus, audio/vorbis (Vorbis or Opus in Ogg)
};

/// The input format of a Content-Type value (parameters such as "; charset=" ignored, case
/// ignored), or nullopt for a type we cannot take (Icecast's 415).
std::optional<InputFormat> input_format_of(std::string_view content_type);

/// The name ffmpeg's demuxer has for the format ("mp3", "aac", "ogg").
std::string_view ffmpeg_demuxer(InputFormat format);

/// What the source says about its stream in its ice-* headers (Icecast's, also the older icy-*).
struct IceInfo {
  std::string name;         // ice-name
  std::string description;  // ice-description
  std::string genre;        // ice-genre
  std::string url;          // ice-url
  bool is_public = false;   // ice-public: "1"
  std::string audio_info;   // ice-audio-info: "bitrate=128;samplerate=44100;channels=2"
};

/// Reads the ice-* (or else icy-*) headers through `header`, which returns a header's value or an
/// empty view.
template <class HeaderLookup>
IceInfo read_ice_info(const HeaderLookup& header) {
  auto pick = [&](std::string_view ice, std::string_view icy) {
    auto value = header(ice);
    return std::string(value.empty() ? header(icy) : value);
  };
  IceInfo info;
  info.name = pick("ice-name", "icy-name");
  info.description = pick("ice-description", "icy-description");
  info.genre = pick("ice-genre", "icy-genre");
  info.url = pick("ice-url", "icy-url");
  const auto is_public = pick("ice-public", "icy-pub");
  info.is_public = is_public == "1" || is_public == "yes" || is_public == "true";
  info.audio_info = pick("ice-audio-info", "icy-audio-info");
  return info;
}

}  // namespace ether::ingest
