// Missed broadcasts, podcasts and videos: the pages to listen or watch again.
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {
namespace {

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
  page_heading(out, "Uitzending gemist");
  out += "<p class=\"page-intro\">Luister uitzendingen terug.</p>";
  card_grid(out, cards_of(arr(data, "broadcasts"), broadcast_card),
            "Er zijn geen opnames van recente uitzendingen om terug te luisteren.", "Uitzendingen");
  const std::string base = pages::routes::broadcasts(programme);
  pagination(out, obj(data, "paging"), [&](int page) { return with_page(base, page); });
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
  if (recording.contains("available") && recording.at("available").is_bool() && recording.at("available").as_bool()) {
    out += "<span class=\"card__meta\">Duur " + escape(duration_text(num(recording, "durationSeconds"))) + "</span>";
  } else {
    out += "<p class=\"card__meta\">Van deze uitzending is geen opname beschikbaar.</p>";
  }
  out += "</div>";
  section(out, "Gedraaid in deze uitzending", [&](std::string& o) {
    if (arr(data, "tracks").empty()) return empty_state(o, "Er zijn geen gedraaide nummers bekend.");
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
      out += "<li class=\"video-grid__item\"><h2 class=\"video-grid__title\">" + escape(str(v, "title")) + "</h2>";
      image(out, str(v, "posterUrl"), "VIDEOCLIP", "video-player__poster");
      out += "<p class=\"card__meta video-grid__meta\">" + escape(long_date(str(v, "publishedAt"))) + " · " +
             escape(duration_text(num(v, "durationSeconds"))) + "</p><p class=\"card__text\">" +
             escape(str(v, "description")) + "</p></li>";
    }
    out += "</ul>";
  }
  out += "</div>";
}

}  // namespace ether::render
