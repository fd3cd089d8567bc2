// The items of one type of content: the list, the options of reference pickers, one item, and
// creating, changing and deleting (into the trash) one.
#include "admin/content_api.hpp"

#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/autosaves.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "content/content_validation.hpp"
#include "content/content_workflow.hpp"
#include "content/list_order.hpp"
#include "content/live_overlays.hpp"
#include "content/slug_history.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::ContentStore;
using content::Item;
using content::TypeSpec;
using content::WriteResult;
using content_detail::archivable;
using content_detail::begin_call;
using content_detail::begin_versioned_call;
using content_detail::Call;
using content_detail::channel_refused;
using content_detail::field_changes;
using content_detail::forbidden;
using content_detail::forbidden_channel;
using content_detail::iso_or_null;
using content_detail::item_at_version;
using content_detail::item_json;
using content_detail::kMaxBody;
using content_detail::missing_media_files;
using content_detail::not_found;
using content_detail::publishable;
using content_detail::record_change;
using content_detail::schedule_blocks_move;
using content_detail::stale;
using content_detail::VersionedCall;
using content_detail::write_links;
using content_detail::write_permission;

void ContentApi::add_item_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/content/{type}",
             [this](const http::Request& r, const Params& p) { return list(r, p.at("type")); });
  router.add("POST", "/api/admin/content/{type}",
             [this](const http::Request& r, const Params& p) { return after_change(create(r, p.at("type"))); });
  router.add("GET", "/api/admin/content/{type}/options",
             [this](const http::Request& r, const Params& p) { return options(r, p.at("type")); });
  router.add("GET", "/api/admin/content/{type}/{id}",
             [this](const http::Request& r, const Params& p) { return get(r, p.at("type"), p.at("id")); });
  router.add("PUT", "/api/admin/content/{type}/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(update(r, p.at("type"), p.at("id")));
  });
  router.add("DELETE", "/api/admin/content/{type}/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(remove(r, p.at("type"), p.at("id")));
  });
}

http::Response ContentApi::list(const http::Request& request, const std::string& type_name) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  content::ListQuery query;
  query.text = request.param("q").value_or("");
  query.state = request.param("state").value_or("");
  if (!query.state.empty() && query.state != "draft" && query.state != "scheduled" && query.state != "online" &&
      query.state != "expired" && query.state != "waiting") {
    return api::json_error(400, "bad_parameter",
                           "De parameter 'state' is draft, scheduled, online, expired of waiting.");
  }
  if (auto page = request.param("page"); page && !page->empty()) {
    auto parsed = api::parse_id(*page);
    if (!parsed || *parsed > 100000) {
      return api::json_error(400, "bad_parameter", "De parameter 'page' moet een paginanummer zijn.");
    }
    query.page = *parsed;
  }
  auto order = content::parse_list_order(type, request.param("sort").value_or(""), request.param("dir").value_or(""));
  if (auto* refused = std::get_if<std::string>(&order)) return api::json_error(400, "bad_parameter", *refused);
  query.order = std::get<content::ListOrder>(order);
  if (auto mine = request.param("mine"); mine && !mine->empty()) {
    if (*mine != "1") return api::json_error(400, "bad_parameter", "De parameter 'mine' is 1 of ontbreekt.");
    query.author_id = principal.user.id;
  }
  query.with_last_edit = true;
  query.page_size = kContentPageSize;
  query.channels = principal.user.channels;
  query.now = now_();
  auto lease = db_.lease();
  auto result = ContentStore(*lease, type).list(query);
  json::array items;
  for (const auto& item : result.items) items.push_back(item_json(type, item, query.now, false));
  json::object answer{
      {"items", std::move(items)}, {"page", query.page}, {"pageSize", query.page_size}, {"total", result.total}};
  // An overlay's list says which banner and modal visitors see now, whatever page or filter it shows.
  if (type.overlay) answer["onSite"] = content::to_json(content::live_overlays(*lease, query.now));
  return api::private_json(200, std::move(answer));
}

http::Response ContentApi::options(const http::Request& request, const std::string& type_name) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& type = std::get<Call>(call).type;
  content::ListQuery query;
  query.page_size = 5000;
  // A user limited to channels picks only from their channels' items, as the list shows them.
  query.channels = std::get<Call>(call).who.user.channels;
  query.now = now_();
  auto lease = db_.lease();
  auto result = ContentStore(*lease, type).list(query);
  json::array out;
  for (const auto& item : result.items) {
    // What a reference field stores: the slug for slug references (channels, categories), else the id.
    const auto* slug = item.values.if_contains("slug");
    json::value value = type.numeric_key() ? json::value(std::stoll(item.key)) : json::value(item.key);
    out.push_back(json::object{{"value", value},
                               {"slug", slug != nullptr ? *slug : json::value(nullptr)},
                               {"label", item.values.at(type.title_field)}});
  }
  return api::private_json(200, json::object{{"options", std::move(out)}});
}

http::Response ContentApi::get(const http::Request& request, const std::string& type_name,
                               const std::string& key) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  auto lease = db_.lease();
  ContentStore store(*lease, type);
  auto item = store.find(key);
  if (!item) return not_found(type);
  if (channel_refused(type, principal, item->values)) return forbidden_channel();
  // How often other items refer to it: the form offers archiving instead of a delete that would be refused.
  auto body = item_json(type, *item, now_());
  body["usedBy"] = store.references(*item);
  body["draft"] = content_detail::draft_json(*lease, type, key);
  return api::private_json(200, json::object{{"item", std::move(body)}});
}

http::Response ContentApi::create(const http::Request& request, const std::string& type_name) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  if (!allows(principal.user.role, write_permission(type, nullptr))) return forbidden();
  if (!type.origin.empty()) return api::json_error(405, "not_creatable", type.origin);
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto* values = std::get<json::object>(body).if_contains("values");
  if (values == nullptr || !values->is_object()) return api::json_error(400, "bad_json", "De velden ontbreken.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto validated = content::validate(type, values->get_object(), nullptr, store);
  if (!validated.errors.empty()) return api::field_errors(validated.errors);
  if (auto missing = missing_media_files(*lease, type, validated.values, nullptr, options_.media_dir);
      !missing.empty()) {
    return api::field_errors(missing);
  }
  if (channel_refused(type, principal, validated.values)) return forbidden_channel();
  // A new item of a publishable type is a draft; its moment is set when it is published.
  if (type.publication != content::Publication::none) {
    validated.row.emplace_back(type.flag_column, 0LL);
    if (type.publication == content::Publication::dated) validated.row.emplace_back("published_at", now);
  }
  const auto key = store.insert(validated.row);
  // Who wrote it: the lists show the author, the review step names who offered it.
  content::WorkflowRepository(*lease).created(type.name, key, principal.user.id, principal.user.display_name);
  write_links(store, *store.find(key), validated);
  auto item = store.find(key);
  json::object changes = field_changes(type, json::object{}, item->values);
  record_change(*lease, store, type, principal, now, key, "create", changes, type.revisions ? &*item : nullptr);
  // What the new form autosaved is saved now (admin/autosaves.hpp).
  AutosaveRepository(*lease).remove(principal.user.id, type.name, std::string(kNewItemKey));
  tx.commit();
  return api::private_json(201, json::object{{"item", item_json(type, *item, now)}});
}

http::Response ContentApi::update(const http::Request& request, const std::string& type_name,
                                  const std::string& key) const {
  auto call = begin_versioned_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, object, version] = std::get<VersionedCall>(call);
  const auto* values = object.if_contains("values");
  if (values == nullptr || !values->is_object()) return api::json_error(400, "bad_json", "De velden ontbreken.");
  return update_item(type, principal, key, version, values->get_object());
}

http::Response ContentApi::update_item(const TypeSpec& type, const Principal& principal, const std::string& key,
                                       std::int64_t version, const json::object& values) const {
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, version, now, true);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto* before = &std::get<Item>(current);
  auto validated = content::validate(type, values, before, store);
  if (!validated.errors.empty()) return api::field_errors(validated.errors);
  if (auto missing = missing_media_files(*lease, type, validated.values, before, options_.media_dir);
      !missing.empty()) {
    return api::field_errors(missing);
  }
  if (channel_refused(type, principal, validated.values)) return forbidden_channel();
  if (auto blocked = schedule_blocks_move(*lease, type, *before, validated.values, now)) {
    return api::field_errors(*blocked);
  }
  auto changes = field_changes(type, before->values, validated.values);
  // What the form autosaved is saved now (admin/autosaves.hpp), also when nothing changed.
  AutosaveRepository(*lease).remove(principal.user.id, type.name, key);
  if (changes.empty()) {
    tx.commit();
    return api::private_json(200, json::object{{"item", item_json(type, *before, now)}});
  }
  auto written = store.update(key, version, validated.row);
  if (written == WriteResult::missing) return not_found(type);
  if (written == WriteResult::stale) return stale(type, *store.find(key), now);
  write_links(store, *before, validated);
  auto after = store.find(key);
  // An old link keeps working: the page of an earlier slug moves to the current one.
  content::keep_earlier_slug(*lease, type, *before, *after, now);
  record_change(*lease, store, type, principal, now, key, "update", changes, type.revisions ? &*after : nullptr);
  tx.commit();
  return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
}

http::Response ContentApi::remove(const http::Request& request, const std::string& type_name,
                                  const std::string& key) const {
  auto call = begin_call(admin_, request, type_name, Permission::delete_content);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  // A role is refused before its request is read (trash_item checks again, for the bulk route).
  if (type.settings && !allows(principal.user.role, Permission::edit_settings)) return forbidden();
  auto version = api::parse_id(request.param("version").value_or(""));
  if (!version) return api::json_error(400, "bad_parameter", "De parameter 'version' ontbreekt.");
  return trash_item(type, principal, key, *version);
}

http::Response ContentApi::trash_item(const TypeSpec& type, const Principal& principal, const std::string& key,
                                      std::int64_t version) const {
  if (type.settings && !allows(principal.user.role, Permission::edit_settings)) return forbidden();
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, version, now, false);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto* before = &std::get<Item>(current);
  if (auto used = store.references(*before); used > 0) {
    return api::json_error(409, "in_use",
                           type.label_singular + " wordt nog gebruikt (" + std::to_string(used) +
                               " keer) en kan niet worden verwijderd." +
                               (type.archivable                                  ? " Archiveer het."
                                : type.publication != content::Publication::none ? " Zet het offline."
                                                                                 : ""));
  }
  if (store.trash(key, version, now, principal.user.display_name) != WriteResult::done) {
    return stale(type, *before, now);
  }
  json::object changes;
  add_change(changes, "trashedAt", nullptr, iso_or_null(now));
  record_change(*lease, store, type, principal, now, key, "trash", changes, nullptr);
  tx.commit();
  return api::no_content();
}

}  // namespace ether::admin
