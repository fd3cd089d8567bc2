#pragma once
// The videos page (/videos).

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class VideosLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult videos();
};

}  // namespace ether::pages::loaders
