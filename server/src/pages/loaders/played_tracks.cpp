#include "pages/loaders/played_tracks.hpp"

#include <algorithm>

#include "pages/loaders/broadcasts.hpp"

namespace ether::pages::loaders {

PageResult PlayedTracksLoader::gedraaid(const std::string& date_segment) {
  auto channel = channel_param();
  auto parsed_day = parse_route_date(date_segment);
  if (!date_segment.empty() && !parsed_day) reject("The date in the path must be a date as dd-MM-yyyy.");
  // The server's filter form (render/schedule_html) sends the day as `date` to
  // /gedraaid, where no script is there to put it in the path; the canonical URL still has it there.
  if (date_segment.empty()) parsed_day = checked_date_param();
  Date day = parsed_day.value_or(ctx().today);
  auto time = param("time");
  auto hour = slot_hour(time);
  if (!hour && !time.empty() && time != "0_24") {
    reject("The parameter 'time' must be an hour slot such as 8_9, or 0_24 for the whole day.");
  }
  if (!hour) time = "0_24";
  auto from = hour ? amsterdam_hour_start(day, *hour) : amsterdam_day_start(day);
  auto until = hour ? amsterdam_hour_start(day, *hour + 1) : amsterdam_day_start(add_days(day, 1));
  auto window = window_json(add_days(ctx().today, -kKeptDaysBack), ctx().today, day);
  bool kept = window.at("contains").as_bool();
  auto total = kept ? catalog_.track_plays(channel.slug, from, until, 1, 0, true).total : 0;
  auto paging = paginate(page_param(), total, kTrackPageSize);
  auto tracks =
      kept ? catalog_.track_plays(channel.slug, from, until, kTrackPageSize, paging.offset, true) : queries::ListPage{};

  std::string when = day == ctx().today ? "vandaag" : "op " + dutch_long_date(day);
  if (hour) when += " tussen " + std::to_string(*hour) + ":00 en " + std::to_string(*hour + 1) + ":00";
  std::string heading = "Gedraaid op " + channel.name;
  if (day != ctx().today) heading += " - " + dutch_long_date(day);
  std::string description = !kept ? "Gedraaide nummers worden " + std::to_string(kKeptDaysBack) +
                                        " dagen bewaard; van " + dutch_long_date(day) + " is er geen lijst."
                            : total == 0 ? "Er zijn " + when + " nog geen nummers gedraaid op " + channel.name + "."
                                         : "Alle " + std::to_string(total) + " nummers die " + when + " op " +
                                               channel.name + " zijn gedraaid, de nieuwste bovenaan.";
  auto recorded = recorded_hours(channel.slug, tracks.items);
  // The parts of live rewind's window in the page's day or hour slot: the app's first render offers
  // 'Luister vanaf hier' on the same tracks as once it has the window itself, so no row grows then.
  json::array rewind_spans;
  if (total > 0 && settings_.rewind_spans) {
    for (const auto& [span_from, span_until] : settings_.rewind_spans(channel.slug)) {
      if (span_until <= from || span_from >= until) continue;
      rewind_spans.push_back(json::object{{"fromMs", span_from * 1000}, {"untilMs", span_until * 1000}});
    }
  }
  json::object data{{"channel", catalog_.channel_summary(channel)},
                    {"date", iso_date(day)},
                    {"time", time},
                    {"window", std::move(window)},
                    {"tracks", std::move(tracks.items)},
                    {"recordedHours", std::move(recorded)},
                    {"rewindSpans", std::move(rewind_spans)},
                    {"paging", paging_json(paging)}};
  return result(
      "gedraaid", title(heading), description, routes::gedraaid(ctx(), channel.slug, day, paging.page, time),
      json::object{
          {"channel", channel.slug}, {"date", route_date(day)}, {"page", std::to_string(paging.page)}, {"time", time}},
      std::move(data));
}

json::array PlayedTracksLoader::recorded_hours(const std::string& channel, const json::array& tracks) const {
  std::vector<std::int64_t> instants;
  for (const auto& track : tracks) {
    if (auto from = parse_iso_instant(field(track.as_object(), "from"))) instants.push_back(*from);
  }
  json::array recorded;
  for (auto& moment : BroadcastsLoader(request_).moment_hours(channel, instants)) {
    if (!moment.recorded) continue;
    recorded.push_back(json::object{{"broadcast", std::move(moment.broadcast)},
                                    {"hour", std::move(moment.hour)},
                                    {"hours", std::move(moment.hours)},
                                    {"recording", BroadcastsLoader::recording_json(moment.recorded, moment.from)}});
  }
  return recorded;
}

std::optional<int> PlayedTracksLoader::slot_hour(std::string_view time) {
  if (time == "0_24") return std::nullopt;
  for (int h = 0; h < 24; ++h) {
    if (time == std::to_string(h) + "_" + std::to_string(h + 1)) return h;
  }
  return std::nullopt;
}

}  // namespace ether::pages::loaders
