#pragma once
// Search autocomplete (spec §6 GET /api/search/{searchTerm}), answered from the search index with
// the last word matched as a prefix:
//   200 {"term","total","suggestions":[{"type","label","title","subtitle","url","imageUrl"}]}
//       at most kMaxSuggestions, the best hits overall, ordered by type (search::kTypes) then rank;
//       `total` counts every match. Cache-Control: public, max-age=60 and a strong ETag (304).
//       Answers are kept per term until the index is rebuilt (at most kMaxCachedTerms of them).
//   400 {"error":{"code":"bad_term",...}} for an empty or blank term, one longer than
//       kMaxTermBytes or one that is not valid UTF-8.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "http/message.hpp"
#include "http/router.hpp"
#include "search/search_service.hpp"

namespace ether::api {

inline constexpr std::size_t kMaxSuggestions = 8;
inline constexpr std::size_t kMaxTermBytes = 100;
inline constexpr std::size_t kMaxCachedTerms = 4096;

class SearchApi {
 public:
  explicit SearchApi(search::SearchService& search);

  /// Adds GET /api/search/{term} (and a 400 for /api/search without a term) to `router`.
  void add_routes(http::Router& router);

  /// The answer for one (decoded) term.
  [[nodiscard]] http::Response suggestions(const http::Request& request, std::string_view term) const;

 private:
  struct Answer {
    std::shared_ptr<const std::string> body;
    std::string etag;
  };
  [[nodiscard]] Answer answer(const std::shared_ptr<const search::Index>& index, const std::string& term) const;

  search::SearchService& search_;
  // Typing sends the same prefixes again and again: an answer is computed once per index.
  mutable std::mutex cache_mutex_;
  mutable std::shared_ptr<const search::Index> cached_index_;
  mutable std::unordered_map<std::string, Answer> cache_;
};

}  // namespace ether::api
