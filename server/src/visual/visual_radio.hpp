#pragma once
// Visual radio of our own channels: per channel, only while someone watches, an ffmpeg segmenter
// (segmenter.hpp) turns the channel's live audio and a studio picture into a live HLS playlist
// under the work dir. A request starts it; it stops when nobody asked for `idle_timeout`; a crashed
// one is reaped and starts again on the next request; at most `max_segmenters` run at once. One
// thread starts, feeds, reaps and stops every process; request threads only leave word for it.

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "stream/live_origin.hpp"
#include "visual/segmenter.hpp"

namespace ether::visual {

/// A channel with visual radio of our own.
struct VisualChannel {
  std::string slug;
  std::string name;
  std::string colour;          // "#rrggbb"
  std::filesystem::path logo;  // an image file, or empty
};

struct VisualRadioOptions {
  std::filesystem::path work_dir;  // one directory per channel below it
  std::string ffmpeg;              // absolute path; empty: looked up in PATH
  std::size_t max_segmenters = 4;
  std::chrono::milliseconds idle_timeout{60000};
  std::chrono::milliseconds tick{100};
  std::chrono::milliseconds restart_delay{2000};  // after a crash, so that a failing ffmpeg cannot spin
};

/// The show on air on a channel now, as the picture's second line ("" for none).
using ShowLine = std::function<std::string(const std::string& channel)>;

class VisualRadio {
 public:
  VisualRadio(std::vector<VisualChannel> channels, stream::LiveOrigin& origin, ShowLine show,
              VisualRadioOptions options);
  ~VisualRadio();  // stop()
  VisualRadio(const VisualRadio&) = delete;
  VisualRadio& operator=(const VisualRadio&) = delete;

  /// Starts the managing thread.
  void start();
  /// Stops every segmenter (their processes are reaped) and the thread. Idempotent.
  void stop();

  enum class Demand { ready, starting, unknown_channel, busy, unavailable };
  /// Records a viewer's request for `channel`'s playlist or a segment and asks for its segmenter
  /// when it does not run. `ready`: the playlist exists; `starting`: it will shortly;
  /// `busy`: `max_segmenters` already run; `unavailable`: no ffmpeg.
  Demand demand(std::string_view channel);

  /// The playlist as ffmpeg wrote it, or nullopt while there is none.
  [[nodiscard]] std::optional<std::string> playlist(std::string_view channel) const;
  /// The file of a segment (the name must be valid_segment_name), or nullopt when absent.
  [[nodiscard]] std::optional<std::string> segment(std::string_view channel, std::string_view name) const;
  /// True for a channel with visual radio of our own.
  [[nodiscard]] bool carries(std::string_view channel) const;
  /// The process ids of the running segmenters, by channel (for tests and logs).
  [[nodiscard]] std::map<std::string, pid_t> processes() const;

 private:
  struct Slot {
    VisualChannel channel;
    std::chrono::steady_clock::time_point last_request{};
    bool wanted = false;                   // guarded by mutex_
    std::unique_ptr<Segmenter> segmenter;  // owned by the thread
    pid_t pid = -1;                        // guarded by mutex_
    std::chrono::steady_clock::time_point next_show_check{};
    std::chrono::steady_clock::time_point not_before{};  // a crashed segmenter restarts no sooner
  };
  void run(const std::stop_token& stop);
  void tick();
  void start_segmenter(Slot& slot);
  [[nodiscard]] std::size_t running_count() const;  // mutex_ held

  stream::LiveOrigin& origin_;
  ShowLine show_;
  VisualRadioOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::map<std::string, Slot, std::less<>> slots_;
  std::jthread thread_;
};

}  // namespace ether::visual
