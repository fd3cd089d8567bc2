// The Catalog's track plays: a channel's plays in a window, and what plays now.

#include "pages/queries/catalog.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "domain/station.hpp"
#include "domain/time.hpp"
#include "domain/track_naming.hpp"
#include "pages/content_safety.hpp"
#include "pages/queries/catalog_fields.hpp"
#include "pages/queries/rows.hpp"
#include "store/publication.hpp"

namespace ether::pages::queries {
namespace json = boost::json;
namespace {

const char* kTrackColumns =
    "SELECT t.id, t.starts_at, t.ends_at, t.chart_position, s.id, s.slug, s.title, s.artist, s.composer, "
    "s.complete_work, s.ensemble, s.cover_url FROM track_plays t JOIN songs s ON s.id = t.song_id";

// A play with the names spec §3 gives it ("name", "displayArtist"): what the app and the server's
// HTML both show.
json::object track_from_row(const soci::row& row, bool classical) {
  const auto position = optional_int_at(row, 3);
  const auto composer = optional_text_at(row, 8);
  const auto complete_work = optional_text_at(row, 9);
  return json::object{{"id", int_at(row, 0)},
                      {"from", iso_instant(int_at(row, 1))},
                      {"until", iso_instant(int_at(row, 2))},
                      {"title", text_at(row, 6)},
                      {"artist", text_at(row, 7)},
                      {"name", domain::track_name(text_at(row, 6), complete_work.value_or(""),
                                                  position ? std::optional<long long>(*position) : std::nullopt)},
                      {"displayArtist", domain::track_artist(text_at(row, 7), composer.value_or(""), classical)},
                      {"songSlug", text_at(row, 5)},
                      {"songId", int_at(row, 4)},
                      {"url", routes::track(int_at(row, 4), text_at(row, 5))},
                      {"coverUrl", nullable(optional_url_at(row, 11))},
                      {"chartPosition", nullable(position)},
                      {"composer", nullable(composer)},
                      {"completeWork", nullable(complete_work)},
                      {"ensemble", nullable(optional_text_at(row, 10))}};
}

}  // namespace

ListPage Catalog::track_plays(std::string_view channel, std::int64_t from, std::int64_t until, int limit, int offset,
                              bool newest_first) {
  ListPage page;
  // spec §3: plays without a song are dropped, from the count and the pages alike.
  std::string where = " WHERE t.channel_slug = :c AND t.starts_at >= " + std::to_string(from) + " AND t.starts_at < " +
                      std::to_string(until) + " AND t.starts_at <= " + std::to_string(now_) + " AND " +
                      std::string(domain::kPlayHasSongSql) + " AND " + store::play_shown("t");
  std::vector<std::string> binds{std::string(channel)};
  for_each_row(session(), "SELECT COUNT(*) FROM track_plays t JOIN songs s ON s.id = t.song_id" + where, binds,
               [&](const soci::row& row) { page.total = int_at(row, 0); });
  std::string sql = std::string(kTrackColumns) + where + " ORDER BY t.starts_at " + (newest_first ? "DESC" : "ASC");
  if (limit > 0) sql += " LIMIT " + std::to_string(limit) + " OFFSET " + std::to_string(offset);
  const auto* row_channel = this->channel(channel);
  const bool classical = row_channel != nullptr && row_channel->classical;
  for_each_row(session(), sql, binds,
               [&](const soci::row& row) { page.items.push_back(track_from_row(row, classical)); });
  return page;
}

std::optional<json::object> Catalog::track_on_air(std::string_view channel) {
  std::optional<json::object> track;
  const auto* row_channel = this->channel(channel);
  const bool classical = row_channel != nullptr && row_channel->classical;
  // spec §9: a track counts as current until its until time plus 1 minute.
  auto now = std::to_string(now_);
  for_each_row(session(),
               std::string(kTrackColumns) + " WHERE t.channel_slug = :c AND t.starts_at <= " + now +
                   " AND t.ends_at + 60 > " + now + " AND " + std::string(domain::kPlayHasSongSql) + " AND " +
                   store::play_shown("t") + " ORDER BY t.starts_at DESC LIMIT 1",
               {std::string(channel)}, [&](const soci::row& row) { track = track_from_row(row, classical); });
  return track;
}

}  // namespace ether::pages::queries
