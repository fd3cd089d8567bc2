#pragma once
// The editors' content pages: themes (/thema/{slug}, and /app/thema/{slug}), overviews
// (/overzicht/{slug}) and a content page's preview (/overzicht/preview/{id}).

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class ContentPagesLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult content_page(const std::string& kind, const std::string& slug);
  /// An unpublished page shows only with a valid token: without one the preview does not exist
  /// (404), with a bad, expired or other page's token access is refused (403).
  PageResult preview(const std::string& id_text);
};

}  // namespace ether::pages::loaders
