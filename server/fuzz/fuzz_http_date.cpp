// HTTP dates of If-Modified-Since and If-Range (IMF-fixdate, http/range.hpp): whatever parses must
// format back to a date that parses to the same instant.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "http/range.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = ether::http::parse_http_date(text);
  if (!parsed) return 0;
  const auto formatted = ether::http::format_http_date(*parsed);
  FUZZ_CHECK(formatted.size() == 29);
  const auto again = ether::http::parse_http_date(formatted);
  FUZZ_CHECK(again && *again == *parsed);
  return 0;
}
