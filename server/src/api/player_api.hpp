#pragma once
// The player calls of spec §7 and the streams behind them:
//   GET /api/miniplayer/info?channel=  the live info document, from memory with ETag (304)
//   GET /api/miniplayer/events?channel=  the same document as Server-Sent Events on change
//   GET /api/player/{channel}          {tokenUrl}
//   GET /api/player/{channel}/token    the play API: {mid, playerToken, environmentDomain, streamUrl, format,
//                                      hlsUrl, timeshiftUrl} (the last two: live rewind, api/hls_api.hpp)
//   GET /live/{channel}.mp3?token=     the Icecast-compatible live stream (token checked on connect)
//   GET /api/latestNews                the latest bulletin as a player config with a signed, expiring URL
//   GET /api/play/{kind}/{id}          the play API of an on-demand item (fragment, episode, bulletin,
//                                      broadcast: a signed, expiring URL of its recording; a broadcast
//                                      on air: its HLS playlist from its start, format 'hls')
//   GET /api/play/broadcast/{id}/{hour}/audio  302 to the hour's signed recording URL (a plain <audio>
//                                      element of the server-rendered hour page)
//   GET /recordings/broadcast/{id}.mp3?expires=&signature=  a broadcast's recording, with Range
// and the guard that refuses an unsigned or expired bulletin URL under /media/bulletins/.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "hls/path_token.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "listeners/listener_identity.hpp"
#include "listeners/listener_tracker.hpp"
#include "player/info_publisher.hpp"
#include "player/live_info_service.hpp"
#include "recording/recordings.hpp"
#include "store/channel_directory.hpp"
#include "store/database.hpp"
#include "stream/icecast_listener.hpp"
#include "stream/live_origin.hpp"
#include "stream/stream_token.hpp"

namespace ether::api {

struct PlayerApiOptions {
  std::string stream_domain;                      // environmentDomain of the play API; empty: the site's own
  std::string static_prefix;                      // optional path prefix of /api/latestNews (configuration)
  std::int64_t stream_token_seconds = 900;        // how long a stream token may be used to connect
  std::int64_t bulletin_url_seconds = 3600;       // how long a bulletin URL stays valid
  std::int64_t recording_url_seconds = 6 * 3600;  // how long a broadcast recording URL stays valid
  std::chrono::seconds channel_refresh{15};       // how often the channels in memory are reread
  std::size_t listener_sndbuf_bytes = stream::ListenerOptions::kDefaultSendBufferBytes;  // 0: the kernel's
  std::chrono::seconds listener_max_lag{10};  // a live listener further behind is dropped
};

class PlayerApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  PlayerApi(store::Database& db, player::LiveInfoService& info, stream::LiveOrigin& origin, stream::TokenSigner signer,
            PlayerApiOptions options, Clock clock);

  /// Where broadcast recordings are read from; without it /api/play/broadcast answers 404.
  void set_recordings(const recording::RecordingLibrary* recordings) { recordings_ = recordings; }

  /// The live playlist's paths; without them the play API names no HLS playlist.
  void set_hls(const hls::PathToken* tokens) { hls_tokens_ = tokens; }

  /// Where live stream listeners become sessions (known bots do not); unset: none are counted.
  void set_listeners(listeners::ListenerTracker* tracker, listeners::ListenerIdentity* identity) {
    listener_tracker_ = tracker;
    listener_identity_ = identity;
  }

  /// Adds the routes above to `router`.
  void add_routes(http::Router& router);

  /// The content was edited: the channel list is reread at the next request.
  void content_changed() { channels_.invalidate(); }

  /// For the /media route: an error answer when `relative` is a bulletin whose URL is not signed
  /// or has expired; nullopt when the file may be served.
  [[nodiscard]] std::optional<http::Response> guard_media(const http::Request& request,
                                                          std::string_view relative) const;
  /// For admin::UploadApi's audio guard: an uploaded MP3 ("/uploads/audio/...") is public once a
  /// fragment, episode or bulletin on the site plays it, or with a valid signature (expires and
  /// signature, as a bulletin's URL has); else 404. Touches the store: call it off the I/O threads.
  [[nodiscard]] std::optional<http::Response> guard_uploaded_audio(const http::Request& request,
                                                                   const std::string& site_path) const;

 private:
  http::Response info(const http::Request& request) const;
  /// The info document as it stood at `at` (unix seconds), for a listener behind live.
  http::Response info_at(std::string_view channel, std::string_view at) const;
  /// Whether the requested channel's info document is in memory (then its requests stay on the I/O thread).
  bool has_cached_info(const http::Request& request) const;
  std::shared_ptr<const player::InfoEntry> info_document(std::string_view channel) const;
  http::Response events(const http::Request& request) const;
  http::Response channel_token_url(const std::string& channel) const;
  http::Response play_live(const std::string& channel) const;
  http::Response live_stream(const http::Request& request, const std::string& file) const;
  http::Response latest_news() const;
  http::Response play_on_demand(const std::string& kind, const std::string& id) const;
  [[nodiscard]] std::string signed_media_url(const std::string& stored_path) const;
  // A whole broadcast (`hour_from` unset) or one of its clock hours (domain/broadcast_hours.hpp),
  // named by the instant at which that hour starts within the broadcast.
  http::Response play_broadcast(std::int64_t id, std::optional<std::int64_t> hour_from) const;
  // A broadcast's channel and span (unix seconds), or nullopt when there is no such broadcast.
  struct BroadcastSpan {
    std::string channel;
    long long starts_at = 0;
    long long ends_at = 0;
  };
  [[nodiscard]] std::optional<BroadcastSpan> broadcast_span(std::int64_t id) const;
  // 'Terug naar het begin': a broadcast on air now, from its start, as its HLS programme playlist;
  // nullopt when it is not on air or there is no HLS.
  [[nodiscard]] std::optional<http::Response> play_on_air(std::int64_t id) const;
  // The redirect of an hour's audio to its signed recording URL.
  http::Response broadcast_audio(std::int64_t id, std::int64_t hour_from) const;
  [[nodiscard]] std::string signed_recording_url(std::int64_t id, std::optional<std::int64_t> hour_from) const;
  http::Response broadcast_recording(const http::Request& request, const std::string& id_text,
                                     const std::string& file) const;
  struct BroadcastRecording {
    std::int64_t id = 0;
    recording::Recording recording;
  };
  /// The recording of an ended broadcast or of an ended hour of one, or the JSON error to answer instead.
  [[nodiscard]] std::variant<BroadcastRecording, http::Response> find_recording(
      std::int64_t id, std::optional<std::int64_t> hour_from) const;

  store::Database& db_;
  // The channels in memory, so that stream starts and tokens need no store query.
  mutable store::ChannelDirectory channels_;
  player::LiveInfoService& info_;
  std::unique_ptr<player::InfoPublisher> publisher_;  // the events' subscribers wait on it
  stream::LiveOrigin& origin_;
  stream::TokenSigner signer_;
  PlayerApiOptions options_;
  Clock clock_;
  const recording::RecordingLibrary* recordings_ = nullptr;
  const hls::PathToken* hls_tokens_ = nullptr;
  listeners::ListenerTracker* listener_tracker_ = nullptr;
  listeners::ListenerIdentity* listener_identity_ = nullptr;
};

}  // namespace ether::api
