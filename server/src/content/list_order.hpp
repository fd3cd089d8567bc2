#pragma once
// The order of an admin content list (issue 54): by title, status, publication, last edit or
// author, ascending or descending, as the list's ?sort= and ?dir= ask; without them the type's own
// order. Pure: it parses the request's words and writes the ORDER BY over the type's table, which
// the store (content_store.hpp) runs.

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "content/content_types.hpp"

namespace ether::content {

enum class ListSort {
  type_order,   // the type's own order (TypeSpec::order_by)
  title,        // the title, case left aside
  status,       // waiting for review, draft, scheduled, online, expired
  publication,  // the publication moment; items without one (drafts) last either way
  edited,       // the last change in the audit log; never changed last either way
  author,       // the author's name; unknown last either way
};

struct ListOrder {
  ListSort sort = ListSort::type_order;
  bool descending = false;
};

/// The order `sort` ("", "title", "status", "publication", "edited", "author") and `dir` ("",
/// "asc", "desc") name for `type`; or the Dutch message of a 400: an unknown word, or status and
/// publication for a type that is not published.
std::variant<ListOrder, std::string> parse_list_order(const TypeSpec& type, std::string_view sort,
                                                      std::string_view dir);

/// The ORDER BY expression (without the keywords) of `order` over `type`'s table, named by the
/// table's own name, at `now` (for the status); the key last, so that pages never overlap.
std::string order_sql(const TypeSpec& type, const ListOrder& order, std::int64_t now);

}  // namespace ether::content
