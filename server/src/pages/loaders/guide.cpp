#include "pages/loaders/guide.hpp"

namespace ether::pages::loaders {

namespace {
// The guide goes this many days ahead.
constexpr int kGuideDaysAhead = 7;
}  // namespace

PageResult GuideLoader::gids(const std::vector<std::string>& date_parts) {
  auto channel = channel_param();
  Date day = ctx().today;
  if (date_parts.size() == 3) {
    auto parsed = parse_date_parts(date_parts[0], date_parts[1], date_parts[2]);
    if (!parsed) reject("The date in the path must be a date as yyyy/MM/dd.");
    day = parsed.value_or(ctx().today);
  }
  auto window = window_json(add_days(ctx().today, -kKeptDaysBack), add_days(ctx().today, kGuideDaysAhead), day);
  bool kept = window.at("contains").as_bool();
  auto broadcasts = kept ? catalog_.guide(channel.slug, day) : json::array{};
  json::array days;
  for (const auto& d : catalog_.guide_days(channel.slug, day)) days.emplace_back(iso_date(d));
  bool is_default = channel.slug == ctx().default_channel;
  std::string heading = std::string(is_default ? "Gids" : "Gids " + channel.name) + " - " + dutch_long_date(day);
  std::string description =
      !kept ? "De gids gaat " + std::to_string(kKeptDaysBack) + " dagen terug en " + std::to_string(kGuideDaysAhead) +
                  " dagen vooruit; " + dutch_long_date(day) + " valt daarbuiten."
      : broadcasts.empty()
          ? "Voor " + dutch_long_date(day) + " staan er geen uitzendingen van " + channel.name + " in de gids."
          : "Het programmaoverzicht van " + channel.name + " op " + dutch_long_date(day) +
                ": wie er te horen is en wanneer.";
  auto iso = iso_date(day);
  json::object data{{"channel", catalog_.channel_summary(channel)},
                    {"date", iso},
                    {"days", std::move(days)},
                    {"window", std::move(window)},
                    {"broadcasts", std::move(broadcasts)}};
  return result("gids", title(heading), description, routes::gids(ctx(), channel.slug, day),
                json::object{{"channel", channel.slug},
                             {"year", iso.substr(0, 4)},
                             {"month", iso.substr(5, 2)},
                             {"day", iso.substr(8, 2)}},
                std::move(data));
}

}  // namespace ether::pages::loaders
