// The MP3 frame splitter of the live origin and the recorder (stream/mp3_frames.hpp): frames lie
// inside the file, in order, without overlap, each with a header that parses.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "stream/mp3_frames.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view file(reinterpret_cast<const char*>(data), size);
  (void)ether::stream::parse_mp3_frame_header(file);
  std::size_t previous_end = 0;
  for (const auto& frame : ether::stream::split_mp3_frames(file)) {
    FUZZ_CHECK(frame.length > 0);
    FUZZ_CHECK(frame.offset >= previous_end);
    FUZZ_CHECK(frame.offset + frame.length <= file.size());
    FUZZ_CHECK(frame.duration_us > 0);
    const auto header = ether::stream::parse_mp3_frame_header(file.substr(frame.offset));
    FUZZ_CHECK(header && header->length == frame.length);
    previous_end = frame.offset + frame.length;
  }
  return 0;
}
