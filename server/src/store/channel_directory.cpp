#include "store/channel_directory.hpp"

#include <spdlog/spdlog.h>

namespace ether::store {

std::shared_ptr<const ChannelDirectory::Listings> ChannelDirectory::load() {
  auto listings = std::make_shared<Listings>();
  ChannelListing row;
  soci::indicator stream_ind = soci::i_null;
  auto lease = db_.lease();
  soci::statement st = (lease->prepare << "SELECT slug, name, description, genre, stream_url FROM channels",
                        soci::into(row.slug), soci::into(row.name), soci::into(row.description), soci::into(row.genre),
                        soci::into(row.stream_url, stream_ind));
  st.execute();
  while (st.fetch()) {
    if (stream_ind != soci::i_ok) row.stream_url.clear();
    listings->emplace(row.slug, row);
  }
  return listings;
}

void ChannelDirectory::invalidate() {
  std::lock_guard lock(mutex_);
  attempted_ = {};
}

std::optional<ChannelListing> ChannelDirectory::find(std::string_view slug) {
  const auto now = std::chrono::steady_clock::now();
  std::shared_ptr<const Listings> snapshot;
  std::chrono::steady_clock::time_point attempted;
  {
    std::lock_guard lock(mutex_);
    snapshot = channels_;
    attempted = attempted_;
  }
  const bool known = snapshot && snapshot->contains(slug);
  // A new channel shows up within a second of being asked for; the list is reread every `refresh_`.
  const auto due = known ? std::chrono::duration_cast<std::chrono::steady_clock::duration>(refresh_)
                         : std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::seconds(1));
  if ((!snapshot || now - attempted >= due) && db_.healthy()) {
    // The first load is waited for; later ones are left to whichever request started them.
    std::unique_lock refreshing(refresh_mutex_, std::defer_lock);
    if (snapshot) {
      refreshing.try_lock();
    } else {
      refreshing.lock();
    }
    if (refreshing.owns_lock()) {
      try {
        snapshot = load();
        std::lock_guard lock(mutex_);
        channels_ = snapshot;
        if (refresh_failing_) spdlog::info("channels: the list is refreshed from the store again");
        refresh_failing_ = false;
      } catch (const std::exception& e) {
        if (!refresh_failing_) spdlog::warn("channels: refresh failed, keeping the last list: {}", e.what());
        refresh_failing_ = true;
        if (!snapshot) throw;
      }
      std::lock_guard lock(mutex_);
      attempted_ = now;
      snapshot = channels_;
    }
  }
  if (!snapshot) {
    std::lock_guard lock(mutex_);
    snapshot = channels_;
  }
  if (!snapshot) throw StoreUnavailable("the channel list has not been read from the store yet");
  auto it = snapshot->find(slug);
  if (it == snapshot->end()) return std::nullopt;
  return it->second;
}

}  // namespace ether::store
