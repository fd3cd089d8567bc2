#include "render/cards.hpp"

#include <chrono>

#include "domain/broadcast_hours.hpp"
#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"

namespace ether::render {
namespace {

std::optional<pages::Date> date_of(std::string_view iso_instant) {
  auto instant = pages::parse_iso_instant(iso_instant);
  if (!instant) return std::nullopt;
  return pages::amsterdam_date(*instant);
}

std::string plural(std::int64_t count, std::string_view one, std::string_view many) {
  return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

}  // namespace

std::string names(const json::array& refs) {
  std::string out;
  for (const auto& ref : refs) {
    if (!out.empty()) out += " & ";
    out += str(as_obj(ref), "name");
  }
  return out;
}

std::string fragment_url(const json::object& fragment) {
  return pages::routes::fragment(str(obj(fragment, "programme"), "slug"), num(fragment, "id"),
                                 date_of(str(fragment, "publishedAt")), str(fragment, "slug"));
}

std::string broadcast_url(const json::object& broadcast) {
  return pages::routes::broadcast(str(obj(broadcast, "programme"), "slug"), num(broadcast, "id"),
                                  date_of(str(broadcast, "from")), str(broadcast, "slug"));
}

std::string broadcast_hour_url(const json::object& broadcast, const json::object& hour) {
  auto from = pages::parse_iso_instant(str(broadcast, "from"));
  auto until = pages::parse_iso_instant(str(broadcast, "until"));
  auto start = pages::parse_iso_instant(str(hour, "from"));
  if (!from || !until || !start) return broadcast_url(broadcast);
  auto found = domain::broadcast_hour_at(*from, *until, *start);
  if (!found) return broadcast_url(broadcast);
  return pages::routes::broadcast_hour(str(obj(broadcast, "programme"), "slug"), num(broadcast, "id"),
                                       pages::amsterdam_date(*from), str(broadcast, "slug"),
                                       domain::hour_segment(*found));
}

std::string article_label(const json::object& article) {
  const auto& category = obj(article, "category");
  const auto* live_until = article.if_contains("liveUntil");
  const bool live_over = live_until == nullptr || !live_until->is_string();
  if (str(category, "slug") == "live" && live_over) return {};
  return std::string(str(category, "name"));
}

Card article_card(const json::object& article, bool app) {
  Card c;
  c.image_url = str(article, "imageUrl");
  c.preset = "ARTICLE_CARD";
  c.title = str(article, "title");
  c.url = pages::routes::article(str(obj(article, "category"), "slug"), num(article, "id"), str(article, "slug"), app);
  c.badge = article_label(article);
  c.texts.emplace_back(str(article, "intro"));
  c.metas.push_back(long_date(str(article, "publishedAt")));
  return c;
}

Card fragment_card(const json::object& fragment) {
  Card c;
  c.image_url = str(fragment, "imageUrl");
  c.preset = "FRAGMENT_CARD";
  c.title = str(fragment, "title");
  c.url = fragment_url(fragment);
  c.kicker = str(obj(fragment, "programme"), "name");
  c.metas.push_back(long_date(str(fragment, "publishedAt")) + " · " + duration_text(num(fragment, "durationSeconds")));
  return c;
}

Card podcast_card(const json::object& feed) {
  Card c;
  c.image_url = str(feed, "imageUrl");
  c.preset = "PODCAST_ITEM";
  c.title = str(feed, "title");
  c.url = pages::routes::podcast(str(feed, "slug"));
  c.texts.emplace_back(str(feed, "description"));
  c.metas.push_back(std::string(str(feed, "author")) + " · " +
                    plural(num(feed, "episodeCount"), "aflevering", "afleveringen"));
  return c;
}

Card programme_card(const json::object& programme) {
  Card c;
  c.image_url = str(programme, "imageUrl");
  c.preset = "LIST_ITEM";
  c.title = str(programme, "name");
  c.url = pages::routes::programme(str(programme, "slug"));
  c.kicker = str(obj(programme, "channel"), "name");
  c.texts.emplace_back(str(programme, "summary"));
  std::string meta(str(programme, "schedule"));
  auto presenters = names(arr(programme, "presenters"));
  if (!presenters.empty()) meta += " · Met " + presenters;
  c.metas.push_back(meta);
  return c;
}

Card presenter_card(const json::object& presenter) {
  Card c;
  c.image_url = str(presenter, "imageUrl");
  c.preset = "ARTIST_ITEM";
  c.title = str(presenter, "name");
  c.url = pages::routes::presenter(str(presenter, "slug"));
  c.metas.emplace_back(str(presenter, "role"));
  c.person = true;
  return c;
}

Card broadcast_card(const json::object& broadcast) {
  Card c;
  c.image_url = str(broadcast, "imageUrl");
  c.preset = "BROADCAST_TILE";
  c.title = str(broadcast, "title");
  c.url = broadcast_url(broadcast);
  c.kicker = str(obj(broadcast, "channel"), "name");
  c.meta_first = true;
  c.metas.push_back(long_date(str(broadcast, "from")) + " · " +
                    time_range(str(broadcast, "from"), str(broadcast, "until")));
  auto presenters = names(arr(broadcast, "presenters"));
  if (!presenters.empty()) c.texts.push_back("Met " + presenters);
  return c;
}

Card broadcast_hour_card(const json::object& recorded_hour) {
  const auto& hour = obj(recorded_hour, "hour");
  Card c;
  c.image_url = str(recorded_hour, "imageUrl");
  c.preset = "BROADCAST_TILE";
  c.title = str(recorded_hour, "title");
  c.url = broadcast_hour_url(recorded_hour, hour);
  c.kicker = str(obj(recorded_hour, "channel"), "name");
  c.meta_first = true;
  c.metas.emplace_back(str(hour, "label"));
  auto presenters = names(arr(recorded_hour, "presenters"));
  if (!presenters.empty()) c.texts.push_back("Met " + presenters);
  return c;
}

std::vector<Card> cards_of(const json::array& items, Card (*make)(const json::object&)) {
  std::vector<Card> cards;
  cards.reserve(items.size());
  for (const auto& item : items) cards.push_back(make(as_obj(item)));
  return cards;
}

std::string broadcast_day_label(const pages::Date& day, const pages::Date& today) {
  if (day == today) return "Vandaag";
  if (day == pages::add_days(today, 1)) return "Morgen";
  if (day == pages::add_days(today, -1)) return "Gisteren";
  // dutch_long_date: "{weekday} {day} {month} {year}", all lowercase ASCII.
  auto label = pages::dutch_long_date(day);
  label = label.substr(0, label.rfind(' '));
  label[0] = static_cast<char>(label[0] - 'a' + 'A');
  return label;
}

void broadcast_list(std::string& out, const json::array& broadcasts, Level level, bool with_day) {
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  const auto today = pages::amsterdam_date(now);
  out += "<ol class=\"guide-list\">";
  for (const auto& item : broadcasts) {
    const auto& b = as_obj(item);
    out += "<li class=\"guide-item\"><p class=\"guide-item__time\">";
    if (const auto from = pages::parse_iso_instant(str(b, "from")); with_day && from) {
      out += "<span class=\"guide-item__day\">" + escape(broadcast_day_label(pages::amsterdam_date(*from), today)) +
             "</span> ";
    }
    out += "<time datetime=\"" + escape(str(b, "from")) + "\">" + escape(time_range(str(b, "from"), str(b, "until"))) +
           "</time></p><div class=\"guide-item__body\"><" + std::string(heading_tag(level)) +
           " class=\"guide-item__title\">";
    const auto& programme = obj(b, "programme");
    if (!str(programme, "slug").empty()) {
      link(out, pages::routes::programme(str(programme, "slug")), str(b, "title"));
    } else {
      out += escape(str(b, "title"));
    }
    out += "</" + std::string(heading_tag(level)) + ">";
    auto presenters = names(arr(b, "presenters"));
    if (!presenters.empty()) out += "<p class=\"guide-item__meta\">Met " + escape(presenters) + "</p>";
    broadcaster_icons(out, arr(b, "broadcasters"));
    out += "</div></li>";
  }
  out += "</ol>";
}

void broadcaster_icons(std::string& out, const json::array& broadcasters) {
  if (broadcasters.empty()) return;
  out += "<ul class=\"broadcaster-icons\" aria-label=\"Omroepen\">";
  for (const auto& broadcaster : broadcasters) {
    const auto& o = as_obj(broadcaster);
    out += "<li class=\"broadcaster-icons__item\">";
    auto logo = pages::safe_url(str(o, "logoUrl"));
    if (logo.empty()) {
      out += escape(str(o, "name"));
    } else {
      out += "<img src=\"" + escape(logo) + "\" alt=\"" + escape(str(o, "name")) + "\" title=\"" +
             escape(str(o, "name")) + "\" width=\"48\" height=\"48\" loading=\"lazy\" decoding=\"async\">";
    }
    out += "</li>";
  }
  out += "</ul>";
}

void track_list(std::string& out, const json::array& tracks, std::string_view label) {
  out += "<ol class=\"track-list\" aria-label=\"" + escape(label) + "\">";
  for (const auto& item : tracks) {
    const auto& t = as_obj(item);
    auto from = pages::parse_iso_instant(str(t, "from"));
    out += "<li class=\"track\"><time class=\"track__time\" datetime=\"" + escape(str(t, "from")) + "\">" +
           escape(from ? pages::amsterdam_clock(*from) : std::string()) + "</time>";
    auto cover = pages::safe_url(str(t, "coverUrl"));
    out += "<img class=\"track__cover\" src=\"" + escape(cover.empty() ? "/images/unknown_track.webp" : cover) +
           "\" alt=\"\" width=\"100\" height=\"100\" loading=\"lazy\" decoding=\"async\">";
    // The name links to the song's page (spec §3 Track: its url through the track route).
    out += "<div class=\"track__text\"><span class=\"track__name\">";
    // Name and artist as spec §3 names them (domain/track_naming.hpp), the same data the app shows.
    if (str(t, "url").empty()) {
      out += escape(str(t, "name"));
    } else {
      link(out, str(t, "url"), str(t, "name"));
    }
    out += "</span><span class=\"track__artist\">" + escape(str(t, "displayArtist")) + "</span></div></li>";
  }
  out += "</ol>";
}

void detail_header(std::string& out, std::string_view image_url, std::string_view preset, std::string_view kicker,
                   std::string_view title, const std::string& extra, bool round, std::string_view alt) {
  out += "<header class=\"detail-header\">";
  image(out, image_url, preset, round ? "detail-header__image detail-header__image--round" : "detail-header__image",
        true, alt);
  out += "<div>";
  if (!kicker.empty()) out += "<p class=\"card__kicker\">" + escape(kicker) + "</p>";
  page_heading(out, title);
  out += extra;
  out += "</div></header>";
}

}  // namespace ether::render
