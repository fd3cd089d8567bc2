#include "admin/play_corrections_api.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <string>
#include <utility>
#include <variant>

#include "admin/admin_api_detail.hpp"
#include "admin/audit_log.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "domain/slug.hpp"
#include "domain/time.hpp"
#include "store/station_repository.hpp"
#include "store/track_play_repository.hpp"

namespace ether::admin {
namespace json = boost::json;
namespace {

using content_detail::forbidden_channel;

// A day of a music channel holds some 750 plays: a page of them, newest first, is what an editor
// correcting what just went out reads, and what the page can draw at once.
constexpr long long kPlaysPageSize = 50;

constexpr const char* kNoSuchPlay = "Deze gedraaide titel bestaat niet (meer). Laad de lijst opnieuw.";

// Instants in UTC with their zone, as every admin answer gives them: the listener API's local
// format has no offset, and a browser outside Amsterdam read it as its own local time.
json::object play_json(const store::LoggedPlay& play) {
  return json::object{{"id", play.id},
                      {"startsAt", domain::format_iso_utc(play.starts_at)},
                      {"endsAt", domain::format_iso_utc(play.ends_at)},
                      {"songId", play.song_id},
                      {"artist", play.artist},
                      {"title", play.title},
                      {"source", play.source},
                      {"hidden", play.hidden_at.has_value()},
                      {"hiddenBy", play.hidden_at ? json::value(play.hidden_by) : json::value(nullptr)}};
}

}  // namespace

PlayCorrectionsApi::PlayCorrectionsApi(store::Database& db, const AdminApi& admin, Clock clock,
                                       std::function<void()> changed)
    : db_(db), admin_(admin), clock_(std::move(clock)), changed_(std::move(changed)) {}

void PlayCorrectionsApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/plays", [this](const http::Request& r, const Params&) { return list(r); });
  router.add("PUT", "/api/admin/plays/{id}/hidden",
             [this](const http::Request& r, const Params& p) { return set_hidden(r, p.at("id")); });
}

http::Response PlayCorrectionsApi::list(const http::Request& request) const {
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_published});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& user = std::get<Principal>(who).user;
  const auto date_text = request.param("date");
  const auto day = date_text ? domain::parse_date(*date_text) : std::optional(domain::local_date(clock_()));
  if (!day) return api::json_error(400, "bad_parameter", "'date' is een datum zoals 2026-11-27 (JJJJ-MM-DD).");
  long long page = 1;
  if (auto page_text = request.param("page"); page_text && !page_text->empty()) {
    auto parsed = api::parse_id(*page_text);
    if (!parsed || *parsed > 1'000'000)
      return api::json_error(400, "bad_parameter", "De parameter 'page' moet een paginanummer zijn.");
    page = *parsed;
  }
  auto lease = db_.lease();
  // The channels the user may correct, for the page's choice; the first when none is asked for.
  auto channels = detail::allowed_channels(*lease, user);
  auto channel = std::string(request.param("channel").value_or(""));
  if (channel.empty() && !channels.empty()) channel = std::string(channels.front().at("slug").as_string());
  if (!domain::is_valid_slug(channel)) {
    return api::json_error(400, "bad_parameter", "'channel' is een kanaal zoals 'radio2'.");
  }
  if (!store::StationRepository(*lease).has_channel(channel)) {
    return api::json_error(400, "bad_parameter", "Het kanaal '" + channel + "' bestaat niet.");
  }
  if (!channel_allowed(user.channels, channel)) return forbidden_channel();
  // An Amsterdam day, 23 or 25 hours long on the days the clocks change, up to the play on air now
  // (a playout may log what it plans ahead, which has not been played).
  const auto from = domain::local_to_unix(*day, 0);
  const auto until = std::min<long long>(domain::local_to_unix(domain::add_days(*day, 1), 0), clock_() + 1);
  store::TrackPlayRepository repository(*lease);
  json::array plays;
  for (const auto& play : repository.logged(channel, from, until, kPlaysPageSize, (page - 1) * kPlaysPageSize)) {
    plays.push_back(play_json(play));
  }
  return api::private_json(200, json::object{{"channel", channel},
                                             {"date", domain::format_date(*day)},
                                             {"channels", std::move(channels)},
                                             {"plays", std::move(plays)},
                                             {"page", page},
                                             {"pageSize", kPlaysPageSize},
                                             {"total", repository.count_logged(channel, from, until)}});
}

http::Response PlayCorrectionsApi::set_hidden(const http::Request& request, const std::string& id_text) const {
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_published});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  const auto id = api::parse_id(id_text);
  if (!id) return api::json_error(404, "not_found", kNoSuchPlay);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto* hidden = std::get<json::object>(body).if_contains("hidden");
  if (hidden == nullptr || !hidden->is_bool()) {
    return api::json_error(400, "bad_json", "Zeg met \"hidden\" (true of false) of de titel verborgen wordt.");
  }
  const auto now = clock_();
  std::optional<store::LoggedPlay> stored;
  {
    auto lease = db_.lease();
    store::Transaction tx(*lease);
    store::TrackPlayRepository plays(*lease);
    const auto before = plays.find_logged(*id);
    if (!before) return api::json_error(404, "not_found", kNoSuchPlay);
    if (!channel_allowed(principal.user.channels, before->channel)) return forbidden_channel();
    const bool hide = hidden->get_bool();
    if (before->hidden_at.has_value() == hide)
      return api::private_json(200, json::object{{"play", play_json(*before)}});
    const auto actor = actor_of(principal);
    plays.set_hidden(*id, hide ? std::optional<std::int64_t>(now) : std::nullopt, actor.name);
    json::object changes{{"hidden", json::object{{"before", !hide}, {"after", hide}}}};
    record_content_change(*lease, actor, now, "play", std::to_string(*id), hide ? "hide" : "show", changes);
    stored = plays.find_logged(*id);
    tx.commit();
  }
  if (changed_) changed_();
  return api::private_json(200, json::object{{"play", play_json(*stored)}});
}

}  // namespace ether::admin
