#pragma once
// The source selector of one channel: while a live source (an Icecast source client, or a relay
// of the instance that holds one) is on air, its MP3 frames replace the playout's in the channel's
// clock; when it leaves, the playout returns. Frames are whole, so every switch falls on a frame
// boundary. The producer (ingest) pushes, the clock (ChannelClock) pops; thread-safe.

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace ether::stream {

/// One whole MP3 frame of the channel's output format.
struct LiveFrame {
  std::string bytes;
  std::int64_t duration_us = 0;
};

class LiveFeed {
 public:
  /// At most `max_queued_ms` of audio wait for the clock; a source sending faster than real time
  /// loses its oldest frames beyond that, so it cannot pile up delay.
  explicit LiveFeed(std::int64_t max_queued_ms = 3000) : max_queued_us_(max_queued_ms * 1000) {}

  /// A source connects; it goes on air with its first frame. `title` is the stream title meanwhile.
  void open(std::string title);
  /// Queues a frame of the open source.
  void push(std::string frame, std::int64_t duration_us);
  /// The source disconnected: once its queued frames have been played, the playout returns.
  void close();

  /// True while the clock plays the source: it is connected and has sent audio, or frames wait.
  /// A connected source that falls silent is waited for (until the ingest drops it).
  [[nodiscard]] bool on_air() const;
  /// The next queued frame, or nullopt when none waits.
  std::optional<LiveFrame> pop();
  [[nodiscard]] std::string title() const;
  /// Changes the stream title of the open source (a relay learns its holder's title).
  void set_title(std::string title);
  /// Frames dropped because the source ran ahead of real time.
  [[nodiscard]] std::uint64_t dropped_frames() const;

  /// The clock says where in the channel's ring a chunk of the source starts; the first since
  /// open() is kept (a chunk boundary), so that a relay to another instance can start where the
  /// source went on air rather than from now.
  void mark_on_air_at(std::uint64_t ring_position);
  /// That position, until the next open(); nullopt before the source's first frame was played.
  [[nodiscard]] std::optional<std::uint64_t> on_air_at() const;

 private:
  mutable std::mutex mutex_;
  std::int64_t max_queued_us_;
  std::deque<LiveFrame> queue_;
  std::int64_t queued_us_ = 0;
  bool open_ = false;
  bool sending_ = false;  // the open source has sent a frame
  std::string title_;
  std::uint64_t dropped_ = 0;
  std::optional<std::uint64_t> on_air_at_;
};

}  // namespace ether::stream
