#pragma once
// The programmes (/programmas), one programme's page (/programmas/{slug}) and its news
// (/programmas/{slug}/nieuws). Its fragments are pages/loaders/fragments.hpp's.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class ProgrammesLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult programmes();
  PageResult programme(const std::string& slug);
  PageResult programme_news(const std::string& slug);
};

}  // namespace ether::pages::loaders
