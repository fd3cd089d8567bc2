#pragma once
// The grid of HLS segments over a channel's recordings (recording/hour_files.hpp): every channel is
// cut into segments of kSegmentSeconds, starting on whole multiples of it in Unix time, so a
// segment's name (its nominal start in Unix seconds) means the same audio on every instance, after
// every restart and in every cache. A segment holds the frames of its hour file that start in its
// nominal span, so it begins and ends on frame boundaries and its bytes are a range of one file.
// Frame k of an hour file is the k-th frame written (the logger's slots), so a segment's frames are
// known from the clock alone; their bytes from walking the file (hls/hour_index.hpp).

#include <cstdint>
#include <optional>
#include <string>

#include "recording/hour_files.hpp"

namespace ether::hls {

/// The target duration: Apple's authoring guidelines' 6 seconds; an hour holds exactly 600.
inline constexpr std::int64_t kSegmentSeconds = 6;

/// One segment as laid out in its hour file.
struct SegmentSpan {
  std::int64_t start_s = 0;      // nominal start, a multiple of kSegmentSeconds (the name)
  std::int64_t hour = 0;         // the hour file it lies in (recording::hour_of)
  std::int64_t first_frame = 0;  // frames [first_frame, end_frame) of the hour file
  std::int64_t end_frame = 0;
  std::int64_t first_sample_ms = 0;  // Unix ms at which its first frame starts (EXT-X-PROGRAM-DATE-TIME)
  double duration_seconds = 0;       // its frames' playing time (EXTINF)
  std::int64_t pts_90khz = 0;        // its first sample as an MPEG-2 timestamp (33 bits)
};

/// Whether `start_s` names a segment (a multiple of kSegmentSeconds).
bool is_segment_start(std::int64_t start_s);
/// The start of the segment whose nominal span holds `unix_ms`.
std::int64_t segment_containing(std::int64_t unix_ms);
/// The segment starting at `start_s` (a segment start) in a recording of `format`.
SegmentSpan segment_span(const recording::FrameFormat& format, std::int64_t start_s);
/// EXT-X-MEDIA-SEQUENCE of the segment starting at `start_s`: the same on every instance.
std::int64_t media_sequence(std::int64_t start_s);

}  // namespace ether::hls
