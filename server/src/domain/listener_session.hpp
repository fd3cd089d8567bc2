#pragma once
// One listener's session, as the stream and HLS serving record it, the store keeps it (migration
// 030) and the audience figures count it (listeners/listener_figures.hpp).

#include <cstdint>
#include <string>

namespace ether::domain {

/// An MP3 stream connection, or an HLS client's playlist fetches, of one listener.
struct ListenerSession {
  std::string channel;
  std::string format;    // "mp3" or "hls"
  std::string listener;  // the daily-salted hash (listeners/listener_identity.hpp)
  std::int64_t start_ms = 0;
  std::int64_t end_ms = 0;
  std::uint64_t bytes = 0;
};

}  // namespace ether::domain
