#include "domain/csv.hpp"

namespace ether::domain {

std::string csv_field(std::string_view text) {
  // A title the playout sent as "=HYPERLINK(…)" must not become a formula in the spreadsheet the
  // export is opened in (OWASP's CSV injection advice): such a cell starts with a quote mark.
  std::string safe;
  if (!text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos) safe = "'";
  safe += text;
  if (safe.find_first_of(",\"\r\n") == std::string::npos) return safe;
  std::string out = "\"";
  for (char c : safe) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void append_csv_line(std::string& out, std::initializer_list<std::string_view> cells) {
  bool first = true;
  for (const auto cell : cells) {
    if (!first) out += ',';
    first = false;
    out += cell;
  }
  out += "\r\n";
}

}  // namespace ether::domain
