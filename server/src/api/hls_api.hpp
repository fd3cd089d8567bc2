#pragma once
// Live rewind over HLS (RFC 8216), served from the recordings (hls/timeshift_archive.hpp):
//   GET /api/player/{channel}/timeshift           the window: its start and live edge, the live
//                                                 playlist, a playlist per hour and per programme
//   GET /hls/{channel}/{token}/live.m3u8          the last 15 minutes, sliding (max-age 2 s, ETag)
//   GET /hls/{channel}/{token}/hour/{stem}.m3u8   one UTC hour ("2026-11-26T09"): EVENT while it
//                                                 runs, VOD with EXT-X-ENDLIST once it has ended
//   GET /hls/{channel}/{token}/programme/{from}-{until}.m3u8  a programme's span (Unix seconds)
//   GET /hls/{channel}/{token}/{start}.mp3        a segment: packed audio named by its start
//                                                 (public, immutable); 410 once outside the window
// The {token} is hls::PathToken's, the same for every listener of an hour.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "domain/playout.hpp"
#include "hls/path_token.hpp"
#include "hls/timeshift_archive.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "listeners/listener_identity.hpp"
#include "listeners/listener_tracker.hpp"
#include "store/database.hpp"

namespace ether::api {

struct HlsApiOptions {
  std::string stream_domain;  // environmentDomain: where the playlists load from; empty: the site
};

class HlsApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  HlsApi(store::Database& db, const hls::TimeshiftArchive& archive, const hls::PathToken& tokens, HlsApiOptions options,
         Clock clock);

  /// Where HLS clients become listener sessions: a client fetching a playlist (live, hour or
  /// programme) opens or extends its session, a segment adds its bytes; known bots are not counted.
  /// Unset: none are counted.
  void set_listeners(listeners::ListenerTracker* tracker, listeners::ListenerIdentity* identity) {
    listener_tracker_ = tracker;
    listener_identity_ = identity;
  }

  /// Adds the routes above to `router`.
  void add_routes(http::Router& router);

  /// The spans [from, until) (unix seconds) of `channel`'s window now that a recorded hour holds,
  /// oldest first: the timeshift answer's `hours`, where a listener can listen from a moment. Empty
  /// when nothing is recorded. Reads the store and the disk: call it on a worker.
  [[nodiscard]] std::vector<std::pair<std::int64_t, std::int64_t>> recorded_spans(const std::string& channel) const;

 private:
  // Counts a successful answer to an HLS client (see set_listeners) and returns it.
  http::Response counted(const http::Request& request, const std::string& channel, http::Response response,
                         bool playlist) const;
  /// One recorded hour of a window: the hour (unix hours) and the part of it in the window.
  struct RecordedHour {
    std::int64_t hour = 0;
    std::int64_t from_s = 0;
    std::int64_t until_s = 0;
  };
  /// A channel's window now, the broadcasts in it and its recorded hours, oldest first.
  struct CurrentWindow {
    hls::Window window;
    std::vector<domain::Broadcast> broadcasts;
    std::vector<RecordedHour> hours;
  };
  /// The window of `channel` at `now_ms`, reaching back to the start of the programme on air;
  /// nullopt when nothing is recorded. Remembers that programme for reach_back.
  [[nodiscard]] std::optional<CurrentWindow> current_window(const std::string& channel, std::int64_t now_ms) const;
  http::Response timeshift(const std::string& channel) const;
  http::Response live_playlist(const http::Request& request, const std::string& channel,
                               const std::string& token) const;
  http::Response hour_playlist(const http::Request& request, const std::string& channel, const std::string& token,
                               const std::string& file) const;
  http::Response programme_playlist(const http::Request& request, const std::string& channel, const std::string& token,
                                    const std::string& file) const;
  http::Response segment(const std::string& channel, const std::string& token, const std::string& file) const;
  /// The 403 to answer when `token` is not valid for `channel` now; nullopt when it is.
  [[nodiscard]] std::optional<http::Response> refuse_token(const std::string& channel, const std::string& token) const;
  /// Whether the live playlist of the request's channel is in memory and fresh.
  [[nodiscard]] bool live_playlist_fresh(std::string_view channel) const;
  /// The start of the programme of `channel` on air now, as the last timeshift answer found it.
  [[nodiscard]] std::optional<std::int64_t> reach_back(const std::string& channel) const;

  struct LivePlaylist {
    std::shared_ptr<const std::string> body;
    std::string etag;
    std::int64_t built_ms = 0;
  };

  store::Database& db_;
  const hls::TimeshiftArchive& archive_;
  const hls::PathToken& tokens_;
  HlsApiOptions options_;
  Clock clock_;
  listeners::ListenerTracker* listener_tracker_ = nullptr;
  listeners::ListenerIdentity* listener_identity_ = nullptr;
  mutable std::mutex mutex_;
  mutable std::map<std::string, LivePlaylist, std::less<>> live_;
  mutable std::map<std::string, std::pair<std::int64_t, std::int64_t>, std::less<>> current_programme_;
};

}  // namespace ether::api
