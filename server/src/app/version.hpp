#pragma once
// The version of Ether that this server is: in error reports and in the manifest of a backup.

#include <string_view>

namespace ether::app {

inline constexpr std::string_view kEtherVersion = "0.1.0";

}  // namespace ether::app
