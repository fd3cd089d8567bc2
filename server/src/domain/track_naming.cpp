#include "domain/track_naming.hpp"

namespace ether::domain {
namespace {

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

}  // namespace

std::string track_name(std::string_view song, std::string_view complete_work, std::optional<long long> chart_position) {
  std::string name(blank(complete_work) ? song : complete_work);
  if (chart_position) name = "#" + std::to_string(*chart_position) + ":  " + name;
  return name;
}

std::string track_artist(std::string_view artist, std::string_view composer, bool classical) {
  return std::string(classical && !blank(composer) ? composer : artist);
}

}  // namespace ether::domain
