// A song's page (/nummers/{id}/{slug}): the song, when it was last played, and its recent plays
// with a way into the recording of each, as features/tracks draws them.
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {
namespace {

bool is_true(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_bool() && value->get_bool();
}

// One play: when, on which channel, the broadcast hour it fell in, and before the app takes over a
// link that opens the hour's recording at the moment the song started (a media fragment #t=).
void play_item(std::string& out, const json::object& play) {
  const auto from = str(play, "from");
  out += "<li class=\"track-plays__item\"><time class=\"track-plays__when\" datetime=\"" + escape(from) + "\">" +
         escape(long_date_time(from)) + "</time><span class=\"track-plays__channel\">" +
         escape(str(obj(play, "channel"), "name")) + "</span>";
  const auto& broadcast = obj(play, "broadcast");
  const auto& hour = obj(play, "hour");
  if (!broadcast.empty() && !hour.empty()) {
    link(out, str(hour, "url"),
         std::string(str(broadcast, "title")) + ", " + time_range(str(hour, "from"), str(hour, "until")),
         "track-plays__broadcast");
  }
  auto start = pages::parse_iso_instant(from);
  auto hour_start = pages::parse_iso_instant(str(hour, "from"));
  if (is_true(obj(play, "recording"), "available") && start && hour_start) {
    const auto clock = pages::amsterdam_clock(*start);
    const auto audio = pages::routes::broadcast_hour_audio(num(broadcast, "id"), *hour_start) +
                       "#t=" + std::to_string(num(play, "offsetSeconds"));
    link(out, audio, "Luister vanaf " + clock, "button button--small track-plays__listen",
         "aria-label=\"" + escape("Luister vanaf " + clock + " op " + long_date(from)) + "\"");
  } else {
    out += "<span class=\"track-plays__none\">Geen opname</span>";
  }
  out += "</li>";
}

}  // namespace

void track_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& track = obj(data, "track");
  const auto& plays = arr(data, "plays");
  const auto work = str(track, "completeWork");
  const std::string name(work.empty() ? str(track, "title") : work);
  std::string extra;
  if (!str(track, "artist").empty()) extra += "<p class=\"card__meta\">" + escape(str(track, "artist")) + "</p>";
  if (!str(track, "composer").empty()) {
    extra += "<p class=\"card__meta\">Componist: " + escape(str(track, "composer")) + "</p>";
  }
  if (!str(track, "ensemble").empty()) extra += "<p class=\"card__meta\">" + escape(str(track, "ensemble")) + "</p>";
  if (!plays.empty()) {
    const auto& last = as_obj(plays[0]);
    extra += "<p class=\"track-page__last\">Laatst gedraaid: " + escape(long_date_time(str(last, "from"))) + " op ";
    link(extra, str(last, "playedTracksUrl"), str(obj(last, "channel"), "name"));
    extra += "</p>";
  }
  const auto cover = str(track, "coverUrl");
  out += "<div class=\"page\">";
  detail_header(out, cover.empty() ? std::string_view("/images/unknown_track.webp") : cover, "ARTIST_ITEM", "Nummer",
                name, extra);
  section(out, "Recent gedraaid", [&](std::string& o) {
    auto count = num(data, "playCount");
    o += "<p class=\"filters__summary\">" + std::to_string(count) +
         " keer gedraaid</p><ol class=\"track-plays\" aria-label=\"Wanneer gedraaid\">";
    for (const auto& play : plays) play_item(o, as_obj(play));
    o += "</ol>";
  });
  out += "</div>";
}

}  // namespace ether::render
