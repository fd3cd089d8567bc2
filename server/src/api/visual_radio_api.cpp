#include "api/visual_radio_api.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/json.hpp>

#include "api/json_error.hpp"
#include "api/play_answer.hpp"
#include "domain/slug.hpp"
#include "http/streaming_body.hpp"
#include "pages/content_safety.hpp"
#include "visual/hls_playlist.hpp"
#include "visual/segmenter_command.hpp"

namespace ether::api {
namespace json = boost::json;
namespace asio = boost::asio;
namespace {

constexpr const char* kPlaylistType = "application/vnd.apple.mpegurl";

bool is_external(std::string_view url) { return url.starts_with("http://") || url.starts_with("https://"); }

struct VideoChannel {
  std::string name;
  std::string live_video_url;  // empty: no visual radio
};

std::optional<VideoChannel> find_channel(store::Database& db, const std::string& slug) {
  VideoChannel row;
  soci::indicator video_ind = soci::i_null;
  auto lease = db.lease();
  *lease << "SELECT name, live_video_url FROM channels WHERE slug = :s", soci::into(row.name),
      soci::into(row.live_video_url, video_ind), soci::use(slug);
  if (!lease->got_data()) return std::nullopt;
  if (video_ind != soci::i_ok) row.live_video_url.clear();
  return row;
}

std::size_t segment_count(std::string_view playlist) {
  std::size_t n = 0;
  for (std::size_t at = playlist.find("#EXTINF:"); at != std::string_view::npos;
       at = playlist.find("#EXTINF:", at + 1)) {
    ++n;
  }
  return n;
}

// A cold start: the headers go out at once, the playlist when the segmenter has written it, and
// meanwhile no request thread waits (the connection closes afterwards).
class PendingPlaylist final : public http::StreamingBody {
 public:
  PendingPlaylist(visual::VisualRadio& radio, std::string channel, std::string token, std::chrono::milliseconds wait)
      : radio_(radio), channel_(std::move(channel)), token_(std::move(token)), wait_(wait) {}

  asio::awaitable<void> run(asio::ip::tcp::socket& socket) override {
    asio::steady_timer timer(co_await asio::this_coro::executor);
    const auto started = std::chrono::steady_clock::now();
    while (socket.is_open() && std::chrono::steady_clock::now() - started < wait_) {
      radio_.demand(channel_);
      // The first segments come at once from the audio burst (start_burst_bytes): a player starts
      // more smoothly with a few of them than with the very first alone.
      auto playlist = radio_.playlist(channel_);
      const bool enough =
          playlist && (segment_count(*playlist) >= static_cast<std::size_t>(visual::kFirstPlaylistSegments) ||
                       std::chrono::steady_clock::now() - started > wait_ / 2);
      if (enough) {
        const std::string body = visual::sign_playlist(*playlist, token_);
        co_await asio::async_write(socket, asio::buffer(body), asio::as_tuple(asio::use_awaitable));
        co_return;
      }
      timer.expires_after(std::chrono::milliseconds(100));
      co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
    }
  }

 private:
  visual::VisualRadio& radio_;
  std::string channel_;
  std::string token_;
  std::chrono::milliseconds wait_;
};

}  // namespace

VisualRadioApi::VisualRadioApi(store::Database& db, visual::VisualRadio& radio, stream::TokenSigner signer,
                               VisualRadioApiOptions options, Clock clock)
    : db_(db), radio_(radio), signer_(std::move(signer)), options_(std::move(options)), clock_(std::move(clock)) {}

void VisualRadioApi::add_routes(http::Router& router) {
  router.add("GET", "/api/player/{channel}/video",
             [this](const http::Request&, const http::RouteParams& p) { return play_video(p.at("channel")); });
  // The HLS playlist and segments are in memory (http::Execution).
  router.add(
      "GET", "/live/{channel}/{file}",
      [this](const http::Request& r, const http::RouteParams& p) {
        return live_file(r, p.at("channel"), p.at("file"));
      },
      http::Execution::io_thread);
}

http::Response VisualRadioApi::play_video(const std::string& channel) const {
  if (!domain::is_valid_slug(channel))
    return json_error(400, "bad_parameter", "Het kanaal is een slug zoals 'radio1'.");
  auto row = find_channel(db_, channel);
  if (!row) return json_error(404, "not_found", "Het kanaal '" + channel + "' bestaat niet.");
  json::object play;
  // An external URL reaches the player only through the pages' safe_url rule.
  if (const auto external = pages::safe_url(row->live_video_url); is_external(external)) {
    play = play_answer(channel + "-video", "", external, "hls", options_.stream_domain);
  } else if (!row->live_video_url.empty() && radio_.carries(channel)) {
    const auto token = signer_.sign("video:" + channel, clock_() + options_.token_seconds);
    play = play_answer(channel + "-video", token, "/live/" + channel + "/index.m3u8?token=" + token, "hls",
                       options_.stream_domain);
  } else {
    return json_error(404, "no_visual_radio", row->name + " heeft geen livevideo.");
  }
  auto response = json_response(200, play);
  response.set_header("Cache-Control", "no-store");
  return response;
}

http::Response VisualRadioApi::live_file(const http::Request& request, const std::string& channel,
                                         const std::string& file) const {
  if (!domain::is_valid_slug(channel))
    return json_error(400, "bad_parameter", "Het kanaal is een slug zoals 'radio1'.");
  const bool is_playlist = file == visual::kPlaylistFile;
  if (!is_playlist && !visual::valid_segment_name(file)) {
    return json_error(400, "bad_parameter", "De bestanden van livevideo zijn index.m3u8 en seg-{nummer}.ts.");
  }
  if (!radio_.carries(channel)) {
    return json_error(404, "not_found", "Er is geen eigen livevideo voor '" + channel + "'.");
  }
  const auto token = std::string(request.param("token").value_or(""));
  const auto verdict = signer_.verify(token, "video:" + channel, clock_());
  if (verdict != stream::TokenVerdict::valid) {
    return json_error(
        403, std::string("token_") + std::string(stream::to_string(verdict)),
        "Het videotoken ontbreekt, is gewijzigd of verlopen: vraag /api/player/" + channel + "/video opnieuw.");
  }
  const auto demand = radio_.demand(channel);
  if (demand == visual::VisualRadio::Demand::busy || demand == visual::VisualRadio::Demand::unavailable) {
    auto refused = json_error(503, demand == visual::VisualRadio::Demand::busy ? "busy" : "unavailable",
                              "De livevideo kan nu niet starten. Probeer het zo opnieuw.");
    refused.set_header("Retry-After", "10");
    return refused;
  }
  http::Response response;
  if (is_playlist) {
    response.set_header("Content-Type", kPlaylistType);
    response.set_header("Cache-Control", "no-cache");
    if (auto playlist = radio_.playlist(channel)) {
      response.body = visual::sign_playlist(*playlist, token);
    } else if (request.method != "HEAD") {
      response.streaming = std::make_shared<PendingPlaylist>(radio_, channel, token, options_.cold_start_wait);
    }
    return response;
  }
  auto segment = radio_.segment(channel, file);
  if (!segment) return json_error(404, "not_found", "Dit segment valt niet (meer) in het livevenster.");
  response.set_header("Content-Type", "video/mp2t");
  // A segment never changes once written; it only leaves the window.
  response.set_header("Cache-Control", "public, max-age=60, immutable");
  response.body = std::move(*segment);
  return response;
}

}  // namespace ether::api
