#pragma once
// The document of GET /api/miniplayer/info?channel={slug} (spec §7): the channel, the broadcast on
// air, the latest track plays, the next broadcasts and every channel, shaped as
// web/src/features/player/miniplayer-info.ts says. Times are 'yyyy-MM-dd HH:mm:ss' in Amsterdam.

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

#include "store/database.hpp"

namespace ether::player {

struct MiniplayerInfo {
  boost::json::object document;
  /// The first instant at which the document may change: the end of the track play or broadcast
  /// on air, or the start of the next one, whichever comes first. While no play is on air and none
  /// is recorded ahead, the next one is expected at any moment: then a second after `now`.
  std::int64_t valid_until = 0;
};

/// Builds the info document of `channel_slug` as it stands at `now` (unix seconds), or nullopt when
/// the channel does not exist.
std::optional<MiniplayerInfo> build_miniplayer_info(store::Database& db, std::string_view channel_slug,
                                                    std::int64_t now);

}  // namespace ether::player
