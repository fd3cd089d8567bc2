#include "hls/segment_grid.hpp"

namespace ether::hls {

namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// MPEG-2 timestamps count 90 kHz ticks in 33 bits and wrap (every 26.5 hours); players unwrap them.
constexpr std::int64_t kPtsModulo = std::int64_t{1} << 33;

}  // namespace

bool is_segment_start(std::int64_t start_s) { return start_s % kSegmentSeconds == 0; }

std::int64_t segment_containing(std::int64_t unix_ms) {
  return floor_div(unix_ms, kSegmentSeconds * 1000) * kSegmentSeconds;
}

SegmentSpan segment_span(const recording::FrameFormat& format, std::int64_t start_s) {
  SegmentSpan span;
  span.start_s = start_s;
  span.hour = recording::hour_of(start_s * 1000);
  const std::int64_t offset_ms = start_s * 1000 - span.hour * recording::kHourMs;
  span.first_frame = format.frame_at_or_after(offset_ms);
  // The last segment of an hour ends with the hour file's last frame (the one that starts before
  // the next hour), which frame_at_or_after of the hour's end gives too.
  span.end_frame = format.frame_at_or_after(offset_ms + kSegmentSeconds * 1000);
  span.first_sample_ms = span.hour * recording::kHourMs + format.frame_start_ms(span.first_frame);
  span.duration_seconds = static_cast<double>(span.end_frame - span.first_frame) * format.frame_seconds();
  // Exactly: the hour in ticks plus the frames' samples in ticks, without the rounding to ms.
  const std::int64_t frame_ticks = span.first_frame * format.samples_per_frame * 90'000 / format.sample_rate;
  span.pts_90khz = ((span.hour * 3600 * 90'000) % kPtsModulo + frame_ticks) % kPtsModulo;
  return span;
}

std::int64_t media_sequence(std::int64_t start_s) { return floor_div(start_s, kSegmentSeconds); }

}  // namespace ether::hls
