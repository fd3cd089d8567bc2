#include "domain/isrc.hpp"

#include <algorithm>
#include <cctype>

namespace ether::domain {

std::optional<std::string> normalise_isrc(std::string_view text) {
  const auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  std::string out;
  for (char c : text) {
    if (c == '-') continue;
    if (!std::isalnum(static_cast<unsigned char>(c))) return std::nullopt;
    out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  // CC-XXX-YY-NNNNN: two letters, three letters or digits, seven digits.
  if (out.size() != 12 || !std::isalpha(static_cast<unsigned char>(out[0])) ||
      !std::isalpha(static_cast<unsigned char>(out[1])) ||
      !std::all_of(out.begin() + 5, out.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    return std::nullopt;
  }
  return out;
}

}  // namespace ether::domain
