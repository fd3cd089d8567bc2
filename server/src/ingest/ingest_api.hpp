#pragma once
// The now-playing calls of playout systems and encoders:
//   POST /api/ingest/{channel}/nowplaying   JSON or form body (ingest/item_fields.hpp), or
//   GET  /api/ingest/{channel}/nowplaying?artist=&title=&...  for systems that can only GET;
//        with an API key of scope nowplaying:write in `Authorization: Bearer <key>` (or, for
//        systems that cannot set a header, `?key=`): 401 without a live key, 403 without the scope.
//        201 {"item": {...}, "repeated": false}; 200 with "repeated": true for the running item
//        again; 400 malformed, 413 above 16 KiB, 415 another body type, 422 invalid_fields for a value refused,
//        404 an unknown channel; errors as {"error":{"code","message"}}.
//   GET  /admin/metadata?mount=/live/{channel}.mp3&mode=updinfo&song=...  Icecast's metadata
//        call (also artist and title, charset), with the source's Basic credentials, answered
//        with Icecast's XML (429 with Retry-After while the address or mount is throttled). Sent while the channel's
//        live source is on air, the item is that source's: it ends when the source goes off air.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "http/router.hpp"
#include "ingest/now_playing_ingest.hpp"
#include "ingest/source_credentials.hpp"
#include "store/database.hpp"

namespace ether::ingest {

/// Checks a source client's credentials for a channel (user and password of HTTP Basic, from the
/// client's address), throttled as the source login (SourceHub::check_login).
using SourceCredentialCheck = std::function<SourceLoginCheck(std::string_view channel_slug, std::string_view user,
                                                             std::string_view password, const std::string& address)>;

struct IngestApiOptions {
  SourceCredentialCheck source_credentials;  // for /admin/metadata; unset: every call is refused
  std::function<std::int64_t()> now;         // unix seconds
  // Whether `channel` has a live source on air (here or relayed): a metadata call then names what
  // that source plays, and its item ends when the source goes off air. Unset: never.
  std::function<bool(std::string_view channel)> source_on_air;
};

class IngestApi {
 public:
  IngestApi(store::Database& db, NowPlayingIngest& ingest, IngestApiOptions options);

  void add_routes(http::Router& router);

  http::Response now_playing(const http::Request& request, std::string_view channel) const;
  http::Response metadata(const http::Request& request) const;

 private:
  store::Database& db_;
  NowPlayingIngest& ingest_;
  IngestApiOptions options_;
};

}  // namespace ether::ingest
