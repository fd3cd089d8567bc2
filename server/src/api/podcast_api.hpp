#pragma once
// The podcast call of spec §7:
//   GET /api/podcasts/episodes/{episodeId}  {"episode": PodcastEpisode, "feed": PodcastFeed} as
//   web/src/api/types.ts PodcastEpisodeData describes them; 400 for an id that is not a positive
//   whole number, 404 for an unknown or not yet published episode.

#include <cstdint>
#include <functional>
#include <string>

#include "http/message.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::api {

class PodcastApi {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  PodcastApi(store::Database& db, std::string default_channel, Clock clock);

  /// Adds the route above to `router`.
  void add_routes(http::Router& router);

  [[nodiscard]] http::Response episode(const std::string& id_text) const;

 private:
  store::Database& db_;
  std::string default_channel_;
  Clock clock_;
};

}  // namespace ether::api
