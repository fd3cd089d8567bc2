// Preview tokens of unpublished content pages (pages/preview_token.hpp) as an editor's link carries
// them: no input is accepted, since the seeds were signed with another secret.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "pages/preview_token.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ether::pages::PreviewTokens tokens("fuzz-preview-secret-no-seed-was-signed-with");
  static const ether::pages::PreviewTokens unsigned_tokens("");
  const std::string_view token(reinterpret_cast<const char*>(data), size);
  using ether::pages::PreviewVerdict;
  constexpr std::int64_t now = 1'795'258'800;
  for (std::int64_t page : {1, 3, 42}) {
    FUZZ_CHECK(tokens.verify(token, page, now) != PreviewVerdict::valid);
    FUZZ_CHECK(unsigned_tokens.verify(token, page, now) != PreviewVerdict::valid);
  }
  return 0;
}
