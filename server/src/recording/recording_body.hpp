#pragma once
// A byte range of a broadcast recording written to the socket in bounded chunks straight from its
// hour files, so that a listener fetching a four-hour broadcast costs one chunk of memory, not the
// whole range.

#include <cstdint>

#include "http/streaming_body.hpp"
#include "recording/recordings.hpp"

namespace ether::recording {

class RecordingBody final : public http::StreamingBody {
 public:
  /// Bytes [first, first + length) of `recording`, read kChunkBytes at a time.
  RecordingBody(Recording recording, std::uint64_t first, std::uint64_t length);

  boost::asio::awaitable<void> run(boost::asio::ip::tcp::socket& socket) override;
  [[nodiscard]] std::uint64_t bytes_sent() const override { return bytes_sent_; }

  static constexpr std::uint64_t kChunkBytes = 64 * 1024;

 private:
  Recording recording_;
  std::uint64_t first_;
  std::uint64_t length_;
  std::uint64_t bytes_sent_ = 0;
};

}  // namespace ether::recording
