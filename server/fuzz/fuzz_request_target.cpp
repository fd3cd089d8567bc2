// The request target of every request: http::parse_target splits an origin-form target into the
// decoded path, the raw query and its decoded parameters.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "http/message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view target(reinterpret_cast<const char*>(data), size);
  ether::http::Request request;
  if (!ether::http::parse_target(target, request)) return 0;
  FUZZ_CHECK(request.target == target);
  FUZZ_CHECK(!request.path.empty());
  FUZZ_CHECK(request.query_string.size() < target.size() || request.query_string.empty());
  for (const auto& [key, value] : request.query) {
    FUZZ_CHECK(!key.empty());
    FUZZ_CHECK(request.param(key).has_value());
  }
  // Parsing the same target again gives the same request.
  ether::http::Request again;
  FUZZ_CHECK(ether::http::parse_target(target, again));
  FUZZ_CHECK(again.path == request.path && again.query == request.query);
  return 0;
}
