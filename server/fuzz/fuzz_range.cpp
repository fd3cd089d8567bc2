// Range, If-None-Match and If-Range headers of media and static requests (http/range.hpp). The
// first 8 bytes of the input are the representation's size, the rest is the header value.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "fuzz_support.hpp"
#include "http/range.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < sizeof(std::uint64_t)) return 0;
  std::uint64_t body_size = 0;
  std::memcpy(&body_size, data, sizeof body_size);
  // Small sizes reach the edge cases (0, 1, first == size) far more often than random 64-bit ones.
  if ((body_size & 1U) == 0) body_size = (body_size >> 1) % 4096;
  const std::string_view header(reinterpret_cast<const char*>(data) + sizeof body_size, size - sizeof body_size);

  using ether::http::RangeRequest;
  const auto request = ether::http::parse_range(header, body_size);
  if (request.kind == RangeRequest::Kind::partial) {
    FUZZ_CHECK(body_size > 0);
    FUZZ_CHECK(request.range.first <= request.range.last);
    FUZZ_CHECK(request.range.last < body_size);
    FUZZ_CHECK(request.range.length() <= body_size);
    FUZZ_CHECK(!ether::http::content_range(request.range, body_size).empty());
  }
  const auto etag = ether::http::strong_etag(header.substr(0, 16));
  (void)ether::http::if_none_match(header, etag);
  (void)ether::http::if_range_allows(header, etag, 784111777);
  FUZZ_CHECK(ether::http::if_none_match(etag, etag));
  return 0;
}
