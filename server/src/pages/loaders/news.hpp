#pragma once
// The news: the list (/nieuws, /nieuws/{category}, ?tag=), one article
// (/nieuws/{category}/{id}/{slug}, and its app view under /app) and an article's preview
// (/nieuws/preview/{id}).

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class NewsLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult news(const std::string& category_slug);
  /// The id identifies the article; a wrong category or slug in the path still shows it, and the
  /// canonical path carries the right ones.
  PageResult article(const std::string& id_text);
  /// An article that is not on the site (a draft, scheduled or expired) opens with a token signed
  /// by the article preview key, like the content-page previews above.
  PageResult article_preview(const std::string& id_text);
};

}  // namespace ether::pages::loaders
