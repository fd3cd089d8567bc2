#pragma once
// The audience per song of issue 52 for every admin role (admin::Permission::read_listeners), under
// the admin API's guard; answers Cache-Control: no-store, errors {"error":{"code","message"}}:
//   GET /api/admin/listeners/songs?channel=radio2&month=2026-11[&format=csv]
//       listeners/song_audience.hpp of the channel's Amsterdam calendar month (up to now):
//       {"channel","month","from","until","minSessionSeconds",
//        "curve":[{"hour","minutes","tuneIns","tuneOuts"} x 24, by Amsterdam hour of the day],
//        "songs":[{"id","artist","title","plays","minutesPlayed","tuneIns","expectedTuneIns",
//                  "tuneOuts","expectedTuneOuts","net","expectedNet","difference"}]}, the song that
//       lost the most listeners first, figures rounded to three decimals. format=csv: the songs as
//       the attachment luistercijfers-per-nummer-<channel>-<month>.csv (kSongAudienceCsvHeader).
//       A missing or malformed channel, month or format: 400 bad_parameter; a channel that does
//       not exist: 404 not_found.
// The store is read on the worker pool (the route is offloaded, http/router.hpp).

#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "http/router.hpp"
#include "listeners/listener_tracker.hpp"
#include "store/database.hpp"

namespace ether::admin {

struct SongAudienceApiOptions {
  std::int64_t min_session_seconds = 60;  // ETHER_LISTENER_MIN_SESSION_SECONDS
};

class SongAudienceApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix ms
  /// `flush` writes the sessions waiting in memory to the store (SessionWriter::flush) before the
  /// sessions are read; the tracker's open sessions count up to now.
  SongAudienceApi(store::Database& db, const AdminApi& admin, listeners::ListenerTracker& tracker,
                  std::function<void()> flush, SongAudienceApiOptions options, Clock clock);

  void add_routes(http::Router& router);

 private:
  [[nodiscard]] http::Response songs(const http::Request& request) const;

  store::Database& db_;
  const AdminApi& admin_;
  listeners::ListenerTracker& tracker_;
  std::function<void()> flush_;
  SongAudienceApiOptions options_;
  Clock clock_;
};

}  // namespace ether::admin
