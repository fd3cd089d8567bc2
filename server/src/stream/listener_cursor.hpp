#pragma once
// Where one live listener stands in the bytes it is sent: the audio position in the channel's
// stream, the ICY counter, and what is left of a metadata block owed. A listener lays out the next
// bytes from the ring's shared chunks without copying them (plan), writes what its socket takes, and
// records exactly that much (commit), so that a write cut anywhere, even inside a metadata block,
// resumes at the right byte.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "stream/broadcast_ring.hpp"
#include "stream/icy_metadata.hpp"

namespace ether::stream {

class ListenerCursor {
 public:
  /// Starts at `position` of the stream; `metaint` 0 sends no metadata.
  ListenerCursor(std::uint64_t position, std::size_t metaint);

  /// Lays out in `out` the bytes that follow from `chunks` (in order, as BroadcastRing::read_into
  /// gives them): audio views into the chunks, with a metadata block after every `metaint` audio
  /// bytes (the title's when it changed, else the empty one). Returns how many views were stored.
  /// `complete` is false when it stopped before the end of `chunks` (out is full, or a new title's
  /// block was laid out last); then a further plan after commit continues.
  std::size_t plan(std::span<const ChunkPtr> chunks, std::span<std::string_view> out, bool& complete);

  /// Records that the first `bytes` of the last plan were sent; `chunks` as given to it.
  void commit(std::span<const ChunkPtr> chunks, std::size_t bytes);

  /// The next audio byte to send.
  [[nodiscard]] std::uint64_t position() const { return position_; }
  /// True while part of a metadata block is still to be sent.
  [[nodiscard]] bool owes_metadata() const { return !meta_rest_.empty(); }

 private:
  std::uint64_t position_;
  IcyCounter icy_;
  std::string last_title_;      // the title of the last block that named one
  std::string title_block_;     // the block meta_rest_ may point into
  std::string planned_block_;   // a new title's block laid out by plan, taken by commit
  std::string_view meta_rest_;  // the part of the current block not yet sent
};

}  // namespace ether::stream
