// The Catalog's videos.

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

}  // namespace ether::pages::queries
