#include "api/play_answer.hpp"

namespace ether::api {

boost::json::object play_answer(std::string_view mid, std::string_view player_token, std::string_view stream_url,
                                std::string_view format, std::string_view stream_domain) {
  boost::json::object play{{"mid", mid}, {"playerToken", player_token}, {"streamUrl", stream_url}, {"format", format}};
  if (!stream_domain.empty()) play["environmentDomain"] = stream_domain;
  return play;
}

}  // namespace ether::api
