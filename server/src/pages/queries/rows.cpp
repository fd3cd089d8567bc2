#include "pages/queries/rows.hpp"

#include <charconv>

namespace ether::pages::queries {

std::int64_t int_at(const soci::row& row, std::size_t index) { return optional_int_at(row, index).value_or(0); }

std::optional<std::int64_t> optional_int_at(const soci::row& row, std::size_t index) {
  if (row.get_indicator(index) == soci::i_null) return std::nullopt;
  switch (row.get_properties(index).get_data_type()) {
    case soci::dt_integer:
      return row.get<int>(index);
    case soci::dt_long_long:
      return row.get<long long>(index);
    case soci::dt_unsigned_long_long:
      return static_cast<std::int64_t>(row.get<unsigned long long>(index));
    case soci::dt_double:
      return static_cast<std::int64_t>(row.get<double>(index));
    case soci::dt_string: {
      auto text = row.get<std::string>(index);
      std::int64_t value = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec != std::errc{}) return std::nullopt;
      return value;
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::string> optional_text_at(const soci::row& row, std::size_t index) {
  if (row.get_indicator(index) == soci::i_null) return std::nullopt;
  switch (row.get_properties(index).get_data_type()) {
    case soci::dt_string:
      return row.get<std::string>(index);
    case soci::dt_integer:
    case soci::dt_long_long:
    case soci::dt_unsigned_long_long:
    case soci::dt_double:
      return std::to_string(int_at(row, index));
    default:
      return std::nullopt;
  }
}

std::string text_at(const soci::row& row, std::size_t index) { return optional_text_at(row, index).value_or(""); }

std::string placeholders(std::size_t count) {
  if (count == 0) return "NULL";
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += (i ? ", :b" : ":b") + std::to_string(i);
  return text;
}

std::string id_list(const std::vector<std::int64_t>& ids) {
  if (ids.empty()) return "NULL";
  std::string text;
  for (std::size_t i = 0; i < ids.size(); ++i) text += (i ? ", " : "") + std::to_string(ids[i]);
  return text;
}

}  // namespace ether::pages::queries
