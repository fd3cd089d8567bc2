#include "store/publication.hpp"

namespace ether::store {
namespace {

std::string column(std::string_view alias, std::string_view name) {
  std::string out;
  if (!alias.empty()) {
    out.append(alias);
    out += '.';
  }
  out.append(name);
  return out;
}

std::string unpublish_window(std::string_view alias, const std::string& now) {
  const auto until = column(alias, "unpublish_at");
  return "(" + until + " IS NULL OR " + until + " > " + now + ")";
}

}  // namespace

std::string dated_visible(std::string_view alias, std::int64_t now) {
  const auto at = std::to_string(now);
  return column(alias, "published") + " = 1 AND " + column(alias, "published_at") + " <= " + at + " AND " +
         unpublish_window(alias, at) + " AND " + not_trashed(alias);
}

std::string switched_visible(std::string_view alias, std::string_view flag_column, std::int64_t now) {
  const auto at = std::to_string(now);
  const auto from = column(alias, "publish_at");
  return column(alias, flag_column) + " = 1 AND (" + from + " IS NULL OR " + from + " <= " + at + ") AND " +
         unpublish_window(alias, at) + " AND " + not_trashed(alias);
}

std::string archivable_visible(std::string_view alias) {
  return column(alias, "archived_at") + " IS NULL AND " + not_trashed(alias);
}

std::string not_trashed(std::string_view alias) { return column(alias, "trashed_at") + " IS NULL"; }

std::string play_shown(std::string_view alias) { return column(alias, "hidden_at") + " IS NULL"; }

}  // namespace ether::store
