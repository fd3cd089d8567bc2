#pragma once
// Drafts of an item that is on the site (table content_drafts, migration 040; issue 54): changes an
// editor keeps apart from the published row until they are published, so that the site shows the
// published version until then. One draft an item, for every type alike; works on the caller's
// session, so that a draft is written in the transaction of its audit row.

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>

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

}  // namespace ether::content
