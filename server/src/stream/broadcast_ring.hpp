#pragma once
// The shared ring of one channel's live audio: the producer appends chunks of whole MP3 frames at
// real-time pace; every listener reads the same immutable chunks by shared pointer, so no listener
// copies audio and a slow one cannot hold anyone else back. Listeners waiting for audio register
// a RingWaiter; the ring wakes each one when its coalescing policy says a write is due, so no
// listener needs a timer of its own.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "stream/write_coalescing.hpp"

namespace ether::stream {

/// Whole MP3 frames at an absolute byte position of a channel's stream.
struct AudioChunk {
  std::uint64_t start = 0;                       // position of the first byte in the channel's stream
  std::string bytes;                             // whole frames only, so a listener may start at any chunk
  std::string title;                             // "Artist - Title" on air at the first byte
  std::chrono::steady_clock::time_point on_air;  // when it was appended: the live edge reached it
  [[nodiscard]] std::uint64_t end() const { return start + bytes.size(); }
};

using ChunkPtr = std::shared_ptr<const AudioChunk>;

/// A listener waiting for audio (BroadcastRing::wait). The ring reads its fields under its own lock
/// and calls wake() once, from the thread that appended or serviced the ring, when
/// `policy.due(head - position, now - last_write)` holds.
class RingWaiter {
 public:
  virtual ~RingWaiter() = default;
  RingWaiter() = default;
  RingWaiter(const RingWaiter&) = delete;
  RingWaiter& operator=(const RingWaiter&) = delete;

  std::uint64_t position = 0;                        // the next byte the listener needs
  std::chrono::steady_clock::time_point last_write;  // when it last wrote (or started)
  WriteCoalescing policy;

 protected:
  friend class BroadcastRing;
  /// Resumes the listener; must not block or call back into the ring.
  virtual void wake() noexcept = 0;
};

/// A bounded window of the newest chunks. Thread-safe.
class BroadcastRing {
 public:
  /// Keeps at least `capacity_bytes` of the newest audio (whole chunks).
  explicit BroadcastRing(std::size_t capacity_bytes);

  /// Appends the next chunk; its start is set to the current head and its on_air to now. Drops the
  /// oldest chunks beyond capacity.
  void append(std::string bytes, std::string title);

  struct Read {
    std::vector<ChunkPtr> chunks;  // in order; the first one contains `position`
    bool fell_behind = false;      // `position` is older than the oldest chunk kept
  };
  /// Chunks holding the bytes from `position` on, at most `max_chunks` of them.
  [[nodiscard]] Read read_from(std::uint64_t position, std::size_t max_chunks) const;
  /// The same into `out` without allocating: the number of chunks stored, 0 when none is newer
  /// than `position`; `fell_behind` as in Read.
  std::size_t read_into(std::uint64_t position, std::span<ChunkPtr> out, bool& fell_behind) const;

  /// Registers `waiter` until the ring wakes it (at once when already due). The waiter must stay
  /// alive until woken or until cancel_wait() returns.
  void wait(RingWaiter& waiter) const;
  /// Unregisters `waiter` if it is still waiting; afterwards the ring never touches it again.
  void cancel_wait(RingWaiter& waiter) const;
  /// Wakes the waiters that are due by time (append() wakes those due by size and time); the live
  /// origin calls it every tick, so that a caught-up or starving listener looks again.
  void wake_due() const;

  /// The position after the newest byte.
  [[nodiscard]] std::uint64_t head() const;
  /// Where a new listener starts: the chunk boundary that leaves about `burst_bytes` to send at
  /// once (Icecast's burst-on-connect), or the oldest chunk if the ring holds less.
  [[nodiscard]] std::uint64_t burst_start(std::size_t burst_bytes) const;
  /// The title on air at the head.
  [[nodiscard]] std::string current_title() const;

 private:
  mutable std::mutex mutex_;
  std::deque<ChunkPtr> chunks_;
  std::size_t capacity_bytes_;
  std::size_t held_bytes_ = 0;
  std::uint64_t head_ = 0;

  void wake_due(std::uint64_t head) const;
  // Waiting is not a change of the audio, so a listener's const view of the ring may wait on it.
  mutable std::mutex waiters_mutex_;  // taken without mutex_, never inside it
  mutable std::vector<RingWaiter*> waiters_;
};

}  // namespace ether::stream
