#include "listeners/session_writer.hpp"

#include <spdlog/spdlog.h>

#include "store/listener_session_repository.hpp"

namespace ether::listeners {

SessionWriter::SessionWriter(store::Database& db, ListenerTracker& tracker, std::chrono::milliseconds interval)
    : db_(db), tracker_(tracker), interval_(interval) {
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

SessionWriter::~SessionWriter() { stop(); }

void SessionWriter::run(const std::stop_token& stop) {
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(wait_mutex_);
      wake_.wait_for(lock, stop, interval_, [] { return false; });
    }
    if (stop.stop_requested()) return;
    tracker_.sweep();
    flush();
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
