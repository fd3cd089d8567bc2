#include "store/like_pattern.hpp"

namespace ether::store {

std::string contains_pattern(std::string_view text) {
  std::string out = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '!') out += '!';
    out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out + "%";
}

}  // namespace ether::store
