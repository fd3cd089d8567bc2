#pragma once
// The sitemap (/sitemap, /sitemap/{group}): every group of the site's links, with the links of
// the group shown.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class SitemapLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult sitemap(const std::string& group);
};

}  // namespace ether::pages::loaders
