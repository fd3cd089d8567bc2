#pragma once
// The search page (/zoeken, /zoeken/{term}, or ?q= from the header's form without JavaScript).

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class SearchLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  /// The hits for `term`.
  PageResult search(const std::string& term);
  /// The hits for the query's `q`: without JavaScript the header's search form sends it.
  PageResult search_query();
};

}  // namespace ether::pages::loaders
