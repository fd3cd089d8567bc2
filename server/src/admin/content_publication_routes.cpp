// When an item is on the site: publishing (now or scheduled), unpublishing, archiving and
// unarchiving, and the signed preview link of one that is not yet.
#include "admin/content_api.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "content/content_validation.hpp"
#include "content/content_workflow.hpp"
#include "content/public_url.hpp"
#include "domain/time.hpp"
#include "pages/preview_token.hpp"

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
using content_detail::forbidden_channel;
using content_detail::iso_or_null;
using content_detail::item_at_version;
using content_detail::item_json;
using content_detail::not_found;
using content_detail::publishable;
using content_detail::record_change;
using content_detail::stale;
using content_detail::VersionedCall;
using content_detail::with_preview;

namespace {

void add_publication_changes(json::object& changes, const Item& before, const Item& after) {
  add_change(changes, "published", before.published, after.published);
  add_change(changes, "publishAt", iso_or_null(before.publish_at), iso_or_null(after.publish_at));
  add_change(changes, "unpublishAt", iso_or_null(before.unpublish_at), iso_or_null(after.unpublish_at));
}

}  // namespace

void ContentApi::add_publication_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("POST", "/api/admin/content/{type}/{id}/publish", [this](const http::Request& r, const Params& p) {
    return after_change(publish(r, p.at("type"), p.at("id"), true));
  });
  router.add("POST", "/api/admin/content/{type}/{id}/archive", [this](const http::Request& r, const Params& p) {
    return after_change(archive(r, p.at("type"), p.at("id"), true));
  });
  router.add("POST", "/api/admin/content/{type}/{id}/unarchive", [this](const http::Request& r, const Params& p) {
    return after_change(archive(r, p.at("type"), p.at("id"), false));
  });
  router.add("POST", "/api/admin/content/{type}/{id}/unpublish", [this](const http::Request& r, const Params& p) {
    return after_change(publish(r, p.at("type"), p.at("id"), false));
  });
  router.add("GET", "/api/admin/content/{type}/{id}/preview",
             [this](const http::Request& r, const Params& p) { return preview(r, p.at("type"), p.at("id")); });
}

http::Response ContentApi::publish(const http::Request& request, const std::string& type_name, const std::string& key,
                                   bool on) const {
  auto call = begin_versioned_call(admin_, request, type_name, Permission::publish, publishable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, object, version] = std::get<VersionedCall>(call);
  Moments moments;
  auto moment = [&moments, &body = object](std::string_view name) -> std::optional<std::int64_t> {
    const auto* value = body.if_contains(name);
    if (value == nullptr || value->is_null() || (value->is_string() && value->get_string().empty())) {
      return std::nullopt;
    }
    auto at = value->is_string() ? content::parse_instant(value->get_string()) : std::nullopt;
    if (!at) moments.errors[name] = "Vul een geldige datum en tijd in.";
    return at;
  };
  moments.publish_at = moment("publishAt");
  moments.unpublish_at = moment("unpublishAt");
  return publish_item(type, principal, key, version, moments, on);
}

http::Response ContentApi::publish_item(const TypeSpec& type, const Principal& principal, const std::string& key,
                                        std::int64_t version, const Moments& moments, bool on) const {
  const auto now = now_();
  json::object fields = moments.errors;
  const auto& publish_at = moments.publish_at;
  const auto& unpublish_at = moments.unpublish_at;
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, version, now, false);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto* before = &std::get<Item>(current);
  content::Row row;
  if (on) {
    // A dated item keeps its moment when published again without a new one; a draft gets now.
    std::optional<std::int64_t> from = publish_at;
    if (!from && type.publication == content::Publication::dated) from = before->published ? before->publish_at : now;
    if (from && unpublish_at && *unpublish_at <= *from) fields["unpublishAt"] = "Kies een moment na de publicatie.";
    if (!fields.empty()) return api::field_errors(fields);
    row.emplace_back(type.flag_column, 1LL);
    row.emplace_back(store.publish_column(), from ? content::Value(static_cast<long long>(*from)) : content::Value());
    row.emplace_back("unpublish_at",
                     unpublish_at ? content::Value(static_cast<long long>(*unpublish_at)) : content::Value());
    // Of two overlays with the same order visitors see the one that came on the site last; one
    // published again while it is on keeps its moment.
    if (type.overlay && content::state_at(type, *before, now) != "online") {
      row.emplace_back("live_since", static_cast<long long>(from.value_or(now)));
    }
  } else {
    row.emplace_back(type.flag_column, 0LL);
  }
  if (store.update(key, version, row) != WriteResult::done) return stale(type, *store.find(key), now);
  // A publication ends the review step: what waited is decided, a note sent back has been dealt with.
  const bool reviewed = on && before->review.status != content::ReviewStatus::none;
  if (reviewed) content::WorkflowRepository(*lease).set_review(type.name, key, content::Review{});
  auto after = store.find(key);
  json::object changes;
  add_publication_changes(changes, *before, *after);
  if (reviewed)
    add_change(changes, "review", json::string(content::review_status_name(before->review.status)), nullptr);
  record_change(*lease, store, type, principal, now, key, on ? "publish" : "unpublish", changes,
                type.revisions ? &*after : nullptr);
  // Online now: told at once. A scheduled item is told when its moment comes (the webhooks'
  // dispatcher asks the store), by the same event id, so an item is never told twice.
  std::optional<content::PublishedItem> came_online;
  const bool was_online = content::state_at(type, *before, now) == "online";
  if (on && published_ && !was_online && content::state_at(type, *after, now) == "online") {
    came_online = content::published_item(*lease, type, *after, after->publish_at.value_or(now), options_.base_url);
  }
  tx.commit();
  if (came_online) {
    try {
      published_(*came_online);
    } catch (const std::exception& failure) {
      spdlog::warn("admin: the publication of {} {} could not be told: {}", type.name, key, failure.what());
    }
  }
  return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
}

http::Response ContentApi::archive(const http::Request& request, const std::string& type_name, const std::string& key,
                                   bool on) const {
  auto call = begin_versioned_call(admin_, request, type_name, Permission::delete_content, archivable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, body, version] = std::get<VersionedCall>(call);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, version, now, false);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto* before = &std::get<Item>(current);
  if (before->archived_at.has_value() == on) {
    return api::private_json(200, json::object{{"item", item_json(type, *before, now)}});
  }
  content::Row row{{"archived_at", on ? content::Value(static_cast<long long>(now)) : content::Value()}};
  if (store.update(key, version, row) != WriteResult::done) return stale(type, *store.find(key), now);
  auto after = store.find(key);
  json::object changes;
  add_change(changes, "archivedAt", iso_or_null(before->archived_at), iso_or_null(after->archived_at));
  record_change(*lease, store, type, principal, now, key, on ? "archive" : "unarchive", changes, nullptr);
  tx.commit();
  return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
}

http::Response ContentApi::preview(const http::Request& request, const std::string& type_name,
                                   const std::string& key) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts, with_preview);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  auto id = api::parse_id(key);
  if (!id) return not_found(type);
  {
    auto lease = db_.lease();
    auto item = ContentStore(*lease, type).find(key);
    if (!item) return not_found(type);
    if (channel_refused(type, principal, item->values)) return forbidden_channel();
  }
  if (options_.preview_secret.empty()) {
    return api::json_error(503, "no_preview", "Voorbeeldlinks zijn niet ingesteld.");
  }
  const auto expires = now_() + pages::PreviewTokens::kDefaultLifetimeSeconds;
  // Pages open at /overzicht/preview/{id}; articles at /nieuws/preview/{id}, signed by their own key.
  std::string url;
  if (type.name == "articles") {
    const pages::PreviewTokens tokens(pages::article_preview_secret(options_.preview_secret));
    url = options_.base_url + "/nieuws/preview/" + key + "?x-craft-live-preview=" + tokens.sign(*id, expires);
  } else {
    url = pages::PreviewTokens(options_.preview_secret).url(options_.base_url, *id, expires);
  }
  return api::private_json(200, json::object{{"url", url}, {"expiresAt", domain::format_iso_utc(expires)}});
}

}  // namespace ether::admin
