#pragma once
// The podcasts (/podcasts), one feed (/podcasts/{feed}) and one episode
// (/podcasts/{feed}/{id}/{slug}).

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class PodcastsLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult podcasts();
  PageResult podcast(const std::string& slug);
  PageResult podcast_episode(const std::string& id_text);
};

}  // namespace ether::pages::loaders
