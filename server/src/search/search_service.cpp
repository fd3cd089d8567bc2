#include "search/search_service.hpp"

#include <spdlog/spdlog.h>

#include <exception>

namespace ether::search {

SearchService::SearchService(Source source, std::chrono::milliseconds check_interval)
    : source_(std::move(source)), check_interval_(check_interval) {}

SearchService::~SearchService() { stop(); }

std::shared_ptr<const Index> SearchService::index() {
  {
    std::lock_guard lock(index_mutex_);
    if (index_) return index_;
  }
  refresh();
  std::lock_guard lock(index_mutex_);
  return index_;
}

std::shared_ptr<const Index> SearchService::built() {
  std::lock_guard lock(index_mutex_);
  return index_;
}

bool SearchService::refresh() {
  std::lock_guard build(build_mutex_);
  auto fingerprint = source_.fingerprint();
  {
    std::lock_guard lock(index_mutex_);
    if (index_ && fingerprint == fingerprint_) return false;
  }
  auto started = std::chrono::steady_clock::now();
  auto fresh = std::make_shared<const Index>(source_.corpus());
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  spdlog::debug("search: indexed {} documents in {} ms", fresh->size(), took.count());
  std::lock_guard lock(index_mutex_);
  index_ = std::move(fresh);
  fingerprint_ = std::move(fingerprint);
  return true;
}

void SearchService::start() {
  if (thread_.joinable()) return;
  {
    std::lock_guard lock(stop_mutex_);
    stopping_ = false;
  }
  thread_ = std::thread([this] {
    std::unique_lock lock(stop_mutex_);
    while (!stop_signal_.wait_for(lock, check_interval_, [this] { return stopping_; })) {
      lock.unlock();
      try {
        refresh();
      } catch (const std::exception& error) {
        spdlog::warn("search: cannot refresh the index: {}", error.what());
      }
      lock.lock();
    }
  });
}

void SearchService::stop() {
  {
    std::lock_guard lock(stop_mutex_);
    stopping_ = true;
  }
  stop_signal_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace ether::search
