#include "store/channel_directory.hpp"

#include <spdlog/spdlog.h>

namespace ether::store {

namespace {

std::optional<ChannelListing> lookup(const std::map<std::string, ChannelListing, std::less<>>& listings,
                                     std::string_view slug) {
  auto it = listings.find(slug);
  if (it == listings.end()) return std::nullopt;
  return it->second;
}

}  // namespace

ChannelDirectory::ChannelDirectory(Database& db, std::chrono::seconds refresh) : db_(db), refresh_(refresh) {
  if (refresh_.count() > 0) refresher_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

std::shared_ptr<const ChannelDirectory::Listings> ChannelDirectory::load() {
  auto listings = std::make_shared<Listings>();
  ChannelListing row;
  soci::indicator stream_ind = soci::i_null;
  auto lease = db_.lease();
  soci::statement st =
      (lease->prepare << "SELECT slug, name, description, genre, stream_url FROM channels WHERE trashed_at IS NULL",
       soci::into(row.slug), soci::into(row.name), soci::into(row.description), soci::into(row.genre),
       soci::into(row.stream_url, stream_ind));
  st.execute();
  while (st.fetch()) {
    if (stream_ind != soci::i_ok) row.stream_url.clear();
    listings->emplace(row.slug, row);
  }
  return listings;
}

bool ChannelDirectory::reload() {
  std::lock_guard reloading(reload_mutex_);
  try {
    auto listings = load();
    {
      std::lock_guard lock(mutex_);
      channels_ = std::move(listings);
    }
    changed_.notify_all();
    if (refresh_failing_) spdlog::info("channels: the list is refreshed from the store again");
    refresh_failing_ = false;
    return true;
  } catch (const std::exception& e) {
    if (!refresh_failing_) spdlog::warn("channels: refresh failed, keeping the last list: {}", e.what());
    refresh_failing_ = true;
    return false;
  }
}

void ChannelDirectory::invalidate() {
  if (refresh_.count() > 0 && db_.healthy()) reload();
}

bool ChannelDirectory::await_first_read(std::chrono::milliseconds limit) {
  if (refresh_.count() == 0) return true;
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, limit, [this] { return channels_ != nullptr; });
}

void ChannelDirectory::request_refresh() {
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    // An unknown slug asked for again and again (a typo, a scanner) costs one reread a second.
    if (now - requested_ < std::chrono::seconds(1)) return;
    requested_ = now;
    refresh_requested_ = true;
  }
  changed_.notify_all();
}

void ChannelDirectory::run(const std::stop_token& stop) {
  // The first read is retried every second until it succeeds: until then stream starts have no list.
  auto next_wait = std::chrono::steady_clock::duration::zero();
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, stop, next_wait, [this] { return refresh_requested_; });
      refresh_requested_ = false;
    }
    if (stop.stop_requested()) return;
    bool have_list = false;
    if (db_.healthy()) {
      reload();
    }
    {
      std::lock_guard lock(mutex_);
      have_list = channels_ != nullptr;
    }
    next_wait = have_list ? std::chrono::duration_cast<std::chrono::steady_clock::duration>(refresh_)
                          : std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::seconds(1));
  }
}

std::optional<ChannelListing> ChannelDirectory::find(std::string_view slug) {
  if (refresh_.count() == 0) return lookup(*load(), slug);
  std::shared_ptr<const Listings> snapshot;
  {
    std::lock_guard lock(mutex_);
    snapshot = channels_;
  }
  if (!snapshot) throw StoreUnavailable("the channel list has not been read from the store yet");
  auto found = lookup(*snapshot, slug);
  if (!found) request_refresh();
  return found;
}

}  // namespace ether::store
