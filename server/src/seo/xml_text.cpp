#include "seo/xml_text.hpp"

#include <array>
#include <ctime>

namespace ether::seo {
namespace {

std::tm utc_tm(std::int64_t unix_seconds) {
  std::tm parts{};
  const auto time = static_cast<std::time_t>(unix_seconds);
  gmtime_r(&time, &parts);
  return parts;
}

std::string two(int value) { return value < 10 ? "0" + std::to_string(value) : std::to_string(value); }

}  // namespace

std::string rfc2822_date(std::int64_t unix_seconds) {
  static constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const auto t = utc_tm(unix_seconds);
  return std::string(kDays.at(static_cast<std::size_t>(t.tm_wday))) + ", " + two(t.tm_mday) + " " +
         kMonths.at(static_cast<std::size_t>(t.tm_mon)) + " " + std::to_string(t.tm_year + 1900) + " " +
         two(t.tm_hour) + ":" + two(t.tm_min) + ":" + two(t.tm_sec) + " +0000";
}

std::string w3c_datetime(std::int64_t unix_seconds) {
  const auto t = utc_tm(unix_seconds);
  return std::to_string(t.tm_year + 1900) + "-" + two(t.tm_mon + 1) + "-" + two(t.tm_mday) + "T" + two(t.tm_hour) +
         ":" + two(t.tm_min) + ":" + two(t.tm_sec) + "+00:00";
}

std::string hms_duration(std::int64_t seconds) {
  if (seconds < 0) seconds = 0;
  return std::to_string(seconds / 3600) + ":" + two(static_cast<int>(seconds % 3600 / 60)) + ":" +
         two(static_cast<int>(seconds % 60));
}

}  // namespace ether::seo
