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
// How often the builder looks at the channels read through cached(): a document due for a rebuild
// (its track ended) is rebuilt within this, before most readers see the old one.
constexpr auto builder_look = std::chrono::milliseconds(100);
// A channel nobody read for this long is no longer kept current.
constexpr auto wanted_for = std::chrono::minutes(5);

}  // namespace

LiveInfoService::LiveInfoService(store::Database& db, Clock clock)
    : db_(db), clock_(std::move(clock)), builder_([this](const std::stop_token& stop) { build_wanted(stop); }) {}

LiveInfoService::~LiveInfoService() = default;

bool LiveInfoService::due(const Slot& slot, std::int64_t now, std::int64_t content_version) {
  return now >= slot.entry->valid_until || slot.entry->content_version != content_version ||
         slot.built_refreshes != slot.refreshes;
}

std::shared_ptr<const InfoEntry> LiveInfoService::cached(std::string_view channel) {
  const auto now = clock_();
  const std::int64_t content_version = content_version_ ? content_version_() : 0;
  std::shared_ptr<const InfoEntry> entry;
  bool ask = false;
  {
    std::lock_guard lock(mutex_);
    const auto read_at = std::chrono::steady_clock::now();
    if (auto wanted = wanted_.find(channel); wanted != wanted_.end()) {
      wanted->second = read_at;
    } else {
      wanted_.emplace(std::string(channel), read_at);
      ask = true;
    }
    if (auto it = slots_.find(channel); it != slots_.end()) {
      entry = it->second.entry;
      ask = ask || (due(it->second, now, content_version) && !it->second.building && now >= it->second.retry_at);
    } else {
      ask = true;
    }
    build_asked_ = build_asked_ || ask;
  }
  if (ask) wanted_changed_.notify_one();
  return entry;
}

void LiveInfoService::build_wanted(const std::stop_token& stop) {
  std::vector<std::string> channels;
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(mutex_);
      wanted_changed_.wait_for(lock, stop, builder_look, [this] { return build_asked_; });
      if (stop.stop_requested()) return;
      build_asked_ = false;
      const auto now = std::chrono::steady_clock::now();
      channels.clear();
      for (auto it = wanted_.begin(); it != wanted_.end();) {
        if (now - it->second > wanted_for) {
          it = wanted_.erase(it);
        } else {
          channels.push_back(it->first);
          ++it;
        }
      }
    }
    for (const auto& channel : channels) {
      try {
        get(channel);                    // builds only what is due; answers from memory otherwise
      } catch (const std::exception&) {  // NOLINT(bugprone-empty-catch): get() logged it; tried again next look
      }
    }
  }
}

std::shared_ptr<const InfoEntry> LiveInfoService::get(std::string_view channel) {
  const auto now = clock_();
  const std::int64_t content_version = content_version_ ? content_version_() : 0;
  std::uint64_t refreshes = 0;  // what the build below answers; a refresh() during it asks again
  {
    std::lock_guard lock(mutex_);
    if (auto it = slots_.find(channel); it != slots_.end()) {
      auto& slot = it->second;
      if (!due(slot, now, content_version)) return slot.entry;
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

  std::unique_lock lock(mutex_);
  if (!info) {
    slots_.erase(std::string(channel));  // the channel was removed
    wanted_.erase(std::string(channel));
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
  slot.built_refreshes = refreshes;
  slot.building = false;
  slot.retry_at = 0;
  slot.failing_since = 0;
  slot.failures = 0;
  const bool changed = !slot.entry || slot.entry->version != entry->version;
  slot.entry = entry;
  lock.unlock();
  // A new version built by the builder reaches the events' publisher at once, not at its next look.
  if (changed) notify_listener();
  return entry;
}

void LiveInfoService::refresh(std::string_view channel) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = slots_.find(channel); it != slots_.end()) ++it->second.refreshes;
    build_asked_ = true;
  }
  wanted_changed_.notify_one();
  notify_listener();
}

void LiveInfoService::notify_listener() {
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
