#pragma once
// The International Standard Recording Code (ISO 3901) that royalty societies identify a recording
// by: two letters of a country, three letters or digits of a registrant, two digits of a year and
// five of a designation, often written with hyphens (NL-A1B-24-00001).

#include <optional>
#include <string>
#include <string_view>

namespace ether::domain {

/// The ISRC in `text` as it is stored and reported: twelve characters in upper case, without
/// hyphens or the spaces around it; nullopt when `text` is not one.
[[nodiscard]] std::optional<std::string> normalise_isrc(std::string_view text);

}  // namespace ether::domain
