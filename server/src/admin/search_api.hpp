#pragma once
// One search across the whole admin (issue 54), under the admin API's guard (Cache-Control: no-store):
//   GET /api/admin/search?q=
//       {"query", "total", "groups":[{"type","label","total","items":[hit]}]}
//   hit of content: {"type","typeLabel","id","title","state","review","archived","author","lastEdit":{"by","at"}
//   or null,"url"}; of an account: {"type":"users","id","title" (the name),"email","role","active","url"}.
// Every content type the admin edits is searched as its list's ?q= searches it (content::ListQuery: the
// type's search fields, its slug among them, and the author's name), within the user's channels; the
// accounts by name and e-mail only for a role that manages users. Only groups with hits, in menu order,
// each at most kSearchGroupSize hits (its total counts them all). q is trimmed; empty: 400 search_empty;
// longer than kSearchMaxLength characters: 400 search_too_long. Items in the trash are not found.

#include <cstddef>
#include <cstdint>
#include <functional>

#include "admin/admin_api.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

/// How many hits each group of the search answers at most.
inline constexpr std::int64_t kSearchGroupSize = 5;
/// The longest search term, in characters.
inline constexpr std::size_t kSearchMaxLength = 100;

class SearchApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  SearchApi(store::Database& db, const AdminApi& admin, Clock clock);

  void add_routes(http::Router& router);

 private:
  [[nodiscard]] http::Response search(const http::Request& request) const;

  store::Database& db_;
  const AdminApi& admin_;
  Clock clock_;
};

}  // namespace ether::admin
