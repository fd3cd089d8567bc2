// The Catalog's fragments: lists, one fragment, fragments by slug, their tags, their URLs.

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

const char* kFragmentColumns =
    "SELECT f.id, f.slug, f.programme_id, f.title, f.description, f.image_url, f.audio_path, f.duration_ms, "
    "f.published_at FROM fragments f";

}  // namespace

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

}  // namespace ether::pages::queries
