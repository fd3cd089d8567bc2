#include "stream/broadcast_ring.hpp"

#include <algorithm>

namespace ether::stream {

BroadcastRing::BroadcastRing(std::size_t capacity_bytes) : capacity_bytes_(capacity_bytes) {}

void BroadcastRing::append(std::string bytes, std::string title) {
  if (bytes.empty()) return;
  auto chunk = std::make_shared<AudioChunk>();
  chunk->bytes = std::move(bytes);
  chunk->title = std::move(title);
  chunk->on_air = std::chrono::steady_clock::now();
  std::uint64_t head = 0;
  {
    std::lock_guard lock(mutex_);
    chunk->start = head_;
    head_ += chunk->bytes.size();
    held_bytes_ += chunk->bytes.size();
    chunks_.push_back(std::move(chunk));
    while (chunks_.size() > 1 && held_bytes_ - chunks_.front()->bytes.size() >= capacity_bytes_) {
      held_bytes_ -= chunks_.front()->bytes.size();
      chunks_.pop_front();
    }
    head = head_;
  }
  wake_due(head);
}

std::size_t BroadcastRing::read_into(std::uint64_t position, std::span<ChunkPtr> out, bool& fell_behind) const {
  fell_behind = false;
  std::lock_guard lock(mutex_);
  if (chunks_.empty()) return 0;
  if (position < chunks_.front()->start) {
    fell_behind = true;
    return 0;
  }
  auto it = std::upper_bound(chunks_.begin(), chunks_.end(), position,
                             [](std::uint64_t pos, const ChunkPtr& chunk) { return pos < chunk->start; });
  if (it != chunks_.begin()) --it;
  std::size_t n = 0;
  for (; it != chunks_.end() && n < out.size(); ++it) {
    if ((*it)->end() > position) out[n++] = *it;
  }
  return n;
}

void BroadcastRing::wait(RingWaiter& waiter) const {
  const auto head = this->head();
  std::lock_guard lock(waiters_mutex_);
  if (waiter.policy.due(head - waiter.position, std::chrono::steady_clock::now() - waiter.last_write)) {
    waiter.wake();
    return;
  }
  waiters_.push_back(&waiter);
}

void BroadcastRing::cancel_wait(RingWaiter& waiter) const {
  std::lock_guard lock(waiters_mutex_);
  if (auto it = std::find(waiters_.begin(), waiters_.end(), &waiter); it != waiters_.end()) {
    *it = waiters_.back();
    waiters_.pop_back();
  }
}

void BroadcastRing::wake_due() const { wake_due(head()); }

void BroadcastRing::wake_due(std::uint64_t head) const {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(waiters_mutex_);
  // One pass over the waiting listeners; the woken leave the list (swapped with the last one).
  for (std::size_t i = 0; i < waiters_.size();) {
    RingWaiter& waiter = *waiters_[i];
    if (waiter.policy.due(head - waiter.position, now - waiter.last_write)) {
      waiters_[i] = waiters_.back();
      waiters_.pop_back();
      waiter.wake();
    } else {
      ++i;
    }
  }
}

BroadcastRing::Read BroadcastRing::read_from(std::uint64_t position, std::size_t max_chunks) const {
  Read read;
  read.chunks.resize(max_chunks);
  read.chunks.resize(read_into(position, read.chunks, read.fell_behind));
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
