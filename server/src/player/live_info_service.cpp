#include "player/live_info_service.hpp"

#include <boost/json/serialize.hpp>
#include <functional>

#include "http/range.hpp"
#include "player/miniplayer_info.hpp"

namespace ether::player {

LiveInfoService::LiveInfoService(store::Database& db, Clock clock) : db_(db), clock_(std::move(clock)) {}

std::shared_ptr<const InfoEntry> LiveInfoService::get(std::string_view channel) {
  const auto now = clock_();
  std::shared_ptr<const InfoEntry> cached;
  {
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(channel); it != entries_.end()) cached = it->second;
  }
  if (cached && now < cached->valid_until) return cached;

  // Built outside the lock so that one channel's rebuild never stalls another channel's readers.
  auto info = build_miniplayer_info(db_, channel, now);
  if (!info) return nullptr;
  auto entry = std::make_shared<InfoEntry>();
  entry->body = boost::json::serialize(info->document);
  entry->etag = http::strong_etag(entry->body);
  entry->valid_until = info->valid_until;

  std::lock_guard lock(mutex_);
  auto& slot = entries_[std::string(channel)];
  if (slot && slot->etag == entry->etag) {
    entry->version = slot->version;  // same document: listeners need not hear of it again
  } else {
    entry->version = slot ? slot->version + 1 : 1;
  }
  slot = entry;
  return entry;
}

}  // namespace ether::player
