// The saved versions of an item (articles and pages): the list, one with its values, its label and
// restoring it.
#include "admin/content_api.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/content_api_detail.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "content/content_validation.hpp"
#include "content/slug_history.hpp"
#include "domain/time.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::ContentStore;
using content::TypeSpec;
using content::WriteResult;
using content_detail::begin_call;
using content_detail::begin_versioned_call;
using content_detail::Call;
using content_detail::channel_refused;
using content_detail::field_changes;
using content_detail::forbidden;
using content_detail::forbidden_channel;
using content_detail::item_json;
using content_detail::kMaxBody;
using content_detail::not_found;
using content_detail::record_change;
using content_detail::schedule_blocks_move;
using content_detail::stale;
using content_detail::VersionedCall;
using content_detail::with_revisions;
using content_detail::write_links;
using content_detail::write_permission;

namespace {

constexpr std::size_t kMaxLabel = 80;

// Characters, not bytes: a label's limit is what the editor sees.
std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U; }));
}

// A label as stored: trimmed, and none when nothing is left (an emptied field clears it).
std::optional<std::string> label_of(const json::value& given) {
  if (!given.is_string()) return std::nullopt;
  std::string text(given.get_string());
  const auto first = text.find_first_not_of(" \t\n\r");
  if (first == std::string::npos) return std::nullopt;
  text = text.substr(first, text.find_last_not_of(" \t\n\r") - first + 1);
  return text;
}

// A revision as the list and the diff see it: `changedFields` names the fields that differ from
// `older` (the version saved before it), so that versions with one title can be told apart.
json::object revision_json(const TypeSpec& type, const content::Revision& revision, const content::Revision* older,
                           bool with_values) {
  json::object out{
      {"id", revision.id},
      {"itemVersion", revision.item_version},
      {"createdAt", domain::format_iso_utc(revision.created_at)},
      {"userName", revision.user_name},
      {"label", revision.label ? json::value(json::string(*revision.label)) : json::value(nullptr)},
      {"title", revision.data.contains(type.title_field) ? revision.data.at(type.title_field) : json::value("")}};
  if (older != nullptr) {
    json::array changed;
    for (const auto& field : type.fields) {
      const auto* now_value = revision.data.if_contains(field.name);
      const auto* old_value = older->data.if_contains(field.name);
      const bool same = (now_value == nullptr && old_value == nullptr) ||
                        (now_value != nullptr && old_value != nullptr && *now_value == *old_value);
      if (!same) changed.emplace_back(field.name);
    }
    out["changedFields"] = std::move(changed);
  } else {
    out["changedFields"] = nullptr;
  }
  if (with_values) out["values"] = revision.data;
  return out;
}

}  // namespace

void ContentApi::add_revision_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/content/{type}/{id}/revisions",
             [this](const http::Request& r, const Params& p) { return revisions(r, p.at("type"), p.at("id")); });
  router.add("GET", "/api/admin/content/{type}/{id}/revisions/{rev}", [this](const http::Request& r, const Params& p) {
    return revision(r, p.at("type"), p.at("id"), p.at("rev"));
  });
  router.add(
      "PATCH", "/api/admin/content/{type}/{id}/revisions/{rev}",
      [this](const http::Request& r, const Params& p) { return label(r, p.at("type"), p.at("id"), p.at("rev")); });
  router.add("POST", "/api/admin/content/{type}/{id}/revisions/{rev}/restore",
             [this](const http::Request& r, const Params& p) {
               return after_change(restore(r, p.at("type"), p.at("id"), p.at("rev")));
             });
}

http::Response ContentApi::revisions(const http::Request& request, const std::string& type_name,
                                     const std::string& key) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts, with_revisions);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  auto lease = db_.lease();
  ContentStore store(*lease, type);
  auto item = store.find(key);
  if (!item) return not_found(type);
  if (channel_refused(type, principal, item->values)) return forbidden_channel();
  json::array out;
  const auto all = store.revisions(key);
  for (std::size_t i = 0; i < all.size(); ++i) {
    // The oldest version in the list has nothing before it to differ from.
    const auto* older = i + 1 < all.size() ? &all[i + 1] : nullptr;
    out.push_back(revision_json(type, all[i], older, false));
  }
  return api::private_json(200, json::object{{"revisions", std::move(out)}});
}

http::Response ContentApi::revision(const http::Request& request, const std::string& type_name, const std::string& key,
                                    const std::string& revision_text) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts, with_revisions);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  auto lease = db_.lease();
  ContentStore store(*lease, type);
  auto item = store.find(key);
  if (!item) return not_found(type);
  if (channel_refused(type, principal, item->values)) return forbidden_channel();
  auto revision_id = api::parse_id(revision_text);
  auto found = revision_id ? store.revision(key, *revision_id) : std::nullopt;
  if (!found) return api::json_error(404, "not_found", "Deze versie bestaat niet.");
  return api::private_json(200, json::object{{"revision", revision_json(type, *found, nullptr, true)}});
}

http::Response ContentApi::label(const http::Request& request, const std::string& type_name, const std::string& key,
                                 const std::string& revision_text) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts, with_revisions);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  const auto* given = std::get<json::object>(body).if_contains("label");
  if (given == nullptr || !(given->is_string() || given->is_null())) {
    return api::json_error(400, "bad_json", "Het label moet tekst zijn.");
  }
  auto label = label_of(*given);
  if (label && utf8_length(*label) > kMaxLabel) {
    return api::json_error(400, "label_too_long",
                           "Een label is hoogstens " + std::to_string(kMaxLabel) + " tekens lang.");
  }
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto item = store.find(key);
  if (!item) return not_found(type);
  if (!allows(principal.user.role, write_permission(type, &*item))) return forbidden();
  if (channel_refused(type, principal, item->values)) return forbidden_channel();
  auto revision_id = api::parse_id(revision_text);
  auto before = revision_id ? store.revision(key, *revision_id) : std::nullopt;
  if (!before || !store.label_revision(key, before->id, label)) {
    return api::json_error(404, "not_found", "Deze versie bestaat niet.");
  }
  json::object changes;
  changes["revision"] = before->id;
  add_change(changes, "label", before->label ? json::value(json::string(*before->label)) : json::value(nullptr),
             label ? json::value(json::string(*label)) : json::value(nullptr));
  record_content_change(*lease, actor_of(principal), now, type.name, key, "label_revision", changes);
  auto after = store.revision(key, before->id);
  tx.commit();
  return api::private_json(200, json::object{{"revision", revision_json(type, *after, nullptr, false)}});
}

http::Response ContentApi::restore(const http::Request& request, const std::string& type_name, const std::string& key,
                                   const std::string& revision_text) const {
  auto call = begin_versioned_call(admin_, request, type_name, Permission::edit_drafts, with_revisions);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, body, version] = std::get<VersionedCall>(call);
  auto revision_id = api::parse_id(revision_text);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto before = store.find(key);
  if (!before) return not_found(type);
  if (!allows(principal.user.role, write_permission(type, &*before))) return forbidden();
  if (channel_refused(type, principal, before->values)) return forbidden_channel();
  auto revision = revision_id ? store.revision(key, *revision_id) : std::nullopt;
  if (!revision) return api::json_error(404, "not_found", "Deze versie bestaat niet.");
  if (before->version != version) return stale(type, *before, now);
  auto validated = content::validate(type, revision->data, &*before, store);
  // A slug taken since, or a reference deleted since, is reported like a form error.
  if (!validated.errors.empty()) return api::field_errors(validated.errors);
  if (channel_refused(type, principal, validated.values)) return forbidden_channel();
  if (auto blocked = schedule_blocks_move(*lease, type, *before, validated.values, now)) {
    return api::field_errors(*blocked);
  }
  auto changes = field_changes(type, before->values, validated.values);
  if (store.update(key, version, validated.row) != WriteResult::done) return stale(type, *store.find(key), now);
  write_links(store, *before, validated);
  auto after = store.find(key);
  // An old link keeps working: the page of an earlier slug moves to the current one.
  content::keep_earlier_slug(*lease, type, *before, *after, now);
  changes["restoredRevision"] = revision->id;
  record_change(*lease, store, type, principal, now, key, "restore", changes, &*after);
  tx.commit();
  return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
}

}  // namespace ether::admin
