#include "pages/loaders/home.hpp"

namespace ether::pages::loaders {

PageResult HomeLoader::home() {
  auto channel = site_channel();
  json::array channels;
  for (const auto& c : catalog_.channels()) channels.push_back(on_air(c));
  json::object data{{"onAir", on_air(channel)},
                    {"channels", std::move(channels)},
                    {"news", catalog_.article_cards({}, 6, 0).items},
                    {"fragments", catalog_.fragments({}, 8, 0).items},
                    {"podcasts", catalog_.podcast_feeds()},
                    {"guide", catalog_.guide(channel.slug, ctx().today)}};
  return result("home", title("Luister live naar " + channel.name),
                "Luister live naar " + channel.name + ", zie wat er gedraaid is en wat er straks komt, en luister " +
                    "programma's, fragmenten en podcasts terug.",
                routes::home(), {}, std::move(data));
}

}  // namespace ether::pages::loaders
