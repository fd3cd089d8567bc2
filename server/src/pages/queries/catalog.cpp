#include "pages/queries/catalog.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "domain/station.hpp"
#include "domain/time.hpp"
#include "pages/content_safety.hpp"
#include "pages/queries/rows.hpp"
#include "store/publication.hpp"

namespace ether::pages::queries {
namespace json = boost::json;
namespace {

constexpr const char* kUnknownProgrammeImage = "/images/unknown_programme.webp";

json::value nullable(const std::optional<std::string>& text) {
  if (!text || text->empty()) return nullptr;
  return json::value(*text);
}

json::value nullable(const std::optional<std::int64_t>& number) {
  if (!number) return nullptr;
  return json::value(*number);
}

// Every URL the store holds passes the one content_safety rule on its way to a page: a
// "javascript:", "data:" or "//host" value reads as absent, so the usual fallback image applies.
std::string url_at(const soci::row& row, std::size_t index) { return safe_url(text_at(row, index)); }

std::optional<std::string> optional_url_at(const soci::row& row, std::size_t index) {
  auto text = optional_text_at(row, index);
  if (text) *text = safe_url(*text);
  return text;
}

std::int64_t seconds_of(std::int64_t milliseconds) { return (milliseconds + 500) / 1000; }

std::string clock_text(int minute) {
  auto two = [](int value) { return value < 10 ? "0" + std::to_string(value) : std::to_string(value); };
  return two(minute / 60) + ":" + two(minute % 60);
}

std::string days_text(const std::vector<int>& days) {
  if (days.size() == 7) return "dagelijks";
  bool consecutive = true;
  for (std::size_t i = 1; i < days.size(); ++i) consecutive = consecutive && days[i] == days[i - 1] + 1;
  if (consecutive && days.size() >= 3)
    return std::string(domain::dutch_weekday(days.front())) + " t/m " + std::string(domain::dutch_weekday(days.back()));
  std::string text;
  for (std::size_t i = 0; i < days.size(); ++i) {
    if (i > 0) text += i + 1 == days.size() ? " en " : ", ";
    text += domain::dutch_weekday(days[i]);
  }
  return text;
}

std::string string_field(const json::object& object, std::string_view key) {
  if (auto* value = object.if_contains(key); value && value->is_string()) return std::string(value->get_string());
  return {};
}

std::vector<std::string> string_items(const json::object& block) {
  std::vector<std::string> items;
  if (auto* list = block.if_contains("items"); list && list->is_array()) {
    for (const auto& item : list->get_array()) {
      if (item.is_string()) items.emplace_back(item.get_string());
    }
  }
  return items;
}

// body_json and blocks_json hold a block array; an object {"blocks": [...]} is accepted as well.
json::array parse_blocks(const std::string& text, std::string_view what) {
  boost::system::error_code ec;
  auto value = json::parse(text, ec);
  if (!ec && value.is_array()) return value.get_array();
  if (!ec && value.is_object()) {
    if (auto* blocks = value.get_object().if_contains("blocks"); blocks && blocks->is_array()) {
      return blocks->get_array();
    }
  }
  spdlog::warn("pages: {} holds no block list; showing it without blocks", what);
  return {};
}

std::optional<Date> date_of_instant(const json::value* instant) {
  if (!instant || !instant->is_string()) return std::nullopt;
  auto seconds = parse_iso_instant(instant->get_string());
  if (!seconds) return std::nullopt;
  return amsterdam_date(*seconds);
}

std::string slug_of(const json::value* ref) {
  if (!ref || !ref->is_object()) return {};
  return string_field(ref->get_object(), "slug");
}

const char* kArticleColumns =
    "SELECT a.id, a.slug, a.category_slug, a.programme_id, a.title, a.intro, a.image_url, a.published_at, a.author, "
    "a.body_json, a.live_until FROM articles a";
const char* kFragmentColumns =
    "SELECT f.id, f.slug, f.programme_id, f.title, f.description, f.image_url, f.audio_path, f.duration_ms, "
    "f.published_at FROM fragments f";
const char* kBroadcastColumns =
    "SELECT b.id, b.channel_slug, b.programme_id, b.slug, b.title, b.starts_at, b.ends_at, b.image_url, b.audio_url "
    "FROM broadcasts b";
const char* kTrackColumns =
    "SELECT t.id, t.starts_at, t.ends_at, t.chart_position, s.id, s.slug, s.title, s.artist, s.composer, "
    "s.complete_work, s.ensemble, s.cover_url FROM track_plays t JOIN songs s ON s.id = t.song_id";
const std::string kFeedColumns =
    "SELECT p.slug, p.title, p.description, p.author, p.image_url, p.id, "
    "(SELECT COUNT(*) FROM podcast_episodes e WHERE e.feed_id = p.id AND ";
const char* kEpisodeColumns =
    "SELECT e.id, e.slug, p.slug, e.title, e.description, e.published_at, e.duration_ms, e.audio_path, e.image_url, "
    "p.image_url FROM podcast_episodes e JOIN podcast_feeds p ON p.id = e.feed_id";

json::object track_from_row(const soci::row& row) {
  return json::object{{"id", int_at(row, 0)},
                      {"from", iso_instant(int_at(row, 1))},
                      {"until", iso_instant(int_at(row, 2))},
                      {"title", text_at(row, 6)},
                      {"artist", text_at(row, 7)},
                      {"songSlug", text_at(row, 5)},
                      {"songId", int_at(row, 4)},
                      {"url", routes::track(int_at(row, 4), text_at(row, 5))},
                      {"coverUrl", nullable(optional_url_at(row, 11))},
                      {"chartPosition", nullable(optional_int_at(row, 3))},
                      {"composer", nullable(optional_text_at(row, 8))},
                      {"completeWork", nullable(optional_text_at(row, 9))},
                      {"ensemble", nullable(optional_text_at(row, 10))}};
}

json::object episode_from_row(const soci::row& row) {
  auto image = url_at(row, 8);
  return json::object{{"id", int_at(row, 0)},
                      {"slug", text_at(row, 1)},
                      {"feedSlug", text_at(row, 2)},
                      {"title", text_at(row, 3)},
                      {"description", text_at(row, 4)},
                      {"publishedAt", iso_instant(int_at(row, 5))},
                      {"durationSeconds", seconds_of(int_at(row, 6))},
                      {"audioUrl", Catalog::media_url(text_at(row, 7))},
                      {"imageUrl", image.empty() ? url_at(row, 9) : image}};
}

}  // namespace

Catalog::Catalog(store::Database& db, RouteContext ctx, std::int64_t now)
    : ctx_(std::move(ctx)), now_(now), lease_(db.lease()) {
  load_reference_data();
}

void Catalog::load_reference_data() {
  auto& sql = session();
  std::vector<ChannelRow> all;
  for_each_row(sql,
               "SELECT slug, name, parent_slug, description, color, logo_url, sort_order, has_programming, "
               "player_mode, classical, live_video_url FROM channels WHERE " +
                   store::not_trashed("") + " ORDER BY sort_order, name",
               {}, [&](const soci::row& row) {
                 all.push_back(ChannelRow{.slug = text_at(row, 0),
                                          .name = text_at(row, 1),
                                          .parent_slug = text_at(row, 2),
                                          .description = text_at(row, 3),
                                          .color = text_at(row, 4),
                                          .logo_url = url_at(row, 5),
                                          .player_mode = text_at(row, 8),
                                          .live_video_url = text_at(row, 10),
                                          .sort_order = int_at(row, 6),
                                          .has_programming = int_at(row, 7) != 0,
                                          .classical = int_at(row, 9) != 0});
               });
  // Picker order: each parent channel followed by its children.
  for (const auto& parent : all) {
    if (!parent.parent_slug.empty() && channel_ptr_in(all, parent.parent_slug)) continue;
    channels_.push_back(parent);
    for (const auto& child : all) {
      if (child.parent_slug == parent.slug) channels_.push_back(child);
    }
  }

  for_each_row(sql, "SELECT slug, name, logo_url FROM broadcasters WHERE " + store::not_trashed(""), {},
               [&](const soci::row& row) {
                 broadcasters_[text_at(row, 0)] = BroadcasterRow{text_at(row, 0), text_at(row, 1), url_at(row, 2)};
               });
  for_each_row(sql, "SELECT channel_slug, broadcaster_slug FROM channel_broadcasters", {},
               [&](const soci::row& row) { whitelist_.emplace(text_at(row, 0), text_at(row, 1)); });
  // Archived programmes and presenters (admin) are off the site: no page, card, search entry or
  // link; a broadcast of an archived programme is shown without it.
  for_each_row(sql,
               "SELECT id, slug, name, role, bio, image_url, image_alt FROM presenters WHERE " +
                   store::archivable_visible("") + " ORDER BY name",
               {}, [&](const soci::row& row) {
                 presenters_.push_back(PresenterRow{int_at(row, 0), text_at(row, 1), text_at(row, 2), text_at(row, 3),
                                                    text_at(row, 4), url_at(row, 5), text_at(row, 6)});
               });
  for_each_row(
      sql,
      "SELECT id, slug, name, channel_slug, summary, description, image_url, image_alt FROM programmes WHERE " +
          store::archivable_visible("") + " ORDER BY name",
      {}, [&](const soci::row& row) {
        ProgrammeRow programme;
        programme.id = int_at(row, 0);
        programme.slug = text_at(row, 1);
        programme.name = text_at(row, 2);
        programme.channel_slug = text_at(row, 3);
        programme.summary = text_at(row, 4);
        programme.description = text_at(row, 5);
        programme.image_url = url_at(row, 6);
        programme.image_alt = text_at(row, 7);
        programmes_.push_back(std::move(programme));
      });
  auto programme_by_id = [this](std::int64_t id) {
    auto it = std::find_if(programmes_.begin(), programmes_.end(), [id](const auto& p) { return p.id == id; });
    return it == programmes_.end() ? nullptr : &*it;
  };
  for_each_row(sql, "SELECT programme_id, presenter_id FROM programme_presenters ORDER BY programme_id, position", {},
               [&](const soci::row& row) {
                 if (auto* p = programme_by_id(int_at(row, 0))) p->presenter_ids.push_back(int_at(row, 1));
               });
  for_each_row(sql, "SELECT programme_id, broadcaster_slug FROM programme_broadcasters ORDER BY broadcaster_slug", {},
               [&](const soci::row& row) {
                 if (auto* p = programme_by_id(int_at(row, 0))) p->broadcaster_slugs.push_back(text_at(row, 1));
               });
  for_each_row(sql,
               "SELECT programme_id, weekday, start_minute, end_minute FROM schedule_slots "
               "ORDER BY start_minute, weekday",
               {}, [&](const soci::row& row) {
                 if (auto* p = programme_by_id(int_at(row, 0))) {
                   p->slots.push_back(SlotRow{static_cast<int>(int_at(row, 1)), static_cast<int>(int_at(row, 2)),
                                              static_cast<int>(int_at(row, 3))});
                 }
               });
  for_each_row(sql, "SELECT slug, name, color FROM news_categories WHERE " + store::not_trashed("") + " ORDER BY name",
               {}, [&](const soci::row& row) {
                 categories_.push_back(CategoryRow{text_at(row, 0), text_at(row, 1), text_at(row, 2)});
               });
}

const ChannelRow* Catalog::channel_ptr_in(const std::vector<ChannelRow>& list, std::string_view slug) {
  auto it = std::find_if(list.begin(), list.end(), [slug](const auto& c) { return c.slug == slug; });
  return it == list.end() ? nullptr : &*it;
}

const ChannelRow* Catalog::channel(std::string_view slug) const { return channel_ptr_in(channels_, slug); }

const ProgrammeRow* Catalog::programme(std::int64_t id) const {
  auto it = std::find_if(programmes_.begin(), programmes_.end(), [id](const auto& p) { return p.id == id; });
  return it == programmes_.end() ? nullptr : &*it;
}

const ProgrammeRow* Catalog::programme(std::string_view slug) const {
  auto it = std::find_if(programmes_.begin(), programmes_.end(), [slug](const auto& p) { return p.slug == slug; });
  return it == programmes_.end() ? nullptr : &*it;
}

const PresenterRow* Catalog::presenter(std::string_view slug) const {
  auto it = std::find_if(presenters_.begin(), presenters_.end(), [slug](const auto& p) { return p.slug == slug; });
  return it == presenters_.end() ? nullptr : &*it;
}

const CategoryRow* Catalog::category(std::string_view slug) const {
  auto it = std::find_if(categories_.begin(), categories_.end(), [slug](const auto& c) { return c.slug == slug; });
  return it == categories_.end() ? nullptr : &*it;
}

json::object Catalog::channel_summary(const ChannelRow& c) const {
  return json::object{{"slug", c.slug},
                      {"name", c.name},
                      {"parentSlug", c.parent_slug.empty() ? json::value(nullptr) : json::value(c.parent_slug)},
                      {"description", c.description},
                      {"color", c.color.empty() ? std::string(domain::kDefaultAccentColor) : c.color},
                      {"logoUrl", c.logo_url},
                      {"hasProgramming", c.has_programming},
                      {"playerMode", c.player_mode == "talk" ? "talk" : "music"},
                      {"classical", c.classical},
                      {"hasVisualRadio", !c.live_video_url.empty()}};
}

json::object Catalog::channel_ref(std::string_view slug) const {
  const auto* c = channel(slug);
  return json::object{{"slug", slug}, {"name", c ? c->name : std::string(slug)}};
}

json::object Catalog::programme_ref(const ProgrammeRow& p) const {
  return json::object{{"slug", p.slug}, {"name", p.name}};
}

json::array Catalog::presenter_refs(const ProgrammeRow& p) const {
  json::array refs;
  for (auto id : p.presenter_ids) {
    auto it = std::find_if(presenters_.begin(), presenters_.end(), [id](const auto& x) { return x.id == id; });
    if (it != presenters_.end()) refs.push_back(json::object{{"slug", it->slug}, {"name", it->name}});
  }
  return refs;
}

json::object Catalog::programme_card(const ProgrammeRow& p) const {
  return json::object{{"slug", p.slug},
                      {"name", p.name},
                      {"channel", channel_ref(p.channel_slug)},
                      {"summary", p.summary},
                      {"imageUrl", p.image_url.empty() ? std::string(kUnknownProgrammeImage) : p.image_url},
                      {"presenters", presenter_refs(p)},
                      {"schedule", schedule_text(p)}};
}

json::array Catalog::broadcaster_refs(const ProgrammeRow& p, std::string_view channel_slug) const {
  json::array refs;
  for (const auto& slug : p.broadcaster_slugs) {
    if (!whitelist_.contains({std::string(channel_slug), slug})) continue;
    if (auto it = broadcasters_.find(slug); it != broadcasters_.end()) {
      refs.push_back(json::object{{"slug", slug}, {"name", it->second.name}, {"logoUrl", it->second.logo_url}});
    }
  }
  return refs;
}

json::object Catalog::presenter_card(const PresenterRow& p) const {
  return json::object{{"slug", p.slug}, {"name", p.name}, {"imageUrl", p.image_url}, {"role", p.role}};
}

json::object Catalog::news_category(std::string_view slug) const {
  const auto* c = category(slug);
  return json::object{{"slug", slug},
                      {"name", c ? c->name : std::string(slug)},
                      {"color", c && !c->color.empty() ? c->color : std::string(domain::kDefaultAccentColor)}};
}

json::array Catalog::news_categories() const {
  json::array list;
  for (const auto& c : categories_) list.push_back(news_category(c.slug));
  return list;
}

std::string Catalog::schedule_text(const ProgrammeRow& p) const {
  // Slots are ordered by start time; days sharing the same hours are written together.
  std::vector<std::pair<std::pair<int, int>, std::vector<int>>> groups;
  for (const auto& slot : p.slots) {
    auto hours = std::make_pair(slot.start_minute, slot.end_minute);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == hours; });
    if (it == groups.end()) {
      groups.push_back({hours, {slot.weekday}});
    } else {
      it->second.push_back(slot.weekday);
    }
  }
  std::string text;
  for (auto& [hours, days] : groups) {
    std::sort(days.begin(), days.end());
    days.erase(std::unique(days.begin(), days.end()), days.end());
    if (!text.empty()) text += "; ";
    // One Dutch way of writing a time range on the whole site (issue 39): an en dash, and midnight
    // as 00:00 also where a slot ends.
    text += days_text(days) + " " + clock_text(hours.first) + "\u2013" + clock_text(hours.second % 1440);
  }
  if (!text.empty()) text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

json::array Catalog::broadcasts(const std::string& where, const std::vector<std::string>& binds,
                                const std::string& order, int limit) {
  json::array list;
  std::string sql = std::string(kBroadcastColumns) + " WHERE " + where + " ORDER BY " + order;
  if (limit > 0) sql += " LIMIT " + std::to_string(limit);
  for_each_row(session(), sql, binds, [&](const soci::row& row) {
    auto channel_slug = text_at(row, 1);
    const auto* p = programme(int_at(row, 2));
    auto image = url_at(row, 7);
    if (image.empty()) image = p && !p->image_url.empty() ? p->image_url : kUnknownProgrammeImage;
    auto audio = text_at(row, 8);
    list.push_back(json::object{{"id", int_at(row, 0)},
                                {"slug", text_at(row, 3)},
                                {"title", text_at(row, 4)},
                                {"channel", channel_ref(channel_slug)},
                                {"programme", p ? json::value(programme_ref(*p)) : json::value(nullptr)},
                                {"presenters", p ? presenter_refs(*p) : json::array{}},
                                {"broadcasters", p ? broadcaster_refs(*p, channel_slug) : json::array{}},
                                {"from", iso_instant(int_at(row, 5))},
                                {"until", iso_instant(int_at(row, 6))},
                                {"imageUrl", image},
                                {"audioUrl", audio.empty() ? json::value(nullptr) : json::value(media_url(audio))}});
  });
  return list;
}

std::optional<json::object> Catalog::broadcast(std::int64_t id) {
  auto list = broadcasts("b.id = " + std::to_string(id), {}, "b.id", 1);
  if (list.empty()) return std::nullopt;
  return list[0].get_object();
}

std::optional<json::object> Catalog::broadcast_on_air(std::string_view channel) {
  auto now = std::to_string(now_);
  auto list = broadcasts("b.channel_slug = :c AND b.starts_at <= " + now + " AND b.ends_at > " + now,
                         {std::string(channel)}, "b.starts_at DESC", 1);
  if (list.empty()) return std::nullopt;
  return list[0].get_object();
}

json::array Catalog::guide(std::string_view channel, const Date& day) {
  return broadcasts("b.channel_slug = :c AND b.starts_at >= " + std::to_string(amsterdam_day_start(day)) +
                        " AND b.starts_at < " + std::to_string(amsterdam_day_start(add_days(day, 1))),
                    {std::string(channel)}, "b.starts_at", 0);
}

std::vector<Date> Catalog::guide_days(std::string_view channel, const Date& selected) {
  auto first = add_days(ctx_.today, -7);
  auto last = add_days(ctx_.today, 7);
  std::optional<std::int64_t> earliest, latest;
  for_each_row(session(),
               "SELECT MIN(starts_at), MAX(starts_at) FROM broadcasts WHERE channel_slug = :c AND starts_at >= " +
                   std::to_string(amsterdam_day_start(first)) + " AND starts_at < " +
                   std::to_string(amsterdam_day_start(add_days(last, 1))),
               {std::string(channel)}, [&](const soci::row& row) {
                 earliest = optional_int_at(row, 0);
                 latest = optional_int_at(row, 1);
               });
  Date from = earliest ? std::min(amsterdam_date(*earliest), ctx_.today) : ctx_.today;
  Date until = latest ? std::max(amsterdam_date(*latest), ctx_.today) : ctx_.today;
  std::vector<Date> days;
  for (Date day = from; day <= until; day = add_days(day, 1)) days.push_back(day);
  if (selected < from) days.insert(days.begin(), selected);
  if (selected > until) days.push_back(selected);
  return days;
}

std::string Catalog::broadcast_url(const json::object& b) const {
  return routes::broadcast(slug_of(b.if_contains("programme")), b.at("id").as_int64(),
                           date_of_instant(b.if_contains("from")), string_field(b, "slug"));
}

std::string Catalog::broadcast_hour_url(const json::object& b, std::string_view hour_segment) const {
  return routes::broadcast_hour(slug_of(b.if_contains("programme")), b.at("id").as_int64(),
                                date_of_instant(b.if_contains("from")), string_field(b, "slug"), hour_segment);
}

ListPage Catalog::track_plays(std::string_view channel, std::int64_t from, std::int64_t until, int limit, int offset,
                              bool newest_first) {
  ListPage page;
  std::string where = " WHERE t.channel_slug = :c AND t.starts_at >= " + std::to_string(from) + " AND t.starts_at < " +
                      std::to_string(until) + " AND t.starts_at <= " + std::to_string(now_);
  std::vector<std::string> binds{std::string(channel)};
  for_each_row(session(), "SELECT COUNT(*) FROM track_plays t" + where, binds,
               [&](const soci::row& row) { page.total = int_at(row, 0); });
  std::string sql = std::string(kTrackColumns) + where + " ORDER BY t.starts_at " + (newest_first ? "DESC" : "ASC");
  if (limit > 0) sql += " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset);
  for_each_row(session(), sql, binds, [&](const soci::row& row) { page.items.push_back(track_from_row(row)); });
  return page;
}

std::optional<json::object> Catalog::track_on_air(std::string_view channel) {
  std::optional<json::object> track;
  // spec §9: a track counts as current until its until time plus 1 minute.
  auto now = std::to_string(now_);
  for_each_row(session(),
               std::string(kTrackColumns) + " WHERE t.channel_slug = :c AND t.starts_at <= " + now +
                   " AND t.ends_at + 60 > " + now + " ORDER BY t.starts_at DESC LIMIT 1",
               {std::string(channel)}, [&](const soci::row& row) { track = track_from_row(row); });
  return track;
}

std::map<std::int64_t, std::vector<std::string>> Catalog::tags_of(const char* table, const char* id_column,
                                                                  const std::vector<std::int64_t>& ids) {
  std::map<std::int64_t, std::vector<std::string>> tags;
  if (ids.empty()) return tags;
  for_each_row(session(),
               std::string("SELECT ") + id_column + ", tag FROM " + table + " WHERE " + id_column + " IN (" +
                   id_list(ids) + ") ORDER BY tag",
               {}, [&](const soci::row& row) { tags[int_at(row, 0)].push_back(text_at(row, 1)); });
  return tags;
}

namespace {

struct ArticleRow {
  std::int64_t id = 0, programme_id = 0, published_at = 0;
  std::string slug, category, title, intro, image_url, author, body_json;
  std::optional<std::int64_t> live_until;
};

ArticleRow article_from_row(const soci::row& row) {
  return ArticleRow{int_at(row, 0),  int_at(row, 3),  int_at(row, 7),          text_at(row, 1),
                    text_at(row, 2), text_at(row, 4), text_at(row, 5),         url_at(row, 6),
                    text_at(row, 8), text_at(row, 9), optional_int_at(row, 10)};
}

// An article's liveUntil: the end of its live coverage while that still runs, null once it is over
// (or when it has none), so that a page built now shows the 'Live' label only during the coverage.
json::value live_until_json(const ArticleRow& row, std::int64_t now) {
  if (!row.live_until || *row.live_until <= now) return nullptr;
  return json::value(iso_instant(*row.live_until));
}

}  // namespace

ListPage Catalog::article_cards(const ArticleFilter& filter, int limit, int offset) {
  std::string where = " WHERE " + store::dated_visible("a", now_);
  std::vector<std::string> binds;
  if (!filter.category.empty()) {
    where += " AND a.category_slug = :cat";
    binds.push_back(filter.category);
  }
  if (!filter.tag.empty()) {
    where += " AND a.id IN (SELECT article_id FROM article_tags WHERE LOWER(tag) = LOWER(:tag))";
    binds.push_back(filter.tag);
  }
  if (filter.programme_id > 0) where += " AND a.programme_id = " + std::to_string(filter.programme_id);
  if (filter.exclude_id > 0) where += " AND a.id <> " + std::to_string(filter.exclude_id);
  if (!filter.ids.empty()) where += " AND a.id IN (" + id_list(filter.ids) + ")";
  ListPage page;
  for_each_row(session(), "SELECT COUNT(*) FROM articles a" + where, binds,
               [&](const soci::row& row) { page.total = int_at(row, 0); });
  std::vector<ArticleRow> rows;
  std::string sql = std::string(kArticleColumns) + where + " ORDER BY a.published_at DESC, a.id DESC";
  if (limit > 0) sql += " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset);
  for_each_row(session(), sql, binds, [&](const soci::row& row) { rows.push_back(article_from_row(row)); });
  std::vector<std::int64_t> ids;
  ids.reserve(rows.size());
  for (const auto& r : rows) ids.push_back(r.id);
  auto tags = tags_of("article_tags", "article_id", ids);
  for (const auto& r : rows) {
    json::array tag_list;
    for (const auto& tag : tags[r.id]) tag_list.emplace_back(tag);
    page.items.push_back(json::object{{"id", r.id},
                                      {"slug", r.slug},
                                      {"category", news_category(r.category)},
                                      {"title", r.title},
                                      {"intro", r.intro},
                                      {"imageUrl", r.image_url},
                                      {"publishedAt", iso_instant(r.published_at)},
                                      {"liveUntil", live_until_json(r, now_)},
                                      {"tags", std::move(tag_list)}});
  }
  return page;
}

std::optional<json::object> Catalog::article(std::int64_t id, bool any_state) {
  std::optional<ArticleRow> found;
  for_each_row(session(),
               std::string(kArticleColumns) + " WHERE a.id = " + std::to_string(id) + " AND " +
                   (any_state ? store::not_trashed("a") : store::dated_visible("a", now_)),
               {}, [&](const soci::row& row) { found = article_from_row(row); });
  if (!found) return std::nullopt;
  json::array tag_list;
  auto tags = tags_of("article_tags", "article_id", {id});
  for (const auto& tag : tags[id]) tag_list.emplace_back(tag);
  const auto* p = programme(found->programme_id);
  return json::object{
      {"id", found->id},
      {"slug", found->slug},
      {"category", news_category(found->category)},
      {"title", found->title},
      {"intro", found->intro},
      {"imageUrl", found->image_url},
      {"publishedAt", iso_instant(found->published_at)},
      {"liveUntil", live_until_json(*found, now_)},
      {"tags", std::move(tag_list)},
      {"author", found->author},
      {"programme", p ? json::value(programme_ref(*p)) : json::value(nullptr)},
      {"blocks", resolve_article_blocks(parse_blocks(found->body_json, "article " + std::to_string(id)))}};
}

json::array Catalog::article_cards_by_slug(const std::vector<std::string>& slugs) {
  json::array ordered;
  if (slugs.empty()) return ordered;
  ArticleFilter filter;
  // A slug may be reused by a later article; the newest published one wins.
  for_each_row(session(),
               "SELECT a.id FROM articles a WHERE a.slug IN (" + placeholders(slugs.size()) + ") AND " +
                   store::dated_visible("a", now_),
               slugs, [&](const soci::row& row) { filter.ids.push_back(int_at(row, 0)); });
  if (filter.ids.empty()) return ordered;
  auto cards = article_cards(filter, 0, 0).items;
  for (const auto& slug : slugs) {
    for (const auto& card : cards) {
      if (card.get_object().at("slug").as_string() == slug) {
        ordered.push_back(card);
        break;
      }
    }
  }
  return ordered;
}

std::string Catalog::article_url(const json::object& card, bool app) const {
  return routes::article(slug_of(card.if_contains("category")), card.at("id").as_int64(), string_field(card, "slug"),
                         app);
}

ListPage Catalog::fragments(const FragmentFilter& filter, int limit, int offset) {
  std::string where = " WHERE " + store::dated_visible("f", now_);
  std::vector<std::string> binds;
  if (!filter.tag.empty()) {
    where += " AND f.id IN (SELECT fragment_id FROM fragment_tags WHERE LOWER(tag) = LOWER(:tag))";
    binds.push_back(filter.tag);
  }
  if (filter.programme_id > 0) where += " AND f.programme_id = " + std::to_string(filter.programme_id);
  if (!filter.programme_ids.empty()) where += " AND f.programme_id IN (" + id_list(filter.programme_ids) + ")";
  if (filter.day_until > 0) {
    where += " AND f.published_at >= " + std::to_string(filter.day_from) + " AND f.published_at < " +
             std::to_string(filter.day_until);
  }
  if (filter.published_before > 0) where += " AND f.published_at <= " + std::to_string(filter.published_before);
  if (filter.exclude_id > 0) where += " AND f.id <> " + std::to_string(filter.exclude_id);
  if (!filter.ids.empty()) where += " AND f.id IN (" + id_list(filter.ids) + ")";
  if (!filter.slugs.empty()) {
    where += " AND f.slug IN (" + placeholders(filter.slugs.size()) + ")";
    binds.insert(binds.end(), filter.slugs.begin(), filter.slugs.end());
  }
  ListPage page;
  for_each_row(session(), "SELECT COUNT(*) FROM fragments f" + where, binds,
               [&](const soci::row& row) { page.total = int_at(row, 0); });
  std::string sql = std::string(kFragmentColumns) + where + " ORDER BY f.published_at DESC, f.id DESC";
  if (limit > 0) sql += " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset);
  struct Row {
    std::int64_t id, programme_id, duration_ms, published_at;
    std::string slug, title, description, image_url, audio_path;
  };
  std::vector<Row> rows;
  for_each_row(session(), sql, binds, [&](const soci::row& row) {
    rows.push_back(Row{int_at(row, 0), int_at(row, 2), int_at(row, 7), int_at(row, 8), text_at(row, 1), text_at(row, 3),
                       text_at(row, 4), url_at(row, 5), text_at(row, 6)});
  });
  std::vector<std::int64_t> ids;
  ids.reserve(rows.size());
  for (const auto& r : rows) ids.push_back(r.id);
  auto tags = tags_of("fragment_tags", "fragment_id", ids);
  for (const auto& r : rows) {
    const auto* p = programme(r.programme_id);
    json::array tag_list;
    for (const auto& tag : tags[r.id]) tag_list.emplace_back(tag);
    std::string image = r.image_url;
    if (image.empty()) image = p && !p->image_url.empty() ? p->image_url : kUnknownProgrammeImage;
    page.items.push_back(json::object{{"id", r.id},
                                      {"slug", r.slug},
                                      {"title", r.title},
                                      {"description", r.description},
                                      {"programme", p ? json::value(programme_ref(*p)) : json::value(nullptr)},
                                      {"publishedAt", iso_instant(r.published_at)},
                                      {"durationSeconds", seconds_of(r.duration_ms)},
                                      {"imageUrl", image},
                                      {"audioUrl", media_url(r.audio_path)},
                                      {"tags", std::move(tag_list)}});
  }
  return page;
}

std::optional<json::object> Catalog::fragment(std::int64_t id) {
  FragmentFilter filter;
  filter.ids.push_back(id);
  auto page = fragments(filter, 1, 0);
  if (page.items.empty()) return std::nullopt;
  return page.items[0].get_object();
}

json::array Catalog::fragments_by_slug(const std::vector<std::string>& slugs) {
  json::array ordered;
  if (slugs.empty()) return ordered;
  FragmentFilter filter;
  filter.slugs = slugs;
  auto all = fragments(filter, 0, 0).items;
  for (const auto& slug : slugs) {
    for (const auto& item : all) {
      if (item.get_object().at("slug").as_string() == slug) {
        ordered.push_back(item);
        break;
      }
    }
  }
  return ordered;
}

std::vector<TagCount> Catalog::fragment_tags(std::int64_t programme_id) {
  std::vector<TagCount> tags;
  std::string sql = "SELECT t.tag, COUNT(*) FROM fragment_tags t JOIN fragments f ON f.id = t.fragment_id WHERE " +
                    store::dated_visible("f", now_);
  if (programme_id > 0) sql += " AND f.programme_id = " + std::to_string(programme_id);
  for_each_row(session(), sql + " GROUP BY t.tag ORDER BY t.tag", {}, [&](const soci::row& row) {
    tags.push_back(TagCount{text_at(row, 0), int_at(row, 1)});
  });
  return tags;
}

std::string Catalog::fragment_url(const json::object& f) const {
  return routes::fragment(slug_of(f.if_contains("programme")), f.at("id").as_int64(),
                          date_of_instant(f.if_contains("publishedAt")), string_field(f, "slug"));
}

json::array Catalog::podcast_feeds(const std::vector<std::string>& slugs) {
  std::map<std::string, json::object> by_slug;
  std::vector<std::string> order;
  std::vector<std::string> binds;
  std::string sql =
      kFeedColumns + store::dated_visible("e", now_) + ") FROM podcast_feeds p WHERE " + store::not_trashed("p");
  if (!slugs.empty()) {
    sql += " AND p.slug IN (" + placeholders(slugs.size()) + ")";
    binds.insert(binds.end(), slugs.begin(), slugs.end());
  }
  for_each_row(session(), sql + " ORDER BY p.title", binds, [&](const soci::row& row) {
    auto slug = text_at(row, 0);
    order.push_back(slug);
    by_slug[slug] = json::object{{"slug", slug},
                                 {"title", text_at(row, 1)},
                                 {"description", text_at(row, 2)},
                                 {"author", text_at(row, 3)},
                                 {"imageUrl", url_at(row, 4)},
                                 {"episodeCount", int_at(row, 6)}};
  });
  json::array list;
  for (const auto& slug : slugs.empty() ? order : slugs) {
    if (auto it = by_slug.find(slug); it != by_slug.end()) list.push_back(it->second);
  }
  return list;
}

std::optional<json::object> Catalog::podcast_feed(std::string_view slug) {
  auto list = podcast_feeds({std::string(slug)});
  if (list.empty()) return std::nullopt;
  return list[0].get_object();
}

json::array Catalog::podcast_episodes(std::string_view feed_slug) {
  json::array list;
  for_each_row(session(),
               std::string(kEpisodeColumns) + " WHERE p.slug = :feed AND " + store::dated_visible("e", now_) +
                   " ORDER BY e.published_at DESC, e.id DESC",
               {std::string(feed_slug)}, [&](const soci::row& row) { list.push_back(episode_from_row(row)); });
  return list;
}

std::optional<json::object> Catalog::podcast_episode(std::int64_t id) {
  std::optional<json::object> episode;
  for_each_row(
      session(),
      std::string(kEpisodeColumns) + " WHERE e.id = " + std::to_string(id) + " AND " + store::dated_visible("e", now_),
      {}, [&](const soci::row& row) { episode = episode_from_row(row); });
  return episode;
}

json::array Catalog::videos(const std::vector<std::string>& slugs) {
  json::array list;
  std::string sql =
      "SELECT v.id, v.slug, v.title, v.description, v.published_at, v.duration_ms, v.video_path, "
      "v.poster_url FROM videos v WHERE " +
      store::dated_visible("v", now_);
  if (!slugs.empty()) sql += " AND v.slug IN (" + placeholders(slugs.size()) + ")";
  for_each_row(session(), sql + " ORDER BY v.published_at DESC, v.id DESC", slugs, [&](const soci::row& row) {
    list.push_back(json::object{{"id", int_at(row, 0)},
                                {"slug", text_at(row, 1)},
                                {"title", text_at(row, 2)},
                                {"description", text_at(row, 3)},
                                {"publishedAt", iso_instant(int_at(row, 4))},
                                {"durationSeconds", seconds_of(int_at(row, 5))},
                                {"videoUrl", media_url(text_at(row, 6))},
                                {"posterUrl", url_at(row, 7)}});
  });
  return list;
}

namespace {

// The plain "text" and the whitelisted inline "html" of a paragraph or a list item, from either
// (a CMS may store only html); html that sanitises to nothing becomes the escaped text.
json::object inline_text(const json::object& object) {
  auto raw_html = string_field(object, "html");
  auto text = string_field(object, "text");
  if (text.empty()) text = plain_text(raw_html);
  auto html = sanitize_inline_html(raw_html);
  return json::object{{"text", text}, {"html", html.empty() ? text_as_html(text) : html}};
}

}  // namespace

json::array Catalog::resolve_article_blocks(const json::array& blocks) {
  std::vector<std::string> fragment_slugs, video_slugs;
  for (const auto& block : blocks) {
    if (!block.is_object()) continue;
    const auto& object = block.get_object();
    auto type = string_field(object, "type");
    if (type == "fragment") fragment_slugs.push_back(string_field(object, "fragment"));
    if (type == "video") video_slugs.push_back(string_field(object, "video"));
  }
  auto fragment_list = fragments_by_slug(fragment_slugs);
  auto video_list = video_slugs.empty() ? json::array{} : videos(video_slugs);
  auto find = [](const json::array& list, const std::string& slug) -> const json::value* {
    for (const auto& item : list) {
      if (item.get_object().at("slug").as_string() == slug) return &item;
    }
    return nullptr;
  };
  json::array resolved;
  for (const auto& block : blocks) {
    if (!block.is_object()) continue;
    const auto& object = block.get_object();
    auto type = string_field(object, "type");
    if (type == "fragment" || type == "video") {
      auto slug = string_field(object, type);
      if (const auto* item = find(type == "fragment" ? fragment_list : video_list, slug)) {
        resolved.push_back(json::object{{"type", type}, {type, *item}});
      } else {
        spdlog::warn("pages: an article refers to the unknown {} '{}'; the block is left out", type, slug);
      }
    } else if (type == "paragraph" || type == "heading") {
      // A CMS may store rich text as "html": a heading gets its plain text only, a paragraph also
      // its inline markup through the whitelist (escaped text when it has none), so that search,
      // cards and the app always have the plain "text".
      auto fields = inline_text(object);
      json::object item{{"type", type}, {"text", fields.at("text")}};
      if (type == "paragraph") item["html"] = fields.at("html");
      resolved.push_back(std::move(item));
    } else if (type == "list") {
      // Each item is inline text like a paragraph's; an item without text is left out, and so is
      // a list without items.
      json::array items;
      if (const auto* list = object.if_contains("items"); list != nullptr && list->is_array()) {
        for (const auto& entry : list->get_array()) {
          if (!entry.is_object()) continue;
          auto item = inline_text(entry.get_object());
          if (!item.at("text").as_string().empty()) items.push_back(std::move(item));
        }
      }
      if (items.empty()) continue;
      const auto* ordered = object.if_contains("ordered");
      resolved.push_back(json::object{{"type", type},
                                      {"ordered", ordered != nullptr && ordered->is_bool() && ordered->get_bool()},
                                      {"items", std::move(items)}});
    } else if (type == "image") {
      auto url = string_field(object, "url");
      resolved.push_back(json::object{{"type", type},
                                      {"url", safe_url(url.empty() ? media_url(string_field(object, "image")) : url)},
                                      {"alt", string_field(object, "alt")},
                                      {"caption", string_field(object, "caption")},
                                      {"credit", string_field(object, "credit")}});
    } else if (type == "quote") {
      resolved.push_back(
          json::object{{"type", type}, {"text", string_field(object, "text")}, {"cite", string_field(object, "cite")}});
    } else if (type == "social") {
      resolved.push_back(json::object{{"type", type},
                                      {"network", string_field(object, "network")},
                                      {"url", safe_url(string_field(object, "url"))},
                                      {"text", string_field(object, "text")}});
    }
  }
  return resolved;
}

json::array Catalog::resolve_page_blocks(const json::array& blocks) {
  json::array resolved;
  for (const auto& block : blocks) {
    if (!block.is_object()) continue;
    const auto& b = block.get_object();
    auto type = string_field(b, "type");
    auto title = string_field(b, "title");
    auto image_of = [](const json::object& o) {
      auto image = string_field(o, "imageUrl");
      return safe_url(image.empty() ? media_url(string_field(o, "image")) : image);
    };
    if (type == "hero") {
      auto url = safe_url(string_field(b, "url"));
      resolved.push_back(json::object{{"type", type},
                                      {"title", title},
                                      {"text", string_field(b, "text")},
                                      {"imageUrl", image_of(b)},
                                      {"url", url.empty() ? json::value(nullptr) : json::value(url)}});
    } else if (type == "text") {
      resolved.push_back(json::object{{"type", type}, {"title", title}, {"text", string_field(b, "text")}});
    } else if (type == "tiles") {
      json::array items;
      if (auto* list = b.if_contains("items"); list && list->is_array()) {
        for (const auto& item : list->get_array()) {
          if (!item.is_object()) continue;
          const auto& tile = item.get_object();
          items.push_back(json::object{{"title", string_field(tile, "title")},
                                       {"text", string_field(tile, "text")},
                                       {"url", safe_url(string_field(tile, "url"))},
                                       {"imageUrl", image_of(tile)}});
        }
      }
      resolved.push_back(json::object{{"type", type}, {"title", title}, {"items", std::move(items)}});
    } else if (type == "fragments") {
      resolved.push_back(json::object{{"type", type}, {"title", title}, {"items", fragments_by_slug(string_items(b))}});
    } else if (type == "articles") {
      resolved.push_back(
          json::object{{"type", type}, {"title", title}, {"items", article_cards_by_slug(string_items(b))}});
    } else if (type == "podcasts") {
      auto slugs = string_items(b);
      resolved.push_back(json::object{
          {"type", type}, {"title", title}, {"items", slugs.empty() ? json::array{} : podcast_feeds(slugs)}});
    } else if (type == "radio") {
      json::array items;
      if (auto* list = b.if_contains("items"); list && list->is_array()) {
        for (const auto& item : list->get_array()) {
          if (!item.is_object()) continue;
          const auto& link = item.get_object();
          auto url = safe_url(string_field(link, "url"));
          auto url_type = string_field(link, "urlType");
          if (url_type != "external" && url_type != "internal") {
            url_type = url.starts_with("http://") || url.starts_with("https://") ? "external" : "internal";
          }
          bool has_no_link = url.empty();
          if (auto* flag = link.if_contains("hasNoLink"); flag && flag->is_bool()) has_no_link = flag->get_bool();
          items.push_back(json::object{{"label", string_field(link, "label")},
                                       {"title", string_field(link, "title")},
                                       {"slug", string_field(link, "slug")},
                                       {"url", url},
                                       {"urlType", url_type},
                                       {"hasNoLink", has_no_link}});
        }
      }
      auto channel_slug = string_field(b, "channel");
      if (channel_slug.empty()) channel_slug = ctx_.default_channel;
      resolved.push_back(json::object{
          {"type", type}, {"title", title}, {"channel", channel_ref(channel_slug)}, {"items", std::move(items)}});
    }
  }
  return resolved;
}

std::optional<json::object> Catalog::content_page(std::string_view kind, std::string_view slug) {
  std::optional<json::object> page;
  std::string blocks_json;
  for_each_row(
      session(),
      "SELECT slug, title, description, blocks_json FROM content_pages WHERE kind = :k AND slug = :s AND " +
          store::switched_visible("", "published", now_),
      {std::string(kind), std::string(slug)}, [&](const soci::row& row) {
        page = json::object{{"slug", text_at(row, 0)}, {"title", text_at(row, 1)}, {"description", text_at(row, 2)}};
        blocks_json = text_at(row, 3);
      });
  if (page) (*page)["blocks"] = resolve_page_blocks(parse_blocks(blocks_json, "content page " + std::string(slug)));
  return page;
}

std::optional<json::object> Catalog::content_page_by_id(std::int64_t id, std::string* kind) {
  std::optional<json::object> page;
  std::string blocks_json;
  // The id is a parsed integer, so it is written into the SQL as the other id lookups do.
  for_each_row(
      session(),
      "SELECT slug, title, description, blocks_json, kind FROM content_pages WHERE id = " + std::to_string(id) +
          " AND " + store::not_trashed("content_pages"),
      {}, [&](const soci::row& row) {
        page = json::object{{"slug", text_at(row, 0)}, {"title", text_at(row, 1)}, {"description", text_at(row, 2)}};
        blocks_json = text_at(row, 3);
        if (kind) *kind = text_at(row, 4);
      });
  if (page) (*page)["blocks"] = resolve_page_blocks(parse_blocks(blocks_json, "content page " + std::to_string(id)));
  return page;
}

std::vector<std::pair<std::string, std::string>> Catalog::content_page_list(std::string_view kind) {
  std::vector<std::pair<std::string, std::string>> list;
  for_each_row(session(),
               "SELECT slug, title FROM content_pages WHERE kind = :k AND " +
                   store::switched_visible("", "published", now_) + " ORDER BY title",
               {std::string(kind)}, [&](const soci::row& row) { list.emplace_back(text_at(row, 0), text_at(row, 1)); });
  return list;
}

std::string Catalog::media_url(std::string_view path) {
  if (path.empty()) return {};
  if (path.starts_with("/") || path.starts_with("http://") || path.starts_with("https://")) return safe_url(path);
  return "/media/" + std::string(path);
}

}  // namespace ether::pages::queries
