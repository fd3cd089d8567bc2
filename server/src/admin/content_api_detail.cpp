#include "admin/content_api_detail.hpp"

#include "admin/audit_log.hpp"
#include "api/json_error.hpp"
#include "content/content_drafts.hpp"
#include "content/content_types.hpp"
#include "domain/time.hpp"
#include "media/media_repository.hpp"
#include "media/stored_files.hpp"
#include "media/video_processor.hpp"
#include "store/schedule_repository.hpp"

namespace ether::admin::content_detail {
namespace json = boost::json;
using content::ContentStore;
using content::Item;
using content::TypeSpec;

namespace {

constexpr std::string_view kStale =
    "Iemand anders heeft dit item intussen opgeslagen. Je wijzigingen zijn niet opgeslagen maar staan nog in het "
    "formulier: neem ze over in de nieuwste versie.";

std::optional<std::int64_t> version_of(const json::object& body) {
  const auto* version = body.if_contains("version");
  if (version == nullptr || !version->is_int64() || version->get_int64() <= 0) return std::nullopt;
  return version->get_int64();
}

std::string channel_of(const TypeSpec& type, const json::object& values) {
  if (type.channel_field.empty()) return {};
  const auto* value = values.if_contains(type.channel_field);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

// True for "/uploads/videos/<sha256>/master.m3u8" of a video item that is ready.
bool ready_library_video(soci::session& session, std::string_view path) {
  const auto hash = media::library_video_hash(path, media::kMasterPlaylist);
  if (!hash) return false;
  const auto item = media::MediaRepository(session).find_by_hash(media::MediaKind::video, *hash);
  return item && item->status == "ready";
}

}  // namespace

// A made-up path was published, and the page then showed a dead player (issue 37); a draft
// published later must not do what a save may not (issue 54).
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

json::value iso_or_null(std::optional<std::int64_t> at) {
  return at ? json::value(json::string(domain::format_iso_utc(*at))) : json::value(nullptr);
}

json::object item_json(const TypeSpec& type, const Item& item, std::int64_t now, bool full) {
  json::object values;
  for (const auto& field : type.fields) {
    if (!full && content::heavy(field)) continue;
    values[field.name] = item.values.at(field.name);
  }
  const auto& title = item.values.at(type.title_field);
  json::value review = nullptr;
  if (item.review.status != content::ReviewStatus::none) {
    review = json::object{{"status", content::review_status_name(item.review.status)},
                          {"by", item.review.by},
                          {"at", iso_or_null(item.review.at)},
                          {"note", item.review.note}};
  }
  json::object out{{"id", item.key},
                   {"version", item.version},
                   {"title", title},
                   {"state", content::state_at(type, item, now)},
                   {"published", item.published},
                   {"publishAt", iso_or_null(item.publish_at)},
                   {"unpublishAt", iso_or_null(item.unpublish_at)},
                   {"archived", item.archived_at.has_value()},
                   {"archivedAt", iso_or_null(item.archived_at)},
                   {"author", item.author.empty() ? json::value(nullptr) : json::value(item.author)},
                   {"review", std::move(review)},
                   {"values", std::move(values)}};
  // A list says who changed each item last and when, and whether it has a draft (issue 54); a single
  // item's answer leaves them out (it carries the draft itself).
  if (!full) {
    out["lastEdit"] = item.last_edit ? json::value(json::object{{"at", domain::format_iso_utc(item.last_edit->at)},
                                                                {"by", item.last_edit->user_name}})
                                     : json::value(nullptr);
    out["hasDraft"] = item.has_draft;
  }
  return out;
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

json::value draft_json(soci::session& session, const TypeSpec& type, const std::string& key) {
  auto draft = content::DraftRepository(session).find(type.name, key);
  if (!draft) return nullptr;
  auto values = json::parse(draft->values_json);
  return json::object{{"values", values.is_object() ? values : json::object{}},
                      {"baseVersion", draft->base_version},
                      {"savedAt", domain::format_iso_utc(draft->saved_at)},
                      {"savedBy", draft->saved_by}};
}

http::Response stale(const TypeSpec& type, const Item& current, std::int64_t now) {
  json::object body{
      {"error", json::object{{"code", "conflict"}, {"message", kStale}, {"current", item_json(type, current, now)}}}};
  return api::private_json(409, body);
}

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

// What every change writes in its own transaction beside the item: the item's new revision
// (`revision`, for types that keep them), its audit row and a new content version, which tells
// every instance's caches.
void record_change(soci::session& session, ContentStore& store, const TypeSpec& type, const Principal& who,
                   std::int64_t now, const std::string& key, std::string_view action, const json::object& changes,
                   const Item* revision) {
  if (revision != nullptr) store.add_revision(*revision, now, who.user.id, who.user.display_name);
  record_content_change(session, actor_of(who), now, type.name, key, std::string(action), changes);
}

// Writes the relations a form sent, for the stored `owner`.
void write_links(ContentStore& store, const Item& owner, const content::Validated& validated) {
  for (const auto& links : validated.links) store.relate(*links.field, owner, links.targets);
}

// The type named `type_name` (when `offered` accepts it) and the user, who needs `permission`; or
// the answer: 404 for a type not offered, the refusals of AdminApi::authorize.
std::variant<Call, http::Response> begin_call(const AdminApi& admin, const http::Request& request,
                                              const std::string& type_name, Permission permission,
                                              bool (*offered)(const TypeSpec&)) {
  const auto* type = content::find_type(type_name);
  if (type == nullptr || (offered != nullptr && !offered(*type))) return unknown_type();
  auto who = admin.authorize(request, Guard{.permission = permission});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  return Call{*type, std::get<Principal>(std::move(who))};
}

std::variant<VersionedCall, http::Response> begin_versioned_call(const AdminApi& admin, const http::Request& request,
                                                                 const std::string& type_name, Permission permission,
                                                                 bool (*offered)(const TypeSpec&)) {
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

}  // namespace ether::admin::content_detail
