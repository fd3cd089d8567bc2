#include "domain/time.hpp"

#include <date/tz.h>

#include <array>
#include <cstdio>

namespace ether::domain {
namespace {

const date::time_zone* amsterdam() {
  static const date::time_zone* zone = date::locate_zone("Europe/Amsterdam");
  return zone;
}

date::sys_seconds sys(long long unix_seconds) { return date::sys_seconds{std::chrono::seconds{unix_seconds}}; }

date::local_seconds local(long long unix_seconds) { return amsterdam()->to_local(sys(unix_seconds)); }

std::optional<int> parse_digits(std::string_view text) {
  if (text.empty()) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

std::optional<LocalDate> make_date(std::optional<int> y, std::optional<int> m, std::optional<int> d) {
  if (!y || !m || !d) return std::nullopt;
  LocalDate day{date::year{*y}, date::month{static_cast<unsigned>(*m)}, date::day{static_cast<unsigned>(*d)}};
  if (!day.ok()) return std::nullopt;
  return day;
}

}  // namespace

long long to_unix(std::chrono::system_clock::time_point tp) {
  return std::chrono::floor<std::chrono::seconds>(tp.time_since_epoch()).count();
}

std::chrono::system_clock::time_point from_unix(long long unix_seconds) {
  return std::chrono::system_clock::time_point{std::chrono::seconds{unix_seconds}};
}

LocalDate local_date(long long unix_seconds) { return LocalDate{date::floor<date::days>(local(unix_seconds))}; }

int local_minute_of_day(long long unix_seconds) {
  auto wall = local(unix_seconds);
  return static_cast<int>(date::floor<std::chrono::minutes>(wall - date::floor<date::days>(wall)).count());
}

long long local_to_unix(LocalDate day, int minute) {
  date::local_seconds wall = date::local_days{day} + std::chrono::minutes{minute};
  auto info = amsterdam()->get_info(wall);
  // Both the gap and the repeated hour resolve with the offset in force before the transition:
  // in the gap that moves the time forward by the gap's length, in the repeat it picks the first.
  return (wall.time_since_epoch() - info.first.offset).count();
}

int iso_weekday(LocalDate day) { return static_cast<int>(date::weekday{day}.iso_encoding()); }

std::string_view dutch_weekday(int iso_weekday) {
  static constexpr std::array<std::string_view, 7> kNames{"maandag", "dinsdag",  "woensdag", "donderdag",
                                                          "vrijdag", "zaterdag", "zondag"};
  return kNames.at(static_cast<std::size_t>(iso_weekday - 1));
}

Instants next_weekly_window(long long now, int iso_weekday_wanted, int from_minute, int until_minute) {
  auto day = local_date(now);
  day = add_days(day, (iso_weekday_wanted - iso_weekday(day) + 7) % 7);
  if (local_to_unix(day, until_minute) <= now) day = add_days(day, 7);
  return {local_to_unix(day, from_minute), local_to_unix(day, until_minute)};
}

std::string dutch_long_date(LocalDate day) {
  static constexpr std::array<std::string_view, 12> kMonths{"januari",   "februari", "maart",    "april",
                                                            "mei",       "juni",     "juli",     "augustus",
                                                            "september", "oktober",  "november", "december"};
  return std::string(dutch_weekday(iso_weekday(day))) + " " + std::to_string(static_cast<unsigned>(day.day())) + " " +
         std::string(kMonths.at(static_cast<unsigned>(day.month()) - 1)) + " " +
         std::to_string(static_cast<int>(day.year()));
}

LocalDate add_days(LocalDate day, int days) { return LocalDate{date::sys_days{day} + date::days{days}}; }

std::string format_iso_utc(long long unix_seconds) { return date::format("%Y-%m-%dT%H:%M:%SZ", sys(unix_seconds)); }

std::string format_api_local(long long unix_seconds) { return date::format("%Y-%m-%d %H:%M:%S", local(unix_seconds)); }

std::string format_date(LocalDate day) { return date::format("%Y-%m-%d", day); }

std::optional<LocalDate> parse_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  return make_date(parse_digits(text.substr(0, 4)), parse_digits(text.substr(5, 2)), parse_digits(text.substr(8, 2)));
}

std::string format_route_date(LocalDate day) { return date::format("%d-%m-%Y", day); }

std::optional<LocalDate> parse_route_date(std::string_view text) {
  if (text.size() != 10 || text[2] != '-' || text[5] != '-') return std::nullopt;
  return make_date(parse_digits(text.substr(6, 4)), parse_digits(text.substr(3, 2)), parse_digits(text.substr(0, 2)));
}

}  // namespace ether::domain
