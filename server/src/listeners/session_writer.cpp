#include "listeners/session_writer.hpp"

#include <spdlog/spdlog.h>

#include "store/listener_session_repository.hpp"

namespace ether::listeners {

namespace {
constexpr std::int64_t kPruneEveryMs = 3'600'000;
constexpr std::int64_t kDayMs = 86'400'000;
}  // namespace

SessionWriter::SessionWriter(store::Database& db, ListenerTracker& tracker, std::chrono::milliseconds interval,
                             int keep_days)
    : db_(db), tracker_(tracker), interval_(interval), keep_days_(keep_days) {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

SessionWriter::~SessionWriter() { stop(); }

void SessionWriter::run(const std::stop_token& stop) {
  std::int64_t next_prune_ms = 0;
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(wait_mutex_);
      wake_.wait_for(lock, stop, interval_, [] { return false; });
    }
    if (stop.stop_requested()) return;
    tracker_.sweep();
    flush();
    // Every instance prunes: deleting what is past the retention twice does no harm. A store that
    // refused is asked again next hour.
    const auto now = tracker_.now_ms();
    if (now >= next_prune_ms) {
      prune(now);
      next_prune_ms = now + kPruneEveryMs;
    }
  }
}

std::optional<long long> SessionWriter::prune(std::int64_t now_ms) {
  try {
    auto lease = db_.lease();
    const auto removed =
        store::ListenerSessionRepository(*lease).delete_ended_before(now_ms - std::int64_t{keep_days_} * kDayMs);
    if (removed > 0) spdlog::info("listeners: deleted {} session(s) older than {} days", removed, keep_days_);
    return removed;
  } catch (const std::exception& error) {
    spdlog::warn("listeners: old sessions not deleted yet: {}", error.what());
    return std::nullopt;
  }
}

bool SessionWriter::flush() {
  const std::lock_guard lock(mutex_);
  auto batch = tracker_.take_closed();
  if (batch.empty()) return true;
  try {
    auto lease = db_.lease();
    store::Transaction transaction(*lease);
    store::ListenerSessionRepository(*lease).add(batch);
    transaction.commit();
    return true;
  } catch (const std::exception& error) {
    failed_writes_.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("listeners: {} session(s) not stored yet, kept for the next try: {}", batch.size(), error.what());
    tracker_.give_back(std::move(batch));
    return false;
  }
}

void SessionWriter::stop() {
  if (stopped_) return;
  stopped_ = true;
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
  tracker_.close_all();
  flush();
}

}  // namespace ether::listeners
