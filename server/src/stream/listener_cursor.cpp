#include "stream/listener_cursor.hpp"

#include <algorithm>
#include <cstdint>

namespace ether::stream {

ListenerCursor::ListenerCursor(std::uint64_t position, std::size_t metaint)
    : position_(position), icy_(metaint == 0 ? SIZE_MAX : metaint) {}

std::size_t ListenerCursor::plan(std::span<const ChunkPtr> chunks, std::span<std::string_view> out, bool& complete) {
  planned_block_.clear();
  complete = false;
  std::size_t n = 0;
  if (out.empty()) return 0;
  if (!meta_rest_.empty()) out[n++] = meta_rest_;
  auto position = position_;
  IcyCounter icy = icy_;
  for (const auto& chunk : chunks) {
    if (chunk->end() <= position) continue;
    std::size_t offset = position > chunk->start ? position - chunk->start : 0;
    while (offset < chunk->bytes.size()) {
      if (n + 2 > out.size()) return n;  // room for a piece of audio and the block after it
      const std::size_t length = icy.audio_allowed(chunk->bytes.size() - offset);
      out[n++] = std::string_view(chunk->bytes).substr(offset, length);
      offset += length;
      position += length;
      if (!icy.sent_audio(length)) continue;
      // The title of the byte the block follows: it changes exactly where the track changes.
      if (chunk->title == last_title_) {
        out[n++] = icy_empty_block;
        continue;
      }
      // At most one new title per plan, so that commit finds it in planned_block_.
      planned_block_ = icy_metadata_block(chunk->title);
      out[n++] = planned_block_;
      return n;
    }
  }
  complete = true;
  return n;
}

void ListenerCursor::commit(std::span<const ChunkPtr> chunks, std::size_t bytes) {
  std::size_t index = 0;
  while (bytes > 0) {
    if (!meta_rest_.empty()) {
      const auto sent = std::min(bytes, meta_rest_.size());
      meta_rest_.remove_prefix(sent);
      bytes -= sent;
      continue;
    }
    while (index < chunks.size() && chunks[index]->end() <= position_) ++index;
    if (index == chunks.size()) return;  // more than planned: cannot happen with plan's views
    const auto& chunk = *chunks[index];
    const std::size_t sent = std::min(bytes, icy_.audio_allowed(chunk.end() - position_));
    position_ += sent;
    bytes -= sent;
    if (!icy_.sent_audio(sent)) continue;
    if (chunk.title == last_title_) {
      meta_rest_ = icy_empty_block;
    } else {
      title_block_.swap(planned_block_);
      planned_block_.clear();
      last_title_ = chunk.title;
      meta_rest_ = title_block_;
    }
  }
}

}  // namespace ether::stream
