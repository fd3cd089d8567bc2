#include "api/podcast_api.hpp"

#include <boost/json.hpp>
#include <charconv>

#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "pages/page_time.hpp"
#include "pages/queries/catalog.hpp"

namespace ether::api {

namespace {

// Spec §9: API dates are 'yyyy-MM-dd HH:mm:ss' in Amsterdam; the catalog's rows carry ISO instants,
// as the pages' JSON has them.
void to_api_dates(boost::json::object& object) {
  for (auto& field : object) {
    if (!field.key().ends_with("At") || !field.value().is_string()) continue;
    if (auto at = pages::parse_iso_instant(field.value().get_string())) {
      field.value() = domain::format_api_local(*at);
    }
  }
}

}  // namespace

PodcastApi::PodcastApi(store::Database& db, std::string default_channel, Clock clock)
    : db_(db), default_channel_(std::move(default_channel)), clock_(std::move(clock)) {}

void PodcastApi::add_routes(http::Router& router) {
  router.add("GET", "/api/podcasts/episodes/{id}",
             [this](const http::Request&, const http::RouteParams& p) { return episode(p.at("id")); });
}

http::Response PodcastApi::episode(const std::string& id_text) const {
  std::int64_t id = 0;
  auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
  if (ec != std::errc{} || end != id_text.data() + id_text.size() || id <= 0) {
    return json_error(400, "bad_parameter", "Het id van een aflevering is een positief geheel getal.");
  }
  const auto now = clock_();
  pages::queries::Catalog catalog(db_, pages::RouteContext{pages::amsterdam_date(now), default_channel_}, now);
  auto found = catalog.podcast_episode(id);
  std::optional<boost::json::object> feed;
  if (found) {
    const auto& slug = found->at("feedSlug");
    if (slug.is_string()) feed = catalog.podcast_feed(slug.get_string());
  }
  if (!found || !feed) return json_error(404, "not_found", "Podcastaflevering " + id_text + " bestaat niet.");
  to_api_dates(*found);
  to_api_dates(*feed);
  auto response = json_response(200, boost::json::object{{"episode", std::move(*found)}, {"feed", std::move(*feed)}});
  response.set_header("Cache-Control", "public, max-age=60");
  return response;
}

}  // namespace ether::api
