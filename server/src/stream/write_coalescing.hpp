#pragma once
// When a live listener's next write is due: Icecast-style fan-out writes each listener a few
// larger blocks a second instead of every small chunk as it arrives, which is what a listener
// costs in system calls and wake-ups.

#include <chrono>
#include <cstddef>

namespace ether::stream {

/// A write is due once `min_bytes` are queued for the listener, or once anything is queued and
/// `max_delay` has passed since its last write, whichever comes first. After `max_delay` without
/// a write the listener is also due with nothing queued, so that it can notice a closed socket or
/// a starving stream. So a caught-up listener hears the live edge at most `max_delay` late.
struct WriteCoalescing {
  std::size_t min_bytes = 8 * 1024;
  std::chrono::milliseconds max_delay{500};

  [[nodiscard]] bool due(std::size_t queued_bytes, std::chrono::steady_clock::duration since_last_write) const {
    return queued_bytes >= min_bytes || since_last_write >= max_delay;
  }
};

}  // namespace ether::stream
