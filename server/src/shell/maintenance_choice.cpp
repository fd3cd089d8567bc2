#include "shell/maintenance_choice.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <vector>

namespace ether::shell {
namespace json = boost::json;
namespace {

std::vector<std::int64_t> closed_ids(std::string_view cookie) {
  std::vector<std::int64_t> ids;
  while (!cookie.empty()) {
    const auto dot = cookie.find('.');
    const auto part = cookie.substr(0, dot);
    std::int64_t id = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), id);
    if (error != std::errc{} || end != part.data() + part.size()) return {};
    ids.push_back(id);
    cookie = dot == std::string_view::npos ? std::string_view{} : cookie.substr(dot + 1);
  }
  return ids;
}

}  // namespace

std::optional<json::object> shown_notification(const json::array& notifications,
                                               std::optional<std::string_view> cookie_value) {
  const auto closed = closed_ids(cookie_value.value_or(""));
  for (const auto& value : notifications) {
    if (!value.is_object()) continue;
    const auto& notification = value.get_object();
    const auto* id = notification.if_contains("id");
    if (!id || !id->is_int64()) continue;
    if (std::find(closed.begin(), closed.end(), id->get_int64()) == closed.end()) return notification;
  }
  return std::nullopt;
}

}  // namespace ether::shell
