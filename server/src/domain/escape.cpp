#include "domain/escape.hpp"

namespace ether::domain {

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16);
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (byte >= 0x20 || c == '\t' || c == '\n' || c == '\r') out.push_back(c);
    }
  }
  return out;
}

}  // namespace ether::domain
