#include "admin/upload_api.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>
#include <variant>

#include "admin/admin_api_detail.hpp"
#include "admin/request_guard.hpp"
#include "admin/sessions.hpp"
#include "api/json_error.hpp"
#include "media/stored_files.hpp"

namespace ether::admin {
namespace {

namespace json = boost::json;

constexpr std::string_view kImagesPath = "/api/admin/media/images";
constexpr std::string_view kAudioPath = "/api/admin/media/audio";
constexpr std::string_view kVideoPath = "/api/admin/media/videos";

std::string size_text(std::uint64_t bytes) {
  return bytes >= (1ULL << 20) ? std::to_string(bytes >> 20) + " MB" : std::to_string(bytes >> 10) + " KB";
}

http::Response too_large(media::MediaKind kind, std::uint64_t limit) {
  return api::json_error(413, "payload_too_large",
                         std::string("Dit bestand is te groot: ") +
                             (kind == media::MediaKind::image   ? "een afbeelding"
                              : kind == media::MediaKind::audio ? "een audiobestand"
                                                                : "een video") +
                             " mag hoogstens " + size_text(limit) + " zijn.");
}

media::Uploader uploader_of(const admin::Principal& principal) {
  return {principal.user.id, principal.user.display_name};
}

// Whether `text` holds a control character: C0, DEL, or C1 (U+0080..U+009F, bytes C2 80..C2 9F),
// which a page would print as nothing or as garbage.
bool has_control_characters(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7f) return true;
    if (byte == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9f) return true;
  }
  return false;
}

// Characters, not bytes: a credit with accents is as long as it looks. The JSON parser has
// already refused text that is not UTF-8.
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
}

// A credit or caption of a details body, trimmed, or the 400 that refuses it; `what` names the
// field in the Dutch message ("de fotograaf of bron"). Each problem has a code of its own, since the
// admin shows its own message for a code (web/src/admin/api/error-messages.ts).
std::variant<std::string, http::Response> detail_text(const json::object* body, std::string_view key,
                                                      std::string_view what) {
  const auto value = body != nullptr ? detail::string_member(*body, key) : std::nullopt;
  if (!value) {
    return api::json_error(400, "bad_details",
                           "Geef een fotograaf of bron en een bijschrift, elk als tekst (leeg mag ook).");
  }
  auto text = detail::trimmed(*value);
  if (has_control_characters(text)) {
    return api::json_error(400, "details_control_characters",
                           "Gebruik geen stuurtekens (zoals een regeleinde) in " + std::string(what) + ".");
  }
  if (characters(text) > kMaxMediaDetailLength) {
    return api::json_error(
        400, "details_too_long",
        "Maak " + std::string(what) + " korter: hoogstens " + std::to_string(kMaxMediaDetailLength) + " tekens.");
  }
  return text;
}

// An editor's change to one library item, as its request arrived: who, which item, and the JSON
// body (`object` null when the body is no JSON object).
struct ItemEdit {
  media::Uploader by;
  std::int64_t id = 0;
  json::value body;
  [[nodiscard]] const json::object* object() const { return body.is_object() ? &body.get_object() : nullptr; }
};

// The guard and the id every edit of an item takes, or the answer that refuses it.
std::variant<ItemEdit, http::Response> begin_edit(const admin::AdminApi& admin, const http::Request& request,
                                                  const std::string& id_text) {
  auto who = admin.authorize(request, admin::Guard{.permission = admin::Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto id = api::parse_id(id_text);
  if (!id) return api::json_error(404, "not_found", "Dit bestand bestaat niet (meer).");
  boost::system::error_code ec;
  auto body = json::parse(request.body, ec);
  if (ec) body = nullptr;
  return ItemEdit{uploader_of(std::get<admin::Principal>(who)), *id, std::move(body)};
}

}  // namespace

UploadApi::UploadApi(media::MediaLibrary& library, const admin::AdminApi& admin, std::string site_origin,
                     media::UploadCaps caps)
    : library_(library),
      admin_(admin),
      site_origin_(std::move(site_origin)),
      files_(library.options().root, 64ULL << 20),
      slots_(caps) {}

void UploadApi::add_routes(http::Router& router) {
  router.add("POST", kImagesPath,
             [this](const http::Request& r, const http::RouteParams&) { return upload(r, media::MediaKind::image); });
  router.add("POST", kAudioPath,
             [this](const http::Request& r, const http::RouteParams&) { return upload(r, media::MediaKind::audio); });
  router.add("POST", kVideoPath,
             [this](const http::Request& r, const http::RouteParams&) { return upload(r, media::MediaKind::video); });
  router.add("GET", "/api/admin/media", [this](const http::Request& r, const http::RouteParams&) { return list(r); });
  router.add("GET", "/api/admin/media/{id}",
             [this](const http::Request& r, const http::RouteParams& p) { return get(r, p.at("id")); });
  router.add("PUT", "/api/admin/media/{id}/focal-point",
             [this](const http::Request& r, const http::RouteParams& p) { return focal_point(r, p.at("id")); });
  router.add("PUT", "/api/admin/media/{id}/details",
             [this](const http::Request& r, const http::RouteParams& p) { return details(r, p.at("id")); });
  router.add("DELETE", "/api/admin/media/{id}",
             [this](const http::Request& r, const http::RouteParams& p) { return remove(r, p.at("id")); });
  router.add("GET", "/uploads/{path*}",
             [this](const http::Request& r, const http::RouteParams& p) { return serve(r, p.at("path")); });
}

std::optional<http::BodyFileTarget> UploadApi::body_target(const http::Request& head) const {
  if (head.method != "POST") return std::nullopt;
  std::optional<media::MediaKind> kind;
  if (head.path == kImagesPath) kind = media::MediaKind::image;
  if (head.path == kAudioPath) kind = media::MediaKind::audio;
  if (head.path == kVideoPath) kind = media::MediaKind::video;
  if (!kind) return std::nullopt;
  // Only a browser of the site gets to write to disk, and only with a session known as live: this
  // runs on the I/O thread, so the store is not asked. Anything else is read into memory under the
  // usual small limit and refused by the handler (401/403).
  const auto cookie = head.cookie(admin::kSessionCookie);
  if (!cookie || !admin::origin_allowed(head, site_origin_)) return std::nullopt;
  // A limit of 0 gives any body the refusal: from its length before a byte of it is read, or at
  // the first chunk.
  auto refuse = [&](http::Response answer) {
    return http::BodyFileTarget{library_.incoming_path(), 0, std::move(answer), nullptr};
  };
  const auto session = admin::SessionCache::instance().live(*cookie, library_.now());
  if (!session) {
    return refuse(
        api::json_error(401, "unauthenticated",
                        "Je sessie is verlopen of onbekend. Laad de pagina opnieuw (of log opnieuw in) en probeer "
                        "het dan nog eens."));
  }
  if (!session->ready) {
    return refuse(api::json_error(403, "password_change_required", "Kies eerst een nieuw wachtwoord."));
  }
  if (!admin::allows(session->role, admin::Permission::edit_drafts)) {
    return refuse(api::json_error(403, "forbidden", "Je rol heeft geen toegang tot deze actie."));
  }
  auto slot = slots_.take(head.remote_address);
  if (!slot) {
    auto busy =
        api::json_error(429, "too_many_uploads",
                        "Er worden nu te veel bestanden tegelijk geüpload. Wacht tot een upload klaar is en probeer "
                        "het dan opnieuw.");
    busy.set_header("Retry-After", std::to_string(kUploadsRetryAfterSeconds));
    return refuse(std::move(busy));
  }
  const auto& options = library_.options();
  const auto limit = *kind == media::MediaKind::image   ? options.max_image_bytes
                     : *kind == media::MediaKind::audio ? options.max_audio_bytes
                                                        : options.max_video_bytes;
  return http::BodyFileTarget{library_.incoming_path(), limit, too_large(*kind, limit), std::move(slot)};
}

json::object UploadApi::item_json(const media::MediaItem& item) const {
  json::object out{{"id", item.id},
                   {"kind", media::kind_name(item.kind)},
                   {"status", item.status},
                   {"progress", item.progress},
                   {"error", item.error.empty() ? json::value(nullptr) : json::value(item.error)},
                   {"name", item.original_name},
                   {"mimeType", item.mime_type},
                   {"sizeBytes", item.size_bytes},
                   {"credit", item.credit},
                   {"caption", item.caption}};
  if (item.kind == media::MediaKind::image) {
    out["url"] = media::image_url(item);
    out["contentUrl"] = media::content_image_url(item);
    out["originalUrl"] = std::string(media::kUploadsPrefix) + "/images/" + item.content_hash + "/original.webp";
    out["width"] = item.width;
    out["height"] = item.height;
    out["focalPoint"] = json::object{{"x", item.focal.x / 1000.0}, {"y", item.focal.y / 1000.0}};
  } else if (item.kind == media::MediaKind::video) {
    out["url"] = media::video_url(item);
    out["posterUrl"] = media::video_poster_url(item);
    out["width"] = item.width;
    out["height"] = item.height;
    out["durationMs"] = item.duration_ms;
    out["durationSeconds"] = (item.duration_ms + 500) / 1000;
  } else {
    out["url"] = media::audio_url(item);
    out["durationMs"] = item.duration_ms;
    out["durationSeconds"] = (item.duration_ms + 500) / 1000;
    out["loudnessLufs"] = item.loudness_tenths / 10.0;
  }
  return out;
}

http::Response UploadApi::upload(const http::Request& request, media::MediaKind kind) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  if (!request.body_file || request.body_file->size == 0) {
    return api::json_error(400, "no_file", "Er is geen bestand ontvangen. Kies een bestand en probeer het opnieuw.");
  }
  const auto& principal = std::get<admin::Principal>(who);
  try {
    const auto name = request.param("name").value_or("");
    const auto item = library_.accept(kind, *request.body_file, std::string(name), uploader_of(principal));
    return api::private_json(202, json::object{{"media", item_json(item)}});
  } catch (const media::UploadRefused& refused) {
    return api::json_error(refused.status(), refused.code(), refused.what());
  }
}

http::Response UploadApi::list(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto kind_text = request.param("kind").value_or("image");
  if (kind_text != "image" && kind_text != "audio" && kind_text != "video")
    return api::json_error(400, "bad_parameter", "Kies image, audio of video.");
  const auto kind = kind_text == "audio"   ? media::MediaKind::audio
                    : kind_text == "video" ? media::MediaKind::video
                                           : media::MediaKind::image;
  const auto page = api::parse_id(request.param("page").value_or("1")).value_or(1);
  const std::string name(request.param("q").value_or(""));
  if (name.size() > kMaxSearchLength) {
    return api::json_error(400, "bad_parameter",
                           "Zoek op hoogstens " + std::to_string(kMaxSearchLength) + " tekens van de bestandsnaam.");
  }
  json::array items;
  std::int64_t total = 0;
  {
    auto lease = library_.db().lease();
    media::MediaRepository media(*lease);
    for (const auto& item : media.list(kind, kLibraryPageSize, (page - 1) * kLibraryPageSize, name)) {
      items.push_back(item_json(item));
    }
    total = media.count(kind, name);
  }
  return api::private_json(
      200, json::object{{"items", std::move(items)}, {"total", total}, {"page", page}, {"pageSize", kLibraryPageSize}});
}

http::Response UploadApi::get(const http::Request& request, const std::string& id_text) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto id = api::parse_id(id_text);
  auto item = id ? library_.find(*id) : std::nullopt;
  if (!item) return api::json_error(404, "not_found", "Dit bestand bestaat niet (meer).");
  return api::private_json(200, json::object{{"media", item_json(*item)}});
}

http::Response UploadApi::focal_point(const http::Request& request, const std::string& id_text) const {
  auto begun = begin_edit(admin_, request, id_text);
  if (auto* refused = std::get_if<http::Response>(&begun)) return std::move(*refused);
  const auto& edit = std::get<ItemEdit>(begun);
  const auto* object = edit.object();
  auto coordinate = [&](std::string_view key) -> std::optional<int> {
    const auto* value = object != nullptr ? object->if_contains(key) : nullptr;
    if (value == nullptr || !value->is_number()) return std::nullopt;
    const double number = value->to_number<double>();
    if (!(number >= 0.0 && number <= 1.0)) return std::nullopt;
    return static_cast<int>(std::lround(number * 1000.0));
  };
  const auto x = coordinate("x");
  const auto y = coordinate("y");
  if (!x || !y) {
    return api::json_error(400, "bad_focal_point", "Een focuspunt heeft een x en een y tussen 0 en 1.");
  }
  try {
    const auto item = library_.set_focal_point(edit.id, media::FocalPoint{*x, *y}, edit.by);
    return api::private_json(200, json::object{{"media", item_json(item)}});
  } catch (const media::UploadRefused& refused) {
    return api::json_error(refused.status(), refused.code(), refused.what());
  }
}

http::Response UploadApi::details(const http::Request& request, const std::string& id_text) const {
  auto begun = begin_edit(admin_, request, id_text);
  if (auto* refused = std::get_if<http::Response>(&begun)) return std::move(*refused);
  const auto& edit = std::get<ItemEdit>(begun);
  const auto* object = edit.object();
  auto credit = detail_text(object, "credit", "de fotograaf of bron");
  if (auto* refused = std::get_if<http::Response>(&credit)) return std::move(*refused);
  auto caption = detail_text(object, "caption", "het bijschrift");
  if (auto* refused = std::get_if<http::Response>(&caption)) return std::move(*refused);
  try {
    const auto item =
        library_.set_details(edit.id, std::get<std::string>(credit), std::get<std::string>(caption), edit.by);
    return api::private_json(200, json::object{{"media", item_json(item)}});
  } catch (const media::UploadRefused& refused) {
    return api::json_error(refused.status(), refused.code(), refused.what());
  }
}

http::Response UploadApi::remove(const http::Request& request, const std::string& id_text) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto id = api::parse_id(id_text);
  if (!id) return api::json_error(404, "not_found", "Dit bestand bestaat niet (meer).");
  try {
    library_.remove(*id, uploader_of(std::get<admin::Principal>(who)));
    return api::no_content();
  } catch (const media::UploadRefused& refused) {
    return api::json_error(refused.status(), refused.code(), refused.what());
  }
}

http::Response UploadApi::serve(const http::Request& request, const std::string& path) const {
  if (!media::servable(path)) return api::json_error(404, "not_found", "Dit bestand bestaat niet.");
  // Audio and video may belong to a draft, an embargoed or a trashed item, or to none: an editor
  // has them, the public only while an item on the site plays them (or audio with a signed URL).
  // The names are content hashes, but a hash is no secret once an editor shared it.
  const bool audio = path.starts_with("audio/");
  const bool guarded = audio || path.starts_with("videos/");
  bool editor_only = false;
  if (guarded) {
    const auto cookie = request.cookie(admin::kSessionCookie);
    const auto session = cookie ? admin::SessionCache::instance().live(*cookie, library_.now()) : std::nullopt;
    const bool editor = session && session->ready && admin::allows(session->role, admin::Permission::edit_drafts);
    if (!editor) {
      std::optional<http::Response> refused;
      if (audio) {
        refused = audio_guard_ ? audio_guard_(request, std::string(media::kUploadsPrefix) + "/" + path)
                               : std::optional(api::json_error(404, "not_found", "Dit bestand bestaat niet."));
      } else if (!library_.video_on_site(path)) {
        refused = api::json_error(404, "not_found", "Dit bestand bestaat niet.");
      }
      if (refused) {
        refused->set_header("Cache-Control", "no-store");
        return std::move(*refused);
      }
    }
    editor_only = editor;
  }
  auto response = files_.serve(request, path);
  if (response.status == 200 || response.status == 206 || response.status == 304) {
    // The names change with the content (hash) and the focal point, so a copy never goes stale.
    // What only an editor may have is never kept by a shared cache; media public only while an
    // item is on the site are kept a minute, so an unpublished item's leaves every cache within
    // that minute (revalidation is a cheap 304: the ETag holds).
    response.set_header("Cache-Control", editor_only ? "private, no-store"
                                         : guarded   ? "public, max-age=60"
                                                     : "public, max-age=31536000, immutable");
  }
  return response;
}

}  // namespace ether::admin
