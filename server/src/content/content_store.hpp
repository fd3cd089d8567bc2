#pragma once
// The generic repository of the editable types (content_types.hpp): list with search, filter and
// paging, find, insert, update with optimistic locking (each row's `version`), the trash (a delete
// sets `trashed_at`; restore; removal for good), slug and reference checks, publication and the
// revision history. A trashed item is left out of every call but the trash's own. Items are read with their author and
// review (content_workflow.hpp). It works on the caller's session so that a change, its revision, its audit row and the
// content version share one transaction.

#include <soci/soci.h>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "content/content_types.hpp"
#include "content/last_edits.hpp"
#include "content/list_order.hpp"
#include "content/review_state.hpp"
#include "media/media_repository.hpp"

namespace ether::content {

/// A value bound to a column: NULL, a number or a text.
using Value = std::variant<std::monostate, long long, std::string>;
/// Columns and their values, in order.
using Row = std::vector<std::pair<std::string, Value>>;

/// One stored item.
struct Item {
  std::string key;
  std::int64_t version = 0;
  boost::json::object values;  // every field by its API name, as the API sends it (lists: no heavy ones)
  bool published = true;       // the flag (dated and switched types); true for the others
  std::optional<std::int64_t> publish_at;
  std::optional<std::int64_t> unpublish_at;
  std::optional<std::int64_t> archived_at;  // archivable types: when it was archived; nullopt: on the site
  std::optional<std::int64_t> trashed_at;   // when it was moved to the trash; nullopt: not in the trash
  std::string trashed_by;                   // who moved it there (display name)
  std::string author;                       // who created it (display name); "" when not known
  Review review;                            // where it stands in review (content_workflow.hpp)
  std::optional<LastEdit> last_edit;        // lists asked for it: the last change in the audit log
  bool has_draft = false;                   // lists: it has a draft (content_drafts.hpp)
};

/// Where an item stands on the site at `now`: "draft", "scheduled", "online" or "expired".
std::string state_at(const TypeSpec& type, const Item& item, std::int64_t now);

struct ListQuery {
  std::string text;                   // searched in the type's search fields and the author's name; empty: all
  std::string state;                  // "draft", "scheduled", "online", "expired", "waiting" (for review); empty: all
  std::vector<std::string> channels;  // a channel-bound user's channels; empty: every channel
  std::optional<std::int64_t> author_id;  // only the items this account created ('Mijn artikelen')
  ListOrder order;                        // the type's own order unless asked otherwise
  bool with_last_edit = false;            // fill each item's last_edit
  std::int64_t page = 1;
  std::int64_t page_size = 25;
  std::int64_t now = 0;
};

struct ListResult {
  std::vector<Item> items;
  std::int64_t total = 0;
};

struct Revision {
  std::int64_t id = 0;
  std::int64_t item_version = 0;
  std::int64_t created_at = 0;
  std::string user_name;
  std::optional<std::string> label;  // the editor's name for this version; none when not given
  boost::json::object data;          // the editable fields as the API sends them
};

enum class WriteResult { done, stale, missing };

class ContentStore {
 public:
  ContentStore(soci::session& session, const TypeSpec& type) : session_(session), type_(type) {}

  /// A page of items, without their heavy fields (blocks and long texts): lists show none of them.
  ListResult list(const ListQuery& query);
  /// The item with every field, its relations included.
  std::optional<Item> find(const std::string& key);
  /// The items (without heavy fields) whose publication moment lies in (`after`, `until`] and that
  /// are online at `until`: the scheduled ones that came due in that window.
  std::vector<Item> came_online(std::int64_t after, std::int64_t until);
  /// Inserts `row` (version 1) and returns the new key.
  std::string insert(const Row& row);
  /// Writes `row` when the stored version is `expected_version`, raising it by one.
  WriteResult update(const std::string& key, std::int64_t expected_version, const Row& row);
  /// Moves the item to the trash (off the site, kept whole) when its version is `expected_version`.
  WriteResult trash(const std::string& key, std::int64_t expected_version, std::int64_t at, const std::string& by);
  /// A trashed item with every field, or nullopt.
  std::optional<Item> find_trashed(const std::string& key);
  /// The trashed items, most recently trashed first (without heavy fields).
  std::vector<Item> trashed();
  /// Takes the trashed item out of the trash, as it was; false when it is not in the trash.
  bool untrash(const std::string& key);
  /// Removes a trashed item for good: the row, the rows it owns, its revisions, autosaves, draft and workflow;
  /// false when it is not in the trash.
  bool purge(const std::string& key);

  /// Replaces the links of `item` in the relation `field` by `targets`, in their order.
  void relate(const FieldSpec& field, const Item& item, const std::vector<Value>& targets);

  /// True when another item (not `except_key`) has `slug` within the same scope values.
  bool slug_taken(const std::string& slug, const Row& scope, const std::string& except_key);
  /// True when the referenced type has a row whose reference column is `value`.
  bool reference_exists(const FieldSpec& field, const Value& value);
  /// The media item an audio field's value `id` stands for (an upload of content stored before
  /// stands for that item), or nullopt.
  std::optional<media::MediaItem> media_item(std::int64_t id);
  /// The library image stored under `content_hash` (media/stored_files.hpp library_image_hash), or nullopt.
  std::optional<media::MediaItem> library_image(const std::string& content_hash);
  /// The library video stored under `content_hash` (media/stored_files.hpp library_video_hash), or nullopt.
  std::optional<media::MediaItem> library_video(const std::string& content_hash);
  /// How many rows of other tables refer to the item (refused deletes).
  std::int64_t references(const Item& item);

  void add_revision(const Item& item, std::int64_t at, std::int64_t user_id, const std::string& user_name);
  std::vector<Revision> revisions(const std::string& key, std::int64_t limit = 50);
  std::optional<Revision> revision(const std::string& key, std::int64_t revision_id);
  /// Sets (or, with nullopt, clears) the label of revision `revision_id` of item `key`; false when there is no such
  /// revision.
  bool label_revision(const std::string& key, std::int64_t revision_id, const std::optional<std::string>& label);

  /// The columns of the publication state: flag, publish moment, unpublish moment.
  [[nodiscard]] std::string flag_column() const;
  [[nodiscard]] std::string publish_column() const;

 private:
  // `full`: with the heavy fields (blocks and long texts), which only a single item needs.
  [[nodiscard]] std::string select_columns(bool full) const;
  // The item `key` with every field, its relations included, when it matches `condition` on trashed_at.
  std::optional<Item> find_where(const std::string& key, const std::string& condition);
  [[nodiscard]] Item read(const soci::row& row, bool full) const;
  // The value of `item` that a column of another table holding it stores: its slug or its id.
  [[nodiscard]] Value owner_value(const std::string& column, const Item& item) const;
  boost::json::array related(const FieldSpec& field, const Item& item);

  soci::session& session_;
  const TypeSpec& type_;
};

/// The column value of a field as the API sends it (instants as ISO text, flags as booleans).
boost::json::value to_json(const FieldSpec& field, const Value& value);

}  // namespace ether::content
