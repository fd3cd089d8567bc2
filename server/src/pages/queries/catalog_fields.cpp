#include "pages/queries/catalog_fields.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/parse.hpp>

#include "pages/content_safety.hpp"
#include "pages/queries/rows.hpp"

namespace ether::pages::queries {
namespace json = boost::json;

json::value nullable(const std::optional<std::string>& text) {
  if (!text || text->empty()) return nullptr;
  return json::value(*text);
}

json::value nullable(const std::optional<std::int64_t>& number) {
  if (!number) return nullptr;
  return json::value(*number);
}

std::string url_at(const soci::row& row, std::size_t index) { return safe_url(text_at(row, index)); }

std::optional<std::string> optional_url_at(const soci::row& row, std::size_t index) {
  auto text = optional_text_at(row, index);
  if (text) *text = safe_url(*text);
  return text;
}

std::int64_t seconds_of(std::int64_t milliseconds) { return (milliseconds + 500) / 1000; }

std::string string_field(const json::object& object, std::string_view key) {
  if (auto* value = object.if_contains(key); value && value->is_string()) return std::string(value->get_string());
  return {};
}

std::string slug_of(const json::value* ref) {
  if (!ref || !ref->is_object()) return {};
  return string_field(ref->get_object(), "slug");
}

std::optional<Date> date_of_instant(const json::value* instant) {
  if (!instant || !instant->is_string()) return std::nullopt;
  auto seconds = parse_iso_instant(instant->get_string());
  if (!seconds) return std::nullopt;
  return amsterdam_date(*seconds);
}

// body_json and blocks_json hold a block array; an object {"blocks": [...]} is accepted as well.
json::array parse_blocks(const std::string& text, std::string_view what) {
  boost::system::error_code ec;
  auto value = json::parse(text, ec);
  if (!ec && value.is_array()) return value.get_array();
  if (!ec && value.is_object()) {
    if (auto* blocks = value.get_object().if_contains("blocks"); blocks && blocks->is_array()) {
      return blocks->get_array();
    }
  }
  spdlog::warn("pages: {} holds no block list; showing it without blocks", what);
  return {};
}

}  // namespace ether::pages::queries
