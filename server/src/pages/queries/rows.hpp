#pragma once
// Reading SOCI rows the same way on SQLite and PostgreSQL: SQLite reports a column's type from its
// declaration or its first value, PostgreSQL from the catalogue, so numeric and text getters accept
// whichever type the backend chose. NULL reads as 0, "" or nullopt.

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ether::pages::queries {

std::int64_t int_at(const soci::row& row, std::size_t index);
std::string text_at(const soci::row& row, std::size_t index);
std::optional<std::string> optional_text_at(const soci::row& row, std::size_t index);
std::optional<std::int64_t> optional_int_at(const soci::row& row, std::size_t index);

/// Runs `sql` with `binds` bound to its placeholders in order and calls `on_row` for each row.
template <typename OnRow>
void for_each_row(soci::session& session, const std::string& sql, const std::vector<std::string>& binds,
                  OnRow&& on_row) {
  auto prepared = (session.prepare << sql);
  for (const auto& bind : binds) prepared, soci::use(bind);
  soci::rowset<soci::row> rows(prepared);
  for (const auto& row : rows) on_row(row);
}

/// ":b0, :b1, ..." for `count` placeholders of an IN list; "NULL" when empty so the SQL stays valid.
std::string placeholders(std::size_t count);
/// "1, 2, 3" for an IN list of ids; "NULL" when empty.
std::string id_list(const std::vector<std::int64_t>& ids);

}  // namespace ether::pages::queries
