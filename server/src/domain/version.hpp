#pragma once
// The version of Ether that this server is: in error reports (app/main.cpp) and in the manifest of a
// backup (backup/), so it lives below both.

#include <string_view>

namespace ether::domain {

inline constexpr std::string_view kEtherVersion = "0.1.0";

}  // namespace ether::domain
