#include "pages/loaders/podcasts.hpp"

namespace ether::pages::loaders {

PageResult PodcastsLoader::podcasts() {
  return result("podcasts", title("Podcasts"),
                "Alle podcasts van " + settings_.name + ": luister ze hier of in je favoriete podcastapp.",
                routes::podcasts(), {}, json::object{{"feeds", catalog_.podcast_feeds()}});
}

PageResult PodcastsLoader::podcast(const std::string& slug) {
  auto feed = catalog_.podcast_feed(slug);
  if (!feed) return not_found();
  auto feed_title = field(*feed, "title");
  auto description = field(*feed, "description");
  return result("podcast", title(feed_title),
                description.empty() ? "Luister alle afleveringen van " + feed_title + "." : description,
                routes::podcast(slug), json::object{{"feedSlug", slug}},
                json::object{{"feed", std::move(*feed)}, {"episodes", catalog_.podcast_episodes(slug)}});
}

PageResult PodcastsLoader::podcast_episode(const std::string& id_text) {
  auto id = parse_positive(id_text);
  if (!id) return not_found();
  auto episode = catalog_.podcast_episode(*id);
  if (!episode) return not_found();
  auto feed_slug = field(*episode, "feedSlug");
  auto feed = catalog_.podcast_feed(feed_slug);
  if (!feed) return not_found();
  auto episode_title = field(*episode, "title");
  auto description = field(*episode, "description");
  json::object params{
      {"feedSlug", feed_slug}, {"episodeId", std::to_string(*id)}, {"episodeSlug", field(*episode, "slug")}};
  auto feed_title = field(*feed, "title");
  if (description.empty()) description = "Luister " + episode_title + " van " + feed_title + ".";
  auto canonical = routes::podcast_episode(feed_slug, *id, field(*episode, "slug"));
  return result("podcast-aflevering", title(episode_title + " - " + feed_title), description, canonical,
                std::move(params),
                json::object{{"feed", std::move(*feed)},
                             {"episode", std::move(*episode)},
                             {"episodes", catalog_.podcast_episodes(feed_slug)}});
}

}  // namespace ether::pages::loaders
