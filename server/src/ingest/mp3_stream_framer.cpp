#include "ingest/mp3_stream_framer.hpp"

#include <algorithm>

namespace ether::ingest {
namespace {

constexpr std::size_t kMaxBuffer = 64 * 1024;

bool is_info_frame(std::string_view frame) {
  auto window = frame.substr(0, std::min<std::size_t>(frame.size(), 64));
  return window.find("Xing") != std::string_view::npos || window.find("Info") != std::string_view::npos ||
         window.find("VBRI") != std::string_view::npos;
}

}  // namespace

std::vector<Mp3StreamFrame> Mp3StreamFramer::push(std::string_view bytes) {
  buffer_.append(bytes);
  return take(false);
}

std::vector<Mp3StreamFrame> Mp3StreamFramer::flush() {
  auto frames = take(true);
  skipped_ += buffer_.size();
  buffer_.clear();
  return frames;
}

std::vector<Mp3StreamFrame> Mp3StreamFramer::take(bool at_end) {
  std::vector<Mp3StreamFrame> frames;
  const std::string_view data(buffer_);
  std::size_t pos = 0;
  while (pos < data.size()) {
    if (tag_left_ > 0) {
      const auto skip = std::min(tag_left_, data.size() - pos);
      tag_left_ -= skip;
      skipped_ += skip;
      pos += skip;
      continue;
    }
    const auto rest = data.substr(pos);
    if (rest.size() < 10 &&
        rest.starts_with(std::string_view("ID3").substr(0, std::min<std::size_t>(3, rest.size())))) {
      if (!at_end) break;  // perhaps a tag: wait for its header
    }
    if (rest.size() >= 10 && rest.starts_with("ID3")) {
      std::size_t size = 0;
      for (std::size_t i = 6; i < 10; ++i) size = (size << 7U) | (static_cast<unsigned char>(rest[i]) & 0x7FU);
      tag_left_ = 10 + size + ((static_cast<unsigned char>(rest[5]) & 0x10U) != 0 ? 10 : 0);
      continue;
    }
    if (rest.size() < 4) break;
    const auto header = stream::parse_mp3_frame_header(rest);
    if (!header) {
      ++pos;
      ++skipped_;
      continue;
    }
    if (rest.size() < header->length + (at_end ? 0 : 4)) break;  // wait for the frame and the next header
    const bool followed = rest.size() == header->length ||
                          stream::parse_mp3_frame_header(rest.substr(header->length)).has_value() ||
                          rest.substr(header->length).starts_with("ID3");
    if (!followed) {
      ++pos;
      ++skipped_;
      continue;
    }
    const auto frame = rest.substr(0, header->length);
    // Only a stream's first frame may be a Xing/Info header; later ones are audio whatever they hold.
    if (!audio_seen_ && is_info_frame(frame)) {
      skipped_ += frame.size();
    } else {
      audio_seen_ = true;
      frames.push_back({std::string(frame), *header});
    }
    pos += header->length;
  }
  buffer_.erase(0, pos);
  if (buffer_.size() > kMaxBuffer) {
    // No frame in this much: junk that is not audio; keep only what could start one.
    skipped_ += buffer_.size() - 4;
    buffer_.erase(0, buffer_.size() - 4);
  }
  return frames;
}

}  // namespace ether::ingest
