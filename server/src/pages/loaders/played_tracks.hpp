#pragma once
// What was played (/gedraaid, /gedraaid/{dd-MM-yyyy}): a channel's tracks of a day or one hour
// slot, newest first, within the kept window.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class PlayedTracksLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult gedraaid(const std::string& date_segment);

 private:
  static std::optional<int> slot_hour(std::string_view time);
};

}  // namespace ether::pages::loaders
