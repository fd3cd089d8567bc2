#pragma once
// ICY (Shoutcast/Icecast) in-band metadata: with `Icy-MetaData: 1`, a metadata block follows every
// `icy-metaint` bytes of audio. A block is one length byte (in units of 16) and the padded text
// "StreamTitle='Artist - Title';".

#include <cstddef>
#include <string>
#include <string_view>

namespace ether::stream {

/// The metadata block for a title: length byte then text padded with NULs to a multiple of 16.
/// The title is cut to fit the 4080-byte maximum and single quotes are replaced, since a quote
/// would end the value early for most players.
std::string icy_metadata_block(std::string_view stream_title);

/// The empty block (a single zero byte), sent when the title has not changed since the last block.
inline constexpr std::string_view icy_empty_block{"\0", 1};

/// Counts audio bytes for one listener and says when the next metadata block is due.
class IcyCounter {
 public:
  explicit IcyCounter(std::size_t metaint) : metaint_(metaint), until_block_(metaint) {}

  /// How many of `available` audio bytes may be sent before a metadata block is due.
  [[nodiscard]] std::size_t audio_allowed(std::size_t available) const {
    return available < until_block_ ? available : until_block_;
  }
  /// Records audio sent; returns true when a metadata block must be sent now.
  bool sent_audio(std::size_t bytes) {
    until_block_ -= bytes;
    if (until_block_ != 0) return false;
    until_block_ = metaint_;
    return true;
  }
  [[nodiscard]] std::size_t metaint() const { return metaint_; }

 private:
  std::size_t metaint_;
  std::size_t until_block_;
};

}  // namespace ether::stream
