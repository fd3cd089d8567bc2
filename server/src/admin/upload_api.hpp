#pragma once
// The upload API of the admin and the files it serves (every API answer Cache-Control: no-store;
// errors {"error":{"code","message"}} in Dutch):
//   POST /api/admin/media/images?name=foto.jpg   the image as the request body -> 202 {media}
//                                                (status 'processing': poll GET .../{id})
//   POST /api/admin/media/audio?name=aflevering.wav  the audio as the body -> 202 {media}
//   POST /api/admin/media/videos?name=clip.mp4       the video as the body -> 202 {media}; ready,
//                                                    it has url (HLS master), posterUrl, durationMs
//   GET  /api/admin/media?kind=image|audio|video&page=&q=  the library, newest first, 24 a page; q: only
//                                                    the files whose name holds it
//   GET  /api/admin/media/{id}                       one item: status, progress (0..100), error
//   PUT  /api/admin/media/{id}/focal-point           {x, y} in 0..1 -> {media}
//   PUT  /api/admin/media/{id}/details               {credit, caption}: both strings (may be ""), trimmed,
//                                                    at most kMaxMediaDetailLength characters, no control
//                                                    characters -> {media}; every item's JSON has them
//   DELETE /api/admin/media/{id}                     a failed upload, or a video no item names -> 204
//                                                    (409 otherwise)
//   GET  /uploads/...                                the stored files (WebP, MP3, JPEG, HLS). Images are
//                                                    cached for a year (their names change with their
//                                                    content); audio and video only while an item on the
//                                                    site plays them, for a minute (an editor: not kept)
// Uploads need a session with edit_drafts (a redacteur may upload), the site's Origin and the CSRF
// token, like every admin change. Bodies are streamed to a file (body_to_file) only for requests
// with the site's Origin and a session cookie; the head is judged on the I/O thread from
// admin::SessionCache: a cookie it does not know as live gets 401 and a session that may not
// upload 403, before a byte of the body is read or written (after a restart: reload the page,
// whose first API call makes the session known again). At most media::UploadCaps::per_address bodies of
// one client address and media::UploadCaps::in_all in all are read at once; more get 429 with
// Retry-After. A larger body than the kind's limit gets 413 with a Dutch message. What the file
// is, is found out in the background (media::MediaLibrary::accept): a file that is not an image (resp.
// audio) ends as status 'failed' with a Dutch message.

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "admin/admin_api.hpp"
#include "http/media_files.hpp"
#include "http/router.hpp"
#include "http/server.hpp"
#include "media/media_library.hpp"
#include "media/upload_slots.hpp"

namespace ether::admin {

inline constexpr std::int64_t kLibraryPageSize = 24;
inline constexpr std::size_t kMaxSearchLength = 100;
inline constexpr unsigned kUploadsRetryAfterSeconds = 10;
/// The longest credit or caption of a library item, in characters.
inline constexpr std::size_t kMaxMediaDetailLength = 300;

class UploadApi {
 public:
  /// `site_origin`: the origin of ETHER_BASE_URL (admin::origin_of).
  UploadApi(media::MediaLibrary& library, const admin::AdminApi& admin, std::string site_origin,
            media::UploadCaps caps = {});

  /// Adds the routes above.
  void add_routes(http::Router& router);

  /// For http::Handlers::body_to_file: where an upload's body goes, or nullopt for other requests.
  [[nodiscard]] std::optional<http::BodyFileTarget> body_target(const http::Request& head) const;

  /// Upload bodies being read now.
  [[nodiscard]] int uploads_in_flight() const { return slots_.in_flight(); }

  /// The JSON of an item as the admin receives it (URLs of its files, sizes, progress).
  [[nodiscard]] boost::json::object item_json(const media::MediaItem& item) const;

  /// Decides whether an anonymous request may have an uploaded audio file ("/uploads/audio/..."):
  /// nullopt lets it through, a response refuses it. Audio is public only once an item on the site
  /// plays it (or with a signed URL); until then only a signed-in editor gets it. Unset: refused.
  using AudioGuard = std::function<std::optional<http::Response>(const http::Request&, const std::string& site_path)>;
  void set_audio_guard(AudioGuard guard) { audio_guard_ = std::move(guard); }

 private:
  http::Response upload(const http::Request& request, media::MediaKind kind) const;
  http::Response list(const http::Request& request) const;
  http::Response get(const http::Request& request, const std::string& id) const;
  http::Response remove(const http::Request& request, const std::string& id_text) const;
  http::Response focal_point(const http::Request& request, const std::string& id) const;
  http::Response details(const http::Request& request, const std::string& id_text) const;
  http::Response serve(const http::Request& request, const std::string& path) const;

  media::MediaLibrary& library_;
  const admin::AdminApi& admin_;
  std::string site_origin_;
  http::MediaFiles files_;
  media::UploadSlots slots_;
  AudioGuard audio_guard_;
};

}  // namespace ether::admin
