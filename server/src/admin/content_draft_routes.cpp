// Drafts of an item that is on the site (issue 54, content/content_drafts.hpp): saving changes as a
// draft instead of live, throwing the draft away, and publishing it as the live version in one step.
#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/autosaves.hpp"
#include "admin/content_api.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_drafts.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "content/content_validation.hpp"
#include "content/content_workflow.hpp"
#include "content/slug_history.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::ContentStore;
using content::DraftRepository;
using content::Item;
using content::WriteResult;
using content_detail::begin_call;
using content_detail::begin_versioned_call;
using content_detail::Call;
using content_detail::channel_refused;
using content_detail::draft_json;
using content_detail::field_changes;
using content_detail::forbidden;
using content_detail::forbidden_channel;
using content_detail::item_at_version;
using content_detail::item_json;
using content_detail::missing_media_files;
using content_detail::not_found;
using content_detail::publishable;
using content_detail::record_change;
using content_detail::stale;
using content_detail::VersionedCall;
using content_detail::write_links;
using content_detail::write_permission;

namespace {

http::Response no_draft() { return api::json_error(409, "no_draft", "Er is geen concept (meer) om te publiceren."); }

// The item as the draft routes answer it: with its draft (null when it has none).
http::Response item_answer(soci::session& session, const content::TypeSpec& type, const Item& item, std::int64_t now) {
  auto body = item_json(type, item, now);
  body["draft"] = draft_json(session, type, item.key);
  return api::private_json(200, json::object{{"item", std::move(body)}});
}

}  // namespace

void ContentApi::add_draft_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("PUT", "/api/admin/content/{type}/{id}/draft", [this](const http::Request& r, const Params& p) {
    return after_change(save_draft(r, p.at("type"), p.at("id")));
  });
  router.add("DELETE", "/api/admin/content/{type}/{id}/draft", [this](const http::Request& r, const Params& p) {
    return after_change(discard_draft(r, p.at("type"), p.at("id")));
  });
  router.add("POST", "/api/admin/content/{type}/{id}/draft/publish", [this](const http::Request& r, const Params& p) {
    return after_change(publish_draft(r, p.at("type"), p.at("id")));
  });
}

http::Response ContentApi::save_draft(const http::Request& request, const std::string& type_name,
                                      const std::string& key) const {
  // A draft leaves the site as it is: what a redacteur may write (edit_drafts) is enough.
  auto call = begin_versioned_call(admin_, request, type_name, Permission::edit_drafts, publishable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, object, version] = std::get<VersionedCall>(call);
  const auto* values = object.if_contains("values");
  if (values == nullptr || !values->is_object()) return api::json_error(400, "bad_json", "De velden ontbreken.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto before = store.find(key);
  if (!before) return not_found(type);
  if (channel_refused(type, principal, before->values)) return forbidden_channel();
  // The version the form started from: an older one is kept as the draft's base, so that the
  // publication shows the conflict with what went live since; a version not yet stored is no base.
  if (version < 1 || version > before->version) return stale(type, *before, now);
  DraftRepository drafts(*lease);
  const auto earlier = drafts.find(type.name, key);
  // A draft is begun only of an item on the site; one taken offline since keeps its draft, which is
  // still saved, published or thrown away as before (the form never leaves typing unsaveable).
  if (!before->published && !earlier) {
    return api::json_error(409, "not_published",
                           type.label_singular + " staat niet op de site: sla de wijzigingen gewoon op.");
  }
  auto validated = content::validate(type, values->get_object(), &*before, store);
  if (!validated.errors.empty()) return api::field_errors(validated.errors);
  // Checked when the draft is kept, so that its publication never meets a missing file first.
  if (auto missing = missing_media_files(*lease, type, validated.values, &*before, options_.media_dir);
      !missing.empty()) {
    return api::field_errors(missing);
  }
  if (channel_refused(type, principal, validated.values)) return forbidden_channel();
  json::object draft_before = before->values;
  if (earlier) {
    auto parsed = json::parse(earlier->values_json);
    if (parsed.is_object()) draft_before = parsed.get_object();
  }
  drafts.put(type.name, key,
             content::Draft{version, json::serialize(validated.values), now, principal.user.display_name});
  // What the form autosaved is in the draft now (admin/autosaves.hpp).
  AutosaveRepository(*lease).remove(principal.user.id, type.name, key);
  record_change(*lease, store, type, principal, now, key, "save_draft",
                field_changes(type, draft_before, validated.values), nullptr);
  auto answer = item_answer(*lease, type, *before, now);
  tx.commit();
  return answer;
}

http::Response ContentApi::discard_draft(const http::Request& request, const std::string& type_name,
                                         const std::string& key) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts, publishable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto item = store.find(key);
  if (!item) return not_found(type);
  if (channel_refused(type, principal, item->values)) return forbidden_channel();
  DraftRepository drafts(*lease);
  const auto draft = drafts.find(type.name, key);
  if (!draft || !drafts.remove(type.name, key)) {
    return api::json_error(404, "no_draft", "Er is geen concept om te verwijderen.");
  }
  json::object changes;
  add_change(changes, "draft", json::string(draft->saved_by), nullptr);
  record_change(*lease, store, type, principal, now, key, "discard_draft", changes, nullptr);
  tx.commit();
  return api::no_content();
}

http::Response ContentApi::publish_draft(const http::Request& request, const std::string& type_name,
                                         const std::string& key) const {
  auto call = begin_versioned_call(admin_, request, type_name, Permission::edit_drafts, publishable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, object, version] = std::get<VersionedCall>(call);
  const auto* overwrite = object.if_contains("overwrite");
  const bool overwriting = overwrite != nullptr && overwrite->is_bool() && overwrite->get_bool();
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, version, now, false);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto* before = &std::get<Item>(current);
  // The draft of an item on the site goes live: that is a publication. An item taken offline stays
  // offline: taking its draft over is an edit of it, which whoever may edit it makes, as a save would.
  if (!allows(principal.user.role, before->published ? Permission::publish : write_permission(type, before))) {
    return forbidden();
  }
  DraftRepository drafts(*lease);
  const auto draft = drafts.find(type.name, key);
  if (!draft) return no_draft();
  // The live version changed after the draft was made: the editor sees that first, and only
  // overwrites it on purpose.
  if (draft->base_version != before->version && !overwriting) {
    // An offline item's draft is taken over, not published: the message names what the editor does.
    const auto message = std::string(before->published ? "Het gepubliceerde " : "Het opgeslagen ") +
                         type.label_singular + " is gewijzigd nadat dit concept werd gemaakt (versie " +
                         std::to_string(draft->base_version) + ", nu versie " + std::to_string(before->version) +
                         "). " +
                         (before->published ? "Publiceer je het concept, dan vervang je die wijzigingen."
                                            : "Neem je het concept over, dan vervang je die wijzigingen.");
    json::object body{{"error", json::object{{"code", "draft_conflict"},
                                             {"message", message},
                                             {"current", item_json(type, *before, now)},
                                             {"baseVersion", draft->base_version}}}};
    return api::private_json(409, body);
  }
  auto parsed = json::parse(draft->values_json);
  auto validated = content::validate(type, parsed.is_object() ? parsed.get_object() : json::object{}, before, store);
  if (!validated.errors.empty()) return api::field_errors(validated.errors);
  // Checked again: a file may have been removed from the media dir since the draft was saved.
  if (auto missing = missing_media_files(*lease, type, validated.values, before, options_.media_dir);
      !missing.empty()) {
    return api::field_errors(missing);
  }
  if (channel_refused(type, principal, validated.values)) return forbidden_channel();
  auto changes = field_changes(type, before->values, validated.values);
  if (!changes.empty()) {
    auto written = store.update(key, version, validated.row);
    if (written == WriteResult::missing) return not_found(type);
    if (written == WriteResult::stale) return stale(type, *store.find(key), now);
    write_links(store, *before, validated);
  }
  drafts.remove(type.name, key);
  auto after = store.find(key);
  content::keep_earlier_slug(*lease, type, *before, *after, now);
  // A publication ends the review step, as a publish does; taking over the draft of an offline item
  // is an edit, which keeps it.
  if (before->published && before->review.status != content::ReviewStatus::none) {
    content::WorkflowRepository(*lease).set_review(type.name, key, content::Review{});
    add_change(changes, "review", json::string(content::review_status_name(before->review.status)), nullptr);
    after = store.find(key);
  }
  record_change(*lease, store, type, principal, now, key, "publish_draft", changes, type.revisions ? &*after : nullptr);
  auto answer = item_answer(*lease, type, *after, now);
  tx.commit();
  return answer;
}

}  // namespace ether::admin
