#pragma once
// Serves the mini-player info document from memory: built once per change per channel (when the
// track play or broadcast on air changes), with a strong ETag, shared by the poll endpoint and the
// Server-Sent Events stream.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "store/database.hpp"

namespace ether::player {

/// One built document.
struct InfoEntry {
  std::string body;  // the JSON text
  std::string etag;  // strong, quoted
  std::int64_t valid_until = 0;
  std::uint64_t version = 0;  // grows with every change of this channel's document
};

class LiveInfoService {
 public:
  using Clock = std::function<std::int64_t()>;  // unix seconds
  LiveInfoService(store::Database& db, Clock clock);

  /// The channel's current document, or nullptr when the channel does not exist.
  std::shared_ptr<const InfoEntry> get(std::string_view channel);

 private:
  store::Database& db_;
  Clock clock_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const InfoEntry>, std::less<>> entries_;
};

}  // namespace ether::player
