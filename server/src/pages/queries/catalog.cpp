// The Catalog itself: the reference tables read once per request, their JSON, tags and media URLs.

#include "pages/queries/catalog.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "domain/station.hpp"
#include "domain/time.hpp"
#include "pages/content_safety.hpp"
#include "pages/queries/catalog_fields.hpp"
#include "pages/queries/rows.hpp"
#include "store/publication.hpp"

namespace ether::pages::queries {
namespace json = boost::json;
namespace {

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

std::string Catalog::media_url(std::string_view path) {
  if (path.empty()) return {};
  if (path.starts_with("/") || path.starts_with("http://") || path.starts_with("https://")) return safe_url(path);
  return "/media/" + std::string(path);
}

}  // namespace ether::pages::queries
