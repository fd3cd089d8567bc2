#pragma once
// One running visual radio segmenter: an ffmpeg child process (segmenter_command.hpp) whose
// standard input the owner feeds with the channel's live MP3 from its broadcast ring, and whose
// picture shows the text files written here. Not thread-safe: one thread (VisualRadio's) owns it.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "stream/broadcast_ring.hpp"
#include "visual/segmenter_command.hpp"

namespace ether::visual {

class Segmenter {
 public:
  /// Starts ffmpeg (spec.ffmpeg: an absolute path) with `spec` (its dir is emptied first) reading the ring from about
  /// `burst_bytes` before its head, so the first segments exist at once. Throws
  /// std::runtime_error when the process cannot be started.
  Segmenter(std::shared_ptr<const stream::BroadcastRing> ring, SegmenterSpec spec, const std::string& name,
            std::size_t burst_bytes, int bytes_per_second);
  ~Segmenter();  // stop()
  Segmenter(const Segmenter&) = delete;
  Segmenter& operator=(const Segmenter&) = delete;

  /// Writes the audio the ring gained since the last call (as much as the pipe takes) and keeps
  /// the song text in step with it. False when ffmpeg stopped reading (it has exited).
  bool feed();
  /// Sets the show line of the picture.
  void set_show(const std::string& text);
  /// Reaps the process if it has exited; true while it runs.
  bool running();
  /// Closes ffmpeg's input, asks it to stop, kills it after `grace`, reaps it and removes its
  /// directory. Idempotent.
  void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(1500));

  [[nodiscard]] pid_t pid() const { return pid_; }
  [[nodiscard]] const std::filesystem::path& dir() const { return spec_.dir; }

 private:
  void write_text(const char* file, const std::string& text);

  std::shared_ptr<const stream::BroadcastRing> ring_;
  SegmenterSpec spec_;
  std::size_t burst_bytes_;
  pid_t pid_ = -1;
  int input_ = -1;  // write end of ffmpeg's standard input
  std::uint64_t position_ = 0;
  std::string pending_;  // read from the ring, not yet taken by the pipe
  std::size_t pending_offset_ = 0;
  std::string song_;
  std::string show_;
};

}  // namespace ether::visual
