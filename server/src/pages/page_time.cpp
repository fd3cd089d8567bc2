#include "pages/page_time.hpp"

#include <date/tz.h>

#include <array>
#include <charconv>
#include <chrono>

#include "domain/time.hpp"

namespace ether::pages {
namespace {

const date::time_zone* amsterdam() {
  static const date::time_zone* zone = date::locate_zone("Europe/Amsterdam");
  return zone;
}

std::string two(unsigned value) {
  std::string text = std::to_string(value);
  return value < 10 ? "0" + text : text;
}

std::optional<int> digits(std::string_view text, std::size_t min_len, std::size_t max_len) {
  if (text.size() < min_len || text.size() > max_len) return std::nullopt;
  // Digits only: from_chars alone would read "-026" as a year.
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

std::optional<Date> make_date(std::optional<int> year, std::optional<int> month, std::optional<int> day) {
  if (!year || !month || !day || *month < 1 || *month > 12 || *day < 1 || *day > 31) return std::nullopt;
  Date result{date::year{*year}, date::month{static_cast<unsigned>(*month)}, date::day{static_cast<unsigned>(*day)}};
  if (!result.ok()) return std::nullopt;
  return result;
}

}  // namespace

Date amsterdam_date(std::int64_t unix_seconds) {
  date::sys_seconds instant{std::chrono::seconds{unix_seconds}};
  auto local = amsterdam()->to_local(instant);
  return Date{date::floor<date::days>(local)};
}

std::int64_t amsterdam_hour_start(const Date& day, int hour) {
  auto local = date::local_days{day} + std::chrono::hours{hour};
  // A local time in the spring-forward gap does not exist; `earliest` maps it to the gap's end.
  auto instant = amsterdam()->to_sys(local, date::choose::earliest);
  return std::chrono::duration_cast<std::chrono::seconds>(instant.time_since_epoch()).count();
}

std::int64_t amsterdam_day_start(const Date& day) { return amsterdam_hour_start(day, 0); }

Date add_days(const Date& day, int days) { return Date{date::sys_days{day} + date::days{days}}; }

std::string iso_instant(std::int64_t unix_seconds) {
  date::sys_seconds instant{std::chrono::seconds{unix_seconds}};
  return date::format("%Y-%m-%dT%H:%M:%SZ", instant);
}

std::string amsterdam_clock(std::int64_t unix_seconds) {
  date::sys_seconds instant{std::chrono::seconds{unix_seconds}};
  auto local = amsterdam()->to_local(instant);
  auto since_midnight = date::make_time(local - date::floor<date::days>(local));
  return two(static_cast<unsigned>(since_midnight.hours().count())) + ":" +
         two(static_cast<unsigned>(since_midnight.minutes().count()));
}

namespace {

// Four digits, as the parsers read them back (year 509 is "0509").
std::string year_text(const Date& day) {
  auto text = std::to_string(static_cast<int>(day.year()));
  return text.size() < 4 ? std::string(4 - text.size(), '0') + text : text;
}

}  // namespace

std::string iso_date(const Date& day) {
  return year_text(day) + "-" + two(static_cast<unsigned>(day.month())) + "-" + two(static_cast<unsigned>(day.day()));
}

std::string route_date(const Date& day) {
  return two(static_cast<unsigned>(day.day())) + "-" + two(static_cast<unsigned>(day.month())) + "-" + year_text(day);
}

std::string dutch_long_date(const Date& day) { return domain::dutch_long_date(day); }

std::string broadcast_slot_label(std::int64_t unix_seconds) {
  date::sys_seconds instant{std::chrono::seconds{unix_seconds}};
  auto local = amsterdam()->to_local(instant);
  auto day = dutch_long_date(Date{date::floor<date::days>(local)});
  day[0] = static_cast<char>(day[0] - 'a' + 'A');  // every weekday is lowercase ASCII
  auto hour = static_cast<unsigned>(date::make_time(local - date::floor<date::days>(local)).hours().count());
  return day + " " + two(hour) + " - " + two(hour + 1) + " uur";
}

std::optional<Date> parse_route_date(std::string_view text) {
  if (text.size() != 10 || text[2] != '-' || text[5] != '-') return std::nullopt;
  return make_date(digits(text.substr(6, 4), 4, 4), digits(text.substr(3, 2), 2, 2), digits(text.substr(0, 2), 2, 2));
}

std::optional<Date> parse_iso_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  return make_date(digits(text.substr(0, 4), 4, 4), digits(text.substr(5, 2), 2, 2), digits(text.substr(8, 2), 2, 2));
}

std::optional<Date> parse_date_parts(std::string_view year, std::string_view month, std::string_view day) {
  return make_date(digits(year, 4, 4), digits(month, 1, 2), digits(day, 1, 2));
}

std::optional<std::int64_t> parse_iso_instant(std::string_view text) {
  if (text.size() != 20 || text[10] != 'T' || text[13] != ':' || text[16] != ':' || text[19] != 'Z') {
    return std::nullopt;
  }
  auto day = parse_iso_date(text.substr(0, 10));
  auto hour = digits(text.substr(11, 2), 2, 2);
  auto minute = digits(text.substr(14, 2), 2, 2);
  auto second = digits(text.substr(17, 2), 2, 2);
  if (!day || !hour || !minute || !second || *hour > 23 || *minute > 59 || *second > 59) return std::nullopt;
  auto instant =
      date::sys_days{*day} + std::chrono::hours{*hour} + std::chrono::minutes{*minute} + std::chrono::seconds{*second};
  return std::chrono::duration_cast<std::chrono::seconds>(instant.time_since_epoch()).count();
}

std::optional<std::int64_t> parse_positive(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < 1) return std::nullopt;
  return value;
}

}  // namespace ether::pages
