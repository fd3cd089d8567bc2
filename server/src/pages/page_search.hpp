#pragma once
// The data of /zoeken/{term} (SearchData of web/src/api/types.ts) from the search index: the
// matching programmes, presenters, articles, fragments, podcast feeds and episodes and played songs,
// grouped by type in a fixed order, best first, each group paged on its own.

#include <boost/json/object.hpp>
#include <cstdint>
#include <string_view>

#include "search/index.hpp"

namespace ether::pages {

/// Hits per group and page.
inline constexpr std::int64_t kSearchPageSize = 10;

/// SearchData for `term`: every group shows its first page, except the group of type `paged_type`,
/// which shows page `page` (clamped to its pages). An empty or blank term answers no groups.
boost::json::object search_data(const search::Index& index, std::string_view term, std::string_view paged_type = {},
                                std::int64_t page = 1);

}  // namespace ether::pages
