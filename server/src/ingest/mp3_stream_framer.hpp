#pragma once
// Cuts an MP3 byte stream that arrives in arbitrary pieces (a source client's body, a transcoder's
// output) into whole Layer III frames, so that the live origin can switch between inputs on frame
// boundaries. Skips ID3v2 tags, Xing/Info frames and junk; a frame counts once the next frame's
// header follows it (or, at the end, on flush).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stream/mp3_frames.hpp"

namespace ether::ingest {

/// One whole frame and what its header says.
struct Mp3StreamFrame {
  std::string bytes;
  stream::Mp3FrameHeader header;
  [[nodiscard]] std::int64_t duration_us() const {
    return std::int64_t{header.samples} * 1'000'000 / header.sample_rate;
  }
};

class Mp3StreamFramer {
 public:
  /// Adds bytes and returns the frames they completed.
  std::vector<Mp3StreamFrame> push(std::string_view bytes);
  /// The stream ended: returns a last whole frame still held, if any.
  std::vector<Mp3StreamFrame> flush();
  /// Bytes skipped so far as not being frames (tags, junk).
  [[nodiscard]] std::size_t skipped_bytes() const { return skipped_; }

 private:
  std::vector<Mp3StreamFrame> take(bool at_end);

  std::string buffer_;
  std::size_t skipped_ = 0;
  std::size_t tag_left_ = 0;  // bytes of an ID3v2 tag still to skip
  bool audio_seen_ = false;
};

}  // namespace ether::ingest
