#pragma once
// Live listening and watching: /live (a channel's studio video, if it has one) and the pop-out
// player /popout/{channel}.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class LiveLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult live();
  /// The pop-out player (spec §2 'Open in venster'): the player alone, playing this channel.
  PageResult popout(std::string_view slug);
};

}  // namespace ether::pages::loaders
