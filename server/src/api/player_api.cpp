#include "api/player_api.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "api/json_error.hpp"
#include "api/play_answer.hpp"
#include "domain/broadcast_hours.hpp"
#include "domain/slug.hpp"
#include "domain/time.hpp"
#include "http/range.hpp"
#include "pages/content_safety.hpp"
#include "pages/queries/catalog.hpp"
#include "player/info_events.hpp"
#include "player/miniplayer_info.hpp"
#include "recording/recording_body.hpp"
#include "store/publication.hpp"
#include "stream/icecast_listener.hpp"
#include "stream/icy_metadata.hpp"

namespace ether::api {
namespace json = boost::json;
namespace {

// Small ranges (a player's probes) stay in memory and keep the connection alive; larger ones are
// streamed from the hour files so that memory does not grow with the broadcast's length.
void send_recording(http::Response& response, const recording::Recording& recording, std::uint64_t first,
                    std::uint64_t length) {
  if (length <= recording::RecordingBody::kChunkBytes) {
    response.body = recording::RecordingLibrary::read(recording, first, length);
    return;
  }
  response.streaming = std::make_shared<recording::RecordingBody>(recording, first, length);
  response.streaming_length = length;
}

constexpr std::size_t icy_metaint = 16000;
constexpr std::size_t icy_header_max = 256;

http::Response no_store(http::Response response) {
  response.set_header("Cache-Control", "no-store");
  return response;
}

std::optional<std::int64_t> parse_int(std::string_view text) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

PlayerApi::PlayerApi(store::Database& db, player::LiveInfoService& info, stream::LiveOrigin& origin,
                     stream::TokenSigner signer, PlayerApiOptions options, Clock clock)
    : db_(db),
      channels_(db, options.channel_refresh),
      info_(info),
      publisher_(std::make_unique<player::InfoPublisher>(info)),
      origin_(origin),
      signer_(std::move(signer)),
      options_(std::move(options)),
      clock_(std::move(clock)) {
  // Constructed at start-up, before the I/O threads serve: the first stream starts find the list.
  channels_.await_first_read(std::chrono::seconds(2));
}

void PlayerApi::add_routes(http::Router& router) {
  // The info document and its events answer from memory once the channel's document is built
  // (http::Execution); the first request of a channel nobody asked for yet waits for its build on
  // the worker pool. The live streams always answer from memory.
  const auto where = [this](const http::Request& r) {
    return has_cached_info(r) ? http::Execution::io_thread : http::Execution::offloaded;
  };
  router.add(
      "GET", "/api/miniplayer/info", [this](const http::Request& r, const http::RouteParams&) { return info(r); },
      where);
  router.add(
      "GET", "/api/miniplayer/events", [this](const http::Request& r, const http::RouteParams&) { return events(r); },
      where);
  router.add("GET", "/api/player/{channel}",
             [this](const http::Request&, const http::RouteParams& p) { return channel_token_url(p.at("channel")); });
  router.add("GET", "/api/player/{channel}/token",
             [this](const http::Request&, const http::RouteParams& p) { return play_live(p.at("channel")); });
  router.add(
      "GET", "/live/{file}",
      [this](const http::Request& r, const http::RouteParams& p) { return live_stream(r, p.at("file")); },
      http::Execution::io_thread);
  const std::string latest = options_.static_prefix + "/api/latestNews";
  router.add("GET", latest, [this](const http::Request&, const http::RouteParams&) { return latest_news(); });
  router.add("GET", "/api/play/{kind}/{id}", [this](const http::Request&, const http::RouteParams& p) {
    return play_on_demand(p.at("kind"), p.at("id"));
  });
  router.add("GET", "/api/play/broadcast/{id}/{hour}", [this](const http::Request&, const http::RouteParams& p) {
    const auto id = parse_int(p.at("id"));
    const auto hour = parse_int(p.at("hour"));
    if (!id || *id <= 0 || !hour || *hour < 0) {
      return json_error(400, "bad_parameter", "Een uur is /api/play/broadcast/{id}/{unix-seconden van het begin}.");
    }
    return play_broadcast(*id, *hour);
  });
  router.add("GET", "/api/play/broadcast/{id}/{hour}/audio", [this](const http::Request&, const http::RouteParams& p) {
    const auto id = parse_int(p.at("id"));
    const auto hour = parse_int(p.at("hour"));
    if (!id || *id <= 0 || !hour || *hour < 0) {
      return json_error(400, "bad_parameter",
                        "De audio van een uur is /api/play/broadcast/{id}/{unix-seconden van het begin}/audio.");
    }
    return broadcast_audio(*id, *hour);
  });
  router.add("GET", "/recordings/broadcast/{file}", [this](const http::Request& r, const http::RouteParams& p) {
    return broadcast_recording(r, "", p.at("file"));
  });
  router.add("GET", "/recordings/broadcast/{id}/{file}", [this](const http::Request& r, const http::RouteParams& p) {
    return broadcast_recording(r, p.at("id"), p.at("file"));
  });
}

bool PlayerApi::has_cached_info(const http::Request& request) const {
  // The document at a past instant (live rewind) is built from the store each time: on a worker.
  if (request.param("at")) return false;
  // Only a channel the directory knows is asked for, so that made-up slugs cost no builds.
  const auto channel = request.param("channel");
  if (!channel || !domain::is_valid_slug(*channel) || !channels_.find(*channel)) return false;
  return info_.cached(*channel) != nullptr;
}

std::shared_ptr<const player::InfoEntry> PlayerApi::info_document(std::string_view channel) const {
  // On the I/O thread the document is in memory (has_cached_info chose it); on a worker, a channel
  // not built yet is built here.
  if (auto entry = info_.cached(channel)) return entry;
  return info_.get(channel);
}

http::Response PlayerApi::info(const http::Request& request) const {
  auto channel = request.param("channel");
  if (!channel || channel->empty()) return json_error(400, "bad_parameter", "De parameter 'channel' ontbreekt.");
  if (!domain::is_valid_slug(*channel))
    return json_error(400, "bad_parameter", "Het kanaal is een slug zoals 'radio2'.");
  if (auto at = request.param("at")) return info_at(*channel, *at);
  auto entry = info_document(*channel);
  if (!entry) return json_error(404, "not_found", "Het kanaal '" + std::string(*channel) + "' bestaat niet.");
  http::Response response;
  response.set_header("ETag", entry->etag);
  response.set_header("Cache-Control", "public, max-age=5, s-maxage=10, stale-while-revalidate=30, stale-if-error=600");
  // Also on the 304, the most frequent answer of a listener's polls: it is a JSON answer's, with
  // the API's short security headers (http/security_headers.hpp), as the search's 304 is.
  response.set_header("Content-Type", "application/json; charset=utf-8");
  if (http::if_none_match(request.header("If-None-Match"), entry->etag)) {
    response.status = 304;
    return response;
  }
  response.set_shared_body(std::shared_ptr<const std::string>(entry, &entry->body));
  return response;
}

http::Response PlayerApi::info_at(std::string_view channel, std::string_view at_text) const {
  const auto now_s = clock_();
  const auto at = parse_int(at_text);
  // A listener behind live asks what was on air where they listen: a past instant, within the reach
  // of the recordings a player can rewind (a day by default; a month is far beyond any window).
  constexpr std::int64_t kFurthestBack = 31LL * 24 * 3600;
  if (!at || *at > now_s + 60 || *at < now_s - kFurthestBack) {
    return json_error(400, "bad_parameter", "'at' is een moment (Unix-seconden) van de afgelopen 31 dagen.");
  }
  try {
    auto info = player::build_miniplayer_info(db_, channel, std::min(*at, now_s));
    if (!info) return json_error(404, "not_found", "Het kanaal '" + std::string(channel) + "' bestaat niet.");
    auto response = json_response(200, info->document);
    // What was on air at a past moment changes only when an editor corrects the log.
    response.set_header("Cache-Control", "public, max-age=60");
    return response;
  } catch (const std::exception&) {
    return json_error(503, "store_unavailable", "De gegevens van dat moment zijn even niet bereikbaar.");
  }
}

http::Response PlayerApi::events(const http::Request& request) const {
  auto channel = request.param("channel");
  if (!channel || !domain::is_valid_slug(*channel)) {
    return json_error(400, "bad_parameter", "De parameter 'channel' is de slug van een kanaal.");
  }
  if (!info_document(*channel)) {
    return json_error(404, "not_found", "Het kanaal '" + std::string(*channel) + "' bestaat niet.");
  }
  http::Response response;
  response.set_header("Content-Type", "text/event-stream; charset=utf-8");
  response.set_header("Cache-Control", "no-cache");
  response.set_header("X-Accel-Buffering", "no");
  response.streaming = std::make_shared<player::InfoEvents>(*publisher_, std::string(*channel));
  return response;
}

http::Response PlayerApi::channel_token_url(const std::string& channel) const {
  if (!domain::is_valid_slug(channel))
    return json_error(400, "bad_parameter", "Het kanaal is een slug zoals 'radio2'.");
  if (!channels_.find(channel)) return json_error(404, "not_found", "Het kanaal '" + channel + "' bestaat niet.");
  return no_store(json_response(200, json::object{{"tokenUrl", "/api/player/" + channel + "/token"}}));
}

http::Response PlayerApi::play_live(const std::string& channel) const {
  if (!domain::is_valid_slug(channel))
    return json_error(400, "bad_parameter", "Het kanaal is een slug zoals 'radio2'.");
  auto row = channels_.find(channel);
  if (!row) return json_error(404, "not_found", "Het kanaal '" + channel + "' bestaat niet.");
  if (!row->stream_url.empty()) {
    // A station's own Icecast or HLS stream is handed out as is; it needs no token of ours. A stored
    // URL the pages' safe_url rule refuses ("javascript:", "//host") never reaches the player.
    const auto stream_url = pages::safe_url(row->stream_url);
    if (stream_url.empty() || stream_url.starts_with("mailto:") || stream_url.starts_with("#")) {
      return json_error(404, "no_stream", row->name + " heeft geen afspeelbare stream.");
    }
    const auto format = stream_url.find(".m3u8") != std::string::npos ? "hls" : "mp3";
    return no_store(json_response(200, play_answer(channel, "", stream_url, format, options_.stream_domain)));
  }
  const auto token = signer_.sign("live:" + channel, clock_() + options_.stream_token_seconds);
  // A path: the player loads it from the environmentDomain, or from the page's own origin whatever
  // name the listener used for the site (the Content-Security-Policy allows media from 'self').
  auto answer = play_answer(channel, token, "/live/" + channel + ".mp3?token=" + token, "mp3", options_.stream_domain);
  if (hls_tokens_ != nullptr) {
    // Live rewind: the HLS playlist of the same audio, and where its window is described.
    answer["hlsUrl"] = hls_tokens_->live_playlist(channel, clock_());
    answer["timeshiftUrl"] = "/api/player/" + channel + "/timeshift";
  }
  return no_store(json_response(200, answer));
}

http::Response PlayerApi::live_stream(const http::Request& request, const std::string& file) const {
  if (!file.ends_with(".mp3")) return json_error(404, "not_found", "Livestreams zijn /live/{kanaal}.mp3.");
  const std::string channel = file.substr(0, file.size() - 4);
  if (!domain::is_valid_slug(channel))
    return json_error(404, "not_found", "De livestream '" + file + "' bestaat niet.");
  auto row = channels_.find(channel);
  auto ring = origin_.ring(channel);
  if (!row || !ring) return json_error(404, "not_found", "De livestream '" + file + "' bestaat niet.");
  const auto token = request.param("token").value_or("");
  const auto verdict = signer_.verify(token, "live:" + channel, clock_());
  if (verdict != stream::TokenVerdict::valid) {
    return json_error(
        403, std::string("token_") + std::string(stream::to_string(verdict)),
        "Het streamtoken ontbreekt, is gewijzigd of verlopen: vraag /api/player/" + channel + "/token opnieuw.");
  }
  stream::ListenerOptions options;
  options.send_buffer_bytes = options_.listener_sndbuf_bytes;
  options.lag.max_lag = options_.listener_max_lag;
  http::Response response;
  response.set_header("Content-Type", "audio/mpeg");
  response.set_header("Cache-Control", "no-store");
  // Store text in a header is plain text on one line (no CR/LF to end the header, no markup).
  response.set_header("icy-name", stream::icy_text(row->name, icy_header_max));
  response.set_header("icy-genre", stream::icy_text(row->genre, icy_header_max));
  response.set_header("icy-description", stream::icy_text(row->description, icy_header_max));
  response.set_header("icy-pub", "0");
  if (int bitrate = origin_.bitrate_kbps(); bitrate > 0) response.set_header("icy-br", std::to_string(bitrate));
  if (request.header("Icy-MetaData") == "1") {
    options.metaint = icy_metaint;
    response.set_header("icy-metaint", std::to_string(icy_metaint));
  }
  if (listener_tracker_ != nullptr && listener_identity_ != nullptr) {
    const auto user_agent = request.header("User-Agent");
    if (!listeners::is_known_bot(user_agent)) {
      const auto listener = listener_identity_->hash(request.remote_address, user_agent, listener_tracker_->now_ms());
      auto* tracker = listener_tracker_;
      const auto id = tracker->open(channel, "mp3", listener);
      options.on_end = [tracker, id](std::uint64_t bytes) { tracker->close(id, bytes); };
    }
  }
  response.streaming = std::make_shared<stream::IcecastListener>(ring, options);
  return response;
}

std::string PlayerApi::signed_media_url(const std::string& stored_path) const {
  const auto expires = clock_() + options_.bulletin_url_seconds;
  // A demo bulletin's file under /media/bulletins/ is served only with this signature; an uploaded
  // one ("/uploads/audio/...") is public once the bulletin is on the site (guard_uploaded_audio), and
  // the player reads the expiry alike.
  const std::string path = pages::queries::Catalog::media_url(stored_path);
  return path + "?expires=" + std::to_string(expires) + "&signature=" + signer_.signature(path, expires);
}

std::optional<http::Response> PlayerApi::guard_media(const http::Request& request, std::string_view relative) const {
  if (!relative.starts_with("bulletins/")) return std::nullopt;
  const auto expires = parse_int(request.param("expires").value_or(""));
  const auto signature = request.param("signature").value_or("");
  const std::string path = "/media/" + std::string(relative);
  if (!expires) return json_error(403, "unsigned", "Een nieuwsbulletin is alleen te horen via /api/latestNews.");
  const auto verdict = signer_.verify_signature(signature, path, *expires, clock_());
  if (verdict == stream::TokenVerdict::valid) return std::nullopt;
  return json_error(403, std::string("url_") + std::string(stream::to_string(verdict)),
                    "Dit bulletinadres is gewijzigd of verlopen: vraag /api/latestNews opnieuw.");
}

http::Response PlayerApi::latest_news() const {
  long long id = 0;
  std::string title;
  std::string audio_path;
  long long published_at = 0;
  {
    auto lease = db_.lease();
    const long long now = clock_();
    *lease << "SELECT id, title, audio_path, published_at FROM bulletins WHERE " + store::dated_visible("", now) +
                  " ORDER BY published_at DESC, id DESC LIMIT 1",
        soci::into(id), soci::into(title), soci::into(audio_path), soci::into(published_at);
    if (!lease->got_data()) return json_error(404, "not_found", "Er is nog geen nieuwsbulletin.");
  }
  json::array parameters{json::object{{"name", "progressive"}, {"value", signed_media_url(audio_path)}},
                         json::object{{"name", "poster"}, {"value", "/images/unknown_programme.webp"}}};
  json::object player{{"tokenUrl", "/api/play/bulletin/" + std::to_string(id)}, {"parameters", std::move(parameters)}};
  // publishedAt in the API's date format (spec §9): the player names the bulletin by its own time.
  return no_store(json_response(200, json::object{{"player", std::move(player)},
                                                  {"name", title},
                                                  {"publishedAt", domain::format_api_local(published_at)}}));
}

http::Response PlayerApi::play_on_demand(const std::string& kind, const std::string& id_text) const {
  const auto id = parse_int(id_text);
  if (!id || *id <= 0) return json_error(400, "bad_parameter", "Het id is een positief geheel getal.");
  if (kind == "broadcast") return play_broadcast(*id, std::nullopt);
  std::string table;
  if (kind == "fragment") table = "fragments";
  if (kind == "episode") table = "podcast_episodes";
  if (kind == "bulletin") table = "bulletins";
  if (table.empty()) {
    return json_error(404, "not_found", "Terug te luisteren zijn fragment, episode, bulletin en broadcast.");
  }
  std::string audio_path;
  {
    auto lease = db_.lease();
    const long long key = *id;
    // Only what the site shows: a draft or an embargoed item is as absent as one never made.
    *lease << "SELECT audio_path FROM " + table + " WHERE id = :id AND " + store::dated_visible("", clock_()),
        soci::into(audio_path), soci::use(key);
    if (!lease->got_data()) return json_error(404, "not_found", "Er is geen " + kind + " " + id_text + ".");
  }
  const std::string url =
      kind == "bulletin" ? signed_media_url(audio_path) : pages::queries::Catalog::media_url(audio_path);
  return no_store(json_response(200, play_answer(kind + "-" + id_text, "", url, "mp3", options_.stream_domain)));
}

std::optional<http::Response> PlayerApi::guard_uploaded_audio(const http::Request& request,
                                                              const std::string& site_path) const {
  const auto now = clock_();
  if (const auto expires = parse_int(request.param("expires").value_or(""))) {
    const auto signature = request.param("signature").value_or("");
    if (signer_.verify_signature(signature, site_path, *expires, now) == stream::TokenVerdict::valid) {
      return std::nullopt;
    }
  }
  long long playing = 0;
  {
    auto lease = db_.lease();
    for (const char* table : {"fragments", "podcast_episodes", "bulletins"}) {
      *lease << std::string("SELECT COUNT(*) FROM ") + table + " WHERE audio_path = :p AND " +
                    store::dated_visible("", now),
          soci::use(site_path), soci::into(playing);
      if (playing > 0) return std::nullopt;
    }
  }
  return json_error(404, "not_found", "Dit bestand bestaat niet.");
}

std::optional<PlayerApi::BroadcastSpan> PlayerApi::broadcast_span(std::int64_t id) const {
  BroadcastSpan span;
  auto lease = db_.lease();
  const long long key = id;
  *lease << "SELECT channel_slug, starts_at, ends_at FROM broadcasts WHERE id = :id", soci::into(span.channel),
      soci::into(span.starts_at), soci::into(span.ends_at), soci::use(key);
  if (!lease->got_data()) return std::nullopt;
  return span;
}

std::variant<PlayerApi::BroadcastRecording, http::Response> PlayerApi::find_recording(
    std::int64_t id, std::optional<std::int64_t> hour_from) const {
  const auto span = broadcast_span(id);
  if (!span) return json_error(404, "not_found", "Uitzending " + std::to_string(id) + " bestaat niet.");
  const auto& channel = span->channel;
  auto starts_at = span->starts_at;
  auto ends_at = span->ends_at;
  const auto what = "Uitzending " + std::to_string(id) + (hour_from ? " om " + std::to_string(*hour_from) : "");
  if (hour_from) {
    const auto hour = domain::broadcast_hour_at(starts_at, ends_at, *hour_from);
    if (!hour) return json_error(404, "not_found", what + " is geen uur van de uitzending.");
    starts_at = hour->from;
    ends_at = hour->until;
  }
  if (ends_at > clock_())
    return json_error(404, "not_recorded", what + " is nog niet afgelopen; terugluisteren kan zodra het voorbij is.");
  if (!domain::recording_settled(ends_at, clock_()))
    return json_error(404, "not_recorded", what + " is net afgelopen; terugluisteren kan over enkele seconden.");
  auto found = recordings_ ? recordings_->find(channel, starts_at, ends_at) : std::nullopt;
  if (!found) return json_error(404, "not_recorded", "Van " + what + " is geen opname.");
  return BroadcastRecording{id, std::move(*found)};
}

std::string PlayerApi::signed_recording_url(std::int64_t id, std::optional<std::int64_t> hour_from) const {
  const auto expires = clock_() + options_.recording_url_seconds;
  const std::string path = "/recordings/broadcast/" + std::to_string(id) +
                           (hour_from ? "/" + std::to_string(*hour_from) : std::string()) + ".mp3";
  return path + "?expires=" + std::to_string(expires) + "&signature=" + signer_.signature(path, expires);
}

std::optional<http::Response> PlayerApi::play_on_air(std::int64_t id) const {
  if (hls_tokens_ == nullptr) return std::nullopt;
  const auto span = broadcast_span(id);
  if (!span) return std::nullopt;
  const auto now = clock_();
  const auto row = channels_.find(span->channel);
  // A channel streamed from elsewhere (its own stream URL) is not recorded here.
  if (span->starts_at > now || span->ends_at <= now || !row || !row->stream_url.empty()) return std::nullopt;
  // Live rewind: the programme on air from its first second, as HLS from the recordings
  // (api/hls_api.hpp); the playlist grows until the programme ends.
  const auto url = hls_tokens_->programme_playlist(span->channel, span->starts_at, span->ends_at, now);
  auto play = play_answer("broadcast-" + std::to_string(id), "", url, "hls", options_.stream_domain);
  play["onAir"] = true;
  play["durationSeconds"] = static_cast<double>(span->ends_at - span->starts_at);
  return no_store(json_response(200, play));
}

http::Response PlayerApi::play_broadcast(std::int64_t id, std::optional<std::int64_t> hour_from) const {
  if (!hour_from) {
    if (auto on_air = play_on_air(id)) return std::move(*on_air);
  }
  auto found = find_recording(id, hour_from);
  if (auto* error = std::get_if<http::Response>(&found)) return std::move(*error);
  const std::string url = signed_recording_url(id, hour_from);
  const auto& recording = std::get<BroadcastRecording>(found).recording;
  const auto mid = "broadcast-" + std::to_string(id) + (hour_from ? "-" + std::to_string(*hour_from) : std::string());
  // A missing or broken hour plays as silence; the player skips it and says so.
  json::array gaps;
  for (const auto& [from, until] : recording::gap_seconds(recording)) {
    gaps.push_back(json::object{{"from", from}, {"until", until}});
  }
  auto play = play_answer(mid, "", url, "mp3", options_.stream_domain);
  play["durationSeconds"] = recording.duration_seconds;
  play["gaps"] = std::move(gaps);
  return no_store(json_response(200, play));
}

http::Response PlayerApi::broadcast_audio(std::int64_t id, std::int64_t hour_from) const {
  auto found = find_recording(id, hour_from);
  if (auto* error = std::get_if<http::Response>(&found)) return std::move(*error);
  // A fresh signature on every request: the redirect itself must not be kept.
  http::Response response;
  response.status = 302;
  response.set_header("Location", signed_recording_url(id, hour_from));
  return no_store(std::move(response));
}

http::Response PlayerApi::broadcast_recording(const http::Request& request, const std::string& id_text,
                                              const std::string& file) const {
  // /recordings/broadcast/{id}.mp3 is a whole broadcast, /recordings/broadcast/{id}/{hour}.mp3 an hour of it.
  const auto stem =
      file.ends_with(".mp3") ? parse_int(std::string_view(file).substr(0, file.size() - 4)) : std::nullopt;
  const auto id = id_text.empty() ? stem : parse_int(id_text);
  const auto hour_from = id_text.empty() ? std::nullopt : stem;
  if (!id || *id <= 0 || (!id_text.empty() && (!hour_from || *hour_from < 0))) {
    return json_error(404, "not_found", "Recordings are /recordings/broadcast/{id}.mp3 or {id}/{hour}.mp3.");
  }
  const std::string path = "/recordings/broadcast/" + std::to_string(*id) +
                           (hour_from ? "/" + std::to_string(*hour_from) : std::string()) + ".mp3";
  const auto expires = parse_int(request.param("expires").value_or(""));
  if (!expires) return json_error(403, "unsigned", "Een opname is alleen te horen via /api/play/broadcast/{id}.");
  const auto verdict = signer_.verify_signature(request.param("signature").value_or(""), path, *expires, clock_());
  if (verdict != stream::TokenVerdict::valid) {
    return json_error(
        403, std::string("url_") + std::string(stream::to_string(verdict)),
        "Dit opnameadres is gewijzigd of verlopen: vraag /api/play/broadcast/" + std::to_string(*id) + " opnieuw.");
  }
  auto found = find_recording(*id, hour_from);
  if (auto* error = std::get_if<http::Response>(&found)) return std::move(*error);
  const auto& recording = std::get<BroadcastRecording>(found).recording;

  http::Response response;
  response.set_header("ETag", recording.etag);
  response.set_header("Accept-Ranges", "bytes");
  response.set_header("Cache-Control", "private, max-age=3600");
  if (http::if_none_match(request.header("If-None-Match"), recording.etag)) {
    response.status = 304;
    return response;
  }
  response.set_header("Content-Type", "audio/mpeg");
  const auto size = recording.size;
  auto range = http::RangeRequest{};
  if (const auto header = request.header("Range");
      !header.empty() && http::if_range_allows(request.header("If-Range"), recording.etag, std::nullopt)) {
    range = http::parse_range(header, size);
  }
  switch (range.kind) {
    case http::RangeRequest::Kind::unsatisfiable:
      response.status = 416;
      response.set_header("Content-Range", http::unsatisfied_content_range(size));
      response.set_header("Content-Type", "text/plain; charset=utf-8");
      response.body = "Range Not Satisfiable\n";
      return response;
    case http::RangeRequest::Kind::partial:
      response.status = 206;
      response.set_header("Content-Range", http::content_range(range.range, size));
      send_recording(response, recording, range.range.first, range.range.length());
      return response;
    case http::RangeRequest::Kind::full:
      break;
  }
  send_recording(response, recording, 0, size);
  return response;
}

}  // namespace ether::api
