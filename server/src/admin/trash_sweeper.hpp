#pragma once
// Empties the trash of what has been there longer than the station keeps it (ETHER_TRASH_DAYS,
// 30 by default): each such item is removed for good with the rows it owns and its revisions, in a
// transaction of its own with its audit row ('purge', by "Prullenbak"). A thread of its own sweeps
// at start and every hour. Every instance may sweep: an item removed by another is simply gone.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

#include "store/database.hpp"

namespace ether::admin {

class TrashSweeper {
 public:
  /// `now` gives unix seconds; `changed` runs after a sweep that removed anything (caches follow).
  TrashSweeper(store::Database& db, std::int64_t keep_days, std::function<std::int64_t()> now,
               std::function<void()> changed = {});
  ~TrashSweeper();
  TrashSweeper(const TrashSweeper&) = delete;
  TrashSweeper& operator=(const TrashSweeper&) = delete;

  /// Removes every item trashed at least `keep_days` ago; returns how many. Store errors throw.
  int sweep();
  void start();
  void stop();

 private:
  store::Database& db_;
  std::int64_t keep_days_;
  std::function<std::int64_t()> now_;
  std::function<void()> changed_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ether::admin
