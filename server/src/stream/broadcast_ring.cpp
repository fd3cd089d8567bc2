#include "stream/broadcast_ring.hpp"

#include <algorithm>

namespace ether::stream {

BroadcastRing::BroadcastRing(std::size_t capacity_bytes) : capacity_bytes_(capacity_bytes) {}

void BroadcastRing::append(std::string bytes, std::string title) {
  if (bytes.empty()) return;
  auto chunk = std::make_shared<AudioChunk>();
  chunk->bytes = std::move(bytes);
  chunk->title = std::move(title);
  std::lock_guard lock(mutex_);
  chunk->start = head_;
  head_ += chunk->bytes.size();
  held_bytes_ += chunk->bytes.size();
  chunks_.push_back(std::move(chunk));
  while (chunks_.size() > 1 && held_bytes_ - chunks_.front()->bytes.size() >= capacity_bytes_) {
    held_bytes_ -= chunks_.front()->bytes.size();
    chunks_.pop_front();
  }
}

BroadcastRing::Read BroadcastRing::read_from(std::uint64_t position, std::size_t max_chunks) const {
  Read read;
  std::lock_guard lock(mutex_);
  if (chunks_.empty()) return read;
  if (position < chunks_.front()->start) {
    read.fell_behind = true;
    return read;
  }
  // Chunks are ordered by start: find the one containing `position`.
  auto it = std::upper_bound(chunks_.begin(), chunks_.end(), position,
                             [](std::uint64_t pos, const ChunkPtr& chunk) { return pos < chunk->start; });
  if (it != chunks_.begin()) --it;
  for (; it != chunks_.end() && read.chunks.size() < max_chunks; ++it) {
    if ((*it)->end() > position) read.chunks.push_back(*it);
  }
  return read;
}

std::uint64_t BroadcastRing::head() const {
  std::lock_guard lock(mutex_);
  return head_;
}

std::uint64_t BroadcastRing::burst_start(std::size_t burst_bytes) const {
  std::lock_guard lock(mutex_);
  if (chunks_.empty()) return head_;
  for (auto it = chunks_.rbegin(); it != chunks_.rend(); ++it) {
    if (head_ - (*it)->start >= burst_bytes) return (*it)->start;
  }
  return chunks_.front()->start;
}

std::string BroadcastRing::current_title() const {
  std::lock_guard lock(mutex_);
  return chunks_.empty() ? std::string() : chunks_.back()->title;
}

}  // namespace ether::stream
