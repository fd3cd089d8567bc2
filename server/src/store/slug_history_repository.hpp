#pragma once
// The earlier slugs of items with a public URL (migration 032), as the public pages read them: the
// item that once had a slug, whose current address a request for the old one is moved to. Keeping
// a slug when an edit changes it is the content store's (content/slug_history.hpp).

#include <soci/soci.h>

#include <optional>
#include <string>
#include <string_view>

namespace ether::store {

/// The key of the item of `type` that once had `slug` within `scope`, or nullopt.
std::optional<std::string> earlier_slug_owner(soci::session& session, std::string_view type, std::string_view scope,
                                              std::string_view slug);

}  // namespace ether::store
