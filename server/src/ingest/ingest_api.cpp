#include "ingest/ingest_api.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <variant>

#include "admin/api_keys.hpp"
#include "api/json_error.hpp"
#include "domain/slug.hpp"
#include "domain/time.hpp"
#include "ingest/item_fields.hpp"

namespace ether::ingest {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxBody = 16 * 1024;
constexpr std::string_view kScope = "nowplaying:write";

// Form bodies decode like a query string ('+' as space, percent escapes).
std::optional<json::object> form_fields(std::string_view text) {
  http::Request parsed;
  if (!http::parse_target("/?" + std::string(text), parsed)) return std::nullopt;
  json::object fields;
  for (const auto& [name, value] : parsed.query) fields[name] = value;
  return fields;
}

// Icecast answers its admin calls with this document (admin.c: admin_send_response).
http::Response ice_response(unsigned status, std::string_view message, bool ok) {
  http::Response response;
  response.status = status;
  response.set_header("Content-Type", "text/xml; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  response.body = std::string("<?xml version=\"1.0\"?>\n<iceresponse><message>") + std::string(message) +
                  "</message><return>" + (ok ? "1" : "0") + "</return></iceresponse>\n";
  if (status == 401) response.set_header("WWW-Authenticate", "Basic realm=\"Icecast2 Server\"");
  return response;
}

struct BasicCredentials {
  std::string user;
  std::string password;
};

std::optional<BasicCredentials> basic_credentials(const http::Request& request) {
  auto header = request.header("Authorization");
  constexpr std::string_view scheme = "Basic ";
  if (header.size() <= scheme.size() || !http::iequals(header.substr(0, scheme.size()), scheme)) return std::nullopt;
  auto encoded = header.substr(scheme.size());
  while (!encoded.empty() && encoded.front() == ' ') encoded.remove_prefix(1);
  std::string decoded(encoded.size(), '\0');
  std::size_t length = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(decoded.data()), decoded.size(), encoded.data(),
                        encoded.size(), nullptr, &length, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0) {
    return std::nullopt;
  }
  decoded.resize(length);
  const auto colon = decoded.find(':');
  if (colon == std::string::npos) return std::nullopt;
  return BasicCredentials{decoded.substr(0, colon), decoded.substr(colon + 1)};
}

json::object outcome_json(const NowPlayingItem& item, const IngestOutcome& outcome) {
  json::object out{{"id", outcome.item_id},
                   {"channel", item.channel},
                   {"type", kind_name(item.kind)},
                   {"artist", item.artist},
                   {"title", item.title},
                   {"startsAt", domain::format_iso_utc(outcome.starts_at)},
                   {"endsAt", domain::format_iso_utc(outcome.ends_at)},
                   {"trackPlayId", outcome.track_play_id ? json::value(*outcome.track_play_id) : json::value(nullptr)}};
  if (!item.isrc.empty()) out["isrc"] = item.isrc;
  if (!item.album.empty()) out["album"] = item.album;
  if (!item.label.empty()) out["label"] = item.label;
  if (!item.next_json.empty()) out["next"] = json::parse(item.next_json);
  return out;
}

}  // namespace

IngestApi::IngestApi(store::Database& db, NowPlayingIngest& ingest, IngestApiOptions options)
    : db_(db), ingest_(ingest), options_(std::move(options)) {
  if (!options_.now) {
    options_.now = [] {
      return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
    };
  }
}

void IngestApi::add_routes(http::Router& router) {
  auto handler = [this](const http::Request& r, const http::RouteParams& p) { return now_playing(r, p.at("channel")); };
  router.add("POST", "/api/ingest/{channel}/nowplaying", handler);
  router.add("GET", "/api/ingest/{channel}/nowplaying", handler);
  router.add("GET", "/admin/metadata",
             [this](const http::Request& r, const http::RouteParams&) { return metadata(r); });
}

http::Response IngestApi::now_playing(const http::Request& request, std::string_view channel) const {
  const auto now = options_.now();
  // Systems that can only fetch a URL put the key in it; it is read as if it were the header.
  const auto query_key = request.header("Authorization").empty() ? request.param("key") : std::nullopt;
  auto key = query_key ? admin::authenticate_api_key(db_, *query_key, kScope, now)
                       : admin::authenticate_api_key(db_, request, kScope, now);
  if (auto* refused = std::get_if<http::Response>(&key)) return std::move(*refused);
  if (!domain::is_valid_slug(channel)) return api::json_error(404, "not_found", "Onbekend kanaal.");

  json::object fields;
  if (request.method == "POST") {
    if (request.body.size() > kMaxBody)
      return api::json_error(413, "payload_too_large", "De body is groter dan 16 KiB.");
    const auto type = request.header("Content-Type");
    const auto media = type.substr(0, type.find(';'));
    if (http::iequals(media, "application/x-www-form-urlencoded")) {
      auto parsed = form_fields(request.body);
      if (!parsed) return api::json_error(400, "bad_request", "De formulierdata is onleesbaar.");
      fields = std::move(*parsed);
    } else if (http::iequals(media, "application/json") || (media.empty() && request.body.starts_with('{'))) {
      boost::system::error_code ec;
      auto value = json::parse(request.body, ec);
      if (ec || !value.is_object()) return api::json_error(400, "bad_json", "De body is geen JSON-object.");
      fields = std::move(value.get_object());
    } else {
      return api::json_error(415, "unsupported_media_type",
                             "Stuur application/json of application/x-www-form-urlencoded.");
    }
  }
  // Query parameters count too (a GET has nothing else); a field in the body wins.
  for (const auto& [name, value] : request.query) {
    if (name != "key" && !fields.contains(name)) fields[name] = value;
  }
  auto read = read_item(fields, channel, now);
  if (auto* refused = std::get_if<FieldError>(&read)) {
    return api::field_errors(json::object{{refused->field, refused->message}}, refused->message);
  }
  const auto& item = std::get<NowPlayingItem>(read);
  auto outcome = ingest_.ingest(item, now);
  if (!outcome) return api::json_error(404, "not_found", "Onbekend kanaal.");
  return api::private_json(outcome->repeated ? 200 : 201,
                           json::object{{"item", outcome_json(item, *outcome)}, {"repeated", outcome->repeated}});
}

http::Response IngestApi::metadata(const http::Request& request) const {
  const auto mount = request.param("mount");
  const auto mode = request.param("mode");
  if (!mount || !mode) return ice_response(400, "Missing parameter", false);
  // /live/{channel}.mp3, as the source's own mount.
  std::string_view path = *mount;
  constexpr std::string_view prefix = "/live/";
  constexpr std::string_view suffix = ".mp3";
  std::string channel;
  if (path.starts_with(prefix) && path.ends_with(suffix) && path.size() > prefix.size() + suffix.size()) {
    channel = std::string(path.substr(prefix.size(), path.size() - prefix.size() - suffix.size()));
  }
  auto credentials = basic_credentials(request);
  SourceLoginCheck check;
  if (credentials && !channel.empty() && domain::is_valid_slug(channel) && options_.source_credentials) {
    check = options_.source_credentials(channel, credentials->user, credentials->password, request.remote_address);
  }
  if (check.retry_after > 0) {
    auto response = ice_response(429, "Too many failed logins", false);
    response.set_header("Retry-After", std::to_string(check.retry_after));
    return response;
  }
  if (!check.allowed) {
    // Unknown mounts are refused like bad credentials: the answer tells nothing about either.
    return ice_response(401, "Authentication Required", false);
  }
  if (*mode != "updinfo") return ice_response(400, "Unknown admin command", false);

  json::object fields;
  const auto charset = request.param("charset").value_or("UTF-8");
  const bool latin1 = http::iequals(charset, "ISO-8859-1") || http::iequals(charset, "latin1") ||
                      http::iequals(charset, "latin-1") || http::iequals(charset, "ISO8859-1");
  if (!latin1 && !http::iequals(charset, "UTF-8") && !http::iequals(charset, "utf8")) {
    return ice_response(400, "Unsupported charset", false);
  }
  for (auto name : {"song", "artist", "title"}) {
    if (auto value = request.param(name)) {
      fields[name] = latin1 ? latin1_to_utf8(*value) : std::string(*value);
    }
  }
  if (fields.empty()) return ice_response(400, "Missing parameter", false);
  const auto now = options_.now();
  auto read = read_item(fields, channel, now);
  if (auto* refused = std::get_if<FieldError>(&read)) {
    spdlog::info("metadata {}: refused: {}", channel, refused->message);
    return ice_response(400, "Invalid metadata", false);
  }
  auto& item = std::get<NowPlayingItem>(read);
  item.from_source = options_.source_on_air && options_.source_on_air(channel);
  auto outcome = ingest_.ingest(item, now);
  if (!outcome) return ice_response(400, "Source does not exist", false);
  return ice_response(200, "Metadata update successful", true);
}

}  // namespace ether::ingest
