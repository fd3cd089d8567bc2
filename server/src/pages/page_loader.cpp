#include "pages/page_loader.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "domain/broadcast_hours.hpp"
#include "pages/page_search.hpp"
#include "pages/page_time.hpp"
#include "pages/preview_token.hpp"
#include "pages/queries/catalog.hpp"
#include "pages/route_builder.hpp"
#include "pages/search_documents.hpp"
#include "pages/site_links.hpp"
#include "pages/text_fold.hpp"

namespace ether::pages {
namespace json = boost::json;
using queries::Catalog;
using queries::ChannelRow;

namespace {

constexpr std::size_t kMaxTextParam = 100;
// The kept window of spec §2 pages: played tracks and the guide go 14 days back, the guide 7 ahead.
constexpr int kKeptDaysBack = 14;
constexpr int kGuideDaysAhead = 7;
// The fragment pages show this many of the most used tags first, the rest behind a toggle.
constexpr int kTopTags = 12;

struct Paging {
  int page = 1;
  int page_count = 1;
  std::int64_t total = 0;
  int offset = 0;
};

// A page past the end shows the last page rather than an empty list.
Paging paginate(std::int64_t requested, std::int64_t total, int size) {
  Paging p;
  p.total = total;
  p.page_count = static_cast<int>(std::max<std::int64_t>(1, (total + size - 1) / size));
  p.page = static_cast<int>(std::clamp<std::int64_t>(requested, 1, p.page_count));
  p.offset = (p.page - 1) * size;
  return p;
}

json::object paging_json(const Paging& p) {
  return json::object{{"page", p.page}, {"pageCount", p.page_count}, {"total", p.total}};
}

std::string field(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> segments;
  std::size_t start = 0;
  while (start <= path.size()) {
    auto end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    if (end > start) segments.emplace_back(path.substr(start, end - start));
    start = end + 1;
  }
  return segments;
}

// One request being answered: the catalog, the query and the result under construction.
class Page {
 public:
  Page(Catalog& catalog, const SiteSettings& settings, std::string_view path, const http::QueryParams& query,
       search::SearchService& search)
      : catalog_(catalog), settings_(settings), path_(path), query_(query), search_(search) {}

  PageResult answer() {
    auto s = split_path(path_);
    if (s.empty()) return home();
    const auto& first = s[0];
    auto n = s.size();
    if (first == "app") {
      if (n == 5 && s[1] == "nieuws") return article(s[3]);
      if (n == 3 && s[1] == "thema") return content_page("thema", s[2]);
      return not_found();
    }
    if (first == "sitemap" && n <= 2) return sitemap(n == 2 ? s[1] : "");
    if (first == "live" && n == 1) return live();
    if (first == "popout" && n == 2) return popout(s[1]);
    if (first == "gedraaid" && n <= 2) return gedraaid(n == 2 ? s[1] : "");
    if (first == "gids" && n <= 4) return gids(s);
    if (first == "programmas") {
      if (n == 1) return programmes();
      if (n == 2) return programme(s[1]);
      if (n == 3 && s[2] == "fragmenten") return programme_fragments(s[1]);
      if (n == 3 && s[2] == "nieuws") return programme_news(s[1]);
    }
    if (first == "presentatoren") {
      if (n == 1) return presenters();
      if (n == 2) return presenter(s[1]);
    }
    if (first == "nieuws") {
      if (n == 3 && s[1] == "preview") return article_preview(s[2]);
      if (n <= 2) return news(n == 2 ? s[1] : "");
      if (n == 4) return article(s[2]);
    }
    if (first == "fragmenten") {
      if (n == 1) return fragments();
      if (n == 4) return fragment(s[2]);
    }
    if (first == "uitzendingen") {
      if (n == 1) return broadcasts();
      if (n == 4) return broadcast(s[2]);
      if (n == 5) return broadcast_hour(s[2], s[4]);
    }
    if (first == "podcasts") {
      if (n == 1) return podcasts();
      if (n == 2) return podcast(s[1]);
      if (n == 4) return podcast_episode(s[2]);
    }
    if (first == "thema" && n == 2) return content_page("thema", s[1]);
    if (first == "overzicht") {
      if (n == 2 && s[1] != "preview") return content_page("overzicht", s[1]);
      if (n == 3 && s[1] == "preview") return preview(s[2]);
    }
    // Without JavaScript the header's search form sends ?q=.
    if (first == "zoeken" && n <= 2) return search(n == 2 ? s[1] : param("q"));
    if (first == "videos" && n == 1) return videos();
    return not_found();
  }

 private:
  // ---- helpers ----

  const RouteContext& ctx() const { return catalog_.context(); }

  std::string title(std::string_view text) const {
    return text.empty() ? settings_.name : std::string(text) + " - " + settings_.name;
  }

  std::string param(std::string_view key) const {
    auto it = query_.find(key);
    if (it == query_.end()) return {};
    std::string value = it->second;
    value.erase(0, value.find_first_not_of(" \t\r\n"));
    value.erase(value.find_last_not_of(" \t\r\n") + 1);
    return value.size() > kMaxTextParam || !valid_utf8(value) ? std::string() : value;
  }

  std::int64_t page_param() const { return parse_positive(param("page")).value_or(1); }

  // An explicitly given date, as route date (dd-MM-yyyy) or ISO date; nullopt when absent or malformed.
  std::optional<Date> date_param() const {
    auto text = param("date");
    if (auto day = parse_route_date(text)) return day;
    return parse_iso_date(text);
  }

  // The query's channel when it exists, else the site's own channel.
  ChannelRow channel_param() const {
    if (const auto* c = catalog_.channel(param("channel"))) return *c;
    return site_channel();
  }

  // The site's own channel; the first in the store, or one named after the site when the store is empty.
  ChannelRow site_channel() const {
    if (const auto* c = catalog_.channel(settings_.default_channel)) return *c;
    if (!catalog_.channels().empty()) return catalog_.channels().front();
    ChannelRow fallback;
    fallback.slug = settings_.default_channel;
    fallback.name = settings_.name;
    return fallback;
  }

  PageResult result(std::string route, std::string page_title, std::string description, std::string canonical,
                    json::object params, json::object data) const {
    PageResult r;
    r.status = 200;
    r.route = std::move(route);
    r.title = std::move(page_title);
    r.description = std::move(description);
    r.canonical_path = std::move(canonical);
    r.params = std::move(params);
    r.data = std::move(data);
    r.bad_parameter = bad_parameter_;
    return r;
  }

  // Remembers the first malformed value; the page still answers with the default in its place.
  void reject(std::string message) {
    if (bad_parameter_.empty()) bad_parameter_ = std::move(message);
  }

  // An explicitly given date parameter, or nullopt; a malformed one is rejected.
  std::optional<Date> checked_date_param() {
    auto day = date_param();
    if (!day && !param("date").empty()) reject("The parameter 'date' must be a date as dd-MM-yyyy or yyyy-MM-dd.");
    return day;
  }

  static json::object window_json(const Date& first, const Date& last, const Date& day) {
    return json::object{
        {"first", iso_date(first)}, {"last", iso_date(last)}, {"contains", first <= day && day <= last}};
  }

  json::object on_air(const ChannelRow& channel) {
    auto broadcast = catalog_.broadcast_on_air(channel.slug);
    auto track = catalog_.track_on_air(channel.slug);
    return json::object{{"channel", catalog_.channel_summary(channel)},
                        {"broadcast", broadcast ? json::value(*broadcast) : json::value(nullptr)},
                        {"track", track ? json::value(*track) : json::value(nullptr)}};
  }

  json::array programme_cards(const std::vector<const queries::ProgrammeRow*>& list) const {
    json::array cards;
    for (const auto* p : list) cards.push_back(catalog_.programme_card(*p));
    return cards;
  }

  static std::vector<std::string> as_strings(const json::array& list, std::string_view key) {
    std::vector<std::string> out;
    for (const auto& item : list) out.push_back(field(item.get_object(), key));
    return out;
  }

  // ---- routes ----

  // The requested path as JSON can carry it: bytes of malformed UTF-8 are percent-encoded.
  std::string shown_path() const {
    if (path_.empty()) return "/";
    if (valid_utf8(path_)) return path_;
    std::string shown;
    for (char c : path_) {
      shown += static_cast<unsigned char>(c) < 0x80 ? std::string(1, c) : percent_encode(std::string_view(&c, 1));
    }
    return shown;
  }

  PageResult not_found(std::string description = {}) const {
    PageResult r = result("not-found", title("Pagina niet gevonden"),
                          description.empty() ? "Deze pagina bestaat niet (meer). Kijk in de sitemap of ga terug naar "
                                                "de voorpagina om verder te luisteren."
                                              : std::move(description),
                          shown_path(), {}, json::object{{"path", shown_path()}});
    r.status = 404;
    return r;
  }

  PageResult home() {
    auto channel = site_channel();
    json::array channels;
    for (const auto& c : catalog_.channels()) channels.push_back(on_air(c));
    json::object data{{"onAir", on_air(channel)},
                      {"channels", std::move(channels)},
                      {"news", catalog_.article_cards({}, 6, 0).items},
                      {"fragments", catalog_.fragments({}, 8, 0).items},
                      {"podcasts", catalog_.podcast_feeds()},
                      {"guide", catalog_.guide(channel.slug, ctx().today)}};
    return result("home", title("Luister live naar " + channel.name),
                  "Luister live naar " + channel.name + ", zie wat er gedraaid is en wat er straks komt, en luister " +
                      "programma's, fragmenten en podcasts terug.",
                  routes::home(), {}, std::move(data));
  }

  PageResult sitemap(const std::string& group) {
    // Every group is listed (the page offers them all), with links only for the one shown.
    json::array out;
    std::string group_title;
    for (auto& g : site_link_groups(catalog_)) {
      const bool shown = group.empty() || g.slug == group;
      if (g.slug == group) group_title = g.title;
      json::array links;
      if (shown) {
        for (auto& l : g.links) links.push_back(json::object{{"title", std::move(l.title)}, {"url", std::move(l.url)}});
      }
      out.push_back(json::object{{"slug", g.slug}, {"title", g.title}, {"links", std::move(links)}});
    }
    if (!group.empty() && group_title.empty()) out.clear();
    if (out.empty()) return not_found();
    json::object params;
    if (!group.empty()) params["group"] = group;
    return result(
        "sitemap", title(group.empty() ? "Sitemap" : "Sitemap: " + group_title),
        group.empty() ? "Alle pagina's van " + settings_.name +
                            " op een rij: zenders, programma's, "
                            "presentatoren, nieuws, podcasts en meer."
                      : group_title + " van " + settings_.name + " op een rij.",
        routes::sitemap(group), std::move(params),
        json::object{{"group", group.empty() ? json::value(nullptr) : json::value(group)}, {"groups", std::move(out)}});
  }

  PageResult live() {
    auto channel = channel_param();
    // Without a choice, the page opens on a channel that has live video, if the site's own has none.
    if (param("channel").empty() && channel.live_video_url.empty()) {
      for (const auto& c : catalog_.channels()) {
        if (!c.live_video_url.empty()) {
          channel = c;
          break;
        }
      }
    }
    const bool has_video = !channel.live_video_url.empty();
    json::object data{
        {"onAir", on_air(channel)},
        {"streamUrl", has_video ? json::value(channel.live_video_url) : json::value(nullptr)},
        {"videoTokenUrl", has_video ? json::value("/api/player/" + channel.slug + "/video") : json::value(nullptr)}};
    bool visual = !channel.live_video_url.empty();
    return result("live", title((visual ? "Kijk live naar " : "Luister live naar ") + channel.name),
                  visual ? "Kijk en luister live mee met " + channel.name + " in de studio."
                         : "Luister live naar " + channel.name + "; deze zender heeft geen live beeld.",
                  routes::live(ctx(), channel.slug), json::object{{"channel", channel.slug}}, std::move(data));
  }

  // The pop-out player (spec §2 'Open in venster'): the player alone, playing this channel.
  PageResult popout(std::string_view slug) {
    const auto* channel = catalog_.channel(slug);
    if (channel == nullptr) return not_found("Deze zender bestaat niet.");
    return result("popout", title(channel->name + " - Luister live"),
                  "Luister live naar " + channel->name + " in een eigen venster.", "/popout/" + channel->slug,
                  json::object{{"channel", channel->slug}},
                  json::object{{"channel", catalog_.channel_summary(*channel)}});
  }

  static std::optional<int> slot_hour(std::string_view time) {
    if (time == "0_24") return std::nullopt;
    for (int h = 0; h < 24; ++h) {
      if (time == std::to_string(h) + "_" + std::to_string(h + 1)) return h;
    }
    return std::nullopt;
  }

  PageResult gedraaid(const std::string& date_segment) {
    auto channel = channel_param();
    auto parsed_day = parse_route_date(date_segment);
    if (!date_segment.empty() && !parsed_day) reject("The date in the path must be a date as dd-MM-yyyy.");
    Date day = parsed_day.value_or(ctx().today);
    auto time = param("time");
    auto hour = slot_hour(time);
    if (!hour && !time.empty() && time != "0_24") {
      reject("The parameter 'time' must be an hour slot such as 8_9, or 0_24 for the whole day.");
    }
    if (!hour) time = "0_24";
    auto from = hour ? amsterdam_hour_start(day, *hour) : amsterdam_day_start(day);
    auto until = hour ? amsterdam_hour_start(day, *hour + 1) : amsterdam_day_start(add_days(day, 1));
    auto window = window_json(add_days(ctx().today, -kKeptDaysBack), ctx().today, day);
    bool kept = window.at("contains").as_bool();
    auto total = kept ? catalog_.track_plays(channel.slug, from, until, 1, 0, true).total : 0;
    auto paging = paginate(page_param(), total, kTrackPageSize);
    auto tracks = kept ? catalog_.track_plays(channel.slug, from, until, kTrackPageSize, paging.offset, true)
                       : queries::ListPage{};

    std::string when = day == ctx().today ? "vandaag" : "op " + dutch_long_date(day);
    if (hour) when += " tussen " + std::to_string(*hour) + ":00 en " + std::to_string(*hour + 1) + ":00";
    std::string heading = "Gedraaid op " + channel.name;
    if (day != ctx().today) heading += " - " + dutch_long_date(day);
    std::string description = !kept ? "Gedraaide nummers worden " + std::to_string(kKeptDaysBack) +
                                          " dagen bewaard; van " + dutch_long_date(day) + " is er geen lijst."
                              : total == 0 ? "Er zijn " + when + " nog geen nummers gedraaid op " + channel.name + "."
                                           : "Alle " + std::to_string(total) + " nummers die " + when + " op " +
                                                 channel.name + " zijn gedraaid, de nieuwste bovenaan.";
    json::object data{{"channel", catalog_.channel_summary(channel)},
                      {"date", iso_date(day)},
                      {"time", time},
                      {"window", std::move(window)},
                      {"tracks", std::move(tracks.items)},
                      {"paging", paging_json(paging)}};
    return result("gedraaid", title(heading), description,
                  routes::gedraaid(ctx(), channel.slug, day, paging.page, time),
                  json::object{{"channel", channel.slug},
                               {"date", route_date(day)},
                               {"page", std::to_string(paging.page)},
                               {"time", time}},
                  std::move(data));
  }

  PageResult gids(const std::vector<std::string>& s) {
    auto channel = channel_param();
    Date day = ctx().today;
    if (s.size() == 4) {
      auto parsed = parse_date_parts(s[1], s[2], s[3]);
      if (!parsed) reject("The date in the path must be a date as yyyy/MM/dd.");
      day = parsed.value_or(ctx().today);
    }
    auto window = window_json(add_days(ctx().today, -kKeptDaysBack), add_days(ctx().today, kGuideDaysAhead), day);
    bool kept = window.at("contains").as_bool();
    auto broadcasts = kept ? catalog_.guide(channel.slug, day) : json::array{};
    json::array days;
    for (const auto& d : catalog_.guide_days(channel.slug, day)) days.emplace_back(iso_date(d));
    bool is_default = channel.slug == ctx().default_channel;
    std::string heading = std::string(is_default ? "Gids" : "Gids " + channel.name) + " - " + dutch_long_date(day);
    std::string description =
        !kept ? "De gids gaat " + std::to_string(kKeptDaysBack) + " dagen terug en " + std::to_string(kGuideDaysAhead) +
                    " dagen vooruit; " + dutch_long_date(day) + " valt daarbuiten."
        : broadcasts.empty()
            ? "Voor " + dutch_long_date(day) + " staan er geen uitzendingen van " + channel.name + " in de gids."
            : "Het programmaoverzicht van " + channel.name + " op " + dutch_long_date(day) +
                  ": wie er te horen is en wanneer.";
    auto iso = iso_date(day);
    json::object data{{"channel", catalog_.channel_summary(channel)},
                      {"date", iso},
                      {"days", std::move(days)},
                      {"window", std::move(window)},
                      {"broadcasts", std::move(broadcasts)}};
    return result("gids", title(heading), description, routes::gids(ctx(), channel.slug, day),
                  json::object{{"channel", channel.slug},
                               {"year", iso.substr(0, 4)},
                               {"month", iso.substr(5, 2)},
                               {"day", iso.substr(8, 2)}},
                  std::move(data));
  }

  PageResult programmes() {
    // Grouped by channel in picker order, then by name.
    std::vector<const queries::ProgrammeRow*> list;
    for (const auto& c : catalog_.channels()) {
      for (const auto& p : catalog_.programmes()) {
        if (p.channel_slug == c.slug) list.push_back(&p);
      }
    }
    return result("programmas", title("Programma's"),
                  "Alle programma's van de zenders van " + settings_.name + ", met hun presentatoren en zendtijden.",
                  routes::programmes(), {}, json::object{{"programmes", programme_cards(list)}});
  }

  PageResult programme(const std::string& slug) {
    const auto* p = catalog_.programme(slug);
    if (!p) return not_found();
    auto card = catalog_.programme_card(*p);
    card["description"] = p->description;
    card["imageAlt"] = p->image_alt;
    card["broadcasters"] = catalog_.broadcaster_refs(*p, p->channel_slug);
    json::array presenter_cards;
    for (auto id : p->presenter_ids) {
      for (const auto& presenter : catalog_.presenters()) {
        if (presenter.id == id) presenter_cards.push_back(catalog_.presenter_card(presenter));
      }
    }
    queries::FragmentFilter fragment_filter;
    fragment_filter.programme_id = p->id;
    queries::ArticleFilter article_filter;
    article_filter.programme_id = p->id;
    auto id = std::to_string(p->id);
    auto now = std::to_string(catalog_.now());
    json::object data{
        {"programme", std::move(card)},
        {"presenters", std::move(presenter_cards)},
        {"fragments", catalog_.fragments(fragment_filter, 8, 0).items},
        {"news", catalog_.article_cards(article_filter, 6, 0).items},
        {"broadcasts", recorded_broadcasts("b.programme_id = " + id, 10)},
        {"upcoming", catalog_.broadcasts("b.programme_id = " + id + " AND b.ends_at > " + now, {}, "b.starts_at", 5)}};
    const auto* channel = catalog_.channel(p->channel_slug);
    std::string description = !p->summary.empty() ? p->summary
                              : !p->description.empty()
                                  ? p->description
                                  : p->name + " is te horen op " + (channel ? channel->name : settings_.name) + ".";
    return result("programma", title(p->name), description, routes::programme(p->slug),
                  json::object{{"programmeSlug", p->slug}}, std::move(data));
  }

  // The fragment tags by name, and the kTopTags most used of them (ties by name).
  std::pair<json::array, json::array> fragment_tag_lists(std::int64_t programme_id) {
    auto counts = catalog_.fragment_tags(programme_id);
    json::array tags;
    for (const auto& t : counts) tags.emplace_back(t.tag);
    std::stable_sort(counts.begin(), counts.end(),
                     [](const queries::TagCount& a, const queries::TagCount& b) { return a.uses > b.uses; });
    json::array top_tags;
    for (std::size_t i = 0; i < counts.size() && i < static_cast<std::size_t>(kTopTags); ++i) {
      top_tags.emplace_back(counts[i].tag);
    }
    return {std::move(tags), std::move(top_tags)};
  }

  PageResult programme_fragments(const std::string& slug) {
    const auto* p = catalog_.programme(slug);
    if (!p) return not_found();
    auto day = checked_date_param();
    auto tag = param("tag");
    queries::FragmentFilter filter;
    filter.programme_id = p->id;
    filter.tag = tag;
    if (day) {
      filter.day_from = amsterdam_day_start(*day);
      filter.day_until = amsterdam_day_start(add_days(*day, 1));
    }
    auto total = catalog_.fragments(filter, 1, 0).total;
    auto paging = paginate(page_param(), total, kGridPageSize);
    auto list = catalog_.fragments(filter, kGridPageSize, paging.offset);
    auto [tags, top_tags] = fragment_tag_lists(p->id);
    std::string description =
        total == 0
            ? "Er zijn geen fragmenten van " + p->name + (day ? " van " + dutch_long_date(*day) : std::string()) +
                  (tag.empty() ? "" : " over " + tag) + "."
            : "Luister " + std::to_string(total) + " fragmenten van " + p->name + " terug" +
                  (day ? " van " + dutch_long_date(*day) : std::string()) + (tag.empty() ? "" : " over " + tag) + ".";
    json::object data{{"programme", catalog_.programme_ref(*p)},
                      {"date", day ? json::value(iso_date(*day)) : json::value(nullptr)},
                      {"tag", tag.empty() ? json::value(nullptr) : json::value(tag)},
                      {"tags", std::move(tags)},
                      {"topTags", std::move(top_tags)},
                      {"fragments", std::move(list.items)},
                      {"paging", paging_json(paging)}};
    json::object params{{"programmeSlug", p->slug}, {"page", std::to_string(paging.page)}};
    if (day) params["date"] = route_date(*day);
    if (!tag.empty()) params["tag"] = tag;
    return result("programma-fragmenten", title("Fragmenten van " + p->name), description,
                  routes::programme_fragments(p->slug, day, paging.page, tag), std::move(params), std::move(data));
  }

  PageResult programme_news(const std::string& slug) {
    const auto* p = catalog_.programme(slug);
    if (!p) return not_found();
    auto category_param = param("category");
    const auto* category = catalog_.category(category_param);
    queries::ArticleFilter filter;
    filter.programme_id = p->id;
    // The categories offered are the ones this programme has written in.
    json::array categories;
    for (const auto& c : catalog_.categories()) {
      filter.category = c.slug;
      if (catalog_.article_cards(filter, 1, 0).total > 0) categories.push_back(catalog_.news_category(c.slug));
    }
    filter.category = category ? category->slug : "";
    auto total = catalog_.article_cards(filter, 1, 0).total;
    auto paging = paginate(page_param(), total, kGridPageSize);
    auto list = catalog_.article_cards(filter, kGridPageSize, paging.offset);
    json::object data{{"programme", catalog_.programme_ref(*p)},
                      {"category", category ? json::value(category->slug) : json::value(nullptr)},
                      {"categories", std::move(categories)},
                      {"articles", std::move(list.items)},
                      {"paging", paging_json(paging)}};
    json::object params{{"programmeSlug", p->slug}, {"page", std::to_string(paging.page)}};
    if (category) params["category"] = category->slug;
    return result("programma-nieuws", title("Nieuws van " + p->name),
                  total == 0 ? p->name + " heeft nog geen nieuws gepubliceerd."
                             : "Het laatste nieuws van " + p->name + (category ? " over " + category->name : "") + ".",
                  routes::programme_news(p->slug, category ? category->slug : "", paging.page), std::move(params),
                  std::move(data));
  }

  PageResult presenters() {
    json::array cards;
    for (const auto& p : catalog_.presenters()) cards.push_back(catalog_.presenter_card(p));
    return result("presentatoren", title("Presentatoren"),
                  "Maak kennis met de presentatoren, dj's en nieuwslezers van " + settings_.name + ".",
                  routes::presenters(), {}, json::object{{"presenters", std::move(cards)}});
  }

  PageResult presenter(const std::string& slug) {
    const auto* p = catalog_.presenter(slug);
    if (!p) return not_found();
    std::vector<const queries::ProgrammeRow*> list;
    queries::FragmentFilter filter;
    for (const auto& programme : catalog_.programmes()) {
      if (std::find(programme.presenter_ids.begin(), programme.presenter_ids.end(), p->id) !=
          programme.presenter_ids.end()) {
        list.push_back(&programme);
        filter.programme_ids.push_back(programme.id);
      }
    }
    auto card = catalog_.presenter_card(*p);
    card["bio"] = p->bio;
    card["imageAlt"] = p->image_alt;
    json::object data{{"presenter", std::move(card)},
                      {"programmes", programme_cards(list)},
                      {"fragments", list.empty() ? json::array{} : catalog_.fragments(filter, 8, 0).items}};
    std::string role = p->role.empty() ? std::string("presentator") : p->role;
    if (role[0] >= 'A' && role[0] <= 'Z') role[0] = static_cast<char>(role[0] - 'A' + 'a');
    std::string description = p->bio.empty() ? p->name + " is " + role + " bij " + settings_.name + "." : p->bio;
    return result("presentator", title(p->name), description, routes::presenter(p->slug),
                  json::object{{"presenterSlug", p->slug}}, std::move(data));
  }

  PageResult news(const std::string& category_slug) {
    const auto* category = catalog_.category(category_slug);
    if (!category_slug.empty() && !category) return not_found();
    auto tag = param("tag");
    queries::ArticleFilter filter;
    filter.category = category ? category->slug : "";
    filter.tag = tag;
    auto total = catalog_.article_cards(filter, 1, 0).total;
    auto paging = paginate(page_param(), total, kGridPageSize);
    auto list = catalog_.article_cards(filter, kGridPageSize, paging.offset);
    std::string heading = category ? category->name + " - Nieuws" : "Nieuws";
    if (!tag.empty()) heading = "Nieuws over " + tag;
    json::object data{
        {"category", category ? json::value(catalog_.news_category(category->slug)) : json::value(nullptr)},
        {"categories", catalog_.news_categories()},
        {"tag", tag.empty() ? json::value(nullptr) : json::value(tag)},
        {"articles", std::move(list.items)},
        {"paging", paging_json(paging)}};
    json::object params{{"page", std::to_string(paging.page)}};
    if (category) params["categorySlug"] = category->slug;
    if (!tag.empty()) params["tag"] = tag;
    std::string description =
        total == 0 ? std::string("Er is hier nog geen nieuws.")
                   : "Het laatste nieuws van " + settings_.name + (category ? " over " + category->name : "") +
                         (tag.empty() ? "" : " over " + tag) + ": achtergronden, verslagen en interviews.";
    return result("nieuws", title(heading), description, routes::news(category ? category->slug : "", paging.page, tag),
                  std::move(params), std::move(data));
  }

  // The id identifies the article; a wrong category or slug in the path still shows it, and the
  // canonical path carries the right ones.
  PageResult article(const std::string& id_text) {
    auto id = parse_positive(id_text);
    if (!id) return not_found();
    auto found = catalog_.article(*id);
    if (!found) return not_found();
    queries::ArticleFilter filter;
    filter.category = field(found->at("category").as_object(), "slug");
    filter.exclude_id = *id;
    auto related = catalog_.article_cards(filter, 4, 0).items;
    // The app view (/app/nieuws/...) shows the same article: its canonical is the normal page.
    auto canonical = catalog_.article_url(*found);
    auto article_title = field(*found, "title");
    auto intro = field(*found, "intro");
    json::object params{
        {"categorySlug", filter.category}, {"articleId", std::to_string(*id)}, {"articleSlug", field(*found, "slug")}};
    return result("artikel", title(article_title), intro.empty() ? article_title : intro, canonical, std::move(params),
                  json::object{{"article", std::move(*found)}, {"related", std::move(related)}});
  }

  PageResult fragments() {
    auto day = date_param();
    auto tag = param("tag");
    const auto* programme = catalog_.programme(slugify(param("program")));
    queries::FragmentFilter filter;
    filter.tag = tag;
    if (programme) filter.programme_id = programme->id;
    if (day) {
      filter.day_from = amsterdam_day_start(*day);
      filter.day_until = amsterdam_day_start(add_days(*day, 1));
    }
    auto total = catalog_.fragments(filter, 1, 0).total;
    auto paging = paginate(page_param(), total, kGridPageSize);
    auto list = catalog_.fragments(filter, kGridPageSize, paging.offset);
    auto [tags, top_tags] = fragment_tag_lists(programme ? programme->id : 0);
    std::string scope = (programme ? " van " + programme->name : std::string()) +
                        (day ? " van " + dutch_long_date(*day) : std::string()) + (tag.empty() ? "" : " over " + tag);
    std::string description =
        total == 0 ? (day ? "Op " + dutch_long_date(*day) + " zijn geen fragmenten" +
                                (programme ? " van " + programme->name : std::string()) +
                                (tag.empty() ? "" : " over " + tag) + " gepubliceerd."
                          : "Er zijn geen fragmenten" + scope + ".")
                   : "Luister de " + std::to_string(total) + " fragmenten" + scope + " terug, de nieuwste eerst.";
    json::object data{{"date", day ? json::value(iso_date(*day)) : json::value(nullptr)},
                      {"tag", tag.empty() ? json::value(nullptr) : json::value(tag)},
                      {"program", programme ? json::value(programme->slug) : json::value(nullptr)},
                      {"tags", std::move(tags)},
                      {"topTags", std::move(top_tags)},
                      {"fragments", std::move(list.items)},
                      {"paging", paging_json(paging)}};
    json::object params{{"page", std::to_string(paging.page)}};
    if (day) params["date"] = route_date(*day);
    if (!tag.empty()) params["tag"] = tag;
    if (programme) params["program"] = programme->slug;
    // With a programme, spec §2 points the link at the programme's own fragments page.
    auto canonical = programme ? routes::programme_fragments(programme->slug, day, paging.page, tag)
                               : routes::fragments(day, paging.page, "", tag);
    return result("fragmenten", title(programme ? "Fragmenten van " + programme->name : "Fragmenten"), description,
                  canonical, std::move(params), std::move(data));
  }

  PageResult fragment(const std::string& id_text) {
    auto id = parse_positive(id_text);
    if (!id) return not_found();
    auto found = catalog_.fragment(*id);
    if (!found) return not_found();
    queries::FragmentFilter filter;
    filter.exclude_id = *id;
    filter.published_before = parse_iso_instant(field(*found, "publishedAt")).value_or(catalog_.now());
    if (const auto* p = catalog_.programme(
            found->at("programme").is_object() ? field(found->at("programme").as_object(), "slug") : std::string())) {
      filter.programme_id = p->id;
    }
    auto queue = catalog_.fragments(filter, 10, 0).items;
    auto canonical = catalog_.fragment_url(*found);
    auto fragment_title = field(*found, "title");
    auto description = field(*found, "description");
    json::object params{{"fragmentId", std::to_string(*id)}, {"fragmentSlug", field(*found, "slug")}};
    return result("fragment", title(fragment_title),
                  description.empty() ? "Luister het fragment " + fragment_title + " terug." : description, canonical,
                  std::move(params), json::object{{"fragment", std::move(*found)}, {"queue", std::move(queue)}});
  }

  // Gemist lists hours: each clock hour of a programme's broadcast is an item of its own (spec §9's
  // slot label), with its own route and recording; the whole broadcast stays a page of its own.
  PageResult broadcasts() {
    const auto* programme = catalog_.programme(param("programme"));
    json::array programmes;
    for (const auto& p : catalog_.programmes()) programmes.push_back(catalog_.programme_ref(p));
    auto recorded = recorded_hours(programme ? "b.programme_id = " + std::to_string(programme->id) : "");
    auto paging = paginate(page_param(), static_cast<std::int64_t>(recorded.size()), kGridPageSize);
    json::array list;
    for (std::size_t i = paging.offset; i < recorded.size() && list.size() < kGridPageSize; ++i) {
      list.push_back(std::move(recorded[i]));
    }
    json::object params{{"page", std::to_string(paging.page)}};
    if (programme) params["programme"] = programme->slug;
    std::string description = programme
                                  ? "Luister uitzendingen van " + programme->name + " van de afgelopen week terug."
                                  : "Uitzending gemist? Luister de uitzendingen van de afgelopen week terug.";
    auto canonical = routes::broadcasts(programme ? programme->slug : "", paging.page);
    return result("uitzendingen", title(programme ? "Uitzendingen van " + programme->name : "Uitzending gemist"),
                  description, canonical, std::move(params),
                  json::object{{"programme", programme ? json::value(programme->slug) : json::value(nullptr)},
                               {"programmes", std::move(programmes)},
                               {"broadcasts", std::move(list)},
                               {"paging", paging_json(paging)}});
  }

  json::object hour_json(const json::object& broadcast, const domain::BroadcastHour& hour) const {
    return json::object{{"from", iso_instant(hour.from)},
                        {"until", iso_instant(hour.until)},
                        {"label", broadcast_slot_label(hour.from)},
                        {"url", catalog_.broadcast_hour_url(broadcast, domain::hour_segment(hour))}};
  }

  // Every hour of a broadcast, oldest first, and whether it has ended.
  json::array hours_json(const json::object& broadcast, std::int64_t from, std::int64_t until) const {
    json::array hours;
    for (const auto& h : domain::broadcast_hours(from, until)) {
      auto entry = hour_json(broadcast, h);
      entry["ended"] = h.until <= catalog_.now();
      hours.push_back(std::move(entry));
    }
    return hours;
  }

  // The hours of the last week's broadcasts that ended and whose recording is on disk, newest
  // first, each a broadcast with its `hour`; `filter` narrows the broadcasts.
  json::array recorded_hours(const std::string& filter) const {
    const auto now = catalog_.now();
    std::string where = "b.starts_at < " + std::to_string(now) +
                        " AND b.starts_at >= " + std::to_string(amsterdam_day_start(add_days(ctx().today, -7)));
    if (!filter.empty()) where += " AND " + filter;
    json::array recorded;
    if (!settings_.recordings) return recorded;
    for (auto& b : catalog_.broadcasts(where, {}, "b.starts_at DESC", 0)) {
      const auto& broadcast = b.as_object();
      auto hours = domain::broadcast_hours(parse_iso_instant(field(broadcast, "from")).value_or(0),
                                           parse_iso_instant(field(broadcast, "until")).value_or(0));
      const auto channel = field(broadcast.at("channel").as_object(), "slug");
      for (auto it = hours.rbegin(); it != hours.rend(); ++it) {
        if (!domain::recording_settled(it->until, now)) continue;
        // An hour is an item of the list when it was recorded whole; one with a gap still plays
        // on its own page and in its broadcast, with a notice.
        const auto recorded_hour = settings_.recordings(channel, it->from, it->until);
        if (!recorded_hour || !recorded_hour->gaps.empty()) continue;
        auto item = broadcast;
        item["hour"] = hour_json(broadcast, *it);
        recorded.push_back(std::move(item));
      }
    }
    return recorded;
  }

  // Ended broadcasts of the last week whose recording is on disk (only those can be listened to
  // again), newest first; `filter` narrows them, `limit` 0 means all.
  json::array recorded_broadcasts(const std::string& filter, std::size_t limit) const {
    std::string where = "b.ends_at <= " + std::to_string(catalog_.now() - domain::kRecordingSettleSeconds) +
                        " AND b.starts_at >= " + std::to_string(amsterdam_day_start(add_days(ctx().today, -7)));
    if (!filter.empty()) where += " AND " + filter;
    json::array recorded;
    for (auto& b : catalog_.broadcasts(where, {}, "b.starts_at DESC", 0)) {
      if (recording_seconds(b.as_object())) recorded.push_back(std::move(b));
      if (limit > 0 && recorded.size() == limit) break;
    }
    return recorded;
  }

  // The recording of a broadcast that ended, if any hour of it is on disk.
  std::optional<RecordedRange> recording_seconds(const json::object& broadcast) const {
    if (!settings_.recordings) return std::nullopt;
    auto from = parse_iso_instant(field(broadcast, "from"));
    auto until = parse_iso_instant(field(broadcast, "until"));
    if (!from || !until || !domain::recording_settled(*until, catalog_.now())) return std::nullopt;
    return settings_.recordings(field(broadcast.at("channel").as_object(), "slug"), *from, *until);
  }

  // A page's `recording`: whether it plays, how long, and the gaps in it with their place in the
  // recording (seconds from `from`, where it starts), which the player skips and the page names.
  static json::object recording_json(const std::optional<RecordedRange>& recorded, std::int64_t from) {
    json::array gaps;
    if (recorded) {
      for (const auto& [gap_from, gap_until] : recorded->gaps) {
        gaps.push_back(json::object{{"from", iso_instant(gap_from)},
                                    {"until", iso_instant(gap_until)},
                                    {"offsetSeconds", gap_from - from},
                                    {"untilSeconds", gap_until - from}});
      }
    }
    return json::object{{"available", recorded.has_value()},
                        {"durationSeconds", recorded ? json::value(recorded->duration_seconds) : json::value(nullptr)},
                        {"gaps", std::move(gaps)}};
  }

  PageResult broadcast(const std::string& id_text) {
    auto id = parse_positive(id_text);
    if (!id) return not_found();
    auto found = catalog_.broadcast(*id);
    if (!found) return not_found();
    auto from = parse_iso_instant(field(*found, "from")).value_or(0);
    auto until = parse_iso_instant(field(*found, "until")).value_or(0);
    auto channel_slug = field(found->at("channel").as_object(), "slug");
    auto tracks = catalog_.track_plays(channel_slug, from, until, 0, 0, false);
    // Each track's place in the recording, which starts with the broadcast.
    for (auto& track : tracks.items) {
      auto& t = track.as_object();
      t["offsetSeconds"] = std::max<std::int64_t>(0, parse_iso_instant(field(t, "from")).value_or(from) - from);
    }
    auto recording = recording_json(recording_seconds(*found), from);
    auto broadcast_title = field(*found, "title");
    auto day = dutch_long_date(amsterdam_date(from));
    auto canonical = catalog_.broadcast_url(*found);
    json::object params{{"broadcastId", std::to_string(*id)}, {"broadcastSlug", field(*found, "slug")}};
    auto description = "Luister de uitzending van " + broadcast_title + " van " + day + " op " +
                       field(found->at("channel").as_object(), "name") + " terug.";
    auto hours = hours_json(*found, from, until);
    return result("uitzending", title(broadcast_title + " - " + day), description, canonical, std::move(params),
                  json::object{{"broadcast", std::move(*found)},
                               {"hours", std::move(hours)},
                               {"recording", std::move(recording)},
                               {"tracks", std::move(tracks.items)}});
  }

  // One hour of a broadcast: its recording, the tracks of the hour (offsets from the hour's start)
  // and the broadcast's other hours.
  PageResult broadcast_hour(const std::string& id_text, const std::string& hour_text) {
    auto id = parse_positive(id_text);
    auto segment = domain::parse_hour_segment(hour_text);
    if (!id || !segment) return not_found();
    auto found = catalog_.broadcast(*id);
    if (!found) return not_found();
    auto from = parse_iso_instant(field(*found, "from")).value_or(0);
    auto until = parse_iso_instant(field(*found, "until")).value_or(0);
    auto hour = domain::broadcast_hour_of(from, until, *segment);
    if (!hour) return not_found();
    auto channel_slug = field(found->at("channel").as_object(), "slug");
    auto tracks = catalog_.track_plays(channel_slug, hour->from, hour->until, 0, 0, false);
    for (auto& track : tracks.items) {
      auto& t = track.as_object();
      t["offsetSeconds"] =
          std::max<std::int64_t>(0, parse_iso_instant(field(t, "from")).value_or(hour->from) - hour->from);
    }
    std::optional<RecordedRange> recorded;
    if (settings_.recordings && domain::recording_settled(hour->until, catalog_.now())) {
      recorded = settings_.recordings(channel_slug, hour->from, hour->until);
    }
    auto recording = recording_json(recorded, hour->from);
    auto hours = hours_json(*found, from, until);
    auto current = hour_json(*found, *hour);
    auto label = field(current, "label");
    auto canonical = field(current, "url");
    auto broadcast_title = field(*found, "title");
    json::object params{{"broadcastId", std::to_string(*id)},
                        {"broadcastSlug", field(*found, "slug")},
                        {"hour", domain::hour_segment(*hour)}};
    auto description = "Luister " + broadcast_title + " van " + label + " op " +
                       field(found->at("channel").as_object(), "name") + " terug.";
    return result("uitzendinguur", title(broadcast_title + " - " + label), description, canonical, std::move(params),
                  json::object{{"broadcast", std::move(*found)},
                               {"hour", std::move(current)},
                               {"hours", std::move(hours)},
                               {"recording", std::move(recording)},
                               {"tracks", std::move(tracks.items)}});
  }

  PageResult podcasts() {
    return result("podcasts", title("Podcasts"),
                  "Alle podcasts van " + settings_.name + ": luister ze hier of in je favoriete podcastapp.",
                  routes::podcasts(), {}, json::object{{"feeds", catalog_.podcast_feeds()}});
  }

  PageResult podcast(const std::string& slug) {
    auto feed = catalog_.podcast_feed(slug);
    if (!feed) return not_found();
    auto feed_title = field(*feed, "title");
    auto description = field(*feed, "description");
    return result("podcast", title(feed_title),
                  description.empty() ? "Luister alle afleveringen van " + feed_title + "." : description,
                  routes::podcast(slug), json::object{{"feedSlug", slug}},
                  json::object{{"feed", std::move(*feed)}, {"episodes", catalog_.podcast_episodes(slug)}});
  }

  PageResult podcast_episode(const std::string& id_text) {
    auto id = parse_positive(id_text);
    if (!id) return not_found();
    auto episode = catalog_.podcast_episode(*id);
    if (!episode) return not_found();
    auto feed_slug = field(*episode, "feedSlug");
    auto feed = catalog_.podcast_feed(feed_slug);
    if (!feed) return not_found();
    auto episode_title = field(*episode, "title");
    auto description = field(*episode, "description");
    json::object params{
        {"feedSlug", feed_slug}, {"episodeId", std::to_string(*id)}, {"episodeSlug", field(*episode, "slug")}};
    auto feed_title = field(*feed, "title");
    if (description.empty()) description = "Luister " + episode_title + " van " + feed_title + ".";
    auto canonical = routes::podcast_episode(feed_slug, *id, field(*episode, "slug"));
    return result("podcast-aflevering", title(episode_title + " - " + feed_title), description, canonical,
                  std::move(params),
                  json::object{{"feed", std::move(*feed)},
                               {"episode", std::move(*episode)},
                               {"episodes", catalog_.podcast_episodes(feed_slug)}});
  }

  PageResult content_page(const std::string& kind, const std::string& slug) {
    auto page = catalog_.content_page(kind, slug);
    if (!page) return not_found();
    auto page_title = field(*page, "title");
    auto description = field(*page, "description");
    return result(kind, title(page_title),
                  description.empty() ? page_title + " op " + settings_.name + "." : description,
                  kind == "thema" ? routes::thema(slug) : routes::overzicht(slug), json::object{{"slug", slug}},
                  std::move(*page));
  }

  // An unpublished page shows only with a valid token: without one the preview does not exist
  // (404), with a bad, expired or other page's token access is refused (403).
  PageResult preview(const std::string& id_text) {
    auto id = parse_positive(id_text);
    if (!id) return not_found();
    auto it = query_.find("x-craft-live-preview");
    auto token = it == query_.end() ? std::string() : it->second;
    auto verdict = PreviewTokens(settings_.preview_secret).verify(token, *id, catalog_.now());
    if (verdict == PreviewVerdict::missing) {
      return not_found(
          "Een voorbeeld van een niet-gepubliceerde pagina is alleen te zien met een geldige voorbeeldsleutel.");
    }
    if (verdict != PreviewVerdict::valid) {
      PageResult denied =
          not_found(verdict == PreviewVerdict::expired ? "Deze voorbeeldlink is verlopen. Vraag een nieuwe link aan."
                                                       : "Deze voorbeeldlink is ongeldig. Vraag een nieuwe link aan.");
      denied.title = title("Geen toegang tot dit voorbeeld");
      denied.data["message"] = denied.description;
      denied.status = 403;
      return denied;
    }
    std::string kind;
    auto page = catalog_.content_page_by_id(*id, &kind);
    if (!page) return not_found();
    auto page_title = field(*page, "title");
    auto shown =
        result(kind == "thema" ? "thema" : "overzicht", title("Voorbeeld: " + page_title),
               "Voorbeeld van " + page_title + ", nog niet gepubliceerd.", "/overzicht/preview/" + std::to_string(*id),
               json::object{{"pageId", std::to_string(*id)}}, std::move(*page));
    shown.preview = true;
    return shown;
  }

  // An article that is not on the site (a draft, scheduled or expired) opens with a token signed
  // by the article preview key, like the content-page previews above.
  PageResult article_preview(const std::string& id_text) {
    auto id = parse_positive(id_text);
    if (!id) return not_found();
    auto it = query_.find("x-craft-live-preview");
    auto token = it == query_.end() ? std::string() : it->second;
    auto verdict = PreviewTokens(article_preview_secret(settings_.preview_secret)).verify(token, *id, catalog_.now());
    if (verdict == PreviewVerdict::missing) {
      return not_found("Een voorbeeld van een artikel is alleen te zien met een geldige voorbeeldsleutel.");
    }
    if (verdict != PreviewVerdict::valid) {
      PageResult denied =
          not_found(verdict == PreviewVerdict::expired ? "Deze voorbeeldlink is verlopen. Vraag een nieuwe link aan."
                                                       : "Deze voorbeeldlink is ongeldig. Vraag een nieuwe link aan.");
      denied.title = title("Geen toegang tot dit voorbeeld");
      denied.data["message"] = denied.description;
      denied.status = 403;
      return denied;
    }
    auto found = catalog_.article(*id, true);
    if (!found) return not_found();
    auto article_title = field(*found, "title");
    json::object params{{"categorySlug", field(found->at("category").as_object(), "slug")},
                        {"articleId", std::to_string(*id)},
                        {"articleSlug", field(*found, "slug")}};
    auto shown = result("artikel", title("Voorbeeld: " + article_title), "Voorbeeld van " + article_title + ".",
                        "/nieuws/preview/" + std::to_string(*id), std::move(params),
                        json::object{{"article", std::move(*found)}, {"related", json::array{}}});
    shown.preview = true;
    return shown;
  }

  PageResult search(const std::string& term) {
    auto data = search_data(*search_.index(), term.size() > kMaxTextParam || !valid_utf8(term) ? std::string() : term,
                            param("type"), page_param());
    auto shown = field(data, "term");
    std::int64_t total = 0;
    for (const auto& group : data.at("groups").as_array()) total += group.as_object().at("total").as_int64();
    std::string description =
        shown.empty() ? "Zoek in programma's, presentatoren, nieuws, fragmenten, podcasts en gedraaide nummers."
        : total == 0  ? "Niets gevonden voor " + shown + ". Probeer een ander zoekwoord."
                      : std::to_string(total) + " resultaten voor " + shown +
                           " in programma's, nieuws, fragmenten, podcasts en gedraaide nummers.";
    return result("zoeken", title(shown.empty() ? "Zoeken" : "Zoeken naar " + shown), description,
                  shown.empty() ? std::string("/zoeken") : routes::search(shown), json::object{{"searchTerm", shown}},
                  std::move(data));
  }

  PageResult videos() {
    return result("videos", title("Video's"),
                  "Bekijk de video's van " + settings_.name + ": optredens, interviews en beelden uit de studio.",
                  routes::videos(), {}, json::object{{"videos", catalog_.videos()}});
  }

  Catalog& catalog_;
  const SiteSettings& settings_;
  std::string path_;
  const http::QueryParams& query_;
  std::string bad_parameter_;
  search::SearchService& search_;
};

}  // namespace

PageLoader::PageLoader(store::Database& db, SiteSettings settings, Clock clock)
    : db_(db), settings_(std::move(settings)), clock_(std::move(clock)) {
  auto unix_now = [this] {
    return std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count();
  };
  search_ = std::make_unique<search::SearchService>(
      search::Source{[this, unix_now] { return search_corpus(db_, settings_.default_channel, unix_now()); },
                     [this, unix_now] { return search_fingerprint(db_, unix_now()); }});
}

PageResult PageLoader::load(std::string_view path, const http::QueryParams& query) {
  auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count();
  Catalog catalog(db_, RouteContext{amsterdam_date(now), settings_.default_channel}, now);
  return Page(catalog, settings_, path, query, *search_).answer();
}

json::object PageLoader::site_config() {
  auto now = std::chrono::duration_cast<std::chrono::seconds>(clock_().time_since_epoch()).count();
  Catalog catalog(db_, RouteContext{amsterdam_date(now), settings_.default_channel}, now);
  json::array channels;
  for (const auto& c : catalog.channels()) channels.push_back(catalog.channel_summary(c));
  return json::object{{"name", settings_.name},          {"baseUrl", settings_.base_url},
                      {"siteCode", settings_.site_code}, {"defaultChannel", settings_.default_channel},
                      {"channels", std::move(channels)}, {"errorReporting", error_reporting_config()}};
}

json::value PageLoader::error_reporting_config() const {
  if (settings_.sentry_dsn.empty()) return nullptr;
  return json::object{{"dsn", settings_.sentry_dsn},
                      {"tracesSampleRate", settings_.sentry_traces_sample_rate},
                      {"environment", "production"}};
}

}  // namespace ether::pages
