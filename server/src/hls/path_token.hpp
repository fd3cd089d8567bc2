#pragma once
// The coarse token in every HLS path (/hls/{channel}/{token}/...), against hot-linking: a
// signature of the channel and an expiry that moves on once an hour, so that all listeners of an
// hour share one URL per segment and a shared cache or CDN holds one copy (never one per listener).

#include <cstdint>
#include <deque>
#include <mutex>
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
  /// Whether `token` was issued for `channel` and has not expired at `now_s`. Safe to call from
  /// several threads at once.
  [[nodiscard]] stream::TokenVerdict verify(std::string_view token, std::string_view channel, std::int64_t now_s) const;
  /// "/hls/{channel}/{token}" as issued at `now_s`: where the channel's playlists and segments are.
  [[nodiscard]] std::string base(std::string_view channel, std::int64_t now_s) const;
  /// "/hls/{channel}/{token}/live.m3u8" as issued at `now_s`.
  [[nodiscard]] std::string live_playlist(std::string_view channel, std::int64_t now_s) const;
  /// "/hls/{channel}/{token}/programme/{from}-{until}.m3u8": a programme's span (unix seconds).
  [[nodiscard]] std::string programme_playlist(std::string_view channel, std::int64_t from_s, std::int64_t until_s,
                                               std::int64_t now_s) const;

 private:
  // A signature found right, by channel and expiry. Every listener of an hour sends the same token
  // with every request, and recomputing its HMAC was most of the 10% of the server's CPU that
  // libsodium took under 10,000 HLS players (perf, issue 49). Only signatures that checked out
  // are kept, at most kRemembered, so no request can grow it.
  struct Remembered {
    std::string channel;
    std::int64_t expires = 0;
    std::string signature;
  };
  static constexpr std::size_t kRemembered = 64;

  stream::TokenSigner signer_;
  std::int64_t valid_seconds_;
  mutable std::mutex mutex_;
  mutable std::deque<Remembered> remembered_;
};

}  // namespace ether::hls
