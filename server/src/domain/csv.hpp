#pragma once
// The CSV the admin's exports share (RFC 4180, CRLF line ends): how a text cell is written, and how
// a line is put together, so that the listener figures, the royalty report, the songs' audience
// and the podcast downloads quote alike.

#include <initializer_list>
#include <string>
#include <string_view>

namespace ether::domain {

/// A CSV field: as it is, or in double quotes (quotes doubled) when it holds a comma, a quote or
/// a line break; one that a spreadsheet would take for a formula (=, +, -, @, a tab or a carriage
/// return first) starts with a quote mark.
std::string csv_field(std::string_view text);

/// Adds one line to `out`: `cells` joined by commas, then CRLF. The cells are written as they are:
/// pass a text through csv_field first.
void append_csv_line(std::string& out, std::initializer_list<std::string_view> cells);

}  // namespace ether::domain
