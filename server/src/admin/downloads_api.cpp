#include "admin/downloads_api.hpp"

#include <boost/json.hpp>
#include <map>
#include <utility>
#include <variant>
#include <vector>

#include "api/csv_answer.hpp"
#include "api/json_error.hpp"
#include "listeners/download_counting.hpp"
#include "listeners/download_csv.hpp"
#include "store/download_repository.hpp"

namespace ether::admin {

namespace json = boost::json;

namespace {
constexpr long long kDefaultDays = 28;
constexpr long long kMaxDays = 366;

struct Episode {
  std::string title;
  std::string slug;
  std::uint64_t threshold = 0;
};
}  // namespace

DownloadsApi::DownloadsApi(store::Database& db, const AdminApi& admin, std::function<void()> flush, Clock clock)
    : db_(db), admin_(admin), flush_(std::move(flush)), clock_(std::move(clock)) {}

void DownloadsApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/podcasts/{id}/downloads",
             [this](const http::Request& r, const http::RouteParams& p) { return feed(r, p.at("id")); });
}

http::Response DownloadsApi::feed(const http::Request& request, const std::string& id_text) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::read_listeners});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto id = api::parse_id(id_text);
  if (!id) return api::json_error(400, "bad_parameter", "Een podcast heeft een getal als id.");
  long long days = kDefaultDays;
  if (const auto text = request.param("days")) {
    const auto parsed = api::parse_id(*text);
    if (!parsed || *parsed > kMaxDays) {
      return api::json_error(400, "bad_parameter", "'days' is een aantal dagen van 1 tot en met 366.");
    }
    days = *parsed;
  }
  const auto format = request.param("format").value_or("json");
  if (format != "json" && format != "csv") return api::json_error(400, "bad_parameter", "'format' is json of csv.");
  const auto today = listeners::download_day(clock_());
  const auto first = today - days + 1;
  std::map<std::int64_t, Episode> episodes;
  std::string feed_slug;
  {
    auto lease = db_.lease();
    *lease << "SELECT slug FROM podcast_feeds WHERE id = :id", soci::into(feed_slug), soci::use(*id);
    if (!lease->got_data()) return api::json_error(404, "not_found", "Deze podcast bestaat niet.");
  }
  if (flush_) flush_();
  std::vector<store::DownloadBytes> rows;
  {
    auto lease = db_.lease();
    long long episode_id = 0;
    long long byte_length = 0;
    long long duration_ms = 0;
    Episode episode;
    soci::statement select =
        (lease->prepare << "SELECT id, title, slug, byte_length, duration_ms FROM podcast_episodes WHERE feed_id = :f",
         soci::into(episode_id), soci::into(episode.title), soci::into(episode.slug), soci::into(byte_length),
         soci::into(duration_ms), soci::use(*id));
    select.execute();
    while (select.fetch()) {
      episode.threshold = listeners::download_threshold(byte_length, duration_ms);
      episodes[episode_id] = episode;
    }
    rows = store::DownloadRepository(*lease).of_feed(*id, first, today);
  }
  // day -> episode -> downloads
  std::map<std::int64_t, std::map<std::int64_t, long long>, std::greater<>> by_day;
  std::map<std::int64_t, long long> per_episode;
  long long total = 0;
  for (const auto& row : rows) {
    const auto episode = episodes.find(row.episode_id);
    if (episode == episodes.end() || episode->second.threshold == 0) continue;
    if (static_cast<std::uint64_t>(row.bytes) < episode->second.threshold) continue;
    ++by_day[row.day][row.episode_id];
    ++per_episode[row.episode_id];
    ++total;
  }
  if (format == "csv") {
    // Oldest day first, as a spreadsheet reads it; days and episodes without downloads left out.
    std::vector<listeners::DownloadCsvRow> lines;
    for (auto day = by_day.rbegin(); day != by_day.rend(); ++day) {
      for (const auto& [episode_id, count] : day->second) {
        const auto& episode = episodes.at(episode_id);
        lines.push_back({.day = day->first, .episode = episode.slug, .title = episode.title, .downloads = count});
      }
    }
    return api::csv_attachment("downloads-" + feed_slug + "-" + listeners::download_day_text(first) + "-" +
                                   listeners::download_day_text(today) + ".csv",
                               listeners::download_csv(feed_slug, lines));
  }
  json::array day_list;
  for (const auto& [day, counts] : by_day) {
    json::array episode_list;
    long long sum = 0;
    for (const auto& [episode_id, count] : counts) {
      episode_list.push_back(json::object{{"id", episode_id}, {"downloads", count}});
      sum += count;
    }
    day_list.push_back(json::object{
        {"date", listeners::download_day_text(day)}, {"downloads", sum}, {"episodes", std::move(episode_list)}});
  }
  json::array episode_list;
  for (const auto& [episode_id, episode] : episodes) {
    const auto count = per_episode.find(episode_id);
    episode_list.push_back(json::object{{"id", episode_id},
                                        {"title", episode.title},
                                        {"slug", episode.slug},
                                        {"downloads", count == per_episode.end() ? 0 : count->second}});
  }
  return api::private_json(200, json::object{{"feed", *id},
                                             {"days", days},
                                             {"from", listeners::download_day_text(first)},
                                             {"until", listeners::download_day_text(today)},
                                             {"total", total},
                                             {"episodes", std::move(episode_list)},
                                             {"byDay", std::move(day_list)}});
}

}  // namespace ether::admin
