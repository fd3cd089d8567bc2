#include "listeners/listener_tracker.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace ether::listeners {

ListenerTracker::ListenerTracker(Clock clock, std::chrono::milliseconds hls_idle)
    : clock_(std::move(clock)), hls_idle_ms_(hls_idle.count()) {}

std::uint64_t ListenerTracker::open(std::string channel, std::string format, std::string listener) {
  const auto now = clock_();
  Open open{Session{.channel = std::move(channel),
                    .format = std::move(format),
                    .listener = std::move(listener),
                    .start_ms = now,
                    .end_ms = now,
                    .bytes = 0},
            now};
  const std::lock_guard lock(mutex_);
  const auto id = next_id_++;
  streams_.emplace(id, std::move(open));
  return id;
}

void ListenerTracker::close_locked(Open& open, std::int64_t end_ms) {
  open.session.end_ms = std::max(open.session.start_ms, end_ms);
  bytes_sent_.fetch_add(open.session.bytes, std::memory_order_relaxed);
  // A store away for days must not grow memory without end: the oldest waiting go first.
  if (closed_.size() >= kMaxWaiting) closed_.erase(closed_.begin());
  closed_.push_back(std::move(open.session));
}

void ListenerTracker::close(std::uint64_t id, std::uint64_t bytes) {
  const auto now = clock_();
  const std::lock_guard lock(mutex_);
  auto it = streams_.find(id);
  if (it == streams_.end()) return;
  it->second.session.bytes = bytes;
  close_locked(it->second, now);
  streams_.erase(it);
}

void ListenerTracker::hls_fetch(const std::string& channel, const std::string& listener, std::uint64_t bytes,
                                bool opens) {
  const auto now = clock_();
  // Every HLS request looks its session up: the key is built in a buffer of the thread's own rather
  // than a new string each time.
  thread_local std::string key;
  key.assign(channel).append(1, '\n').append(listener);
  const std::lock_guard lock(mutex_);
  auto it = hls_.find(key);
  if (it != hls_.end() && now - it->second.last_fetch_ms > hls_idle_ms_) {
    // Idle too long before the sweep saw it: that session ended, a new one begins.
    close_locked(it->second, it->second.last_fetch_ms);
    hls_.erase(it);
    it = hls_.end();
  }
  if (it == hls_.end()) {
    if (!opens) return;
    it = hls_.emplace(key, Open{Session{.channel = channel,
                                        .format = "hls",
                                        .listener = listener,
                                        .start_ms = now,
                                        .end_ms = now,
                                        .bytes = 0},
                                now})
             .first;
  }
  it->second.session.bytes += bytes;
  it->second.last_fetch_ms = now;
}

void ListenerTracker::sweep() {
  const auto now = clock_();
  const std::lock_guard lock(mutex_);
  // Erasing from the flat table leaves every other element where it is, so the walk goes on from
  // the next one.
  for (auto it = hls_.begin(); it != hls_.end();) {
    const auto next = std::next(it);
    if (now - it->second.last_fetch_ms > hls_idle_ms_) {
      close_locked(it->second, it->second.last_fetch_ms);
      hls_.erase(it);
    }
    it = next;
  }
}

void ListenerTracker::close_all() {
  const auto now = clock_();
  const std::lock_guard lock(mutex_);
  for (auto& [id, open] : streams_) close_locked(open, now);
  streams_.clear();
  for (auto& [key, open] : hls_) close_locked(open, open.last_fetch_ms);
  hls_.clear();
}

std::vector<Session> ListenerTracker::take_closed() {
  const std::lock_guard lock(mutex_);
  return std::exchange(closed_, {});
}

std::size_t ListenerTracker::waiting() const {
  const std::lock_guard lock(mutex_);
  return closed_.size();
}

void ListenerTracker::give_back(std::vector<Session> sessions) {
  const std::lock_guard lock(mutex_);
  sessions.insert(sessions.end(), std::make_move_iterator(closed_.begin()), std::make_move_iterator(closed_.end()));
  if (sessions.size() > kMaxWaiting) {
    sessions.erase(sessions.begin(), sessions.begin() + static_cast<std::ptrdiff_t>(sessions.size() - kMaxWaiting));
  }
  closed_ = std::move(sessions);
}

std::vector<Session> ListenerTracker::open_sessions() const {
  const auto now = clock_();
  std::vector<Session> out;
  const std::lock_guard lock(mutex_);
  out.reserve(streams_.size() + hls_.size());
  for (const auto& [id, open] : streams_) {
    out.push_back(open.session);
    out.back().end_ms = std::max(open.session.start_ms, now);
  }
  for (const auto& [key, open] : hls_) {
    if (now - open.last_fetch_ms > hls_idle_ms_) continue;
    out.push_back(open.session);
    out.back().end_ms = std::max(open.session.start_ms, now);
  }
  return out;
}

std::map<std::pair<std::string, std::string>, std::int64_t> ListenerTracker::counts() const {
  const auto now = clock_();
  std::map<std::pair<std::string, std::string>, std::int64_t> out;
  const std::lock_guard lock(mutex_);
  for (const auto& [id, open] : streams_) ++out[{open.session.channel, open.session.format}];
  for (const auto& [key, open] : hls_) {
    if (now - open.last_fetch_ms <= hls_idle_ms_) ++out[{open.session.channel, open.session.format}];
  }
  return out;
}

}  // namespace ether::listeners
