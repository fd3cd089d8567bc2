#pragma once
// Drafts of an item that is on the site (table content_drafts, migration 040; issue 54): changes an
// editor keeps apart from the published row until they are published, so that the site shows the
// published version until then. One draft an item, for every type alike; works on the caller's
// session, so that a draft is written in the transaction of its audit row.

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>

#include "content/content_types.hpp"
#include "store/database.hpp"

namespace ether::content {

struct Draft {
  std::int64_t base_version = 0;  // the item's version the draft was saved on
  std::string values_json;        // a JSON object: the form's values, as the admin API sends them
  std::int64_t saved_at = 0;      // Unix seconds
  std::string saved_by;           // the display name of who saved it last
};

class DraftRepository {
 public:
  explicit DraftRepository(soci::session& session) : session_(session) {}

  /// The draft of item `key` of `type` (by type name), or nullopt.
  std::optional<Draft> find(const std::string& type, const std::string& key);
  /// Keeps `draft` as the item's draft, replacing the one it had.
  void put(const std::string& type, const std::string& key, const Draft& draft);
  /// Forgets the item's draft; false when it had none.
  bool remove(const std::string& type, const std::string& key);

 private:
  soci::session& session_;
};

/// An SQL expression that is 1 when the row `row` (a table or its alias) of `type` has a draft, else 0:
/// lists show the marker from their own query, without a query per row.
std::string has_draft_sql(const TypeSpec& type, const std::string& row);

/// While it lives, the draft of item `key` of `type` is written over the item's row on `session` as
/// publishing it would write it (validated, with its links), in a transaction rolled back when it
/// ends: a preview of any type reads the item as the site will show it once the draft is published,
/// through the type's one description (content_types.hpp). Without a draft, or with one that no
/// longer validates, the item reads as stored.
class DraftShown {
 public:
  DraftShown(soci::session& session, const TypeSpec& type, const std::string& key);
  /// True when the draft is shown.
  [[nodiscard]] bool shown() const { return shown_; }

 private:
  std::optional<store::Transaction> transaction_;
  bool shown_ = false;
};

}  // namespace ether::content
