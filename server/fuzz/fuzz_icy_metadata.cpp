// ICY metadata built from store text (stream/icy_metadata.hpp): whatever the title, the block is
// well-formed and the value cannot end early, carry control characters or markup.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "stream/icy_metadata.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view title(reinterpret_cast<const char*>(data), size);
  const auto block = ether::stream::icy_metadata_block(title);
  FUZZ_CHECK(block.size() % 16 == 1);
  FUZZ_CHECK(static_cast<unsigned char>(block[0]) * 16U + 1 == block.size());
  const std::string_view text(block.data() + 1, block.size() - 1);
  constexpr std::string_view prefix = "StreamTitle='";
  FUZZ_CHECK(text.starts_with(prefix));
  // A player reads the value from after the opening quote up to the first "';".
  const auto end = text.find("';", prefix.size());
  FUZZ_CHECK(end != std::string_view::npos);
  for (std::size_t i = end + 2; i < text.size(); ++i) FUZZ_CHECK(text[i] == '\0');
  for (const char c : text.substr(prefix.size(), end - prefix.size())) {
    const auto byte = static_cast<unsigned char>(c);
    FUZZ_CHECK(byte >= 0x20 && byte != 0x7f && c != '\'' && c != '<' && c != '>');
  }
  const auto header = ether::stream::icy_text(title, 256);
  FUZZ_CHECK(header.size() <= 256);
  FUZZ_CHECK(header.find_first_of("\r\n<>'") == std::string_view::npos);
  return 0;
}
