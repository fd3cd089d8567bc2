#pragma once
// The guide (/gids, /gids/{yyyy}/{MM}/{dd}): a channel's broadcasts of one day, from two weeks
// back to a week ahead.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class GuideLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  /// The guide of the day the path names as {yyyy}/{MM}/{dd} in `date_parts`; of today when they are not three.
  PageResult gids(const std::vector<std::string>& date_parts);
};

}  // namespace ether::pages::loaders
