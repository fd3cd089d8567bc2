#pragma once
// An ffmpeg child that turns a source's audio (MP3 of another format, AAC, Ogg Vorbis or Opus)
// into MP3 frames of the channel's output format. Its own thread writes the source's bytes to
// ffmpeg's standard input and cuts its standard output into frames for `sink`; writing never
// blocks the caller. The child is killed with the server (PR_SET_PDEATHSIG) and inherits no
// descriptors, as the visual radio's segmenters.

#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ingest/mp3_stream_framer.hpp"
#include "ingest/source_request.hpp"

namespace ether::ingest {

/// The MP3 format a channel sends: every source is made to match it.
struct OutputFormat {
  int bitrate_kbps = 0;
  int sample_rate = 0;
  int channels = 0;
  /// True when `header` is a frame of this format (pass-through needs no transcoding).
  [[nodiscard]] bool matches(const stream::Mp3FrameHeader& header) const {
    return header.bitrate_kbps == bitrate_kbps && header.sample_rate == sample_rate && header.channels == channels;
  }
};

/// ffmpeg's arguments (argv[0] is `ffmpeg`) to read `input` on standard input and write `output`
/// MP3 (CBR, no ID3 or Xing header) on standard output with as little delay as it allows.
std::vector<std::string> transcoder_arguments(const std::string& ffmpeg, InputFormat input, const OutputFormat& output);

class Transcoder {
 public:
  using FrameSink = std::function<void(Mp3StreamFrame frame)>;
  /// Starts ffmpeg (an absolute path) and its thread; `sink` gets every frame, `done` is called once
  /// on that thread when ffmpeg's output ends. ffmpeg's messages go to `log`. Throws
  /// std::runtime_error when it cannot be started.
  Transcoder(const std::string& ffmpeg, InputFormat input, const OutputFormat& output, FrameSink sink,
             std::function<void()> done, const std::filesystem::path& log);
  ~Transcoder();  // kills ffmpeg if it still runs and joins the thread
  Transcoder(const Transcoder&) = delete;
  Transcoder& operator=(const Transcoder&) = delete;

  /// Queues bytes for ffmpeg's input (at most 1 MiB wait; beyond that ffmpeg is stuck and the
  /// oldest are dropped).
  void write(std::string_view bytes);
  /// The input has ended: ffmpeg's input closes once the queue is written, and ffmpeg finishes
  /// (it is killed if it has not within 3 s).
  void finish();
  [[nodiscard]] pid_t pid() const { return pid_; }

 private:
  void run(const std::stop_token& stop);
  void wake() const;

  FrameSink sink_;
  std::function<void()> done_;
  pid_t pid_ = -1;
  int input_ = -1;   // write end of ffmpeg's standard input
  int output_ = -1;  // read end of its standard output
  int wake_ = -1;    // eventfd that interrupts the thread's poll
  std::mutex mutex_;
  std::string pending_;
  bool finishing_ = false;
  std::atomic<bool> exited_{false};
  std::jthread thread_;
};

}  // namespace ether::ingest
