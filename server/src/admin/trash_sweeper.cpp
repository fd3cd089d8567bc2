#include "admin/trash_sweeper.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <chrono>

#include "admin/audit_log.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"

namespace ether::admin {

TrashSweeper::TrashSweeper(store::Database& db, std::int64_t keep_days, std::function<std::int64_t()> now,
                           std::function<void()> changed)
    : db_(db), keep_days_(keep_days), now_(std::move(now)), changed_(std::move(changed)) {}

TrashSweeper::~TrashSweeper() { stop(); }

int TrashSweeper::sweep() {
  const auto now = now_();
  const auto cutoff = now - keep_days_ * 86400;
  int removed = 0;
  for (const auto& type : content::content_types()) {
    std::vector<content::Item> due;
    {
      auto lease = db_.lease();
      for (auto& item : content::ContentStore(*lease, type).trashed()) {
        if (item.trashed_at.value_or(now) <= cutoff) due.push_back(std::move(item));
      }
    }
    // One transaction per item: a long trash never holds the store's write lock for long.
    for (const auto& item : due) {
      auto lease = db_.lease();
      store::Transaction tx(*lease);
      content::ContentStore store(*lease, type);
      auto full = store.find_trashed(item.key);
      if (!full || !store.purge(item.key)) continue;  // restored or removed meanwhile
      const auto* title = full->values.if_contains(type.title_field);
      record_content_purge(*lease, Actor{0, "Prullenbak"}, now, type.name, item.key,
                           title != nullptr ? *title : boost::json::value(item.key));
      tx.commit();
      ++removed;
    }
  }
  if (removed > 0) {
    spdlog::info("trash: {} item(s) in the trash for {} days or more removed for good", removed, keep_days_);
    if (changed_) changed_();
  }
  return removed;
}

void TrashSweeper::start() {
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
      lock.unlock();
      try {
        sweep();
      } catch (const std::exception& failure) {
        spdlog::warn("trash: cannot empty the trash now (tried again in an hour): {}", failure.what());
      }
      lock.lock();
      wake_.wait_for(lock, std::chrono::hours(1), [this] { return stopping_; });
    }
  });
}

void TrashSweeper::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace ether::admin
