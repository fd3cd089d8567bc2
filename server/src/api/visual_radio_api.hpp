#pragma once
// The visual radio calls:
//   GET /api/player/{channel}/video        the play API of the live video (spec §3 liveVideo.tokenUrl):
//                                           {mid, playerToken, environmentDomain, streamUrl, format: "hls"}
//   GET /live/{channel}/index.m3u8?token=  our own live HLS playlist; segment URIs carry the token;
//                                           a cold start waits for the segmenter's first playlist
//   GET /live/{channel}/seg-{n}.ts?token=  one MPEG-TS segment of it
// A channel whose live video URL in the store is absolute (an external HLS stream) is handed out
// as is; our own live video comes from visual::VisualRadio.

#include <cstdint>
#include <functional>
#include <string>

#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"
#include "stream/stream_token.hpp"
#include "visual/visual_radio.hpp"

namespace ether::api {

struct VisualRadioApiOptions {
  std::string stream_domain;                         // environmentDomain of the play API; empty: the site's own
  std::int64_t token_seconds = 6 * 3600;             // a video token is checked on every request
  std::chrono::milliseconds cold_start_wait{10000};  // how long a first playlist request waits
};

class VisualRadioApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  VisualRadioApi(store::Database& db, visual::VisualRadio& radio, stream::TokenSigner signer,
                 VisualRadioApiOptions options, Clock clock);

  /// Adds the routes above to `router`.
  void add_routes(http::Router& router);

 private:
  http::Response play_video(const std::string& channel) const;
  http::Response live_file(const http::Request& request, const std::string& channel, const std::string& file) const;

  store::Database& db_;
  visual::VisualRadio& radio_;
  stream::TokenSigner signer_;
  VisualRadioApiOptions options_;
  Clock clock_;
};

}  // namespace ether::api
