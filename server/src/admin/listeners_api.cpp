#include "admin/listeners_api.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <charconv>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "api/csv_answer.hpp"
#include "api/json_error.hpp"
#include "domain/csv.hpp"
#include "domain/slug.hpp"
#include "domain/time.hpp"
#include "listeners/listener_figures.hpp"
#include "store/broadcast_repository.hpp"
#include "store/listener_session_repository.hpp"

namespace ether::admin {

using listeners::bucket_start;
using listeners::BucketFigures;
using listeners::BucketSize;
using listeners::compute_figures;
using listeners::figure_text;
using listeners::FigureOptions;
using listeners::Figures;
using listeners::ListenerTracker;
using listeners::next_bucket;
using listeners::parse_bucket_size;
using listeners::peak_concurrent;
using listeners::rounded_figure;
using listeners::Session;
namespace json = boost::json;
namespace {

constexpr std::int64_t kDay = 24 * 3600;
constexpr std::size_t kMaxBuckets = 1000;
constexpr long long kDefaultProgrammeDays = 28;
constexpr int kMaxProgrammeBroadcasts = 100;

struct Channel {
  std::string slug;
  std::string name;
};

std::vector<Channel> channels_of(store::Database& db) {
  std::vector<Channel> out;
  Channel row;
  auto lease = db.lease();
  soci::statement select = (lease->prepare << "SELECT slug, name FROM channels ORDER BY sort_order, slug",
                            soci::into(row.slug), soci::into(row.name));
  select.execute();
  while (select.fetch()) out.push_back(row);
  return out;
}

std::optional<int> digits(std::string_view text, std::size_t at, std::size_t count) {
  int value = 0;
  const auto* first = text.data() + at;
  auto [end, ec] = std::from_chars(first, first + count, value);
  if (ec != std::errc{} || end != first + count) return std::nullopt;
  return value;
}

// A UTC date (YYYY-MM-DD) or instant (YYYY-MM-DDTHH:MM:SSZ) as unix seconds; `whole_day` says
// which it was.
std::optional<std::int64_t> parse_utc(std::string_view text, bool& whole_day) {
  if (text.size() != 10 && text.size() != 20) return std::nullopt;
  if (text[4] != '-' || text[7] != '-') return std::nullopt;
  const auto year = digits(text, 0, 4);
  const auto month = digits(text, 5, 2);
  const auto day = digits(text, 8, 2);
  if (!year || !month || !day) return std::nullopt;
  const std::chrono::year_month_day date{std::chrono::year{*year}, std::chrono::month{static_cast<unsigned>(*month)},
                                         std::chrono::day{static_cast<unsigned>(*day)}};
  if (!date.ok()) return std::nullopt;
  const std::int64_t start = static_cast<std::int64_t>(std::chrono::sys_days{date}.time_since_epoch().count()) * kDay;
  whole_day = text.size() == 10;
  if (whole_day) return start;
  if (text[10] != 'T' || text[13] != ':' || text[16] != ':' || text[19] != 'Z') return std::nullopt;
  const auto hour = digits(text, 11, 2);
  const auto minute = digits(text, 14, 2);
  const auto second = digits(text, 17, 2);
  if (!hour || !minute || !second || *hour > 23 || *minute > 59 || *second > 59) return std::nullopt;
  return start + *hour * 3600 + *minute * 60 + *second;
}

json::object figures_json(const Figures& figures) {
  return json::object{{"starts", figures.starts},
                      {"averageActive", rounded_figure(figures.average_active)},
                      {"aqh", rounded_figure(figures.aqh)},
                      {"cume", figures.cume},
                      {"cumeIsDailySum", figures.cume_is_daily_sum},
                      {"listeningHours", rounded_figure(figures.listening_hours)},
                      {"medianSessionSeconds", std::round(figures.median_session_seconds * 10.0) / 10.0}};
}

std::string csv_of(const std::vector<BucketFigures>& all) {
  std::string out;
  domain::append_csv_line(out, {kCsvHeader});
  for (const auto& bucket : all) {
    const auto& f = bucket.figures;
    domain::append_csv_line(out, {domain::format_iso_utc(bucket.from), domain::format_iso_utc(bucket.until),
                                  bucket.channel.empty() ? std::string("total") : bucket.channel,
                                  std::to_string(f.starts), figure_text(f.average_active), figure_text(f.aqh),
                                  std::to_string(f.cume), f.cume_is_daily_sum ? "sum_of_daily" : "distinct",
                                  figure_text(f.listening_hours), figure_text(f.median_session_seconds)});
  }
  return out;
}

http::Response bad_parameter(const std::string& message) { return api::json_error(400, "bad_parameter", message); }

}  // namespace

ListenersApi::ListenersApi(store::Database& db, const admin::AdminApi& admin, ListenerTracker& tracker,
                           std::function<void()> flush, ListenersApiOptions options, Clock clock)
    : db_(db),
      admin_(admin),
      tracker_(tracker),
      flush_(std::move(flush)),
      options_(options),
      clock_(std::move(clock)) {}

void ListenersApi::add_routes(http::Router& router) {
  router.add("GET", "/api/admin/listeners/now",
             [this](const http::Request& r, const http::RouteParams&) { return now(r); });
  router.add("GET", "/api/admin/listeners/history",
             [this](const http::Request& r, const http::RouteParams&) { return history(r); });
  router.add("GET", "/api/admin/listeners/programmes/{id}",
             [this](const http::Request& r, const http::RouteParams& p) { return programme(r, p.at("id")); });
}

http::Response ListenersApi::now(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::read_listeners});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto now_ms = clock_();
  const auto counts = tracker_.counts();
  const auto channels = channels_of(db_);
  std::map<std::string, std::map<std::string, std::int64_t>> by_channel;
  std::map<std::string, std::int64_t> by_format{{"mp3", 0}, {"hls", 0}};
  std::int64_t total = 0;
  for (const auto& [key, count] : counts) {
    by_channel[key.first][key.second] += count;
    by_format[key.second] += count;
    total += count;
  }
  json::array channel_list;
  std::set<std::string> listed;
  const auto add_channel = [&](const std::string& slug, const std::string& name) {
    json::object formats{{"mp3", 0}, {"hls", 0}};
    std::int64_t sum = 0;
    if (auto it = by_channel.find(slug); it != by_channel.end()) {
      for (const auto& [format, count] : it->second) {
        formats[format] = count;
        sum += count;
      }
    }
    channel_list.push_back(json::object{{"slug", slug}, {"name", name}, {"listeners", sum}, {"formats", formats}});
    listed.insert(slug);
  };
  for (const auto& channel : channels) add_channel(channel.slug, channel.name);
  for (const auto& [slug, formats] : by_channel) {
    if (!listed.contains(slug)) add_channel(slug, slug);
  }
  // Today's peak from the stored sessions and the open ones; the day is the UTC day of the salt.
  const auto day_start_ms = (now_ms / 1000 / kDay) * kDay * 1000;
  if (flush_) flush_();
  std::vector<Session> sessions;
  {
    auto lease = db_.lease();
    sessions = store::ListenerSessionRepository(*lease).overlapping(day_start_ms, now_ms + 1, "");
  }
  auto open = tracker_.open_sessions();
  sessions.insert(sessions.end(), open.begin(), open.end());
  const auto peak = peak_concurrent(sessions, day_start_ms, now_ms + 1);
  json::object formats;
  for (const auto& [format, count] : by_format) formats[format] = count;
  json::object body{
      {"at", domain::format_iso_utc(now_ms / 1000)},
      {"listeners", total},
      {"formats", std::move(formats)},
      {"channels", std::move(channel_list)},
      {"peakToday", json::object{{"listeners", peak.listeners},
                                 {"at", peak.listeners > 0 ? json::value(domain::format_iso_utc(peak.at_ms / 1000))
                                                           : json::value(nullptr)}}}};
  return api::private_json(200, body);
}

http::Response ListenersApi::history(const http::Request& request) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::read_listeners});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto now_ms = clock_();
  const auto by_text = request.param("by").value_or("day");
  const auto by = parse_bucket_size(by_text);
  if (!by) return bad_parameter("'by' is hour, day, week of month.");
  std::int64_t until = now_ms / 1000;
  if (const auto text = request.param("until")) {
    bool whole_day = false;
    const auto parsed = parse_utc(*text, whole_day);
    if (!parsed) return bad_parameter("'until' is een datum (JJJJ-MM-DD) of tijdstip (JJJJ-MM-DDTUU:MM:SSZ) in UTC.");
    until = whole_day ? *parsed + kDay : *parsed;
  }
  std::int64_t from = bucket_start(BucketSize::day, until - 1) - 6 * kDay;
  if (const auto text = request.param("from")) {
    bool whole_day = false;
    const auto parsed = parse_utc(*text, whole_day);
    if (!parsed) return bad_parameter("'from' is een datum (JJJJ-MM-DD) of tijdstip (JJJJ-MM-DDTUU:MM:SSZ) in UTC.");
    from = *parsed;
  }
  if (until <= from) return bad_parameter("'until' ligt na 'from'.");
  std::size_t buckets = 0;
  for (auto start = bucket_start(*by, from); start < until && buckets <= kMaxBuckets; start = next_bucket(*by, start)) {
    ++buckets;
  }
  if (buckets > kMaxBuckets) return bad_parameter("Te veel perioden: kies een kortere spanne of een grotere indeling.");
  const auto format = request.param("format").value_or("json");
  if (format != "json" && format != "csv") return bad_parameter("'format' is json of csv.");

  auto channels = channels_of(db_);
  std::string only;
  if (const auto channel = request.param("channel"); channel && !channel->empty()) {
    if (!domain::is_valid_slug(*channel)) return bad_parameter("Het kanaal is een slug zoals 'radio2'.");
    only = std::string(*channel);
    std::erase_if(channels, [&only](const Channel& c) { return c.slug != only; });
    if (channels.empty()) return api::json_error(404, "not_found", "Het kanaal '" + only + "' bestaat niet.");
  }
  const auto span_from_ms = bucket_start(*by, from) * 1000;
  const auto span_until_ms = until * 1000;
  if (flush_) flush_();
  std::vector<Session> sessions;
  {
    auto lease = db_.lease();
    sessions = store::ListenerSessionRepository(*lease).overlapping(span_from_ms, span_until_ms, only);
  }
  for (auto& open : tracker_.open_sessions()) {
    if ((only.empty() || open.channel == only) && open.start_ms < span_until_ms && open.end_ms > span_from_ms) {
      sessions.push_back(std::move(open));
    }
  }
  std::vector<std::string> slugs;
  slugs.reserve(channels.size());
  for (const auto& channel : channels) slugs.push_back(channel.slug);
  const auto all =
      compute_figures(sessions, from, until, *by, slugs,
                      FigureOptions{.min_session_seconds = options_.min_session_seconds, .now_ms = now_ms});
  if (format == "csv") return api::csv_attachment("luistercijfers-" + std::string(by_text) + ".csv", csv_of(all));
  json::array rows;
  const auto groups = slugs.size() + 1;
  for (std::size_t i = 0; i + groups <= all.size(); i += groups) {
    json::object per_channel;
    for (std::size_t g = 0; g < slugs.size(); ++g) per_channel[slugs[g]] = figures_json(all[i + g].figures);
    rows.push_back(json::object{{"from", domain::format_iso_utc(all[i].from)},
                                {"until", domain::format_iso_utc(all[i].until)},
                                {"channels", std::move(per_channel)},
                                {"total", figures_json(all[i + slugs.size()].figures)}});
  }
  json::array channel_list;
  for (const auto& channel : channels)
    channel_list.push_back(json::object{{"slug", channel.slug}, {"name", channel.name}});
  json::object body{{"by", std::string(by_text)},
                    {"from", domain::format_iso_utc(bucket_start(*by, from))},
                    {"until", domain::format_iso_utc(until)},
                    {"minSessionSeconds", options_.min_session_seconds},
                    {"channels", std::move(channel_list)},
                    {"buckets", std::move(rows)}};
  return api::private_json(200, body);
}

http::Response ListenersApi::programme(const http::Request& request, const std::string& id_text) const {
  auto who = admin_.authorize(request, admin::Guard{.permission = admin::Permission::read_listeners});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto id = api::parse_id(id_text);
  if (!id) return bad_parameter("Een programma heeft een getal als id.");
  long long days = kDefaultProgrammeDays;
  if (const auto text = request.param("days")) {
    const auto parsed = api::parse_id(*text);
    if (!parsed || *parsed > 366) return bad_parameter("'days' is een aantal dagen van 1 tot en met 366.");
    days = *parsed;
  }
  const auto now_ms = clock_();
  const auto now_s = now_ms / 1000;
  std::vector<domain::Broadcast> broadcasts;
  {
    auto lease = db_.lease();
    int found = 0;
    *lease << "SELECT COUNT(*) FROM programmes WHERE id = :id", soci::into(found), soci::use(*id);
    if (found == 0) return api::json_error(404, "not_found", "Dit programma bestaat niet.");
    broadcasts =
        store::BroadcastRepository(*lease).of_programme(*id, now_s - days * kDay, now_s, kMaxProgrammeBroadcasts);
  }
  if (flush_) flush_();
  const auto open = tracker_.open_sessions();
  const FigureOptions options{.min_session_seconds = options_.min_session_seconds, .now_ms = now_ms};
  json::array rows;
  for (const auto& broadcast : broadcasts) {
    const auto from_ms = broadcast.starts_at * 1000;
    const auto until_ms = broadcast.ends_at * 1000;
    std::vector<Session> sessions;
    {
      auto lease = db_.lease();
      sessions = store::ListenerSessionRepository(*lease).overlapping(from_ms, until_ms, broadcast.channel_slug);
    }
    for (const auto& session : open) {
      if (session.channel == broadcast.channel_slug && session.start_ms < until_ms && session.end_ms > from_ms) {
        sessions.push_back(session);
      }
    }
    const auto audience = listeners::audience_between(sessions, from_ms, until_ms, options);
    rows.push_back(json::object{
        {"id", broadcast.id},
        {"channel", broadcast.channel_slug},
        {"title", broadcast.title},
        {"startsAt", domain::format_iso_utc(broadcast.starts_at)},
        {"endsAt", domain::format_iso_utc(broadcast.ends_at)},
        {"onAir", broadcast.starts_at <= now_s && now_s < broadcast.ends_at},
        {"average", rounded_figure(audience.average)},
        {"peak", audience.peak.listeners},
        {"peakAt", audience.peak.listeners > 0 ? json::value(domain::format_iso_utc(audience.peak.at_ms / 1000))
                                               : json::value(nullptr)}});
  }
  return api::private_json(200, json::object{{"programme", *id},
                                             {"days", days},
                                             {"minSessionSeconds", options_.min_session_seconds},
                                             {"broadcasts", std::move(rows)}});
}

}  // namespace ether::admin
