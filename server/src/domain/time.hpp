#pragma once
// Time helpers of the station: instants are UTC unix seconds (`long long`); dates and wall-clock
// times are Europe/Amsterdam (date/tz over the OS time zone database).

#include <date/date.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace ether::domain {

/// An Amsterdam calendar date.
using LocalDate = date::year_month_day;

/// Unix seconds of a time point, and back.
long long to_unix(std::chrono::system_clock::time_point tp);
std::chrono::system_clock::time_point from_unix(long long unix_seconds);

/// The Amsterdam calendar date of an instant.
LocalDate local_date(long long unix_seconds);
/// The Amsterdam minute of day (0..1439) of an instant.
int local_minute_of_day(long long unix_seconds);

/// The instant of `minute` minutes after local midnight of `day` in Amsterdam (minute may be 1440 or
/// more: it runs on into the following days). A wall-clock time in the spring-forward gap maps
/// forward by the gap (02:30 becomes 03:30 CEST); in the autumn's repeated hour the first one wins.
long long local_to_unix(LocalDate day, int minute);

/// ISO weekday of a date: 1 = Monday ... 7 = Sunday.
int iso_weekday(LocalDate day);
/// The Dutch name of an ISO weekday, in lower case: 1 = "maandag" ... 7 = "zondag". Throws
/// std::out_of_range for any other number.
std::string_view dutch_weekday(int iso_weekday);

/// A stretch of time between two instants (Unix seconds).
struct Instants {
  long long start = 0;
  long long end = 0;
};

/// The first weekly window on `iso_weekday` from `from_minute` to `until_minute` (Amsterdam wall
/// clock) that has not ended at `now`: this week's while it lasts, else next week's.
Instants next_weekly_window(long long now, int iso_weekday, int from_minute, int until_minute);

/// "dinsdag 1 december 2026": the weekday, day, month and year, in lower case.
std::string dutch_long_date(LocalDate day);

/// The date `days` days after `day` (negative: before).
LocalDate add_days(LocalDate day, int days);

/// "2026-11-21T10:00:00Z".
std::string format_iso_utc(long long unix_seconds);
/// "2026-11-21 11:00:00" in Amsterdam time: the API format of spec §9.
std::string format_api_local(long long unix_seconds);

/// "yyyy-MM-dd", and its strict parser (nullopt for anything else, including 2026-02-30).
std::string format_date(LocalDate day);
std::optional<LocalDate> parse_date(std::string_view text);
/// "dd-MM-yyyy" (route dates of spec §9), and its strict parser.
std::string format_route_date(LocalDate day);
std::optional<LocalDate> parse_route_date(std::string_view text);

}  // namespace ether::domain
