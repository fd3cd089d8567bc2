#pragma once
// The channels a listener may stream, kept in memory: what a stream start and its token need
// (slug, name, description, genre, an external stream URL). Refreshed from the store every
// `refresh` (and at most once a second for a slug it does not know), only while the store is
// healthy; a failed refresh keeps the last list, so stream starts go on through a store outage.

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "store/database.hpp"

namespace ether::store {

struct ChannelListing {
  std::string slug;
  std::string name;
  std::string description;
  std::string genre;
  std::string stream_url;  // empty: our own live origin
};

/// Thread-safe.
class ChannelDirectory {
 public:
  explicit ChannelDirectory(Database& db, std::chrono::seconds refresh = std::chrono::seconds(15))
      : db_(db), refresh_(refresh) {}

  /// The channel, from memory (refreshed first when that is due and the store is healthy).
  std::optional<ChannelListing> find(std::string_view slug);

  /// Rereads the list at the next find(): a channel was edited (store::ContentVersionWatch).
  void invalidate();

 private:
  using Listings = std::map<std::string, ChannelListing, std::less<>>;
  std::shared_ptr<const Listings> load();

  Database& db_;
  std::chrono::seconds refresh_;
  std::mutex mutex_;  // guards the two below
  std::shared_ptr<const Listings> channels_;
  std::chrono::steady_clock::time_point attempted_{};
  std::mutex refresh_mutex_;  // one refresh at a time
  bool refresh_failing_ = false;
};

}  // namespace ether::store
