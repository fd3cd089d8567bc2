#include "player/live_info_service.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/serialize.hpp>
#include <exception>
#include <functional>
#include <optional>
#include <shared_mutex>

#include "http/range.hpp"
#include "player/miniplayer_info.hpp"

namespace ether::player {
namespace {

// A store that is down fails every build; one line a minute per channel says so without flooding.
constexpr std::int64_t failure_log_interval = 60;
constexpr std::int64_t retry_interval = 1;

}  // namespace

LiveInfoService::LiveInfoService(store::Database& db, Clock clock) : db_(db), clock_(std::move(clock)) {}

std::shared_ptr<const InfoEntry> LiveInfoService::get(std::string_view channel) {
  const auto now = clock_();
  const std::int64_t content_version = content_version_ ? content_version_() : 0;
  std::uint64_t refreshes = 0;  // what the build below answers; a refresh() during it asks again
  {
    std::lock_guard lock(mutex_);
    if (auto it = slots_.find(channel); it != slots_.end()) {
      auto& slot = it->second;
      if (now < slot.entry->valid_until && slot.entry->content_version == content_version &&
          slot.built_refreshes == slot.refreshes) {
        return slot.entry;
      }
      // One reader rebuilds; the others, and everyone within a second of a failed build, get the
      // last document rather than a queue of builds against a store that may be struggling.
      if (slot.building || now < slot.retry_at) return slot.entry;
      slot.building = true;
      refreshes = slot.refreshes;
    }
  }

  // Built outside the lock so that one channel's rebuild never stalls another channel's readers.
  std::optional<MiniplayerInfo> info;
  try {
    info = build_miniplayer_info(db_, channel, now);
  } catch (const std::exception& error) {
    std::lock_guard lock(mutex_);
    auto it = slots_.find(channel);
    if (it == slots_.end()) throw;  // nothing to serve instead
    auto& slot = it->second;
    slot.building = false;
    slot.retry_at = now + retry_interval;
    ++slot.failures;
    if (slot.failing_since == 0) slot.failing_since = now;
    if (slot.logged_at == 0 || now - slot.logged_at >= failure_log_interval) {
      spdlog::warn(
          "miniplayer info {}: the store fails ({} s, {} attempts since the last line), serving the last "
          "document: {}",
          channel, now - slot.failing_since, slot.failures, error.what());
      slot.logged_at = now;
      slot.failures = 0;
    }
    return slot.entry;
  }

  std::lock_guard lock(mutex_);
  if (!info) {
    slots_.erase(std::string(channel));  // the channel was removed
    return nullptr;
  }
  auto entry = std::make_shared<InfoEntry>();
  entry->body = boost::json::serialize(info->document);
  entry->etag = http::strong_etag(entry->body);
  entry->valid_until = info->valid_until;
  entry->content_version = content_version;

  auto& slot = slots_[std::string(channel)];
  if (slot.entry && slot.entry->etag == entry->etag) {
    entry->version = slot.entry->version;  // same document: listeners need not hear of it again
  } else {
    entry->version = slot.entry ? slot.entry->version + 1 : 1;
  }
  if (slot.failing_since != 0 && slot.logged_at >= slot.failing_since) {
    spdlog::info("miniplayer info {}: the store answers again after {} s", channel, now - slot.failing_since);
  }
  slot.entry = entry;
  slot.built_refreshes = refreshes;
  slot.building = false;
  slot.retry_at = 0;
  slot.failing_since = 0;
  slot.failures = 0;
  return entry;
}

void LiveInfoService::refresh(std::string_view channel) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = slots_.find(channel); it != slots_.end()) ++it->second.refreshes;
  }
  // Held while the listener runs, so that clearing it waits for this call: its owner may be gone
  // right after.
  const std::shared_lock listening(listener_mutex_);
  if (refresh_listener_) refresh_listener_();
}

void LiveInfoService::set_refresh_listener(std::function<void()> listener) {
  const std::unique_lock listening(listener_mutex_);
  refresh_listener_ = std::move(listener);
}

}  // namespace ether::player
