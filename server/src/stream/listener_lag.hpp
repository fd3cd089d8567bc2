#pragma once
// How far behind the live edge a listener may fall before it is dropped, as Icecast's queue-size
// does: lag is the time since the next byte the listener needs went on air (was appended to the
// ring), so a listener whose socket takes less than real time, or nothing, is judged by the audio
// it owes, however its writes trickle on. A listener is never dropped for the burst it was given
// on connect: when that burst alone is longer than the limit, it may fall `kBurstGrace` behind
// where its burst started it.

#include <algorithm>
#include <chrono>

namespace ether::stream {

struct LagLimit {
  using Clock = std::chrono::steady_clock;

  static constexpr std::chrono::seconds kBurstGrace{2};

  std::chrono::milliseconds max_lag{10000};  // ETHER_LISTENER_MAX_LAG_SECONDS

  /// The lag allowed to a listener that started `start_lag` behind the live edge (its burst).
  [[nodiscard]] Clock::duration allowed(Clock::duration start_lag) const {
    return std::max<Clock::duration>(max_lag, start_lag + kBurstGrace);
  }
  /// Whether a listener whose next byte went on air at `on_air` is too far behind at `now`.
  [[nodiscard]] bool too_far_behind(Clock::time_point on_air, Clock::duration start_lag, Clock::time_point now) const {
    return now - on_air > allowed(start_lag);
  }
  /// When a listener that sends nothing more from the byte that went on air at `on_air` becomes
  /// too far behind: the moment to look again while its socket takes nothing.
  [[nodiscard]] Clock::time_point deadline(Clock::time_point on_air, Clock::duration start_lag) const {
    return on_air + allowed(start_lag);
  }
};

}  // namespace ether::stream
