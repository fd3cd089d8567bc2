// Home, live, pop-out, played tracks and guide: the pages of what is on air.
#include <algorithm>
#include <vector>

#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {
namespace {

std::string default_channel(const json::object& site) {
  auto slug = str(site, "defaultChannel");
  return slug.empty() ? std::string("radio2") : std::string(slug);
}

pages::RouteContext route_context(const json::object& site, const pages::Date& today) {
  return pages::RouteContext{today, default_channel(site)};
}

pages::Date today_of(const RenderContext& ctx) {
  // Pages carry Amsterdam dates; the kept window of the played tracks ends today, the guide's 7 days on.
  const auto& window = obj(ctx.page.data, "window");
  if (auto last = pages::parse_iso_date(str(window, "last"))) {
    return ctx.page.route == "gids" ? pages::add_days(*last, -7) : *last;
  }
  return pages::Date{};
}

// "Vandaag", "Gisteren", "Morgen" or the weekday ("Woensdag"), as lib/format-date relativeDayLabel.
std::string relative_day_label(const pages::Date& day, const pages::Date& today) {
  if (day == today) return "Vandaag";
  if (day == pages::add_days(today, -1)) return "Gisteren";
  if (day == pages::add_days(today, 1)) return "Morgen";
  // dutch_long_date: "{weekday} {day} {month} {year}", all lowercase ASCII.
  auto label = pages::dutch_long_date(day);
  label = label.substr(0, label.find(' '));
  label[0] = static_cast<char>(label[0] - 'a' + 'A');
  return label;
}

// A guide day tab as the app draws it (features/guide, lib/format-date dayTabLabel): "Vandaag",
// "Gisteren", "Morgen" or the weekday over "16 nov". The long date ("maandag 16 november 2026")
// does not fit a tab: on a phone it ran out of its grid cell and widened the page.
// The active tab is underlined in the channel's colour only once the app draws it: a style
// attribute in the server's HTML is refused by the CSP (style-src 'self'), and logged as a
// violation on every load of /gids.
void day_tab(std::string& out, std::string_view url, const pages::Date& day, const pages::Date& today, bool active) {
  const auto long_date = pages::dutch_long_date(day);
  const auto first = long_date.find(' ');
  const auto second = long_date.find(' ', first + 1);
  const auto label = relative_day_label(day, today);
  const auto detail = long_date.substr(first + 1, second - first - 1) + " " + long_date.substr(second + 1, 3);
  out += "<a href=\"" + escape(url) + "\" class=\"" + (active ? "day-tab day-tab--active" : "day-tab") + "\"";
  if (active) out += " aria-current=\"date\"";
  out += "><span class=\"day-tab__label\">" + escape(label) + "</span><span class=\"day-tab__detail\">" +
         escape(detail) + "</span></a>";
}

// What is on air as the app's live views draw it (features/home/on-air.tsx OnAirHero,
// features/live LivePage): the show's name, time and presenters, and the song with its cover
// (components/on-air-track.tsx), in the same boxes, so that nothing below them moves when the app
// takes over.
void on_air_show(std::string& out, const json::object& on_air, std::string_view no_show) {
  const auto& broadcast = obj(on_air, "broadcast");
  if (broadcast.empty()) {
    out += "<p class=\"on-air__show\">" + escape(no_show) + "</p>";
    return;
  }
  out += "<p class=\"on-air__show\">";
  const auto& programme = obj(broadcast, "programme");
  if (!str(programme, "slug").empty()) {
    link(out, pages::routes::programme(str(programme, "slug")), str(broadcast, "title"));
  } else {
    out += escape(str(broadcast, "title"));
  }
  out += "</p><p class=\"on-air__meta\">" + escape(time_range(str(broadcast, "from"), str(broadcast, "until")));
  auto presenters = names(arr(broadcast, "presenters"));
  if (!presenters.empty()) out += " · Met " + escape(presenters);
  out += "</p>";
}

void on_air_track(std::string& out, const json::object& on_air) {
  const auto& track = obj(on_air, "track");
  if (track.empty()) return;
  auto cover = pages::safe_url(str(track, "coverUrl"));
  out += "<div class=\"on-air__track\"><img src=\"" + escape(cover.empty() ? "/images/unknown_track.webp" : cover) +
         "\" alt=\"\" width=\"67\" height=\"67\" loading=\"lazy\" decoding=\"async\"><p>"
         "<span class=\"on-air__label\">Nu gedraaid</span><span class=\"on-air__song\">";
  const auto url = str(track, "url");
  if (url.empty() || url == "#") {
    out += escape(str(track, "name"));
  } else {
    link(out, url, str(track, "name"));
  }
  out += "</span><span class=\"on-air__artist\">" + escape(str(track, "displayArtist")) + "</span></p></div>";
}

// The play control of a channel (features/home/live-button.tsx) takes the button's box. Before the
// app takes over it is a link to the channel's pop-out player, which plays it. Without script nothing
// can play (the stream needs a token from the play API): it keeps its box, unseen (`needs-script`).
void live_button(std::string& out, const json::object& channel, bool compact) {
  const std::string name(str(channel, "name"));
  out += "<a href=\"" + escape(pages::routes::popout(str(channel, "slug"))) +
         "\" class=\"button needs-script live-button" +
         (compact ? " button--small\" aria-label=\"Luister live naar " + escape(name) + "\"" : std::string("\"")) +
         "><span aria-hidden=\"true\" class=\"live-button__icon\">▶</span> " + (compact ? "Luister" : "Luister live") +
         "</a>";
}

void on_air_block(std::string& out, const json::object& on_air, const json::object& site) {
  const auto& channel = obj(on_air, "channel");
  const std::string slug(str(channel, "slug"));
  const std::string name(str(channel, "name"));
  out += "<div class=\"on-air\">";
  image(out, str(obj(on_air, "broadcast"), "imageUrl"), "TILE", "on-air__image", true);
  out +=
      "<div class=\"on-air__body\"><p class=\"on-air__channel\"><span class=\"channel-dot\" aria-hidden=\"true\">"
      "</span>" +
      escape(name) + "<span class=\"live-badge\">Live</span></p>";
  on_air_show(out, on_air, "Er is nu geen programma op " + name + ".");
  broadcaster_icons(out, arr(obj(on_air, "broadcast"), "broadcasters"));
  on_air_track(out, on_air);
  out += "<p class=\"on-air__play\">";
  live_button(out, channel, false);
  out += "</p>";
  const std::vector<pages::QueryPart> query{{"channel", slug, default_channel(site)}};
  out += "<p class=\"on-air__links\">";
  link(out, pages::build_route("/gedraaid", query), "Gedraaid op " + name);
  link(out, pages::build_route("/gids", query), "Gids");
  if (channel.contains("hasVisualRadio") && channel.at("hasVisualRadio").is_bool() &&
      channel.at("hasVisualRadio").as_bool()) {
    link(out, pages::routes::live(route_context(site, pages::Date{}), slug), "Kijk live");
  }
  out += "</p></div></div>";
}

// The filters' channel field (a select of the site's channels, the page's one chosen), which the
// app draws only when the site has more than one channel.
void channel_field(std::string& out, const RenderContext& ctx, std::string_view id) {
  const std::string current(str(obj(ctx.page.data, "channel"), "slug"));
  out += "<div class=\"field\"><label for=\"" + std::string(id) + "\">Zender</label><select id=\"" + std::string(id) +
         "\" name=\"channel\">";
  for (const auto& item : arr(ctx.site, "channels")) {
    const auto& c = as_obj(item);
    out += "<option value=\"" + escape(str(c, "slug")) + "\"" + (str(c, "slug") == current ? " selected" : "") + ">" +
           escape(str(c, "name")) + "</option>";
  }
  out += "</select></div>";
}

// Gedraaid's filters as the app draws them (features/played-tracks): the same form in the same
// place, so that the app's takeover moves nothing below it (a click on the paging while the app took
// over landed on another row), and without JavaScript a plain GET form of /gedraaid, whose loader
// takes the day from `date`. The days run from today back through the kept window; today offers
// the hour slots up to the current hour + 1 (spec §9), by the instant the page was loaded at.
void played_tracks_filters(std::string& out, const RenderContext& ctx, const pages::Date& today) {
  const auto& data = ctx.page.data;
  const auto& window = obj(data, "window");
  const std::string date(str(data, "date"));
  const std::string time(str(data, "time"));
  const auto day = pages::parse_iso_date(date);
  auto option = [&out](std::string_view value, std::string_view text, bool selected) {
    out += "<option value=\"" + escape(value) + "\"" + (selected ? " selected" : "") + ">" + escape(text) + "</option>";
  };
  out += "<form class=\"filters\" aria-label=\"Filters\" action=\"/gedraaid\" method=\"get\">";
  out += "<div class=\"field\"><label for=\"gedraaid-datum\">Datum</label><select id=\"gedraaid-datum\" name=\"date\">";
  std::vector<pages::Date> days;
  const auto first = pages::parse_iso_date(str(window, "first"));
  const auto last = pages::parse_iso_date(str(window, "last"));
  for (auto d = last.value_or(today); first && d >= *first && days.size() < 60; d = pages::add_days(d, -1)) {
    days.push_back(d);
  }
  if (day && std::find(days.begin(), days.end(), *day) == days.end()) days.push_back(*day);
  for (const auto& d : days) {
    const auto long_date = pages::dutch_long_date(d);
    option(pages::iso_date(d), relative_day_label(d, today) + long_date.substr(long_date.find(' ')), day && d == *day);
  }
  out += "</select></div>";
  out +=
      "<div class=\"field\"><label for=\"gedraaid-tijdvak\">Tijdvak</label><select id=\"gedraaid-tijdvak\" "
      "name=\"time\">";
  option("0_24", "Hele dag", time == "0_24" || time.empty());
  const bool is_today = day && *day == today;
  const auto clock = pages::amsterdam_clock(ctx.page.loaded_at);
  const int last_end = is_today ? std::stoi(clock.substr(0, 2)) + 1 : 24;
  bool offered = time == "0_24" || time.empty();
  for (int h = 0; h + 1 <= last_end; ++h) {
    const auto id = std::to_string(h) + "_" + std::to_string(h + 1);
    offered = offered || id == time;
    option(id, std::to_string(h) + ":00-" + std::to_string(h + 1) + ":00", id == time);
  }
  // A slot chosen in the URL stays chosen even when today does not offer it (yet).
  if (!offered) {
    const auto cut = time.find('_');
    option(time, time.substr(0, cut) + ":00-" + time.substr(cut + 1) + ":00", true);
  }
  out += "</select></div>";
  if (arr(ctx.site, "channels").size() > 1) channel_field(out, ctx, "gedraaid-zender");
  out += "<button type=\"submit\" class=\"button filters__submit\">Toon nummers</button></form>";
}

}  // namespace

void home_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& on_air = obj(data, "onAir");
  const std::string channel_name(str(obj(on_air, "channel"), "name"));
  out += "<div class=\"page page--home\"><section aria-labelledby=\"main-heading\" class=\"home-hero\">";
  page_heading(out, "Nu op " + channel_name, "home-hero__title");
  on_air_block(out, on_air, ctx.site);
  out += "</section>";
  section(out, "De zenders van " + std::string(str(ctx.site, "name")), [&](std::string& o) {
    const auto& channels = arr(data, "channels");
    if (channels.empty()) return empty_state(o, "Geen zenders gevonden.");
    // The app's channel cards (features/home/on-air.tsx ChannelFamily), each with its song and play.
    o += "<ul class=\"channel-grid\">";
    for (const auto& item : channels) {
      const auto& c = obj(as_obj(item), "channel");
      const auto& b = obj(as_obj(item), "broadcast");
      const auto& t = obj(as_obj(item), "track");
      const std::string slug(str(c, "slug"));
      const std::vector<pages::QueryPart> query{{"channel", slug, default_channel(ctx.site)}};
      o += "<li class=\"channel-card\"><h3 class=\"channel-card__name\">";
      link(o, pages::build_route("/gids", query), str(c, "name"));
      o += "</h3><p class=\"channel-card__show\">" + escape(b.empty() ? str(c, "description") : str(b, "title")) +
           "</p><p class=\"channel-card__song\">" +
           (t.empty() ? std::string("Geen nummer bekend")
                      : "<span class=\"visually-hidden\">Nu: </span>" + escape(str(t, "name")) + " — " +
                            escape(str(t, "displayArtist"))) +
           "</p><p class=\"channel-card__actions\">";
      live_button(o, c, true);
      o += "<a href=\"" + escape(pages::build_route("/gedraaid", query)) +
           "\" class=\"channel-card__more\">Gedraaid<span class=\"visually-hidden\"> op " + escape(str(c, "name")) +
           "</span></a></p></li>";
    }
    o += "</ul>";
  });
  section(
      out, "Laatste nieuws",
      [&](std::string& o) {
        card_grid(o, cards_of(arr(data, "news"), [](const json::object& a) { return article_card(a); }),
                  "Geen nieuws gevonden.", "Nieuws");
      },
      "/nieuws", "Al het nieuws");
  section(
      out, "Fragmenten",
      [&](std::string& o) {
        card_grid(o, cards_of(arr(data, "fragments"), fragment_card), "Geen fragmenten gevonden.", "Fragmenten");
      },
      "/fragmenten", "Alle fragmenten");
  section(
      out, "Podcasts",
      [&](std::string& o) {
        card_grid(o, cards_of(arr(data, "podcasts"), podcast_card), "Geen podcasts gevonden.", "Podcasts");
      },
      "/podcasts", "Alle podcasts");
  section(
      out, "Vandaag op " + channel_name,
      [&](std::string& o) {
        if (arr(data, "guide").empty()) return empty_state(o, "Geen uitzendingen gevonden.");
        broadcast_list(o, arr(data, "guide"));
      },
      "/gids", "Hele gids");
  out += "</div>";
}

// Kijk live as the app lays it out (features/live/live-page.tsx): the channels with live pictures,
// 'Verder luisteren', the stage and what is on air beside it. The stage shows the show's artwork
// where the app's player shows it as the poster, in the player's 16:9 box: the pictures need
// script (a token from the play API and an HLS player).
void live_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& on_air = obj(data, "onAir");
  const auto& channel = obj(on_air, "channel");
  const std::string name(str(channel, "name"));
  const std::string slug(str(channel, "slug"));
  const auto rc = route_context(ctx.site, pages::Date{});
  out += "<div class=\"page\">";
  page_heading(out, "Kijk live: " + name);
  std::vector<Chip> chips;
  for (const auto& item : arr(ctx.site, "channels")) {
    const auto& c = as_obj(item);
    if (!c.contains("hasVisualRadio") || !c.at("hasVisualRadio").is_bool() || !c.at("hasVisualRadio").as_bool()) {
      continue;
    }
    chips.push_back(Chip{std::string(str(c, "name")), pages::routes::live(rc, str(c, "slug")), str(c, "slug") == slug});
  }
  chip_nav(out, "Kies een zender met livebeelden", chips);
  out += "<p class=\"live-listen\"><a class=\"button needs-script\" href=\"" + escape(pages::routes::popout(slug)) +
         "\" aria-describedby=\"live-listen-note\">Verder luisteren</a> <span id=\"live-listen-note\" "
         "class=\"live-listen__note\">naar " +
         escape(name) + " op de radio, zonder beeld</span></p>";
  out += "<div class=\"live-layout\"><div class=\"live-stage\">";
  const auto* token_url = data.if_contains("videoTokenUrl");
  if (token_url != nullptr && token_url->is_string()) {
    out += "<div class=\"live-video\"><div class=\"live-video__frame\">";
    image(out, str(obj(on_air, "broadcast"), "imageUrl"), "TILE", "live-video__poster", true,
          "Livebeelden van " + name);
    out += "</div></div>";
  } else {
    out += "<p class=\"live-stage__note\" role=\"note\">Visual radio van " + escape(name) +
           " zendt op dit moment niet uit. Je kunt wel zien wat er op de radio is.</p>";
  }
  out +=
      "</div><section aria-labelledby=\"live-now\" class=\"live-now\"><h2 id=\"live-now\" "
      "class=\"section__title\">Nu op " +
      escape(name) + "</h2>";
  const auto& broadcast = obj(on_air, "broadcast");
  if (broadcast.empty()) {
    out += "<p class=\"on-air__show\">Er is nu geen programma.</p>";
  } else {
    out += "<div class=\"live-now__show\"><p class=\"on-air__show\">";
    const auto& programme = obj(broadcast, "programme");
    if (!str(programme, "slug").empty()) {
      link(out, pages::routes::programme(str(programme, "slug")), str(broadcast, "title"));
    } else {
      out += escape(str(broadcast, "title"));
    }
    // The time read out as 'van 12:00 tot 14:00' (components/spoken-as.tsx).
    const auto time = time_range(str(broadcast, "from"), str(broadcast, "until"));
    auto spoken = time;
    if (const auto dash = spoken.find("–"); dash != std::string::npos) {
      spoken = "van " + spoken.replace(dash, std::string_view("–").size(), " tot ");
    }
    out += "</p><p class=\"on-air__meta\"><span aria-hidden=\"true\">" + escape(time) +
           "</span><span class=\"visually-hidden\">" + escape(spoken) + "</span>";
    auto presenters = names(arr(broadcast, "presenters"));
    if (!presenters.empty()) out += " · Met " + escape(presenters);
    out += "</p></div>";
  }
  on_air_track(out, on_air);
  const std::vector<pages::QueryPart> query{{"channel", slug, default_channel(ctx.site)}};
  out += "<p class=\"on-air__links\">";
  link(out, pages::build_route("/gedraaid", query), "Gedraaid");
  link(out, pages::build_route("/gids", query), "Gids");
  out += "</p></section></div></div>";
}

void popout_html(std::string& out, const RenderContext& ctx) {
  const auto& channel = obj(ctx.page.data, "channel");
  out += "<div class=\"page popout\">";
  page_heading(out, std::string(str(channel, "name")) + " - Luister live");
  out += "</div>";
}

void played_tracks_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& channel = obj(data, "channel");
  const auto& paging = obj(data, "paging");
  const auto& window = obj(data, "window");
  const auto today = today_of(ctx);
  const auto rc = route_context(ctx.site, today);
  out += "<div class=\"page\">";
  page_heading(out, "Gedraaid op " + std::string(str(channel, "name")));
  out += "<p class=\"page-intro\">" + escape(long_date(str(data, "date"))) + "</p>";
  played_tracks_filters(out, ctx, today);
  const auto& tracks = arr(data, "tracks");
  const bool kept = window.contains("contains") && window.at("contains").is_bool() && window.at("contains").as_bool();
  if (!kept) {
    out +=
        "<p class=\"state state--empty\"><span class=\"kept-window\">Gedraaide nummers worden 14 dagen bewaard, "
        "van " +
        escape(long_date(str(window, "first"))) + " tot en met vandaag. Van " + escape(long_date(str(data, "date"))) +
        " is er geen lijst. ";
    link(out, pages::routes::gedraaid(rc, str(channel, "slug"), today), "Bekijk wat er vandaag is gedraaid");
    out += "</span></p>";
  } else if (tracks.empty() && str(data, "date") == pages::iso_date(today) && str(data, "time") == "0_24") {
    // Just after midnight today's list is still empty, while the listener looks for what was just played.
    out += "<p class=\"state state--empty\">Vandaag is er nog niets gedraaid op " + escape(str(channel, "name")) + ". ";
    link(out, pages::routes::gedraaid(rc, str(channel, "slug"), pages::add_days(today, -1)),
         "Bekijk wat er gisteren is gedraaid");
    out += "</p>";
  } else if (tracks.empty()) {
    empty_state(out, "Geen gedraaide nummers gevonden voor dit tijdvak.");
  } else {
    auto total = num(paging, "total");
    out += "<p class=\"filters__summary\">" + std::to_string(total) + (total == 1 ? " nummer" : " nummers");
    if (num(paging, "pageCount", 1) > 1) {
      out +=
          " · pagina " + std::to_string(num(paging, "page", 1)) + " van " + std::to_string(num(paging, "pageCount", 1));
    }
    out += "</p>";
    track_list(out, tracks, "Gedraaide nummers op " + std::string(str(channel, "name")));
  }
  if (auto day = pages::parse_iso_date(str(data, "date"))) {
    pagination(out, paging, [&](int page) {
      return pages::routes::gedraaid(rc, str(channel, "slug"), *day, page, str(data, "time"));
    });
  }
  out += "</div>";
}

void guide_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& channel = obj(data, "channel");
  const auto& window = obj(data, "window");
  const auto today = today_of(ctx);
  const auto rc = route_context(ctx.site, today);
  out += "<div class=\"page\">";
  page_heading(out, "Gids " + std::string(str(channel, "name")));
  out += "<p class=\"page-intro\">" + escape(long_date(str(data, "date"))) + "</p>";
  // The app's channel filter, in its place (no move at the takeover); without script a GET of the
  // day's own guide, which takes the channel from the query.
  if (arr(ctx.site, "channels").size() > 1) {
    const auto day = pages::parse_iso_date(str(data, "date")).value_or(today);
    out += "<form class=\"filters\" aria-label=\"Zender kiezen\" action=\"" +
           escape(pages::routes::gids(rc, default_channel(ctx.site), day)) + "\" method=\"get\">";
    channel_field(out, ctx, "gids-zender");
    out += "<button type=\"submit\" class=\"button filters__submit\">Toon gids</button></form>";
  }
  out += "<nav aria-label=\"Dagen\" class=\"day-tabs\"><ul>";
  for (const auto& item : arr(data, "days")) {
    if (!item.is_string()) continue;
    auto day = pages::parse_iso_date(item.get_string());
    if (!day) continue;
    const bool active = item.get_string() == str(data, "date");
    out += "<li>";
    day_tab(out, pages::routes::gids(rc, str(channel, "slug"), *day), *day, today, active);
    out += "</li>";
  }
  out += "</ul></nav>";
  const bool kept = window.contains("contains") && window.at("contains").is_bool() && window.at("contains").as_bool();
  if (!kept) {
    out += "<p class=\"state state--empty\">De gids gaat 14 dagen terug en 7 dagen vooruit. ";
    link(out, pages::routes::gids(rc, str(channel, "slug"), today), "Bekijk de gids van vandaag");
    out += "</p>";
  } else if (arr(data, "broadcasts").empty()) {
    empty_state(out, "Geen uitzendingen gevonden op deze dag.");
  } else {
    broadcast_list(out, arr(data, "broadcasts"), Level::top);
  }
  out += "</div>";
}

}  // namespace ether::render
