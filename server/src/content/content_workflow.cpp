#include "content/content_workflow.hpp"

#include "pages/queries/rows.hpp"

namespace ether::content {
namespace queries = pages::queries;

namespace {

constexpr const char* kColumns =
    "item_key, author_id, author_name, review_status, review_by, review_at, review_note FROM content_workflow";

Workflow workflow_from(const soci::row& row) {
  Workflow workflow;
  workflow.author_id = queries::optional_int_at(row, 1);
  workflow.author_name = queries::text_at(row, 2);
  workflow.review.status = parse_review_status(queries::text_at(row, 3));
  workflow.review.by = queries::text_at(row, 4);
  workflow.review.at = queries::optional_int_at(row, 5);
  workflow.review.note = queries::text_at(row, 6);
  return workflow;
}

}  // namespace

std::optional<Workflow> WorkflowRepository::find(const std::string& type, const std::string& key) {
  std::optional<Workflow> found;
  queries::for_each_row(session_, std::string("SELECT ") + kColumns + " WHERE item_type = :t AND item_key = :k",
                        {type, key}, [&](const soci::row& row) { found = workflow_from(row); });
  return found;
}

std::map<std::string, Workflow> WorkflowRepository::of(const std::string& type, const std::vector<std::string>& keys) {
  std::map<std::string, Workflow> out;
  if (keys.empty()) return out;
  std::vector<std::string> binds{type};
  binds.insert(binds.end(), keys.begin(), keys.end());
  queries::for_each_row(session_,
                        std::string("SELECT ") + kColumns + " WHERE item_type = :t AND item_key IN (" +
                            queries::placeholders(keys.size()) + ")",
                        binds,
                        [&](const soci::row& row) { out.emplace(queries::text_at(row, 0), workflow_from(row)); });
  return out;
}

void WorkflowRepository::created(const std::string& type, const std::string& key, std::optional<std::int64_t> author_id,
                                 const std::string& author_name) {
  remove(type, key);
  long long id = author_id.value_or(0);
  soci::indicator known = author_id ? soci::i_ok : soci::i_null;
  session_ << "INSERT INTO content_workflow (item_type, item_key, author_id, author_name) VALUES (:t, :k, :a, :n)",
      soci::use(type), soci::use(key), soci::use(id, known), soci::use(author_name);
}

void WorkflowRepository::set_review(const std::string& type, const std::string& key, const Review& review) {
  const std::string status(review_status_name(review.status));
  long long at = review.at.value_or(0);
  soci::indicator timed = review.at ? soci::i_ok : soci::i_null;
  soci::statement update =
      (session_.prepare << "UPDATE content_workflow SET review_status = :s, review_by = :b, review_at = :a, "
                           "review_note = :n WHERE item_type = :t AND item_key = :k",
       soci::use(status), soci::use(review.by), soci::use(at, timed), soci::use(review.note), soci::use(type),
       soci::use(key));
  update.execute(true);
  if (update.get_affected_rows() > 0) return;
  // An item from before the workflow was kept, whose author is not known.
  session_ << "INSERT INTO content_workflow (item_type, item_key, review_status, review_by, review_at, review_note) "
              "VALUES (:t, :k, :s, :b, :a, :n)",
      soci::use(type), soci::use(key), soci::use(status), soci::use(review.by), soci::use(at, timed),
      soci::use(review.note);
}

void WorkflowRepository::remove(const std::string& type, const std::string& key) {
  session_ << "DELETE FROM content_workflow WHERE item_type = :t AND item_key = :k", soci::use(type), soci::use(key);
}

std::string workflow_of_row(const TypeSpec& type, const std::string& row) {
  // The type's name and table come from the built-in types (content_types.cpp), never from a request.
  const std::string key = row + "." + type.key_column;
  return "w.item_type = '" + type.name +
         "' AND w.item_key = " + (type.numeric_key() ? "CAST(" + key + " AS TEXT)" : key);
}

std::string waiting_condition(const TypeSpec& type, const std::string& row) {
  return "EXISTS (SELECT 1 FROM content_workflow w WHERE " + workflow_of_row(type, row) +
         " AND w.review_status = 'waiting')";
}

}  // namespace ether::content
