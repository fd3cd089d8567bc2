#include "stream/live_feed.hpp"

namespace ether::stream {

void LiveFeed::open(std::string title) {
  std::lock_guard lock(mutex_);
  open_ = true;
  sending_ = false;
  title_ = std::move(title);
  on_air_at_.reset();
}

void LiveFeed::push(std::string frame, std::int64_t duration_us) {
  std::lock_guard lock(mutex_);
  if (!open_) return;
  sending_ = true;
  queued_us_ += duration_us;
  queue_.push_back({std::move(frame), duration_us});
  while (queued_us_ > max_queued_us_ && queue_.size() > 1) {
    queued_us_ -= queue_.front().duration_us;
    queue_.pop_front();
    ++dropped_;
  }
}

void LiveFeed::close() {
  std::lock_guard lock(mutex_);
  open_ = false;
  sending_ = false;
}

bool LiveFeed::on_air() const {
  std::lock_guard lock(mutex_);
  return (open_ && sending_) || !queue_.empty();
}

std::optional<LiveFrame> LiveFeed::pop() {
  std::lock_guard lock(mutex_);
  if (queue_.empty()) return std::nullopt;
  auto frame = std::move(queue_.front());
  queue_.pop_front();
  queued_us_ -= frame.duration_us;
  return frame;
}

std::string LiveFeed::title() const {
  std::lock_guard lock(mutex_);
  return title_;
}

void LiveFeed::set_title(std::string title) {
  std::lock_guard lock(mutex_);
  title_ = std::move(title);
}

std::uint64_t LiveFeed::dropped_frames() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

void LiveFeed::mark_on_air_at(std::uint64_t ring_position) {
  std::lock_guard lock(mutex_);
  if (!on_air_at_) on_air_at_ = ring_position;
}

std::optional<std::uint64_t> LiveFeed::on_air_at() const {
  std::lock_guard lock(mutex_);
  return on_air_at_;
}

}  // namespace ether::stream
