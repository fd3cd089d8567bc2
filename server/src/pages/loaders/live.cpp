#include "pages/loaders/live.hpp"

namespace ether::pages::loaders {

PageResult LiveLoader::live() {
  auto channel = channel_param();
  // Without a choice, the page opens on a channel that has live video, if the site's own has none.
  if (param("channel").empty() && channel.live_video_url.empty()) {
    for (const auto& c : catalog_.channels()) {
      if (!c.live_video_url.empty()) {
        channel = c;
        break;
      }
    }
  }
  const bool has_video = !channel.live_video_url.empty();
  json::object data{
      {"onAir", on_air(channel)},
      {"streamUrl", has_video ? json::value(channel.live_video_url) : json::value(nullptr)},
      {"videoTokenUrl", has_video ? json::value("/api/player/" + channel.slug + "/video") : json::value(nullptr)}};
  bool visual = !channel.live_video_url.empty();
  return result("live", title((visual ? "Kijk live naar " : "Luister live naar ") + channel.name),
                visual ? "Kijk en luister live mee met " + channel.name + " in de studio."
                       : "Luister live naar " + channel.name + "; deze zender heeft geen live beeld.",
                routes::live(ctx(), channel.slug), json::object{{"channel", channel.slug}}, std::move(data));
}

PageResult LiveLoader::popout(std::string_view slug) {
  const auto* channel = catalog_.channel(slug);
  if (channel == nullptr) return not_found("Deze zender bestaat niet.");
  return result("popout", title(channel->name + " - Luister live"),
                "Luister live naar " + channel->name + " in een eigen venster.", routes::popout(channel->slug),
                json::object{{"channel", channel->slug}},
                json::object{{"channel", catalog_.channel_summary(*channel)}});
}

}  // namespace ether::pages::loaders
