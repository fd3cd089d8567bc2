#pragma once
// The shared ring of one channel's live audio: the producer appends chunks of whole MP3 frames at
// real-time pace; every listener reads the same immutable chunks by shared pointer, so no listener
// copies audio and a slow one cannot hold anyone else back.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ether::stream {

/// Whole MP3 frames at an absolute byte position of a channel's stream.
struct AudioChunk {
  std::uint64_t start = 0;  // position of the first byte in the channel's stream
  std::string bytes;        // whole frames only, so a listener may start at any chunk
  std::string title;        // "Artist - Title" on air at the first byte
  [[nodiscard]] std::uint64_t end() const { return start + bytes.size(); }
};

using ChunkPtr = std::shared_ptr<const AudioChunk>;

/// A bounded window of the newest chunks. Thread-safe.
class BroadcastRing {
 public:
  /// Keeps at least `capacity_bytes` of the newest audio (whole chunks).
  explicit BroadcastRing(std::size_t capacity_bytes);

  /// Appends the next chunk; its start is set to the current head. Drops the oldest chunks beyond
  /// capacity.
  void append(std::string bytes, std::string title);

  struct Read {
    std::vector<ChunkPtr> chunks;  // in order; the first one contains `position`
    bool fell_behind = false;      // `position` is older than the oldest chunk kept
  };
  /// Chunks holding the bytes from `position` on, at most `max_chunks` of them.
  [[nodiscard]] Read read_from(std::uint64_t position, std::size_t max_chunks) const;

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
};

}  // namespace ether::stream
