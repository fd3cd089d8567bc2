#include "store/content_version.hpp"

#include <spdlog/spdlog.h>

#include <exception>

namespace ether::store {

std::int64_t read_content_version(soci::session& session) {
  long long version = 0;
  soci::indicator ind = soci::i_null;
  session << "SELECT version FROM content_state WHERE id = 1", soci::into(version, ind);
  return ind == soci::i_ok ? version : 0;
}

void bump_content_version(soci::session& session) {
  session << "UPDATE content_state SET version = version + 1 WHERE id = 1";
}

ContentVersionWatch::ContentVersionWatch(Database& db, std::chrono::milliseconds interval)
    : db_(db), interval_(interval) {}

ContentVersionWatch::~ContentVersionWatch() { stop(); }

void ContentVersionWatch::refresh() {
  std::lock_guard serial(refresh_mutex_);
  std::int64_t fresh = 0;
  try {
    auto lease = db_.lease();
    fresh = read_content_version(*lease);
  } catch (const std::exception& error) {
    spdlog::debug("content version: cannot read: {}", error.what());
    return;
  }
  if (fresh == version_.exchange(fresh)) return;
  std::vector<std::function<void(std::int64_t)>> listeners;
  {
    std::lock_guard lock(listeners_mutex_);
    listeners = listeners_;
  }
  for (const auto& listener : listeners) {
    try {
      listener(fresh);
    } catch (const std::exception& error) {
      spdlog::warn("content version: a cache could not follow version {}: {}", fresh, error.what());
    }
  }
}

void ContentVersionWatch::on_change(std::function<void(std::int64_t)> listener) {
  std::lock_guard lock(listeners_mutex_);
  listeners_.push_back(std::move(listener));
}

void ContentVersionWatch::start() {
  if (thread_.joinable()) return;
  {
    std::lock_guard lock(stop_mutex_);
    stopping_ = false;
  }
  thread_ = std::thread([this] {
    std::unique_lock lock(stop_mutex_);
    while (!stop_signal_.wait_for(lock, interval_, [this] { return stopping_; })) {
      lock.unlock();
      if (db_.healthy()) refresh();
      lock.lock();
    }
  });
}

void ContentVersionWatch::stop() {
  {
    std::lock_guard lock(stop_mutex_);
    stopping_ = true;
  }
  stop_signal_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace ether::store
