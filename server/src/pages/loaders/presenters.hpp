#pragma once
// The presenters (/presentatoren) and one presenter's page (/presentatoren/{slug}).

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class PresentersLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult presenters();
  PageResult presenter(const std::string& slug);
};

}  // namespace ether::pages::loaders
