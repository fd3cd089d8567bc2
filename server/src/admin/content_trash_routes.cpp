// The trash: what was deleted, restoring an item with its relations and revisions, and removing it
// for good.
#include "admin/content_api.hpp"

#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::ContentStore;
using content::Item;
using content::TypeSpec;
using content_detail::begin_call;
using content_detail::Call;
using content_detail::channel_refused;
using content_detail::forbidden;
using content_detail::forbidden_channel;
using content_detail::iso_or_null;
using content_detail::item_json;
using content_detail::not_found;
using content_detail::record_change;

void ContentApi::add_trash_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/trash", [this](const http::Request& r, const Params&) { return trash_list(r); });
  router.add("POST", "/api/admin/trash/{type}/{id}/restore", [this](const http::Request& r, const Params& p) {
    return after_change(untrash(r, p.at("type"), p.at("id")));
  });
  router.add("DELETE", "/api/admin/trash/{type}/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(purge(r, p.at("type"), p.at("id")));
  });
}

http::Response ContentApi::trash_list(const http::Request& request) const {
  auto who = admin_.authorize(request, Guard{.permission = Permission::delete_content});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& principal = std::get<Principal>(who);
  const auto keep = options_.trash_days * 86400;
  auto lease = db_.lease();
  json::array out;
  for (const auto& type : content::content_types()) {
    if (type.settings && !allows(principal.user.role, Permission::edit_settings)) continue;
    for (const auto& item : ContentStore(*lease, type).trashed()) {
      if (channel_refused(type, principal, item.values)) continue;
      const auto at = item.trashed_at.value_or(0);
      out.push_back(json::object{{"type", type.name},
                                 {"typeLabel", type.label_singular},
                                 {"id", item.key},
                                 {"title", item.values.at(type.title_field)},
                                 {"trashedAt", domain::format_iso_utc(at)},
                                 {"trashedBy", item.trashed_by},
                                 {"purgeAt", domain::format_iso_utc(at + keep)}});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const json::value& a, const json::value& b) {
    return a.at("trashedAt").as_string() > b.at("trashedAt").as_string();
  });
  return api::private_json(200, json::object{{"items", std::move(out)}, {"keepDays", options_.trash_days}});
}

// The trash's own changes: delete_content (channels and broadcasters edit_settings too), the item
// found in the trash and on a channel the user may work on, all in one transaction.
http::Response ContentApi::on_trashed(const http::Request& request, const std::string& type_name,
                                      const std::string& key, const TrashAction& act) const {
  auto call = begin_call(admin_, request, type_name, Permission::delete_content);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  if (type.settings && !allows(principal.user.role, Permission::edit_settings)) return forbidden();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto before = store.find_trashed(key);
  if (!before) return api::json_error(404, "not_found", type.label_singular + " staat niet (meer) in de prullenbak.");
  if (channel_refused(type, principal, before->values)) return forbidden_channel();
  auto response = act(*lease, store, type, principal, *before);
  if (response.status < 300) tx.commit();
  return response;
}

http::Response ContentApi::untrash(const http::Request& request, const std::string& type_name,
                                   const std::string& key) const {
  const auto now = now_();
  return on_trashed(
      request, type_name, key,
      [&](soci::session& session, ContentStore& store, const TypeSpec& type, const Principal& who, const Item& before) {
        if (!store.untrash(key)) return not_found(type);
        auto after = store.find(key);
        json::object changes;
        add_change(changes, "trashedAt", iso_or_null(before.trashed_at), nullptr);
        record_change(session, store, type, who, now, key, "untrash", changes, nullptr);
        return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
      });
}

http::Response ContentApi::purge(const http::Request& request, const std::string& type_name,
                                 const std::string& key) const {
  const auto now = now_();
  return on_trashed(
      request, type_name, key,
      [&](soci::session& session, ContentStore& store, const TypeSpec& type, const Principal& who, const Item& before) {
        if (!store.purge(key)) return not_found(type);
        const auto* title = before.values.if_contains(type.title_field);
        record_content_purge(session, actor_of(who), now, type.name, key, title != nullptr ? *title : json::value(key));
        return api::no_content();
      });
}

}  // namespace ether::admin
