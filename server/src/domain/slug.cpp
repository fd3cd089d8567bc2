#include "domain/slug.hpp"

namespace ether::domain {

bool is_valid_slug(std::string_view text) {
  if (text.empty() || text.size() > kMaxSlugLength || text.front() == '-' || text.back() == '-') return false;
  char previous = 0;
  for (char c : text) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && previous != '-');
    if (!ok) return false;
    previous = c;
  }
  return true;
}

}  // namespace ether::domain
