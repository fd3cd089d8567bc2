#pragma once
// The coarse token in every HLS path (/hls/{channel}/{token}/...), against hot-linking: a
// signature of the channel and an expiry that moves on once an hour, so that all listeners of an
// hour share one URL per segment and a shared cache or CDN holds one copy (never one per listener).

#include <cstdint>
#include <string>
#include <string_view>

#include "stream/stream_token.hpp"

namespace ether::hls {

class PathToken {
 public:
  /// A token issued in hour H stays valid until `valid_seconds` after the end of H.
  PathToken(stream::TokenSigner signer, std::int64_t valid_seconds);

  /// The token handed out at `now_s` for `channel`: "{expires}.{signature}".
  [[nodiscard]] std::string issue(std::string_view channel, std::int64_t now_s) const;
  /// Whether `token` was issued for `channel` and has not expired at `now_s`.
  [[nodiscard]] stream::TokenVerdict verify(std::string_view token, std::string_view channel, std::int64_t now_s) const;
  /// "/hls/{channel}/{token}" as issued at `now_s`: where the channel's playlists and segments are.
  [[nodiscard]] std::string base(std::string_view channel, std::int64_t now_s) const;
  /// "/hls/{channel}/{token}/live.m3u8" as issued at `now_s`.
  [[nodiscard]] std::string live_playlist(std::string_view channel, std::int64_t now_s) const;
  /// "/hls/{channel}/{token}/programme/{from}-{until}.m3u8": a programme's span (unix seconds).
  [[nodiscard]] std::string programme_playlist(std::string_view channel, std::int64_t from_s, std::int64_t until_s,
                                               std::int64_t now_s) const;

 private:
  stream::TokenSigner signer_;
  std::int64_t valid_seconds_;
};

}  // namespace ether::hls
