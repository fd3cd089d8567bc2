#pragma once
// The deadline of the work a thread is doing for a request, shared by the HTTP worker pool (which
// answers 503 when the deadline passes) and the store (which commits). Whichever comes first wins:
// once the request has been answered 503, a commit is refused and its transaction rolled back, so
// an editor is never told "not saved" about a save that is stored; once a commit has begun, the
// request waits for the work and answers its real result, however late.

#include <atomic>

namespace ether::process {

class WorkDeadline {
 public:
  /// Called by the store before it commits: true when the work may commit (the request is still
  /// waiting for it, and will now wait until it is done); false when the request was already answered.
  bool begin_commit() noexcept {
    int expected = kRunning;
    return state_.compare_exchange_strong(expected, kCommitting) || expected == kCommitting;
  }
  /// Called when the deadline passes: true when the request may be answered without the work (it
  /// has committed nothing and now never will); false when a commit has begun and must be waited for.
  bool abandon() noexcept {
    int expected = kRunning;
    return state_.compare_exchange_strong(expected, kAbandoned) || expected == kAbandoned;
  }

  /// The deadline of the work on this thread while the scope lasts (none outside one).
  class Scope {
   public:
    explicit Scope(WorkDeadline& deadline) noexcept : previous_(active_deadline) { active_deadline = &deadline; }
    ~Scope() { active_deadline = previous_; }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    Scope(Scope&&) = delete;
    Scope& operator=(Scope&&) = delete;

   private:
    WorkDeadline* previous_;
  };
  /// The deadline of the work on this thread, or nullptr (a background task, a CLI command).
  static WorkDeadline* current() noexcept { return active_deadline; }

 private:
  static constexpr int kRunning = 0;
  static constexpr int kCommitting = 1;
  static constexpr int kAbandoned = 2;
  std::atomic<int> state_{kRunning};
  static inline thread_local WorkDeadline* active_deadline = nullptr;
};

}  // namespace ether::process
