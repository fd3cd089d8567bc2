#include "media/job_queue.hpp"

#include <signal.h>
#include <spdlog/spdlog.h>

namespace ether::media {

JobQueue::~JobQueue() { stop(); }

void JobQueue::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable() || stopping_) return;
  thread_ = std::thread([this] { run(); });
}

void JobQueue::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  changed_.notify_all();
  if (const pid_t child = child_.load(); child > 0) ::kill(-child, SIGKILL);
  if (thread_.joinable()) thread_.join();
}

bool JobQueue::post(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    jobs_.push_back(std::move(job));
  }
  changed_.notify_all();
  return true;
}

std::size_t JobQueue::pending() const {
  std::lock_guard lock(mutex_);
  return jobs_.size() + running_;
}

bool JobQueue::wait_idle(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return changed_.wait_for(lock, timeout, [this] { return jobs_.empty() && running_ == 0; });
}

void JobQueue::run() {
  while (true) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++running_;
    }
    try {
      job();
    } catch (const std::exception& error) {
      spdlog::error("media: a job failed: {}", error.what());
    }
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    changed_.notify_all();
  }
}

}  // namespace ether::media
