#pragma once
// Searching text with SQL's LIKE the same way in SQLite and PostgreSQL: a pattern that finds the
// typed text anywhere, its own wildcards taken literally.

#include <string>
#include <string_view>

namespace ether::store {

/// What follows `LOWER(column) LIKE :p` for a pattern of contains_pattern: '!' as the escape
/// character, which both stores accept as written (a backslash would need quoting rules).
inline constexpr std::string_view kLikeEscape = " ESCAPE '!'";

/// `text` in lower case (ASCII, as LOWER compares in both stores) as a LIKE pattern that matches it
/// anywhere; its own %, _ and ! are escaped with '!'.
std::string contains_pattern(std::string_view text);

}  // namespace ether::store
