#include "admin/content_api.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>

#include "admin/audit_log.hpp"
#include "admin/autosaves.hpp"
#include "api/json_error.hpp"
#include "content/content_store.hpp"
#include "content/content_types.hpp"
#include "content/content_validation.hpp"
#include "content/public_url.hpp"
#include "domain/time.hpp"
#include "media/media_repository.hpp"
#include "media/stored_files.hpp"
#include "media/video_processor.hpp"
#include "pages/preview_token.hpp"
#include "store/schedule_repository.hpp"

namespace ether::admin {
namespace json = boost::json;
using content::ContentStore;
using content::Item;
using content::TypeSpec;
using content::WriteResult;

namespace {

constexpr std::string_view kStale =
    "Iemand anders heeft dit item intussen opgeslagen. Je wijzigingen zijn niet opgeslagen maar staan nog in het "
    "formulier: neem ze over in de nieuwste versie.";

constexpr std::size_t kMaxBody = 1024 * 1024;

std::optional<std::int64_t> version_of(const json::object& body) {
  const auto* version = body.if_contains("version");
  if (version == nullptr || !version->is_int64() || version->get_int64() <= 0) return std::nullopt;
  return version->get_int64();
}

json::value iso_or_null(std::optional<std::int64_t> at) {
  return at ? json::value(json::string(domain::format_iso_utc(*at))) : json::value(nullptr);
}

json::object item_json(const TypeSpec& type, const Item& item, std::int64_t now, bool full = true) {
  json::object values;
  for (const auto& field : type.fields) {
    if (!full && content::heavy(field)) continue;
    values[field.name] = item.values.at(field.name);
  }
  const auto& title = item.values.at(type.title_field);
  return json::object{{"id", item.key},
                      {"version", item.version},
                      {"title", title},
                      {"state", content::state_at(type, item, now)},
                      {"published", item.published},
                      {"publishAt", iso_or_null(item.publish_at)},
                      {"unpublishAt", iso_or_null(item.unpublish_at)},
                      {"archived", item.archived_at.has_value()},
                      {"archivedAt", iso_or_null(item.archived_at)},
                      {"values", std::move(values)}};
}

bool publishable(const TypeSpec& type) { return type.publication != content::Publication::none; }
bool with_revisions(const TypeSpec& type) { return type.revisions; }
bool with_preview(const TypeSpec& type) { return type.name == "pages" || type.name == "articles"; }
bool archivable(const TypeSpec& type) { return type.archivable; }

json::object type_json(const TypeSpec& type) {
  json::array fields;
  for (const auto& field : type.fields) {
    json::array choices;
    for (const auto& choice : field.choices)
      choices.push_back(json::object{{"value", choice.value}, {"label", choice.label}});
    json::array crops;
    for (const auto& crop : field.crops) crops.emplace_back(crop);
    fields.push_back(json::object{{"name", field.name},
                                  {"label", field.label},
                                  {"kind", content::kind_name(field.kind)},
                                  {"required", field.required || field.kind == content::FieldKind::slug},
                                  {"immutable", field.immutable},
                                  {"derived", content::fact_name(field.derived)},
                                  {"maxLength", field.max_length},
                                  {"choices", std::move(choices)},
                                  {"reference", field.reference},
                                  {"referenceKey", field.reference_column},
                                  {"crops", std::move(crops)},
                                  {"altField", field.alt_field},
                                  {"mediaFile", field.media_file}});
  }
  std::string_view publication = type.publication == content::Publication::none    ? "none"
                                 : type.publication == content::Publication::dated ? "dated"
                                                                                   : "switched";
  return json::object{{"name", type.name},
                      {"label", type.label},
                      {"labelSingular", type.label_singular},
                      {"titleField", type.title_field},
                      {"slugField", type.slug_field},
                      {"publication", publication},
                      {"revisions", type.revisions},
                      {"settings", type.settings},
                      {"preview", with_preview(type)},
                      {"archivable", type.archivable},
                      {"fields", std::move(fields)}};
}

// The permission that changing `item` (nullptr: a new one) of `type` needs.
Permission write_permission(const TypeSpec& type, const Item* item) {
  if (type.settings) return Permission::edit_settings;
  if (type.publication == content::Publication::none) return Permission::edit_published;
  if (item != nullptr && item->published) return Permission::edit_published;
  return Permission::edit_drafts;
}

http::Response forbidden() { return api::json_error(403, "forbidden", "Je rol heeft geen toegang tot deze actie."); }
http::Response forbidden_channel() {
  return api::json_error(403, "forbidden_channel", "Je hebt geen toegang tot dit kanaal.");
}
http::Response not_found(const TypeSpec& type) {
  return api::json_error(404, "not_found", type.label_singular + " bestaat niet (meer).");
}
http::Response unknown_type() { return api::json_error(404, "not_found", "Dit soort inhoud bestaat niet."); }

std::string channel_of(const TypeSpec& type, const json::object& values) {
  if (type.channel_field.empty()) return {};
  const auto* value = values.if_contains(type.channel_field);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

bool channel_refused(const TypeSpec& type, const Principal& who, const json::object& values) {
  if (type.channel_field.empty() || who.user.channels.empty()) return false;
  return !channel_allowed(who.user.channels, channel_of(type, values));
}

// Weekly slots and one-off changes name their channel themselves, so a programme moved to another
// channel would leave them behind on the old one: the move waits until Programmering no longer uses
// the programme there (changes before today no longer matter). Returns the field error, if any.
std::optional<json::object> schedule_blocks_move(soci::session& session, const TypeSpec& type, const Item& before,
                                                 const json::object& after, std::int64_t now) {
  if (type.name != "programmes") return std::nullopt;
  const auto from = channel_of(type, before.values);
  const auto id = api::parse_id(before.key);
  if (from.empty() || from == channel_of(type, after) || !id) return std::nullopt;
  store::ScheduleRepository repo(session);
  if (repo.programme_uses(*id, from, domain::format_date(domain::local_date(now))) == 0) return std::nullopt;
  auto name = from;
  for (const auto& [slug, channel_name] : repo.channels()) {
    if (slug == from) name = channel_name;
  }
  return json::object{{type.channel_field, "Dit programma heeft nog tijdvakken op " + name +
                                               "; verplaats of verwijder die eerst in Programmering."}};
}

http::Response stale(const TypeSpec& type, const Item& current, std::int64_t now) {
  json::object body{
      {"error", json::object{{"code", "conflict"}, {"message", kStale}, {"current", item_json(type, current, now)}}}};
  return api::private_json(409, body);
}

Actor actor_of(const Principal& who) { return {who.user.id, who.user.display_name}; }

json::object field_changes(const TypeSpec& type, const json::object& before, const json::object& after) {
  json::object changes;
  for (const auto& field : type.fields) {
    const auto* old_value = before.if_contains(field.name);
    const auto* new_value = after.if_contains(field.name);
    add_change(changes, field.name, old_value ? *old_value : json::value(nullptr),
               new_value ? *new_value : json::value(nullptr));
  }
  return changes;
}

void add_publication_changes(json::object& changes, const Item& before, const Item& after) {
  add_change(changes, "published", before.published, after.published);
  add_change(changes, "publishAt", iso_or_null(before.publish_at), iso_or_null(after.publish_at));
  add_change(changes, "unpublishAt", iso_or_null(before.unpublish_at), iso_or_null(after.unpublish_at));
}

// What every change writes in its own transaction beside the item: the item's new revision
// (`revision`, for types that keep them), its audit row and a new content version, which tells
// every instance's caches.
void record_change(soci::session& session, ContentStore& store, const TypeSpec& type, const Principal& who,
                   std::int64_t now, const std::string& key, std::string_view action, const json::object& changes,
                   const Item* revision) {
  if (revision != nullptr) store.add_revision(*revision, now, who.user.id, who.user.display_name);
  record_content_change(session, actor_of(who), now, type.name, key, std::string(action), changes);
}

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

// True for "/uploads/videos/<sha256>/master.m3u8" of a video item that is ready.
bool ready_library_video(soci::session& session, std::string_view path) {
  const auto hash = media::library_video_hash(path, media::kMasterPlaylist);
  if (!hash) return false;
  const auto item = media::MediaRepository(session).find_by_hash(media::MediaKind::video, *hash);
  return item && item->status == "ready";
}

// A media-file field set or changed to a file the media dir does not hold is refused: a made-up
// path was published, and the page then showed a dead player (issue 37).
// A video of the media library is named by its master playlist, and must be one that is ready.
json::object missing_media_files(soci::session& session, const TypeSpec& type, const json::object& values,
                                 const Item* before, const std::filesystem::path& media_dir) {
  json::object errors;
  for (const auto& field : type.fields) {
    const auto* value = field.media_file ? values.if_contains(field.name) : nullptr;
    if (value == nullptr || !value->is_string()) continue;
    if (before != nullptr) {
      const auto* stored = before->values.if_contains(field.name);
      if (stored != nullptr && *stored == *value) continue;
    }
    std::string path(value->as_string());
    if (path.empty() || path.starts_with("https://") || path.starts_with("http://")) continue;
    if (path.starts_with(media::kUploadsPrefix)) {
      if (!ready_library_video(session, path)) {
        errors[field.name] =
            "Deze video staat niet (klaar) in de mediabibliotheek. Kies een video uit de lijst of upload hem "
            "opnieuw.";
      }
      continue;
    }
    if (media_dir.empty()) continue;
    if (path.starts_with("/media/")) path.erase(0, std::string_view("/media/").size());
    const auto relative = std::filesystem::path(path).lexically_normal();
    std::error_code ec;
    const bool inside = !relative.empty() && relative.is_relative() && *relative.begin() != "..";
    if (!inside || !std::filesystem::is_regular_file(media_dir / relative, ec)) {
      errors[field.name] =
          "Dit bestand staat niet in de mediamap. Geef het pad van een bestaand bestand, bijvoorbeeld "
          "videos/samenvatting.mp4, of een https-adres.";
    }
  }
  return errors;
}

// Writes the relations a form sent, for the stored `owner`.
void write_links(ContentStore& store, const Item& owner, const content::Validated& validated) {
  for (const auto& links : validated.links) store.relate(*links.field, owner, links.targets);
}

// The types do not change while the server runs: their description is built once.
const json::object& types_body() {
  static const json::object body = [] {
    json::array out;
    for (const auto& type : content::content_types()) out.push_back(type_json(type));
    return json::object{{"types", std::move(out)}};
  }();
  return body;
}

// What every handler starts from: the type named in the path and the signed-in user.
struct Call {
  const TypeSpec& type;
  Principal who;
};

// The type named `type_name` (when `offered` accepts it) and the user, who needs `permission`; or
// the answer: 404 for a type not offered, the refusals of AdminApi::authorize.
std::variant<Call, http::Response> begin_call(const AdminApi& admin, const http::Request& request,
                                              const std::string& type_name, Permission permission,
                                              bool (*offered)(const TypeSpec&) = nullptr) {
  const auto* type = content::find_type(type_name);
  if (type == nullptr || (offered != nullptr && !offered(*type))) return unknown_type();
  auto who = admin.authorize(request, Guard{.permission = permission});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  return Call{*type, std::get<Principal>(std::move(who))};
}

// begin_call for a change of one item, then the body, which must carry the item's version; or the answer.
struct VersionedCall {
  const TypeSpec& type;
  Principal who;
  json::object body;
  std::int64_t version;
};

std::variant<VersionedCall, http::Response> begin_versioned_call(const AdminApi& admin, const http::Request& request,
                                                                 const std::string& type_name, Permission permission,
                                                                 bool (*offered)(const TypeSpec&) = nullptr) {
  auto call = begin_call(admin, request, type_name, permission, offered);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  auto body = api::read_object(request, kMaxBody);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  auto& object = std::get<json::object>(body);
  auto version = version_of(object);
  if (!version) return api::json_error(400, "bad_json", "De versie ontbreekt.");
  auto& [type, who] = std::get<Call>(call);
  return VersionedCall{type, std::move(who), std::move(object), *version};
}

// The item `key` that a change works on: it must exist, be on a channel `who` may work on (and,
// when `writing`, of a kind their role may write) and still be at `version`; or the answer.
std::variant<Item, http::Response> item_at_version(ContentStore& store, const TypeSpec& type, const Principal& who,
                                                   const std::string& key, std::int64_t version, std::int64_t now,
                                                   bool writing) {
  auto item = store.find(key);
  if (!item) return not_found(type);
  if (writing && !allows(who.user.role, write_permission(type, &*item))) return forbidden();
  if (channel_refused(type, who, item->values)) return forbidden_channel();
  if (item->version != version) return stale(type, *item, now);
  return std::move(*item);
}

}  // namespace

ContentApi::ContentApi(store::Database& db, const AdminApi& admin, ContentApiOptions options,
                       std::function<std::int64_t()> now, std::function<void()> changed, Published published)
    : db_(db),
      admin_(admin),
      options_(std::move(options)),
      now_(std::move(now)),
      changed_(std::move(changed)),
      published_(std::move(published)) {}

void ContentApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/content-types", [this](const http::Request& r, const Params&) { return types(r); });
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
  router.add("GET", "/api/admin/content/{type}/{id}/preview",
             [this](const http::Request& r, const Params& p) { return preview(r, p.at("type"), p.at("id")); });
  router.add("GET", "/api/admin/trash", [this](const http::Request& r, const Params&) { return trash_list(r); });
  router.add("POST", "/api/admin/trash/{type}/{id}/restore", [this](const http::Request& r, const Params& p) {
    return after_change(untrash(r, p.at("type"), p.at("id")));
  });
  router.add("DELETE", "/api/admin/trash/{type}/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(purge(r, p.at("type"), p.at("id")));
  });
}

// Called once the handler has returned, and with it given back its store session: the caches that
// follow the change read the store, and a handler waiting for them while holding a session could
// hold up every worker (and the threads the caches wait for) until the pool's lease timeout.
http::Response ContentApi::after_change(http::Response response) const {
  if (!changed_ || response.status >= 300) return response;
  try {
    changed_();
  } catch (const std::exception& failure) {
    spdlog::warn("admin: a cache could not follow a content change: {}", failure.what());
  }
  return response;
}

http::Response ContentApi::types(const http::Request& request) const {
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  return api::private_json(200, types_body());
}

http::Response ContentApi::list(const http::Request& request, const std::string& type_name) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  content::ListQuery query;
  query.text = request.param("q").value_or("");
  query.state = request.param("state").value_or("");
  if (!query.state.empty() && query.state != "draft" && query.state != "scheduled" && query.state != "online" &&
      query.state != "expired") {
    return api::json_error(400, "bad_parameter", "De parameter 'state' is draft, scheduled, online of expired.");
  }
  if (auto page = request.param("page"); page && !page->empty()) {
    auto parsed = api::parse_id(*page);
    if (!parsed || *parsed > 100000) {
      return api::json_error(400, "bad_parameter", "De parameter 'page' moet een paginanummer zijn.");
    }
    query.page = *parsed;
  }
  query.page_size = kContentPageSize;
  query.channels = principal.user.channels;
  query.now = now_();
  auto lease = db_.lease();
  auto result = ContentStore(*lease, type).list(query);
  json::array items;
  for (const auto& item : result.items) items.push_back(item_json(type, item, query.now, false));
  return api::private_json(
      200,
      json::object{
          {"items", std::move(items)}, {"page", query.page}, {"pageSize", query.page_size}, {"total", result.total}});
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
  return api::private_json(200, json::object{{"item", std::move(body)}});
}

http::Response ContentApi::create(const http::Request& request, const std::string& type_name) const {
  auto call = begin_call(admin_, request, type_name, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  if (!allows(principal.user.role, write_permission(type, nullptr))) return forbidden();
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
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, version, now, true);
  if (auto* refused = std::get_if<http::Response>(&current)) return std::move(*refused);
  const auto* before = &std::get<Item>(current);
  auto validated = content::validate(type, values->get_object(), before, store);
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
  record_change(*lease, store, type, principal, now, key, "update", changes, type.revisions ? &*after : nullptr);
  tx.commit();
  return api::private_json(200, json::object{{"item", item_json(type, *after, now)}});
}

http::Response ContentApi::remove(const http::Request& request, const std::string& type_name,
                                  const std::string& key) const {
  auto call = begin_call(admin_, request, type_name, Permission::delete_content);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal] = std::get<Call>(call);
  if (type.settings && !allows(principal.user.role, Permission::edit_settings)) return forbidden();
  auto version = api::parse_id(request.param("version").value_or(""));
  if (!version) return api::json_error(400, "bad_parameter", "De parameter 'version' ontbreekt.");
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  ContentStore store(*lease, type);
  auto current = item_at_version(store, type, principal, key, *version, now, false);
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
  if (store.trash(key, *version, now, principal.user.display_name) != WriteResult::done) {
    return stale(type, *before, now);
  }
  json::object changes;
  add_change(changes, "trashedAt", nullptr, iso_or_null(now));
  record_change(*lease, store, type, principal, now, key, "trash", changes, nullptr);
  tx.commit();
  return api::no_content();
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

http::Response ContentApi::publish(const http::Request& request, const std::string& type_name, const std::string& key,
                                   bool on) const {
  auto call = begin_versioned_call(admin_, request, type_name, Permission::publish, publishable);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [type, principal, object, version] = std::get<VersionedCall>(call);
  const auto now = now_();
  json::object fields;
  auto moment = [&fields, &body = object](std::string_view name) -> std::optional<std::int64_t> {
    const auto* value = body.if_contains(name);
    if (value == nullptr || value->is_null() || (value->is_string() && value->get_string().empty())) {
      return std::nullopt;
    }
    auto at = value->is_string() ? content::parse_instant(value->get_string()) : std::nullopt;
    if (!at) fields[name] = "Vul een geldige datum en tijd in.";
    return at;
  };
  auto publish_at = moment("publishAt");
  auto unpublish_at = moment("unpublishAt");
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
  } else {
    row.emplace_back(type.flag_column, 0LL);
  }
  if (store.update(key, version, row) != WriteResult::done) return stale(type, *store.find(key), now);
  auto after = store.find(key);
  json::object changes;
  add_publication_changes(changes, *before, *after);
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
  changes["restoredRevision"] = revision->id;
  record_change(*lease, store, type, principal, now, key, "restore", changes, &*after);
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
