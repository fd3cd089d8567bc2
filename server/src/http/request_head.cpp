#include "http/request_head.hpp"

#include <algorithm>
#include <cstdint>
#include <random>

namespace ether::http {

bool has_folded_line(std::string_view bytes) {
  const auto end = bytes.find("\r\n\r\n");
  const auto head = end == std::string_view::npos ? bytes : bytes.substr(0, end + 2);
  for (auto i = head.find('\n'); i != std::string_view::npos && i + 1 < head.size(); i = head.find('\n', i + 1)) {
    if (head[i + 1] == ' ' || head[i + 1] == '\t') return true;
  }
  return false;
}

bool sane_request_id(std::string_view id) {
  if (id.empty() || id.size() > 128) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == ':';
  });
}

std::string new_request_id() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::uint64_t value = generator();
  std::string id(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) id[static_cast<std::size_t>(i)] = kHex[value & 0xf];
  return id;
}

}  // namespace ether::http
