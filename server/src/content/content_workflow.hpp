#pragma once
// The workflow of content items (table content_workflow, migration 037): who wrote each item (the
// account that created it) and where it stands in review (content/review_state.hpp). Kept apart
// from the items' own rows, for every type alike; works on the caller's session, so that a step is
// written in the transaction of its audit row.

#include <soci/soci.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "content/content_types.hpp"
#include "content/review_state.hpp"

namespace ether::content {

struct Workflow {
  std::optional<std::int64_t> author_id;  // nullopt: not known (an item from before, an import)
  std::string author_name;                // "" when not known
  Review review;
};

class WorkflowRepository {
 public:
  explicit WorkflowRepository(soci::session& session) : session_(session) {}

  /// The workflow of item `key` of `type` (by type name); nullopt when nothing was recorded.
  std::optional<Workflow> find(const std::string& type, const std::string& key);
  /// The workflows of the items `keys` of `type` that have one, by key (a list's page).
  std::map<std::string, Workflow> of(const std::string& type, const std::vector<std::string>& keys);
  /// Records that the item was just created by `author_id` (`author_name`): any earlier record
  /// under its key (an item removed for good whose key came back) is replaced.
  void created(const std::string& type, const std::string& key, std::optional<std::int64_t> author_id,
               const std::string& author_name);
  /// Sets the item's review (its author kept).
  void set_review(const std::string& type, const std::string& key, const Review& review);
  /// Forgets the item (removed for good).
  void remove(const std::string& type, const std::string& key);

 private:
  soci::session& session_;
};

/// SQL for a WHERE over content_workflow, named `w` in the query, matching `type`'s row named `row`
/// (the table's own name when it is not aliased).
std::string workflow_of_row(const TypeSpec& type, const std::string& row);

/// SQL for a WHERE over `type`'s rows, named `row` in the query (the table's own name when it is
/// not aliased): true for the rows whose item waits for review.
std::string waiting_condition(const TypeSpec& type, const std::string& row);

}  // namespace ether::content
