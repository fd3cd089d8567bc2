// Stream and recording tokens (stream/stream_token.hpp) as a listener sends them. No input may be
// accepted: the seeds are tokens of another secret, so a "valid" verdict would be a forgery. Also
// checks that base64url decoding inverts encoding.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "stream/stream_token.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ether::stream::TokenSigner signer("fuzz-secret-that-no-seed-was-signed-with");
  const std::string_view token(reinterpret_cast<const char*>(data), size);
  using ether::stream::TokenVerdict;
  constexpr std::int64_t now = 1'795'258'800;
  FUZZ_CHECK(signer.verify(token, "live:radio2", now) != TokenVerdict::valid);
  FUZZ_CHECK(signer.verify_signature(token, "/recordings/radio2/2026-11-21/12.mp3", now + 60, now) !=
             TokenVerdict::valid);
  (void)ether::stream::to_string(signer.verify(token, "", now));

  std::string decoded;
  if (ether::stream::base64url_decode(token, decoded)) {
    std::string again;
    FUZZ_CHECK(ether::stream::base64url_decode(ether::stream::base64url_encode(decoded), again));
    FUZZ_CHECK(again == decoded);
  }
  // What the signer issues, it accepts until it expires.
  const auto issued = signer.sign(token.substr(0, 64), now + 10);
  FUZZ_CHECK(signer.verify(issued, token.substr(0, 64), now) == TokenVerdict::valid);
  FUZZ_CHECK(signer.verify(issued, token.substr(0, 64), now + 11) != TokenVerdict::valid);
  return 0;
}
