#pragma once
// What the content API's route files (content_api.cpp and the content_*_routes.cpp beside it)
// share: how an item is answered, who may change it, the refusals (404, 403, 409 stale), what
// every change records beside the item, and how a handler begins (the type, the user, the version).
// Not for other modules.

#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "admin/admin_api.hpp"
#include "admin/audit_log.hpp"
#include "admin/roles.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "content/content_validation.hpp"
#include "http/message.hpp"

namespace ether::admin::content_detail {

/// The largest body a content route reads.
inline constexpr std::size_t kMaxBody = 1024 * 1024;

/// The ISO 8601 UTC time of `at`, or JSON null.
boost::json::value iso_or_null(std::optional<std::int64_t> at);

/// An item as the API answers it: its values (`full`: the heavy fields too, which lists leave
/// out), version, title, state at `now`, publication times, author (null: not known) and review
/// (null, or {status "waiting"|"returned", by, at, note}); a list's (not `full`) also its lastEdit
/// ({at, by} of the last change in the audit log; null when none is recorded) and hasDraft.
boost::json::object item_json(const content::TypeSpec& type, const content::Item& item, std::int64_t now,
                              bool full = true);

/// The draft of item `key` (content/content_drafts.hpp) as the API answers it: {values, baseVersion,
/// savedAt, savedBy}, or null when it has none.
boost::json::value draft_json(soci::session& session, const content::TypeSpec& type, const std::string& key);

/// What a type offers.
inline bool publishable(const content::TypeSpec& type) { return type.publication != content::Publication::none; }
inline bool with_revisions(const content::TypeSpec& type) { return type.revisions; }
inline bool with_preview(const content::TypeSpec& type) { return type.name == "pages" || type.name == "articles"; }
inline bool archivable(const content::TypeSpec& type) { return type.archivable; }

/// The permission that changing `item` (nullptr: a new one) of `type` needs.
Permission write_permission(const content::TypeSpec& type, const content::Item* item);

/// The refusals every route may give, with their Dutch messages.
http::Response forbidden();
http::Response forbidden_channel();
http::Response not_found(const content::TypeSpec& type);
http::Response unknown_type();
/// 409 conflict with the item as it now is, which the form merges against.
http::Response stale(const content::TypeSpec& type, const content::Item& current, std::int64_t now);

/// True when `who` is limited to channels and `values` name none of them.
bool channel_refused(const content::TypeSpec& type, const Principal& who, const boost::json::object& values);

/// A programme moved to another channel while Programmering still uses it there: the field error.
std::optional<boost::json::object> schedule_blocks_move(soci::session& session, const content::TypeSpec& type,
                                                        const content::Item& before, const boost::json::object& after,
                                                        std::int64_t now);

/// The audit log's changes of the type's fields from `before` to `after`.
boost::json::object field_changes(const content::TypeSpec& type, const boost::json::object& before,
                                  const boost::json::object& after);

/// What every change writes in its own transaction beside the item: the item's new revision
/// (`revision`, for types that keep them), its audit row and a new content version.
void record_change(soci::session& session, content::ContentStore& store, const content::TypeSpec& type,
                   const Principal& who, std::int64_t now, const std::string& key, std::string_view action,
                   const boost::json::object& changes, const content::Item* revision);

/// Writes the relations a form sent, for the stored `owner`.
void write_links(content::ContentStore& store, const content::Item& owner, const content::Validated& validated);

/// What every handler starts from: the type named in the path and the signed-in user.
struct Call {
  const content::TypeSpec& type;
  Principal who;
};

/// The type named `type_name` (when `offered` accepts it) and the user, who needs `permission`; or
/// the answer: 404 for a type not offered, the refusals of AdminApi::authorize.
std::variant<Call, http::Response> begin_call(const AdminApi& admin, const http::Request& request,
                                              const std::string& type_name, Permission permission,
                                              bool (*offered)(const content::TypeSpec&) = nullptr);

/// begin_call for a change of one item, then the body, which must carry the item's version.
struct VersionedCall {
  const content::TypeSpec& type;
  Principal who;
  boost::json::object body;
  std::int64_t version;
};

/// begin_call, then the body with its version; or the answer (400 bad_json without one).
std::variant<VersionedCall, http::Response> begin_versioned_call(const AdminApi& admin, const http::Request& request,
                                                                 const std::string& type_name, Permission permission,
                                                                 bool (*offered)(const content::TypeSpec&) = nullptr);

/// The item `key` that a change works on: it must exist, be on a channel `who` may work on (and,
/// when `writing`, of a kind their role may write) and still be at `version`; or the answer.
std::variant<content::Item, http::Response> item_at_version(content::ContentStore& store, const content::TypeSpec& type,
                                                            const Principal& who, const std::string& key,
                                                            std::int64_t version, std::int64_t now, bool writing);

/// The media-file fields (content_types.hpp) of `values` set or changed from `before` (nullptr: a new
/// item) to a file `media_dir` does not hold (an empty dir is not checked), or to a library video that
/// is not ready: field name -> Dutch message, empty when none. Saves, drafts and their publication all
/// check through here.
boost::json::object missing_media_files(soci::session& session, const content::TypeSpec& type,
                                        const boost::json::object& values, const content::Item* before,
                                        const std::filesystem::path& media_dir);

}  // namespace ether::admin::content_detail
