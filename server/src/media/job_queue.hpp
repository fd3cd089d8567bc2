#pragma once
// One background thread that runs media jobs (decoding images, ffmpeg) one after another, so that
// long processing never runs on the server's I/O threads or its request workers. Jobs report
// their progress themselves (to the store); stop() ends a running ffmpeg and drops queued jobs.

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace ether::media {

class JobQueue {
 public:
  JobQueue() = default;
  ~JobQueue();
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;

  /// Starts the thread (idempotent).
  void start();
  /// Drops the queued jobs, kills the running child process (if any), waits for the running job.
  void stop();
  /// Queues a job; false after stop().
  bool post(std::function<void()> job);
  /// Jobs queued or running.
  [[nodiscard]] std::size_t pending() const;
  /// Waits until no job is queued or running, at most `timeout`; true when idle.
  bool wait_idle(std::chrono::milliseconds timeout) const;
  /// Where a job keeps the pid of the child it runs, so that stop() can end it.
  std::atomic<pid_t>& running_child() { return child_; }
  /// True once stop() began: a job checks it between steps.
  [[nodiscard]] bool stopping() const { return stopping_.load(); }

 private:
  void run();

  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::deque<std::function<void()>> jobs_;
  std::size_t running_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<pid_t> child_{0};
  std::thread thread_;
};

}  // namespace ether::media
