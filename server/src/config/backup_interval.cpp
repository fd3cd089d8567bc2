#include "config/backup_interval.hpp"

#include <charconv>

namespace ether::config {

std::optional<std::chrono::seconds> parse_backup_interval(std::string_view text) {
  if (text == "hourly") return std::chrono::hours(1);
  if (text == "daily") return std::chrono::hours(24);
  if (text == "weekly") return std::chrono::hours(24 * 7);
  if (text.ends_with('h')) text.remove_suffix(1);
  int hours = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), hours);
  if (ec != std::errc() || end != text.data() + text.size() || hours < 1 || hours > 24 * 31) return std::nullopt;
  return std::chrono::hours(hours);
}

}  // namespace ether::config
