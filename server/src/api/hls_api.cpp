#include "api/hls_api.hpp"

#include <boost/json.hpp>
#include <charconv>
#include <vector>

#include "api/json_error.hpp"
#include "domain/slug.hpp"
#include "domain/time.hpp"
#include "hls/media_playlist.hpp"
#include "hls/segment_grid.hpp"
#include "http/range.hpp"
#include "recording/hour_files.hpp"
#include "store/broadcast_repository.hpp"

namespace ether::api {
namespace json = boost::json;
namespace {

constexpr std::string_view kPlaylistType = "application/vnd.apple.mpegurl";
// At most half a segment (Apple's authoring guidelines), so that a cache in front never holds the
// live playlist past the next segment.
constexpr std::string_view kLiveCache = "public, max-age=2";
constexpr std::string_view kSegmentCache = "public, max-age=31536000, immutable";
constexpr std::int64_t kLiveRebuildMs = 1000;
// A programme's playlist spans at most this much (the longest broadcast of a day and then some).
constexpr std::int64_t kLongestProgrammeSeconds = 48 * 3600;

std::optional<std::int64_t> parse_int(std::string_view text) {
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The path's parts after "/hls/": channel, token, then the file (or "hour"/"programme" and a file).
std::vector<std::string_view> hls_path_parts(std::string_view path) {
  std::vector<std::string_view> parts;
  if (!path.starts_with("/hls/")) return parts;
  path.remove_prefix(5);
  while (!path.empty()) {
    const auto slash = path.find('/');
    parts.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

http::Response playlist_response(const http::Request& request, std::shared_ptr<const std::string> body,
                                 const std::string& etag, std::string_view cache_control) {
  http::Response response;
  response.set_header("Content-Type", kPlaylistType);
  response.set_header("Cache-Control", cache_control);
  response.set_header("ETag", etag);
  if (http::if_none_match(request.header("If-None-Match"), etag)) {
    response.status = 304;
    return response;
  }
  response.set_shared_body(std::move(body));
  return response;
}

http::Response playlist_response(const http::Request& request, const std::string& text,
                                 std::string_view cache_control) {
  return playlist_response(request, std::make_shared<const std::string>(text), http::strong_etag(text), cache_control);
}

json::object span_json(std::int64_t from_s, std::int64_t until_s) {
  return json::object{{"from", domain::format_api_local(from_s)},
                      {"until", domain::format_api_local(until_s)},
                      {"fromMs", from_s * 1000},
                      {"untilMs", until_s * 1000}};
}

http::Response not_in_window(std::int64_t start_s, const std::optional<hls::Window>& window) {
  if (window && start_s < window->start_s) {
    return json_error(410, "outside_window", "Dit fragment valt buiten het terugluistervenster.");
  }
  return json_error(404, "not_found", "Dit fragment bestaat (nog) niet.");
}

}  // namespace

HlsApi::HlsApi(store::Database& db, const hls::TimeshiftArchive& archive, const hls::PathToken& tokens,
               HlsApiOptions options, Clock clock)
    : db_(db), archive_(archive), tokens_(tokens), options_(std::move(options)), clock_(std::move(clock)) {}

void HlsApi::add_routes(http::Router& router) {
  router.add("GET", "/api/player/{channel}/timeshift",
             [this](const http::Request&, const http::RouteParams& p) { return timeshift(p.at("channel")); });
  // A fresh live playlist and a segment in memory are answered on the I/O thread; building one
  // reads the disk, on the workers.
  router.add(
      "GET", "/hls/{channel}/{token}/live.m3u8",
      [this](const http::Request& r, const http::RouteParams& p) {
        return counted(r, p.at("channel"), live_playlist(r, p.at("channel"), p.at("token")), true);
      },
      [this](const http::Request& r) {
        const auto parts = hls_path_parts(r.path);
        if (parts.size() != 3) return http::Execution::offloaded;
        return live_playlist_fresh(parts[0]) ? http::Execution::io_thread : http::Execution::offloaded;
      });
  router.add("GET", "/hls/{channel}/{token}/hour/{file}", [this](const http::Request& r, const http::RouteParams& p) {
    return counted(r, p.at("channel"), hour_playlist(r, p.at("channel"), p.at("token"), p.at("file")), true);
  });
  router.add(
      "GET", "/hls/{channel}/{token}/programme/{file}", [this](const http::Request& r, const http::RouteParams& p) {
        return counted(r, p.at("channel"), programme_playlist(r, p.at("channel"), p.at("token"), p.at("file")), true);
      });
  router.add(
      "GET", "/hls/{channel}/{token}/{file}",
      [this](const http::Request& r, const http::RouteParams& p) {
        return counted(r, p.at("channel"), segment(p.at("channel"), p.at("token"), p.at("file")), false);
      },
      [this](const http::Request& r) {
        const auto parts = hls_path_parts(r.path);
        if (parts.size() != 3 || !parts[2].ends_with(".mp3")) return http::Execution::offloaded;
        const auto start = parse_int(parts[2].substr(0, parts[2].size() - 4));
        if (!start) return http::Execution::offloaded;
        return archive_.cached(parts[0], *start) ? http::Execution::io_thread : http::Execution::offloaded;
      });
}

http::Response HlsApi::counted(const http::Request& request, const std::string& channel, http::Response response,
                               bool playlist) const {
  if (listener_tracker_ == nullptr || listener_identity_ == nullptr) return response;
  if (response.status != 200 && response.status != 304) return response;
  const auto user_agent = request.header("User-Agent");
  if (listeners::is_known_bot(user_agent)) return response;
  const auto listener = listener_identity_->hash(request.remote_address, user_agent, listener_tracker_->now_ms());
  listener_tracker_->hls_fetch(channel, listener, response.payload().size(), playlist);
  return response;
}

std::optional<http::Response> HlsApi::refuse_token(const std::string& channel, const std::string& token) const {
  const auto verdict = tokens_.verify(token, channel, clock_() / 1000);
  if (verdict == stream::TokenVerdict::valid) return std::nullopt;
  auto response =
      json_error(403, std::string("token_") + std::string(stream::to_string(verdict)),
                 "Deze HLS-link is verlopen of ongeldig: vraag /api/player/" + channel + "/timeshift opnieuw.");
  response.set_header("Cache-Control", "no-store");
  return response;
}

std::optional<std::int64_t> HlsApi::reach_back(const std::string& channel) const {
  const auto now_s = clock_() / 1000;
  const std::lock_guard lock(mutex_);
  auto it = current_programme_.find(channel);
  if (it == current_programme_.end() || now_s >= it->second.second) return std::nullopt;
  return it->second.first;
}

std::optional<HlsApi::CurrentWindow> HlsApi::current_window(const std::string& channel, std::int64_t now_ms) const {
  const auto now_s = now_ms / 1000;
  // While the store is away the window is still answered, without its programmes.
  const auto programmes_between = [&](std::int64_t from, std::int64_t until) {
    try {
      auto lease = db_.lease();
      store::BroadcastRepository repository(*lease);
      return repository.between(channel, from, until);
    } catch (const std::exception&) {
      return std::vector<domain::Broadcast>{};
    }
  };
  auto broadcasts = programmes_between(now_s - archive_.options().window_hours * 3600, now_s + 1);
  // The window holds the whole current programme, also when it began before the configured hours.
  std::optional<std::int64_t> current_start;
  for (const auto& broadcast : broadcasts) {
    if (broadcast.starts_at <= now_s && now_s < broadcast.ends_at) {
      current_start = broadcast.starts_at;
      const std::lock_guard lock(mutex_);
      current_programme_[channel] = {broadcast.starts_at, broadcast.ends_at};
    }
  }
  auto window = archive_.window(channel, now_ms, current_start);
  if (!window) return std::nullopt;
  if (current_start && *current_start < now_s - archive_.options().window_hours * 3600) {
    broadcasts = programmes_between(*current_start, now_s + 1);
  }
  CurrentWindow current{*window, std::move(broadcasts), {}};
  for (auto hour = recording::hour_of(window->start_s * 1000); hour * 3600 < window->edge_s; ++hour) {
    // An hour the recorder has no file of (it was down, or a demo station's backfill skipped it)
    // would play as an hour of silence: it is left out, and a player seeking there goes on to the
    // next recorded hour.
    if (!recording::look_at_hour_file(archive_.options().root, channel, hour).format) continue;
    current.hours.push_back(
        {hour, std::max(window->start_s, hour * 3600), std::min(window->edge_s, (hour + 1) * 3600)});
  }
  return current;
}

std::vector<std::pair<std::int64_t, std::int64_t>> HlsApi::recorded_spans(const std::string& channel) const {
  std::vector<std::pair<std::int64_t, std::int64_t>> spans;
  if (!domain::is_valid_slug(channel)) return spans;
  if (auto current = current_window(channel, clock_())) {
    for (const auto& hour : current->hours) spans.emplace_back(hour.from_s, hour.until_s);
  }
  return spans;
}

http::Response HlsApi::timeshift(const std::string& channel) const {
  if (!domain::is_valid_slug(channel))
    return json_error(400, "bad_parameter", "Het kanaal is een slug zoals 'radio2'.");
  const auto now_ms = clock_();
  const auto now_s = now_ms / 1000;
  const auto current = current_window(channel, now_ms);
  if (!current) {
    return json_error(404, "no_timeshift", "Van dit kanaal is (nog) niets opgenomen om terug te luisteren.");
  }
  const auto& window = current->window;
  const auto base = tokens_.base(channel, now_s);
  json::array hours;
  for (const auto& hour : current->hours) {
    auto item = span_json(hour.from_s, hour.until_s);
    item["url"] = base + "/hour/" + recording::hour_file_stem(hour.hour) + ".m3u8";
    hours.push_back(std::move(item));
  }
  json::array programmes;
  for (const auto& broadcast : current->broadcasts) {
    const auto from = std::max<std::int64_t>(broadcast.starts_at, window.start_s);
    const auto until = std::min<std::int64_t>(broadcast.ends_at, window.edge_s);
    if (until <= from) continue;
    auto item = span_json(from, until);
    item["id"] = broadcast.id;
    item["name"] = broadcast.title;
    item["startsAtMs"] = static_cast<std::int64_t>(broadcast.starts_at) * 1000;
    item["endsAtMs"] = static_cast<std::int64_t>(broadcast.ends_at) * 1000;
    item["url"] = tokens_.programme_playlist(channel, broadcast.starts_at, broadcast.ends_at, now_s);
    programmes.push_back(std::move(item));
  }
  auto body = span_json(window.start_s, window.edge_s);
  body["fromMoves"] = window.start_moves;
  body["channel"] = channel;
  body["segmentSeconds"] = hls::kSegmentSeconds;
  body["livePlaylist"] = tokens_.live_playlist(channel, now_s);
  if (!options_.stream_domain.empty()) body["environmentDomain"] = options_.stream_domain;
  body["hours"] = std::move(hours);
  body["programmes"] = std::move(programmes);
  auto response = json_response(200, body);
  response.set_header("Cache-Control", "no-store");
  return response;
}

bool HlsApi::live_playlist_fresh(std::string_view channel) const {
  const std::lock_guard lock(mutex_);
  auto it = live_.find(channel);
  return it != live_.end() && clock_() - it->second.built_ms < kLiveRebuildMs;
}

http::Response HlsApi::live_playlist(const http::Request& request, const std::string& channel,
                                     const std::string& token) const {
  if (auto refused = refuse_token(channel, token)) return std::move(*refused);
  const auto now_ms = clock_();
  {
    const std::lock_guard lock(mutex_);
    auto it = live_.find(channel);
    if (it != live_.end() && now_ms - it->second.built_ms < kLiveRebuildMs) {
      return playlist_response(request, it->second.body, it->second.etag, kLiveCache);
    }
  }
  const auto window = archive_.window(channel, now_ms);
  if (!window) return json_error(404, "not_found", "Van dit kanaal is (nog) niets opgenomen.");
  hls::MediaPlaylist playlist;
  playlist.kind = hls::PlaylistKind::live;
  playlist.segments =
      hls::TimeshiftArchive::entries(*window, window->edge_s - archive_.options().live_seconds, window->edge_s);
  LivePlaylist built{std::make_shared<const std::string>(hls::render_media_playlist(playlist)), {}, now_ms};
  built.etag = http::strong_etag(*built.body);
  {
    const std::lock_guard lock(mutex_);
    live_[channel] = built;
  }
  return playlist_response(request, built.body, built.etag, kLiveCache);
}

http::Response HlsApi::hour_playlist(const http::Request& request, const std::string& channel, const std::string& token,
                                     const std::string& file) const {
  if (auto refused = refuse_token(channel, token)) return std::move(*refused);
  const auto hour = file.ends_with(".m3u8") ? recording::parse_hour_file_name(file.substr(0, file.size() - 5) + ".mp3")
                                            : std::nullopt;
  if (!hour) return json_error(404, "not_found", "Een uur is hour/{jjjj-mm-ddTHH}.m3u8 (UTC).");
  const auto window = archive_.window(channel, clock_(), reach_back(channel));
  if (!window || (*hour + 1) * 3600 <= window->start_s) return not_in_window(*hour * 3600, window);
  if (*hour * 3600 >= window->edge_s) return json_error(404, "not_found", "Dit uur is nog niet begonnen.");
  hls::MediaPlaylist playlist;
  playlist.segment_prefix = "../";
  playlist.segments = hls::TimeshiftArchive::entries(*window, *hour * 3600, (*hour + 1) * 3600);
  const bool ended = window->edge_s >= (*hour + 1) * 3600;
  playlist.kind = ended ? hls::PlaylistKind::vod : hls::PlaylistKind::event;
  return playlist_response(request, hls::render_media_playlist(playlist), ended ? "public, max-age=3600" : kLiveCache);
}

http::Response HlsApi::programme_playlist(const http::Request& request, const std::string& channel,
                                          const std::string& token, const std::string& file) const {
  if (auto refused = refuse_token(channel, token)) return std::move(*refused);
  const auto dash = file.find('-');
  std::optional<std::int64_t> from;
  std::optional<std::int64_t> until;
  if (file.ends_with(".m3u8") && dash != std::string::npos) {
    from = parse_int(std::string_view(file).substr(0, dash));
    until = parse_int(std::string_view(file).substr(dash + 1, file.size() - dash - 1 - 5));
  }
  if (!from || !until || *until <= *from || *until - *from > kLongestProgrammeSeconds) {
    return json_error(404, "not_found", "Een programma is programme/{van}-{tot}.m3u8 in Unix-seconden.");
  }
  const auto window = archive_.window(channel, clock_(), reach_back(channel));
  if (!window || *until <= window->start_s) return not_in_window(*from, window);
  if (*from >= window->edge_s) return json_error(404, "not_found", "Dit programma is nog niet begonnen.");
  hls::MediaPlaylist playlist;
  playlist.segment_prefix = "../";
  playlist.segments = hls::TimeshiftArchive::entries(*window, *from, *until);
  // Players start a growing (EVENT) playlist at its live end unless told otherwise: a programme
  // starts at its first second, or at the window's start when it began before.
  if (!playlist.segments.empty()) {
    playlist.start_offset_seconds =
        std::max(0.0, static_cast<double>(*from * 1000 - playlist.segments.front().first_sample_ms) / 1000.0);
  }
  const bool ended = window->edge_s >= *until;
  playlist.kind = ended ? hls::PlaylistKind::vod : hls::PlaylistKind::event;
  return playlist_response(request, hls::render_media_playlist(playlist), ended ? "public, max-age=3600" : kLiveCache);
}

http::Response HlsApi::segment(const std::string& channel, const std::string& token, const std::string& file) const {
  if (auto refused = refuse_token(channel, token)) return std::move(*refused);
  const auto start =
      file.ends_with(".mp3") ? parse_int(std::string_view(file).substr(0, file.size() - 4)) : std::nullopt;
  if (!start || !hls::is_segment_start(*start)) {
    return json_error(404, "not_found", "Een fragment is {begin in Unix-seconden, een zesvoud}.mp3.");
  }
  // A segment in memory is whole and was in the window; the window moves on slowly enough (hours)
  // that its start is checked only when it is read from the disk.
  auto found = archive_.cached(channel, *start);
  if (!found) {
    const auto window = archive_.window(channel, clock_(), reach_back(channel));
    if (window) found = archive_.segment(channel, *window, *start);
    if (!found) return not_in_window(*start, window);
  }
  http::Response response;
  response.set_header("Content-Type", "audio/mpeg");
  response.set_header("Cache-Control", found->whole ? kSegmentCache : "public, max-age=60");
  response.set_shared_body(std::shared_ptr<const std::string>(found, &found->bytes));
  return response;
}

}  // namespace ether::api
