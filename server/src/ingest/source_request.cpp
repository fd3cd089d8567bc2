#include "ingest/source_request.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "domain/slug.hpp"
#include "http/message.hpp"
#include "stream/stream_token.hpp"

namespace ether::ingest {

std::optional<std::string> mount_channel(std::string_view path) {
  constexpr std::string_view kPrefix = "/live/";
  constexpr std::string_view kSuffix = ".mp3";
  if (!path.starts_with(kPrefix) || !path.ends_with(kSuffix)) return std::nullopt;
  const auto slug = path.substr(kPrefix.size(), path.size() - kPrefix.size() - kSuffix.size());
  if (!domain::is_valid_slug(slug)) return std::nullopt;
  return std::string(slug);
}

std::optional<BasicCredentials> parse_basic_authorization(std::string_view value) {
  value = http::trim_blanks(value);
  const auto space = value.find(' ');
  if (space == std::string_view::npos || !http::iequals(value.substr(0, space), "basic")) return std::nullopt;
  auto encoded = http::trim_blanks(value.substr(space + 1));
  while (!encoded.empty() && encoded.back() == '=') encoded.remove_suffix(1);
  // Standard base64 is base64url with two other characters.
  std::string url_alphabet(encoded);
  for (char& c : url_alphabet) {
    if (c == '-' || c == '_') return std::nullopt;
    if (c == '+') c = '-';
    if (c == '/') c = '_';
  }
  std::string decoded;
  if (url_alphabet.empty() || !stream::base64url_decode(url_alphabet, decoded)) return std::nullopt;
  const auto colon = decoded.find(':');
  if (colon == std::string::npos) return std::nullopt;
  return BasicCredentials{decoded.substr(0, colon), decoded.substr(colon + 1)};
}

std::optional<InputFormat> input_format_of(std::string_view content_type) {
  auto type = http::trim_blanks(content_type.substr(0, content_type.find(';')));
  std::string lower(type);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  constexpr std::array<std::string_view, 4> kMp3{"audio/mpeg", "audio/mp3", "audio/mpeg3", "audio/x-mpeg"};
  constexpr std::array<std::string_view, 3> kAac{"audio/aac", "audio/aacp", "audio/x-aac"};
  constexpr std::array<std::string_view, 4> kOgg{"application/ogg", "audio/ogg", "audio/opus", "audio/vorbis"};
  auto in = [&](const auto& list) { return std::find(list.begin(), list.end(), lower) != list.end(); };
  if (in(kMp3)) return InputFormat::mp3;
  if (in(kAac)) return InputFormat::aac;
  if (in(kOgg)) return InputFormat::ogg;
  return std::nullopt;
}

std::string_view ffmpeg_demuxer(InputFormat format) {
  switch (format) {
    case InputFormat::mp3:
      return "mp3";
    case InputFormat::aac:
      return "aac";
    case InputFormat::ogg:
      return "ogg";
  }
  return "mp3";
}

}  // namespace ether::ingest
