// The Catalog's articles: cards, one article, cards by slug, their URLs.

#include "pages/queries/catalog.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>

#include "content/content_drafts.hpp"
#include "content/content_types.hpp"
#include "domain/station.hpp"
#include "domain/time.hpp"
#include "pages/content_safety.hpp"
#include "pages/queries/catalog_fields.hpp"
#include "pages/queries/rows.hpp"
#include "store/publication.hpp"

namespace ether::pages::queries {
namespace json = boost::json;
namespace {

const char* kArticleColumns =
    "SELECT a.id, a.slug, a.category_slug, a.programme_id, a.title, a.intro, a.image_url, a.published_at, a.author, "
    "a.body_json, a.live_until FROM articles a";

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
  // A preview of an article on the site with a draft shows the draft (content/content_drafts.hpp).
  std::optional<content::DraftShown> draft;
  if (any_state) draft.emplace(session(), *content::find_type("articles"), std::to_string(id));
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

}  // namespace ether::pages::queries
