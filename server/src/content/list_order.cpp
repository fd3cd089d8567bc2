#include "content/list_order.hpp"

#include "content/content_workflow.hpp"
#include "content/last_edits.hpp"

namespace ether::content {

namespace {

bool publishable(const TypeSpec& type) { return type.publication != Publication::none; }

std::string publish_column(const TypeSpec& type) {
  return type.publication == Publication::dated ? "published_at" : "publish_at";
}

}  // namespace

std::variant<ListOrder, std::string> parse_list_order(const TypeSpec& type, std::string_view sort,
                                                      std::string_view dir) {
  ListOrder order;
  if (dir == "desc") {
    order.descending = true;
  } else if (!dir.empty() && dir != "asc") {
    return std::string("De parameter 'dir' is asc of desc.");
  }
  if (sort.empty()) return order;
  if (sort == "title") {
    order.sort = ListSort::title;
  } else if (sort == "edited") {
    order.sort = ListSort::edited;
  } else if (sort == "author") {
    order.sort = ListSort::author;
  } else if ((sort == "status" || sort == "publication") && publishable(type)) {
    order.sort = sort == "status" ? ListSort::status : ListSort::publication;
  } else {
    return std::string(publishable(type) ? "De parameter 'sort' is title, status, publication, edited of author."
                                         : "De parameter 'sort' is title, edited of author.");
  }
  return order;
}

std::string order_sql(const TypeSpec& type, const ListOrder& order, std::int64_t now) {
  const std::string& row = type.table;
  const std::string key = row + "." + type.key_column;
  const std::string dir = order.descending ? " DESC" : " ASC";
  // The words of the request never reach the SQL: only the type's own names and these expressions.
  switch (order.sort) {
    case ListSort::type_order:
      return type.order_by + ", " + key;
    case ListSort::title:
      return "LOWER(" + row + "." + type.field(type.title_field)->column + ")" + dir + ", " + key + dir;
    case ListSort::status: {
      const auto at = std::to_string(now);
      const auto from = row + "." + publish_column(type);
      const auto flag = row + "." + type.flag_column;
      return "CASE WHEN " + flag + " = 0 AND " + waiting_condition(type, row) + " THEN 0 WHEN " + flag +
             " = 0 THEN 1 WHEN " + from + " IS NOT NULL AND " + from + " > " + at + " THEN 2 WHEN " + row +
             ".unpublish_at IS NOT NULL AND " + row + ".unpublish_at <= " + at + " THEN 4 ELSE 3 END" + dir + ", " +
             key + dir;
    }
    case ListSort::publication: {
      const auto from = row + "." + publish_column(type);
      return "CASE WHEN " + row + "." + type.flag_column + " = 0 OR " + from + " IS NULL THEN 1 ELSE 0 END, " + from +
             dir + ", " + key + dir;
    }
    case ListSort::edited: {
      const auto last = last_audit_id_sql(type, row);
      return "CASE WHEN " + last + " = 0 THEN 1 ELSE 0 END, " + last + dir + ", " + key + dir;
    }
    case ListSort::author: {
      const auto name =
          "COALESCE((SELECT w.author_name FROM content_workflow w WHERE " + workflow_of_row(type, row) + "), '')";
      return "CASE WHEN " + name + " = '' THEN 1 ELSE 0 END, LOWER(" + name + ")" + dir + ", " + key + dir;
    }
  }
  return type.order_by + ", " + key;
}

}  // namespace ether::content
