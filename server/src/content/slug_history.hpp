#pragma once
// The earlier slugs of items with a public URL (migration 032): an edit or a restore that changes a
// slug keeps the old one, and the public pages answer a request for it with a 301 to the item's
// current address (pages/page_loader.cpp, through store/slug_history_repository.hpp).

#include <soci/soci.h>

#include <cstdint>
#include <string>

#include "content/content_store.hpp"
#include "content/content_types.hpp"

namespace ether::content {

/// What a slug of `type` is unique within besides the type: its slug_scope fields' values, joined
/// by '/' ("thema" for a theme page), from `values` (an item's API values).
std::string slug_scope_of(const TypeSpec& type, const boost::json::object& values);

/// Keeps `before`'s slug when `after` has another one (or another scope); nothing for a type
/// without a slug. Run inside the transaction of the change.
void keep_earlier_slug(soci::session& session, const TypeSpec& type, const Item& before, const Item& after,
                       std::int64_t at);

}  // namespace ether::content
