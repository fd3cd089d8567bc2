// The Catalog's broadcasts: lists, one broadcast, what is on air, the guide's days, their URLs.

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

const char* kBroadcastColumns =
    "SELECT b.id, b.channel_slug, b.programme_id, b.slug, b.title, b.starts_at, b.ends_at, b.image_url, b.audio_url "
    "FROM broadcasts b";

}  // namespace

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

}  // namespace ether::pages::queries
