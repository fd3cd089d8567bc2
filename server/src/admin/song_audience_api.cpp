#include "admin/song_audience_api.hpp"

#include <boost/json.hpp>
#include <cmath>
#include <string>
#include <utility>
#include <variant>

#include "admin/channel_month_query.hpp"
#include "api/csv_answer.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "listeners/month_of_plays.hpp"
#include "listeners/song_audience.hpp"

namespace ether::admin {
namespace {

namespace json = boost::json;

http::Response bad_parameter(const std::string& message) { return api::json_error(400, "bad_parameter", message); }

double rounded(double value) {
  const auto out = std::round(value * 1000.0) / 1000.0;
  return out == 0 ? 0 : out;  // no -0 in the JSON
}

json::object song_json(const listeners::SongAudience& song) {
  return json::object{{"id", song.song_id},
                      {"artist", song.artist},
                      {"title", song.title},
                      {"plays", song.plays},
                      {"minutesPlayed", rounded(song.minutes_played())},
                      {"tuneIns", song.tune_ins},
                      {"expectedTuneIns", rounded(song.expected_tune_ins)},
                      {"tuneOuts", song.tune_outs},
                      {"expectedTuneOuts", rounded(song.expected_tune_outs)},
                      {"net", song.net()},
                      {"expectedNet", rounded(song.expected_net())},
                      {"difference", rounded(song.difference())}};
}

}  // namespace

SongAudienceApi::SongAudienceApi(store::Database& db, const AdminApi& admin, listeners::ListenerTracker& tracker,
                                 std::function<void()> flush, SongAudienceApiOptions options, Clock clock)
    : db_(db),
      admin_(admin),
      tracker_(tracker),
      flush_(std::move(flush)),
      options_(options),
      clock_(std::move(clock)) {}

void SongAudienceApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/listeners/songs",
             [this](const http::Request& r, const http::RouteParams&) { return songs(r); });
}

http::Response SongAudienceApi::songs(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::read_listeners});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto format = request.param("format").value_or("json");
  if (format != "json" && format != "csv") return bad_parameter("'format' is json of csv.");
  auto query = read_channel_month(request, db_);
  if (auto* refused = std::get_if<http::Response>(&query)) return std::move(*refused);
  const auto& [channel, month_text, month] = std::get<ChannelMonth>(query);

  const auto now_ms = clock_();
  const auto span = listeners::month_span(month);
  const auto month_of_plays = listeners::load_month_of_plays(db_, tracker_, flush_, channel, span);
  const auto report = listeners::song_audience(month_of_plays.plays, month_of_plays.sessions,
                                               listeners::SongAudienceOptions{
                                                   .channel = channel,
                                                   .span = span,
                                                   .now_ms = now_ms,
                                                   .min_session_seconds = options_.min_session_seconds,
                                               });
  if (format == "csv") {
    return api::csv_attachment("luistercijfers-per-nummer-" + channel + "-" + month_text + ".csv",
                               listeners::song_audience_csv(channel, month_text, report.songs));
  }
  json::array curve;
  for (std::size_t hour = 0; hour < report.curve.size(); ++hour) {
    const auto& at = report.curve[hour];
    curve.push_back(json::object{
        {"hour", hour}, {"minutes", rounded(at.minutes)}, {"tuneIns", at.tune_ins}, {"tuneOuts", at.tune_outs}});
  }
  json::array songs;
  for (const auto& song : report.songs) songs.push_back(song_json(song));
  return api::private_json(200, json::object{{"channel", channel},
                                             {"month", month_text},
                                             {"from", domain::format_iso_utc(span.from)},
                                             {"until", domain::format_iso_utc(span.until)},
                                             {"minSessionSeconds", options_.min_session_seconds},
                                             {"curve", std::move(curve)},
                                             {"songs", std::move(songs)}});
}

}  // namespace ether::admin
