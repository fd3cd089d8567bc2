#pragma once
// ICY (Shoutcast/Icecast) in-band metadata: with `Icy-MetaData: 1`, a metadata block follows every
// `icy-metaint` bytes of audio. A block is one length byte (in units of 16) and the padded text
// "StreamTitle='Artist - Title';".

#include <cstddef>
#include <string>
#include <string_view>

namespace ether::stream {

/// Text from the store as ICY carries it (StreamTitle and the icy-* headers): plain text on one
/// line. Control characters (C0 and DEL, so also CR and LF) become spaces, runs of white space
/// collapse and the ends are trimmed; a tag ("<" then a letter, "/" or "!", up to ">") is dropped
/// and any other "<" or ">" with it; a single quote becomes "`", since `';` would end a
/// StreamTitle early. The result is cut to at most `max_bytes` on a UTF-8 character boundary.
std::string icy_text(std::string_view text, std::size_t max_bytes);

/// The metadata block for a title: length byte then "StreamTitle='...';" padded with NULs to a
/// multiple of 16. The title goes through `icy_text`, cut to fit the 4080-byte maximum.
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
