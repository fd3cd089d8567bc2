#pragma once
// The play API's answer (spec §3 "Play API response"), one shape for live audio, live video and
// on-demand items.

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

namespace ether::api {

/// What a player needs to start one stream: `mid` (the media id, also the player's `prid`), the
/// `playerToken` ('' when the URL needs none), `streamUrl` and `format` ('mp3' or 'hls', Ether's
/// additions) and `environmentDomain`, the origin the stream loads from (spec §7). That field is
/// left out when `stream_domain` is empty: the player then loads from the site's own origin, the
/// spec's "default domain".
boost::json::object play_answer(std::string_view mid, std::string_view player_token, std::string_view stream_url,
                                std::string_view format, std::string_view stream_domain);

}  // namespace ether::api
