#include "hls/hour_index.hpp"

#include <fstream>
#include <string>
#include <system_error>

#include "hls/segment_grid.hpp"
#include "stream/mp3_frames.hpp"

namespace ether::hls {

namespace {

constexpr std::size_t kReadBlock = 256 * 1024;

// The first frame of segment `n` of an hour (n = 600: the end of the hour's last frame).
std::int64_t segment_first_frame(const recording::FrameFormat& format, std::int64_t n) {
  return format.frame_at_or_after(n * kSegmentSeconds * 1000);
}

}  // namespace

HourIndex::HourIndex(std::filesystem::path file) : file_(std::move(file)) {}

bool HourIndex::refresh() {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file_, ec);
  if (ec) return false;
  if (size <= scanned_) return format_.has_value();
  std::ifstream in(file_, std::ios::binary);
  if (!in) return false;
  in.seekg(static_cast<std::streamoff>(scanned_));
  std::string block;
  std::size_t at = 0;  // within block
  std::uint64_t block_start = scanned_;
  const auto fill = [&] {
    // Keeps the unread rest of the block and appends the next part of the file to it.
    block.erase(0, at);
    block_start += at;
    at = 0;
    const auto before = block.size();
    block.resize(before + kReadBlock);
    in.read(block.data() + before, static_cast<std::streamsize>(kReadBlock));
    block.resize(before + static_cast<std::size_t>(in.gcount()));
    return in.gcount() > 0;
  };
  fill();
  while (true) {
    if (block.size() - at < 4 && !fill()) break;
    const auto header = stream::parse_mp3_frame_header(std::string_view(block).substr(at));
    if (!header) break;  // not a frame: the logger writes nothing else, so the rest is not whole yet
    if (block.size() - at < header->length && (!fill() || block.size() - at < header->length)) break;
    if (!format_) {
      format_ = recording::frame_format(std::string_view(block).substr(at, 4));
      if (!format_) return false;
    }
    const auto n = static_cast<std::int64_t>(boundaries_.size());
    if (n <= 3600 / kSegmentSeconds && frames_ == segment_first_frame(*format_, n)) {
      boundaries_.push_back(block_start + at);
    }
    at += header->length;
    ++frames_;
  }
  scanned_ = block_start + at;
  const auto n = static_cast<std::int64_t>(boundaries_.size());
  if (format_ && n <= 3600 / kSegmentSeconds && frames_ == segment_first_frame(*format_, n)) {
    boundaries_.push_back(scanned_);
  }
  return format_.has_value();
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> HourIndex::segment_bytes(std::int64_t n) const {
  if (n < 0 || n + 1 >= static_cast<std::int64_t>(boundaries_.size())) return std::nullopt;
  return std::pair{boundaries_[static_cast<std::size_t>(n)], boundaries_[static_cast<std::size_t>(n + 1)]};
}

std::optional<std::uint64_t> HourIndex::segment_start(std::int64_t n) const {
  if (n < 0 || n >= static_cast<std::int64_t>(boundaries_.size())) return std::nullopt;
  return boundaries_[static_cast<std::size_t>(n)];
}

}  // namespace ether::hls
