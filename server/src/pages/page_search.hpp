#pragma once
// The search of /zoeken/{term}: a case- and diacritic-insensitive substring search over
// programmes, presenters, articles, fragments, podcast feeds and episodes and the songs played,
// grouped by type (SearchData of web/src/api/types.ts), title matches ranked before text matches.

#include <boost/json/object.hpp>
#include <string_view>

#include "pages/queries/catalog.hpp"

namespace ether::pages {

/// At most this many hits per group; `total` still counts them all.
inline constexpr std::size_t kSearchHitsPerGroup = 10;

/// SearchData for `term`; an empty or blank term answers no groups.
boost::json::object search_data(queries::Catalog& catalog, std::string_view term);

}  // namespace ether::pages
