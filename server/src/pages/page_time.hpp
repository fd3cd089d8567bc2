#pragma once
// The few Europe/Amsterdam time helpers the page loaders need: local calendar dates of instants,
// the UTC bounds of a local day or hour, and the date formats of spec §9 (route dd-MM-yyyy, detail
// yyyy-MM-dd, Dutch long dates). Instants are unix seconds in UTC, as the store keeps them.

#include <date/date.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ether::pages {

using Date = date::year_month_day;

/// The Amsterdam calendar date of a unix instant.
Date amsterdam_date(std::int64_t unix_seconds);
/// The unix instant of local midnight (or the first instant after a DST gap) starting `day`.
std::int64_t amsterdam_day_start(const Date& day);
/// The unix instant at which local hour `hour` (0..24) of `day` starts; 24 is the next midnight.
std::int64_t amsterdam_hour_start(const Date& day, int hour);
/// The day after (or before, for negative `days`) `day`.
Date add_days(const Date& day, int days);

/// "2026-11-21T10:00:00Z".
std::string iso_instant(std::int64_t unix_seconds);
/// "09:05", the Amsterdam wall-clock time of a unix instant.
std::string amsterdam_clock(std::int64_t unix_seconds);
/// "2026-11-21".
std::string iso_date(const Date& day);
/// "21-11-2026", the route date of /gedraaid/{date}.
std::string route_date(const Date& day);
/// "zaterdag 21 november 2026".
std::string dutch_long_date(const Date& day);
/// "Zaterdag 21 november 2026 18 - 19 uur": spec §9's slot label of the Amsterdam clock hour in
/// which `unix_seconds` falls (the last hour of a day ends at "24").
std::string broadcast_slot_label(std::int64_t unix_seconds);

/// Parses "dd-MM-yyyy"; nullopt for anything else, including impossible dates like 31-02-2026.
std::optional<Date> parse_route_date(std::string_view text);
/// Parses "yyyy-MM-dd"; nullopt for anything else.
std::optional<Date> parse_iso_date(std::string_view text);
/// A date from year, month and day path segments ("2026", "11", "21" or "1"); nullopt when invalid.
std::optional<Date> parse_date_parts(std::string_view year, std::string_view month, std::string_view day);

/// Parses "2026-11-21T10:00:00Z" back to unix seconds; nullopt for anything else.
std::optional<std::int64_t> parse_iso_instant(std::string_view text);

/// A strictly positive decimal integer of at most 9 digits, or nullopt.
std::optional<std::int64_t> parse_positive(std::string_view text);

}  // namespace ether::pages
