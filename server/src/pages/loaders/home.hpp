#pragma once
// The front page (/): the site's channel on air, every channel's now playing, the latest news,
// fragments and podcasts and today's guide.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class HomeLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult home();
};

}  // namespace ether::pages::loaders
