// The Catalog's podcast feeds and episodes.

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

const std::string kFeedColumns =
    "SELECT p.slug, p.title, p.description, p.author, p.image_url, p.id, "
    "(SELECT COUNT(*) FROM podcast_episodes e WHERE e.feed_id = p.id AND ";

const char* kEpisodeColumns =
    "SELECT e.id, e.slug, p.slug, e.title, e.description, e.published_at, e.duration_ms, e.audio_path, e.image_url, "
    "p.image_url FROM podcast_episodes e JOIN podcast_feeds p ON p.id = e.feed_id";

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

}  // namespace ether::pages::queries
