// Missed broadcasts (the list of hours, a broadcast, one hour of it), podcasts and videos: the
// pages to listen or watch again.
#include <algorithm>

#include "media/image_presets.hpp"
#include "media/stored_files.hpp"
#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {
namespace {

// A duration as it is read out (lib/format-date durationLabel): "1 uur 2 minuten 3 seconden".
std::string spoken_duration(std::int64_t total) {
  const auto s = std::max<std::int64_t>(0, total);
  const auto h = s / 3600;
  const auto m = (s % 3600) / 60;
  const auto sec = s % 60;
  std::string out;
  auto add = [&out](const std::string& part) { out += (out.empty() ? "" : " ") + part; };
  if (h != 0) add(std::to_string(h) + " uur");
  if (m != 0) add(std::to_string(m) + (m == 1 ? " minuut" : " minuten"));
  if (sec != 0 || out.empty()) add(std::to_string(sec) + (sec == 1 ? " seconde" : " seconden"));
  return out;
}

void episode_list(std::string& out, const json::array& episodes, std::int64_t current_id) {
  out += "<ol class=\"podcast-episodes\">";
  for (const auto& item : episodes) {
    const auto& e = as_obj(item);
    out += "<li class=\"podcast-episode\"><div class=\"podcast-episode__body\"><h3 class=\"podcast-episode__title\">";
    if (num(e, "id") == current_id) {
      out += "<span aria-current=\"page\">" + escape(str(e, "title")) + "</span>";
    } else {
      link(out, pages::routes::podcast_episode(str(e, "feedSlug"), num(e, "id"), str(e, "slug")), str(e, "title"));
    }
    out += "</h3><p class=\"podcast-episode__meta\">" + escape(long_date(str(e, "publishedAt"))) + " · " +
           escape(duration_text(num(e, "durationSeconds"))) + "</p>";
    if (!str(e, "description").empty()) {
      out += "<p class=\"podcast-episode__text\">" + escape(str(e, "description")) + "</p>";
    }
    out += "</div></li>";
  }
  out += "</ol>";
}

bool is_true(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_bool() && value->get_bool();
}

// The gaps of a recording (a missing or broken hour, which plays as silence), as the broadcasts
// feature's gapNotice words them: "Het uur 14:00–15:00 ontbreekt in de opname".
void gap_notices(std::string& out, const json::object& recording) {
  const auto* gaps = recording.if_contains("gaps");
  if (gaps == nullptr || !gaps->is_array() || gaps->get_array().empty()) return;
  out += "<ul class=\"broadcast-recording__gaps\" aria-label=\"Ontbreekt in de opname\">";
  for (const auto& item : gaps->get_array()) {
    const auto& gap = as_obj(item);
    const auto from = pages::parse_iso_instant(str(gap, "from")).value_or(0);
    const auto until = pages::parse_iso_instant(str(gap, "until")).value_or(0);
    const bool whole_hours = from % 3600 == 0 && until % 3600 == 0;
    const auto range = time_range(str(gap, "from"), str(gap, "until"));
    const std::string text = whole_hours && until - from > 3600
                                 ? "De uren " + range + " ontbreken in de opname"
                                 : (whole_hours ? "Het uur " : "Het deel ") + range + " ontbreekt in de opname";
    out += "<li>" + escape(text) + "</li>";
  }
  out += "</ul>";
}

// The hours of a broadcast as links to their pages (components HourNav of the broadcasts
// feature); `current_from` is the start of the hour shown, if any. Hours still on air are text.
void hour_nav(std::string& out, const json::object& broadcast, const json::array& hours,
              std::string_view current_from) {
  if (hours.size() < 2 && current_from.empty()) return;
  out += "<nav class=\"broadcast-hours\" aria-label=\"Per uur terugluisteren\"><ul>";
  for (const auto& item : hours) {
    const auto& h = as_obj(item);
    const auto range = time_range(str(h, "from"), str(h, "until"));
    out += "<li>";
    if (!current_from.empty() && str(h, "from") == current_from) {
      out += "<span class=\"broadcast-hours__hour\" aria-current=\"page\">" + escape(range) + "</span>";
    } else if (is_true(h, "ended")) {
      link(out, broadcast_hour_url(broadcast, h), range, "broadcast-hours__hour");
    } else {
      out += "<span class=\"broadcast-hours__hour\">" + escape(range) + "</span>";
    }
    out += "</li>";
  }
  out += "</ul></nav>";
}

void feed_link(std::string& out, const json::object& feed) {
  out += "<a class=\"podcast-rss\" href=\"" + escape(pages::routes::podcast(str(feed, "slug")) + "/feed.xml") +
         "\" type=\"application/rss+xml\">Abonneer via RSS<span class=\"visually-hidden\"> op " +
         escape(str(feed, "title")) + "</span></a>";
}

}  // namespace

void broadcasts_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const std::string programme(str(data, "programme"));
  out += "<div class=\"page\">";
  page_heading(out, "Gemist");
  out += "<p class=\"page-intro\">Luister uitzendingen terug.</p>";
  // Without JavaScript the programme filter is a plain GET form of the list's own route.
  const auto& programmes = arr(data, "programmes");
  if (!programmes.empty()) {
    out += "<form class=\"filters\" aria-label=\"Programma kiezen\" action=\"" + escape(pages::routes::broadcasts()) +
           "\" method=\"get\"><div class=\"field\"><label for=\"gemist-programma\">Programma</label>"
           "<select id=\"gemist-programma\" name=\"programme\"><option value=\"\">Alle programma&apos;s</option>";
    for (const auto& item : programmes) {
      const auto& p = as_obj(item);
      out += "<option value=\"" + escape(str(p, "slug")) + "\"" + (str(p, "slug") == programme ? " selected" : "") +
             ">" + escape(str(p, "name")) + "</option>";
    }
    out += "</select></div><button type=\"submit\" class=\"button filters__submit\">Toon uitzendingen</button></form>";
  }
  card_grid(out, cards_of(arr(data, "broadcasts"), broadcast_hour_card),
            programme.empty() ? "Er is nog geen uitzending terug te luisteren. Alleen afgelopen uitzendingen waarvan "
                                "een opname is, staan hier."
                              : "Van dit programma is nog geen uitzending terug te luisteren. Alleen afgelopen "
                                "uitzendingen waarvan een opname is, staan hier.",
            "Uitzendingen", Level::top);
  pagination(out, obj(data, "paging"), [&](int page) { return pages::routes::broadcasts(programme, page); });
  out += "</div>";
}

void broadcast_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& b = obj(data, "broadcast");
  std::string extra = "<p class=\"card__meta\">" + escape(long_date(str(b, "from"))) + " · " +
                      escape(time_range(str(b, "from"), str(b, "until"))) + "</p>";
  auto presenters = names(arr(b, "presenters"));
  if (!presenters.empty()) extra += "<p class=\"card__meta\">Met " + escape(presenters) + "</p>";
  out += "<div class=\"page\">";
  detail_header(out, str(b, "imageUrl"), "BROADCAST_TILE", str(obj(b, "channel"), "name"), str(b, "title"), extra);
  const auto& recording = obj(data, "recording");
  out += "<div class=\"broadcast-recording\">";
  if (is_true(recording, "available")) {
    out += "<span class=\"card__meta\">Duur " + escape(duration_text(num(recording, "durationSeconds"))) + "</span>";
    gap_notices(out, recording);
  } else {
    out += "<p class=\"card__meta\">Van deze uitzending is geen opname beschikbaar.</p>";
  }
  out += "</div>";
  hour_nav(out, b, arr(data, "hours"), {});
  section(out, "Gedraaid in deze uitzending", [&](std::string& o) {
    if (arr(data, "tracks").empty()) return empty_state(o, "Er zijn geen gedraaide nummers bekend.");
    track_list(o, arr(data, "tracks"), "Gedraaide nummers");
  });
  out += "</div>";
}

void broadcast_hour_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& b = obj(data, "broadcast");
  const auto& hour = obj(data, "hour");
  std::string extra = "<p class=\"card__meta\"><time datetime=\"" + escape(str(hour, "from")) + "\">" +
                      escape(str(hour, "label")) + "</time></p>";
  auto presenters = names(arr(b, "presenters"));
  if (!presenters.empty()) extra += "<p class=\"card__meta\">Met " + escape(presenters) + "</p>";
  extra += "<p>";
  link(extra, broadcast_url(b), "Hele uitzending (" + time_range(str(b, "from"), str(b, "until")) + ")");
  const auto& programme = obj(b, "programme");
  if (!str(programme, "slug").empty()) {
    extra += " · ";
    link(extra, pages::routes::programme(str(programme, "slug")), "Naar " + std::string(str(programme, "name")));
  }
  extra += "</p>";
  out += "<div class=\"page\">";
  detail_header(out, str(b, "imageUrl"), "BROADCAST_TILE", str(obj(b, "channel"), "name"), str(b, "title"), extra);
  const auto& recording = obj(data, "recording");
  auto start = pages::parse_iso_instant(str(hour, "from"));
  if (is_true(recording, "available") && start) {
    // Before the app takes over, the browser's own player plays the hour: the play API sends it
    // on to the signed recording.
    out +=
        "<div class=\"broadcast-recording\"><audio class=\"broadcast-recording__audio\" controls "
        "preload=\"none\" src=\"" +
        escape(pages::routes::broadcast_hour_audio(num(b, "id"), *start)) + "\" aria-label=\"Luister dit uur\">" +
        "</audio><span class=\"card__meta\">Duur " + escape(duration_text(num(recording, "durationSeconds"))) +
        "</span>";
    gap_notices(out, recording);
    out += "</div>";
  } else {
    empty_state(out, "Van deze uitzending is (nog) geen opname beschikbaar. Opnames blijven een paar dagen bewaard.");
  }
  hour_nav(out, b, arr(data, "hours"), str(hour, "from"));
  section(out, "Gedraaid in dit uur", [&](std::string& o) {
    if (arr(data, "tracks").empty()) return empty_state(o, "In dit uur zijn geen nummers gedraaid.");
    track_list(o, arr(data, "tracks"), "Gedraaide nummers");
  });
  out += "</div>";
}

void podcasts_html(std::string& out, const RenderContext& ctx) {
  out += "<div class=\"page\">";
  page_heading(out, "Podcasts");
  out += "<p class=\"page-intro\">Luister onze podcasts hier, of abonneer je in je favoriete podcastapp.</p>";
  const auto& feeds = arr(ctx.page.data, "feeds");
  if (feeds.empty()) {
    empty_state(out, "Geen podcasts gevonden.");
  } else {
    out += "<ul class=\"podcast-grid\" aria-label=\"Podcasts\">";
    for (const auto& item : feeds) {
      const auto& f = as_obj(item);
      out += "<li class=\"podcast-tile\">";
      image(out, str(f, "imageUrl"), "PODCAST_ITEM", "podcast-artwork");
      out += "<h2 class=\"podcast-tile__title\">";
      link(out, pages::routes::podcast(str(f, "slug")), str(f, "title"), "podcast-tile__link");
      auto count = num(f, "episodeCount");
      out += "</h2><p class=\"podcast-tile__meta\">" + escape(str(f, "author")) + " · " + std::to_string(count) +
             (count == 1 ? " aflevering" : " afleveringen") + "</p><p class=\"podcast-tile__text\">" +
             escape(str(f, "description")) + "</p></li>";
    }
    out += "</ul>";
  }
  out += "</div>";
}

void podcast_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& feed = obj(data, "feed");
  out += "<div class=\"page\"><header class=\"podcast-hero\">";
  image(out, str(feed, "imageUrl"), "PODCAST_ITEM", "podcast-artwork", true);
  out += "<div class=\"podcast-hero__body\"><p class=\"podcast-hero__kicker\">Podcast · " +
         escape(str(feed, "author")) + "</p>";
  page_heading(out, str(feed, "title"));
  auto count = arr(data, "episodes").size();
  out += "<p class=\"podcast-hero__text\">" + escape(str(feed, "description")) +
         "</p><p class=\"podcast-hero__meta\">" + std::to_string(count) +
         (count == 1 ? " aflevering" : " afleveringen") + "</p><div class=\"podcast-hero__actions\">";
  feed_link(out, feed);
  out += "</div></div></header>";
  section(out, "Afleveringen", [&](std::string& o) {
    if (arr(data, "episodes").empty()) return empty_state(o, "Er zijn nog geen afleveringen.");
    episode_list(o, arr(data, "episodes"), 0);
  });
  out += "</div>";
}

void episode_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& feed = obj(data, "feed");
  const auto& episode = obj(data, "episode");
  out += "<div class=\"page\"><nav class=\"podcast-crumbs\" aria-label=\"Kruimelpad\">";
  link(out, pages::routes::podcasts(), "Podcasts");
  out += " / ";
  link(out, pages::routes::podcast(str(feed, "slug")), str(feed, "title"));
  out += "</nav><header class=\"podcast-hero\">";
  image(out, str(episode, "imageUrl").empty() ? str(feed, "imageUrl") : str(episode, "imageUrl"), "PODCAST_ITEM",
        "podcast-artwork", true);
  out += "<div class=\"podcast-hero__body\"><p class=\"podcast-hero__kicker\">" + escape(str(feed, "title")) + "</p>";
  page_heading(out, str(episode, "title"));
  out += "<p class=\"podcast-hero__meta\">" + escape(long_date(str(episode, "publishedAt"))) + " · " +
         escape(duration_text(num(episode, "durationSeconds"))) + "</p></div></header>";
  if (!str(episode, "description").empty()) out += "<p class=\"prose\">" + escape(str(episode, "description")) + "</p>";
  section(out, "Alle afleveringen",
          [&](std::string& o) { episode_list(o, arr(data, "episodes"), num(episode, "id")); });
  out += "</div>";
}

// Video's as the app lays it out (features/videos, components/video-player.tsx): each video is the
// same player, with its poster and source, so that it takes the same box and plays without script
// where the browser plays the source itself.
void videos_html(std::string& out, const RenderContext& ctx) {
  out += "<div class=\"page\">";
  page_heading(out, "Video's");
  const auto& videos = arr(ctx.page.data, "videos");
  if (videos.empty()) {
    empty_state(out, "Geen video's gevonden.");
  } else {
    out += "<ul class=\"video-grid\">";
    for (const auto& item : videos) {
      const auto& v = as_obj(item);
      out += "<li class=\"video-grid__item\"><h2 class=\"video-grid__title\">" + escape(str(v, "title")) +
             "</h2><figure class=\"video\"><div class=\"video__container\"><video controls playsinline "
             "preload=\"none\"";
      // The app's poster: the preset's first size (lib/images presetImageUrl), none without one.
      if (auto poster = pages::safe_url(str(v, "posterUrl")); !poster.empty()) {
        out += " poster=\"" +
               escape(media::sized_image_url(
                   poster, media::largest_preset_size("VIDEOCLIP").value_or(media::VariantSize{280, 158}))) +
               "\"";
      }
      if (auto source = pages::safe_url(str(v, "videoUrl")); !source.empty()) {
        out += " src=\"" + escape(source) + "\"";
      }
      const auto seconds = num(v, "durationSeconds");
      out += " aria-label=\"" + escape(str(v, "title")) +
             "\"></video></div></figure><p class=\"card__meta video-grid__meta\"><time datetime=\"" +
             escape(str(v, "publishedAt")) + "\">" + escape(long_date(str(v, "publishedAt"))) +
             "</time> · <span aria-hidden=\"true\">" + escape(duration_text(seconds)) +
             "</span><span class=\"visually-hidden\">" + escape(spoken_duration(seconds)) +
             "</span></p><p class=\"card__text\">" + escape(str(v, "description")) + "</p></li>";
    }
    out += "</ul>";
  }
  out += "</div>";
}

}  // namespace ether::render
