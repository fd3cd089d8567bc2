#pragma once
// The content routes of the admin, one set for every editable type of content/content_types.hpp
// (errors {"error":{"code","message"}} in Dutch, form errors 422 invalid_fields with "fields";
// Cache-Control: no-store):
//   GET    /api/admin/content-types                         the types: fields, labels, slug, publication, and
//                                                           needs: the permission a create, an edit of a draft,
//                                                           an edit of an item on the site and a publication need
//   GET    /api/admin/content/{type}?q=&state=&mine=&sort=&dir=&page=
//                                                           25 a page; q also finds the author's name; state
//                                                           draft|scheduled|online|expired, or waiting: drafts
//                                                           offered for review; mine=1: what the user created;
//                                                           sort title|status|publication|edited|author, dir
//                                                           asc|desc (content/list_order.hpp); each item with
//                                                           its lastEdit {at, by}
//   POST   /api/admin/content/{type}/bulk                   {action, items: [{id, version}], category?}: one
//                                                           action on up to 100 items, each through the rules
//                                                           of its own route and in its own transaction ->
//                                                           {results: [{id, ok, item?, error?}], succeeded,
//                                                           failed} (admin/bulk_request.hpp)
//   GET    /api/admin/content/{type}/options                {value, label} of every item (reference pickers)
//   POST   /api/admin/content/{type}                        {values} -> 201 {item}; publishable types start as drafts
//   GET    /api/admin/content/{type}/{id}                   {item} with usedBy: how often others refer to it
//   PUT    /api/admin/content/{type}/{id}                   {version, values} -> {item}; stale version 409
//                                                           a programme still in the schedule keeps its channel (422)
//   DELETE /api/admin/content/{type}/{id}?version=          204: into the trash; 409 when stale or still referred to
//   POST   /api/admin/content/{type}/{id}/publish           {version, publishAt?, unpublishAt?}
//   POST   /api/admin/content/{type}/{id}/unpublish         {version}
//   POST   /api/admin/content/{type}/{id}/archive           {version}: off the site, kept (archivable types)
//   POST   /api/admin/content/{type}/{id}/unarchive         {version}: back on the site
//   POST   /api/admin/content/{type}/{id}/offer             {version, note?}: a draft offered for review, by one
//                                                           who may edit it (409 not_draft, already_waiting)
//   POST   /api/admin/content/{type}/{id}/send-back         {version, note}: a waiting draft sent back with a
//                                                           note, by one who may publish (409 not_waiting)
//   PUT    /api/admin/content/{type}/{id}/draft             {version, values} -> {item} with its draft: changes of
//                                                           an item on the site kept apart as its draft (content/
//                                                           content_drafts.hpp), the site unchanged; edit_drafts
//                                                           (409 not_published for an item not on the site)
//   DELETE /api/admin/content/{type}/{id}/draft             204: the draft thrown away (404 no_draft)
//   POST   /api/admin/content/{type}/{id}/draft/publish     {version, overwrite?} -> {item}: the draft made the live
//                                                           version (a revision, the audit log), by one who may
//                                                           publish (of an item taken offline: the stored version,
//                                                           by one who may edit it, the review kept); 409
//                                                           draft_conflict (with current) when the
//                                                           item changed since the draft was made, unless overwrite
//   GET    /api/admin/content/{type}/{id}/revisions         articles and pages: the saved versions, newest first,
//                                                           each with its label and changedFields (since the one
//                                                           before)
//   GET    /api/admin/content/{type}/{id}/revisions/{rev}   {revision} with its values (for a diff)
//   PATCH  /api/admin/content/{type}/{id}/revisions/{rev}   {label}: string (empty clears) or null; at most 80
//                                                           characters (400 label_too_long); roles as for editing
//   POST   /api/admin/content/{type}/{id}/revisions/{rev}/restore  {version}
//   GET    /api/admin/content/{type}/{id}/preview           {url}: a signed preview link (pages)
//   GET    /api/admin/trash                                 {items, keepDays}: what is in the trash, newest first
//   POST   /api/admin/trash/{type}/{id}/restore             {item}: back where it was, with relations and revisions
//   DELETE /api/admin/trash/{type}/{id}                     204: removed for good (rows it owns and revisions too)
// A trashed item is off the listener site at once and answers 404 to every other admin route; the
// trash's own routes need delete_content (channels and broadcasters edit_settings too).
// A relation field (e.g. a programme's presenters) is sent and answered as an array of the related
// items' keys; an unknown one is a 422 form error. Lists leave relations out.
// An audio field (fragments, episodes, bulletins) is sent as the id of a ready audio item of the
// media library; the save fills the item's derived fields (audioPath, durationMs, byteLength) from
// its MP3, and a form's values for those are ignored. Not audio, missing or not ready: 422.
// Roles (admin/roles.hpp): reading needs edit_drafts; a draft edit_drafts; an item that is on the
// site (and every type without drafts) edit_published; publish and unpublish publish; delete
// delete_content, as do archive and unarchive; channels and broadcasters edit_settings. A user limited to channels sees
// and changes only their items (403 forbidden_channel). Each change, its audit row (fields before and after), its
// revision and the store's content version (store/content_version.hpp) are written in one transaction.
// A create or update also clears the saver's autosave of that form (admin/autosaves.hpp).
// Every item answer carries its author (the account that created it; null when not known) and its
// review (content/review_state.hpp: null, or {status "waiting"|"returned", by, at, note}); one item
// (GET and the draft routes) also its draft (null, or {values, baseVersion, savedAt, savedBy}). An edit
// keeps the review as it is; a publication ends it (audited as the change of "review").

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "admin/admin_api.hpp"
#include "content/content_store.hpp"
#include "content/public_url.hpp"
#include "content/review_state.hpp"
#include "http/router.hpp"
#include "store/database.hpp"

namespace ether::admin {

struct ContentApiOptions {
  std::string base_url;             // for preview links and the URLs of published items
  std::string preview_secret;       // signs them (pages/preview_token.hpp); empty: no preview links
  std::int64_t trash_days = 30;     // how long a deleted item stays in the trash (content/trash_sweeper.hpp)
  std::filesystem::path media_dir;  // where a media-file field must name a file; empty: not checked
};

inline constexpr std::int64_t kContentPageSize = 25;

class ContentApi {
 public:
  /// Told after the commit when a publish puts an item with a page of its own online at once
  /// (the content.published webhook); a scheduled one is found by the clock when it comes due.
  using Published = std::function<void(const content::PublishedItem&)>;

  /// `now` gives unix seconds (tests control it); `changed` runs after every committed change,
  /// so that this instance's caches follow at once (the others follow the content version).
  ContentApi(store::Database& db, const AdminApi& admin, ContentApiOptions options, std::function<std::int64_t()> now,
             std::function<void()> changed = {}, Published published = {});

  void add_routes(http::Router& router);

 private:
  // Each group is defined, with the routes it adds, in its own file (named beside it).
  // content_api.cpp
  http::Response types(const http::Request& request) const;
  /// `response`, after telling the caches about the change it made (when it succeeded).
  http::Response after_change(http::Response response) const;

  // content_item_routes.cpp
  void add_item_routes(http::Router& router);
  http::Response list(const http::Request& request, const std::string& type) const;
  http::Response options(const http::Request& request, const std::string& type) const;
  http::Response get(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response create(const http::Request& request, const std::string& type) const;
  http::Response update(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response remove(const http::Request& request, const std::string& type, const std::string& key) const;

  // The changes of one item from their parsed input, each in its own transaction: an item's own
  // route and the bulk route (content_bulk_routes.cpp) both go through them, so that an item of a
  // bulk action meets the rules of its own route. The caller has authorized the user for the route.
  /// content_item_routes.cpp: a change of `values` (those not sent are kept).
  http::Response update_item(const content::TypeSpec& type, const Principal& who, const std::string& key,
                             std::int64_t version, const boost::json::object& values) const;
  /// content_item_routes.cpp: into the trash.
  http::Response trash_item(const content::TypeSpec& type, const Principal& who, const std::string& key,
                            std::int64_t version) const;
  /// The moments of a publication and the form errors of those that did not parse.
  struct Moments {
    std::optional<std::int64_t> publish_at;
    std::optional<std::int64_t> unpublish_at;
    boost::json::object errors;
  };
  /// content_publication_routes.cpp: published (`on`) at `moments`, or taken offline.
  http::Response publish_item(const content::TypeSpec& type, const Principal& who, const std::string& key,
                              std::int64_t version, const Moments& moments, bool on) const;

  // content_bulk_routes.cpp
  void add_bulk_routes(http::Router& router);
  http::Response bulk(const http::Request& request, const std::string& type) const;

  // content_publication_routes.cpp
  void add_publication_routes(http::Router& router);
  http::Response publish(const http::Request& request, const std::string& type, const std::string& key, bool on) const;
  http::Response archive(const http::Request& request, const std::string& type, const std::string& key, bool on) const;
  http::Response preview(const http::Request& request, const std::string& type, const std::string& key) const;

  // content_review_routes.cpp
  void add_review_routes(http::Router& router);
  http::Response review_step(const http::Request& request, const std::string& type, const std::string& key,
                             content::ReviewStep step) const;

  // content_draft_routes.cpp
  void add_draft_routes(http::Router& router);
  http::Response save_draft(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response discard_draft(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response publish_draft(const http::Request& request, const std::string& type, const std::string& key) const;

  // content_revision_routes.cpp
  void add_revision_routes(http::Router& router);
  http::Response revisions(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response revision(const http::Request& request, const std::string& type, const std::string& key,
                          const std::string& revision) const;
  http::Response label(const http::Request& request, const std::string& type, const std::string& key,
                       const std::string& revision) const;
  http::Response restore(const http::Request& request, const std::string& type, const std::string& key,
                         const std::string& revision) const;

  // content_trash_routes.cpp
  void add_trash_routes(http::Router& router);
  http::Response trash_list(const http::Request& request) const;
  http::Response untrash(const http::Request& request, const std::string& type, const std::string& key) const;
  http::Response purge(const http::Request& request, const std::string& type, const std::string& key) const;
  /// A change of one item in the trash, which the action makes and records.
  using TrashAction = std::function<http::Response(soci::session&, content::ContentStore&, const content::TypeSpec&,
                                                   const Principal&, const content::Item& before)>;
  /// The common part of untrash and purge: the checks, the trashed item, `act` and the commit.
  http::Response on_trashed(const http::Request& request, const std::string& type, const std::string& key,
                            const TrashAction& act) const;

  store::Database& db_;
  const AdminApi& admin_;
  ContentApiOptions options_;
  std::function<std::int64_t()> now_;
  std::function<void()> changed_;
  Published published_;
};

}  // namespace ether::admin
