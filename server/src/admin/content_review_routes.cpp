// The review step of a draft (content/review_state.hpp): offered for review by one who may edit
// it, sent back with a note by one who may publish. Each step is written with its audit row in one
// transaction; the item itself (and its version) does not change.
#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/content_api.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_drafts.hpp"
#include "content/content_store.hpp"
#include "content/content_workflow.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::ContentStore;
using content::Item;
using content::ReviewStatus;
using content::ReviewStep;
using content_detail::begin_versioned_call;
using content_detail::item_at_version;
using content_detail::item_json;
using content_detail::publishable;
using content_detail::record_change;
using content_detail::VersionedCall;

namespace {

json::value status_json(ReviewStatus status) {
  if (status == ReviewStatus::none) return nullptr;
  return json::string(content::review_status_name(status));
}

}  // namespace

void ContentApi::add_review_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("POST", "/api/admin/content/{type}/{id}/offer", [this](const http::Request& r, const Params& p) {
    return after_change(review_step(r, p.at("type"), p.at("id"), ReviewStep::offer));
  });
  router.add("POST", "/api/admin/content/{type}/{id}/send-back", [this](const http::Request& r, const Params& p) {
    return after_change(review_step(r, p.at("type"), p.at("id"), ReviewStep::send_back));
  });
}

http::Response ContentApi::review_step(const http::Request& request, const std::string& type_name,
                                       const std::string& key, ReviewStep step) const {
  const bool offering = step == ReviewStep::offer;
  auto call = begin_versioned_call(admin_, request, type_name, offering ? Permission::edit_drafts : Permission::publish,
                                   publishable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, body, version] = std::get<VersionedCall>(call);
  std::string note;
  if (const auto* value = body.if_contains("note"); value != nullptr && !value->is_null()) {
    if (!value->is_string()) return api::json_error(400, "bad_json", "De notitie moet tekst zijn.");
    note = std::string(value->get_string());
  }
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  // Offering needs what an edit of the item needs (a redacteur's draft, not what is on the site);
  // sending back what a publication needs, asked above.
  // A draft of an item on the site (content/content_drafts.hpp) is offered as a draft is: the site
  // is not changed until one who may publish publishes it.
  const bool with_draft = content::DraftRepository(*lease).find(type.name, key).has_value();
  auto current = item_at_version(store, type, principal, key, version, now, offering && !with_draft);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto& before = std::get<Item>(current);
  if (auto refusal = content::refuse_step(step, before.published && !with_draft, before.review, note)) {
    if (!refusal->field.empty()) return api::field_errors(json::object{{refusal->field, refusal->message}});
    return api::json_error(refusal->status, refusal->code, refusal->message);
  }
  const auto review = content::after_step(step, principal.user.display_name, now, note);
  content::WorkflowRepository(*lease).set_review(type.name, key, review);
  json::object changes;
  add_change(changes, "review", status_json(before.review.status), status_json(review.status));
  add_change(changes, "reviewNote", json::string(before.review.note), json::string(review.note));
  record_change(*lease, store, type, principal, now, key, offering ? "offer_review" : "send_back", changes, nullptr);
  auto after = store.find(key);
  tx.commit();
  return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
}

}  // namespace ether::admin
