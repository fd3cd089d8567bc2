#pragma once
// The URL slug rule of spec §5: lower-case letters and digits with single hyphens inside, at most
// 64 characters. Channels, programmes and the other entities are addressed by such slugs.

#include <cstddef>
#include <string_view>

namespace ether::domain {

inline constexpr std::size_t kMaxSlugLength = 64;

/// True when `text` is a valid URL slug ("radio2", "de-ochtendploeg"; not "", "-a", "a--b", "A").
[[nodiscard]] bool is_valid_slug(std::string_view text);

}  // namespace ether::domain
