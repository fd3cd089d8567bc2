#include "pages/loaders/broadcasts.hpp"

#include <algorithm>

#include "domain/broadcast_hours.hpp"

namespace ether::pages::loaders {

PageResult BroadcastsLoader::broadcasts() {
  const auto* programme = catalog_.programme(param("programme"));
  json::array programmes;
  for (const auto& p : catalog_.programmes()) programmes.push_back(catalog_.programme_ref(p));
  auto recorded = recorded_hours(programme ? "b.programme_id = " + std::to_string(programme->id) : "");
  auto paging = paginate(page_param(), static_cast<std::int64_t>(recorded.size()), kGridPageSize);
  json::array list;
  for (std::size_t i = paging.offset; i < recorded.size() && list.size() < kGridPageSize; ++i) {
    list.push_back(std::move(recorded[i]));
  }
  json::object params{{"page", std::to_string(paging.page)}};
  if (programme) params["programme"] = programme->slug;
  std::string description = programme ? "Luister uitzendingen van " + programme->name + " van de afgelopen week terug."
                                      : "Uitzending gemist? Luister de uitzendingen van de afgelopen week terug.";
  auto canonical = routes::broadcasts(programme ? programme->slug : "", paging.page);
  return result("uitzendingen", title(programme ? "Uitzendingen van " + programme->name : "Uitzending gemist"),
                description, canonical, std::move(params),
                json::object{{"programme", programme ? json::value(programme->slug) : json::value(nullptr)},
                             {"programmes", std::move(programmes)},
                             {"broadcasts", std::move(list)},
                             {"paging", paging_json(paging)}});
}

json::array BroadcastsLoader::recorded_broadcasts(const std::string& filter, std::size_t limit) const {
  std::string where = "b.ends_at <= " + std::to_string(catalog_.now() - domain::kRecordingSettleSeconds) +
                      " AND b.starts_at >= " + std::to_string(amsterdam_day_start(add_days(ctx().today, -7)));
  if (!filter.empty()) where += " AND " + filter;
  json::array recorded;
  for (auto& b : catalog_.broadcasts(where, {}, "b.starts_at DESC", 0)) {
    if (recording_seconds(b.as_object())) recorded.push_back(std::move(b));
    if (limit > 0 && recorded.size() == limit) break;
  }
  return recorded;
}

PageResult BroadcastsLoader::broadcast(const std::string& id_text) {
  auto id = parse_positive(id_text);
  if (!id) return not_found();
  auto found = catalog_.broadcast(*id);
  if (!found) return not_found();
  auto from = parse_iso_instant(field(*found, "from")).value_or(0);
  auto until = parse_iso_instant(field(*found, "until")).value_or(0);
  auto channel_slug = field(found->at("channel").as_object(), "slug");
  auto tracks = catalog_.track_plays(channel_slug, from, until, 0, 0, false);
  // Each track's place in the recording, which starts with the broadcast.
  for (auto& track : tracks.items) {
    auto& t = track.as_object();
    t["offsetSeconds"] = std::max<std::int64_t>(0, parse_iso_instant(field(t, "from")).value_or(from) - from);
  }
  auto recording = recording_json(recording_seconds(*found), from);
  auto broadcast_title = field(*found, "title");
  auto day = dutch_long_date(amsterdam_date(from));
  auto canonical = catalog_.broadcast_url(*found);
  json::object params{{"broadcastId", std::to_string(*id)}, {"broadcastSlug", field(*found, "slug")}};
  auto description = "Luister de uitzending van " + broadcast_title + " van " + day + " op " +
                     field(found->at("channel").as_object(), "name") + " terug.";
  auto hours = hours_json(*found, from, until);
  return result("uitzending", title(broadcast_title + " - " + day), description, canonical, std::move(params),
                json::object{{"broadcast", std::move(*found)},
                             {"hours", std::move(hours)},
                             {"recording", std::move(recording)},
                             {"tracks", std::move(tracks.items)}});
}

PageResult BroadcastsLoader::broadcast_hour(const std::string& id_text, const std::string& hour_text) {
  auto id = parse_positive(id_text);
  auto segment = domain::parse_hour_segment(hour_text);
  if (!id || !segment) return not_found();
  auto found = catalog_.broadcast(*id);
  if (!found) return not_found();
  auto from = parse_iso_instant(field(*found, "from")).value_or(0);
  auto until = parse_iso_instant(field(*found, "until")).value_or(0);
  auto hour = domain::broadcast_hour_of(from, until, *segment);
  if (!hour) return not_found();
  auto channel_slug = field(found->at("channel").as_object(), "slug");
  auto tracks = catalog_.track_plays(channel_slug, hour->from, hour->until, 0, 0, false);
  for (auto& track : tracks.items) {
    auto& t = track.as_object();
    t["offsetSeconds"] =
        std::max<std::int64_t>(0, parse_iso_instant(field(t, "from")).value_or(hour->from) - hour->from);
  }
  auto recording = recording_json(hour_recording(channel_slug, *hour), hour->from);
  auto hours = hours_json(*found, from, until);
  auto current = hour_json(*found, *hour);
  auto label = field(current, "label");
  auto canonical = field(current, "url");
  auto broadcast_title = field(*found, "title");
  json::object params{{"broadcastId", std::to_string(*id)},
                      {"broadcastSlug", field(*found, "slug")},
                      {"hour", domain::hour_segment(*hour)}};
  auto description = "Luister " + broadcast_title + " van " + label + " op " +
                     field(found->at("channel").as_object(), "name") + " terug.";
  return result("uitzendinguur", title(broadcast_title + " - " + label), description, canonical, std::move(params),
                json::object{{"broadcast", std::move(*found)},
                             {"hour", std::move(current)},
                             {"hours", std::move(hours)},
                             {"recording", std::move(recording)},
                             {"tracks", std::move(tracks.items)}});
}

json::object BroadcastsLoader::hour_json(const json::object& broadcast, const domain::BroadcastHour& hour) const {
  return json::object{{"from", iso_instant(hour.from)},
                      {"until", iso_instant(hour.until)},
                      {"label", broadcast_slot_label(hour.from)},
                      {"url", catalog_.broadcast_hour_url(broadcast, domain::hour_segment(hour))}};
}

std::optional<RecordedRange> BroadcastsLoader::hour_recording(const std::string& channel,
                                                              const domain::BroadcastHour& hour) const {
  if (!settings_.recordings || !domain::recording_settled(hour.until, catalog_.now())) return std::nullopt;
  return settings_.recordings(channel, hour.from, hour.until);
}

json::array BroadcastsLoader::hours_json(const json::object& broadcast, std::int64_t from, std::int64_t until) const {
  json::array hours;
  for (const auto& h : domain::broadcast_hours(from, until)) {
    auto entry = hour_json(broadcast, h);
    entry["ended"] = h.until <= catalog_.now();
    hours.push_back(std::move(entry));
  }
  return hours;
}

BroadcastsLoader::MomentHour BroadcastsLoader::moment_hour(const std::string& channel, std::int64_t instant) const {
  auto moments = moment_hours(channel, {instant});
  return std::move(moments.front());
}

std::vector<BroadcastsLoader::MomentHour> BroadcastsLoader::moment_hours(
    const std::string& channel, const std::vector<std::int64_t>& instants) const {
  std::vector<MomentHour> moments;
  if (instants.empty()) return moments;
  const auto [first, last] = std::minmax_element(instants.begin(), instants.end());
  // Newest start first: where broadcasts overlap, a moment belongs to the one that began last.
  auto found = catalog_.broadcasts(
      "b.channel_slug = :c AND b.starts_at <= " + std::to_string(*last) + " AND b.ends_at > " + std::to_string(*first),
      {channel}, "b.starts_at DESC", 0);
  for (const auto instant : instants) {
    const auto known = std::find_if(moments.begin(), moments.end(), [&](const MomentHour& m) {
      return !m.broadcast.is_null() && m.from <= instant && instant < m.until;
    });
    if (known != moments.end()) continue;
    MomentHour moment;
    moment.from = moment.until = instant;
    const auto on_air = std::find_if(found.begin(), found.end(), [&](const json::value& b) {
      const auto& broadcast = b.as_object();
      return parse_iso_instant(field(broadcast, "from")).value_or(0) <= instant &&
             instant < parse_iso_instant(field(broadcast, "until")).value_or(0);
    });
    if (on_air != found.end()) {
      const auto& b = on_air->as_object();
      const auto b_from = parse_iso_instant(field(b, "from")).value_or(0);
      const auto b_until = parse_iso_instant(field(b, "until")).value_or(0);
      // Every hour of the broadcast, as its hour page has them: the player goes on from the
      // moment's hour into the next ones that have ended instead of stopping when the hour is over.
      moment.hours = hours_json(b, b_from, b_until);
      for (const auto& h : domain::broadcast_hours(b_from, b_until)) {
        if (h.from <= instant && instant < h.until) {
          moment.hour = hour_json(b, h);
          moment.from = h.from;
          moment.until = h.until;
          moment.recorded = hour_recording(channel, h);
        }
      }
      moment.broadcast = b;
    }
    moments.push_back(std::move(moment));
  }
  return moments;
}

json::array BroadcastsLoader::recorded_hours(const std::string& filter) const {
  const auto now = catalog_.now();
  std::string where = "b.starts_at < " + std::to_string(now) +
                      " AND b.starts_at >= " + std::to_string(amsterdam_day_start(add_days(ctx().today, -7)));
  if (!filter.empty()) where += " AND " + filter;
  json::array recorded;
  if (!settings_.recordings) return recorded;
  for (auto& b : catalog_.broadcasts(where, {}, "b.starts_at DESC", 0)) {
    const auto& broadcast = b.as_object();
    auto hours = domain::broadcast_hours(parse_iso_instant(field(broadcast, "from")).value_or(0),
                                         parse_iso_instant(field(broadcast, "until")).value_or(0));
    const auto channel = field(broadcast.at("channel").as_object(), "slug");
    for (auto it = hours.rbegin(); it != hours.rend(); ++it) {
      if (!domain::recording_settled(it->until, now)) continue;
      // An hour is an item of the list when it was recorded whole; one with a gap still plays
      // on its own page and in its broadcast, with a notice.
      const auto recorded_hour = settings_.recordings(channel, it->from, it->until);
      if (!recorded_hour || !recorded_hour->gaps.empty()) continue;
      auto item = broadcast;
      item["hour"] = hour_json(broadcast, *it);
      recorded.push_back(std::move(item));
    }
  }
  return recorded;
}

std::optional<RecordedRange> BroadcastsLoader::recording_seconds(const json::object& broadcast) const {
  if (!settings_.recordings) return std::nullopt;
  auto from = parse_iso_instant(field(broadcast, "from"));
  auto until = parse_iso_instant(field(broadcast, "until"));
  if (!from || !until || !domain::recording_settled(*until, catalog_.now())) return std::nullopt;
  return settings_.recordings(field(broadcast.at("channel").as_object(), "slug"), *from, *until);
}

json::object BroadcastsLoader::recording_json(const std::optional<RecordedRange>& recorded, std::int64_t from) {
  json::array gaps;
  if (recorded) {
    for (const auto& [gap_from, gap_until] : recorded->gaps) {
      gaps.push_back(json::object{{"from", iso_instant(gap_from)},
                                  {"until", iso_instant(gap_until)},
                                  {"offsetSeconds", gap_from - from},
                                  {"untilSeconds", gap_until - from}});
    }
  }
  return json::object{{"available", recorded.has_value()},
                      {"durationSeconds", recorded ? json::value(recorded->duration_seconds) : json::value(nullptr)},
                      {"gaps", std::move(gaps)}};
}

}  // namespace ether::pages::loaders
