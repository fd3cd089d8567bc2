#pragma once
// What the Catalog's family files (catalog.cpp, broadcasts.cpp, articles.cpp, ...) share: reading
// the stored URLs, numbers and JSON fields the same way on every page. Not for use outside queries/.

#include <soci/soci.h>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pages/route_builder.hpp"

namespace ether::pages::queries {

/// The programme artwork shown where a programme, broadcast or fragment has none (spec §9).
inline constexpr const char* kUnknownProgrammeImage = "/images/unknown_programme.webp";

/// null for an absent or empty text, else the text.
boost::json::value nullable(const std::optional<std::string>& text);
/// null for an absent number, else the number.
boost::json::value nullable(const std::optional<std::int64_t>& number);

/// A stored URL through the one content_safety rule: a "javascript:", "data:" or "//host" value
/// reads as absent (""), so the usual fallback image applies.
std::string url_at(const soci::row& row, std::size_t index);
/// The same for a nullable column.
std::optional<std::string> optional_url_at(const soci::row& row, std::size_t index);

/// Milliseconds as whole seconds, rounded to the nearest (the one rounding rule of durations).
std::int64_t seconds_of(std::int64_t milliseconds);

/// A string member of a JSON object, or "".
std::string string_field(const boost::json::object& object, std::string_view key);
/// The "slug" of a reference object ({"slug": ...}), or "".
std::string slug_of(const boost::json::value* ref);
/// The Amsterdam date of an ISO instant member, if it is one.
std::optional<Date> date_of_instant(const boost::json::value* instant);

/// A stored block list (body_json, blocks_json): an array, or an object {"blocks": [...]}; anything
/// else is logged with `what` and read as no blocks.
boost::json::array parse_blocks(const std::string& text, std::string_view what);

}  // namespace ether::pages::queries
