#include "admin/schedule_api.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <boost/json.hpp>

#include "admin/admin_api_detail.hpp"
#include "admin/audit_log.hpp"
#include "api/json_error.hpp"
#include "domain/time.hpp"
#include "playout/schedule_materialiser.hpp"
#include "store/schedule_repository.hpp"
#include "store/station_repository.hpp"

namespace ether::admin {
namespace json = boost::json;

namespace {

constexpr std::size_t kMaxTitleLength = 200;
constexpr int kDayMinutes = 24 * 60;
std::string weekday_name(int weekday) { return std::string(domain::dutch_weekday(weekday)); }

std::string clock(int minute) {
  const auto two = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  return two(minute / 60) + ":" + two(minute % 60);
}

// "HH:MM" in whole minutes, 00:00 to 23:59; as an end also "24:00", and "00:00" means that midnight.
std::optional<int> parse_clock(const json::value* value, bool end) {
  if (value == nullptr || !value->is_string()) return std::nullopt;
  const std::string_view text = value->get_string();
  if (text.size() != 5 || text[2] != ':') return std::nullopt;
  for (std::size_t i : {0U, 1U, 3U, 4U}) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
  }
  const int hours = (text[0] - '0') * 10 + (text[1] - '0');
  const int minutes = (text[3] - '0') * 10 + (text[4] - '0');
  if (minutes > 59 || hours > 24 || (hours == 24 && (!end || minutes != 0))) return std::nullopt;
  const int minute = hours * 60 + minutes;
  return end && minute == 0 ? kDayMinutes : minute;
}

// The start and end fields of a body into `start` and `end`, their errors into `fields`.
void read_times(const json::object& body, json::object& fields, int& start, int& end) {
  auto from = parse_clock(body.if_contains("start"), false);
  auto until = parse_clock(body.if_contains("end"), true);
  if (!from) fields["start"] = "Vul een begintijd in als uu:mm, in hele minuten (00:00 tot 23:59).";
  if (!until) fields["end"] = "Vul een eindtijd in als uu:mm, in hele minuten (24:00 of 00:00 is middernacht).";
  if (from && until && *until <= *from) fields["end"] = "De eindtijd moet na de begintijd liggen.";
  start = from.value_or(0);
  end = until.value_or(0);
}

std::optional<long long> id_field(const json::object& body, std::string_view name) {
  const auto* value = body.if_contains(name);
  if (value == nullptr || !value->is_int64() || value->get_int64() <= 0) return std::nullopt;
  return value->get_int64();
}

bool absent(const json::object& body, std::string_view name) {
  const auto* value = body.if_contains(name);
  return value == nullptr || value->is_null() || (value->is_string() && value->get_string().empty());
}

std::string slot_label(const store::SlotWithProgramme& s) {
  return s.programme_name + " (" + weekday_name(s.slot.weekday) + " " + clock(s.slot.start_minute) + "–" +
         clock(s.slot.end_minute) + ")";
}

json::object slot_json(const store::SlotWithProgramme& s) {
  return json::object{{"id", s.slot.id},
                      {"weekday", s.slot.weekday},
                      {"start", clock(s.slot.start_minute)},
                      {"end", clock(s.slot.end_minute)},
                      {"programmeId", s.slot.programme_id},
                      {"programmeName", s.programme_name},
                      {"programmeSlug", s.programme_slug},
                      {"version", s.version}};
}

// What the audit row compares.
json::object slot_values(const store::SlotWithProgramme& s) {
  return json::object{{"weekday", s.slot.weekday},
                      {"start", clock(s.slot.start_minute)},
                      {"end", clock(s.slot.end_minute)},
                      {"programmeId", s.slot.programme_id}};
}

json::value optional_id(const std::optional<long long>& id) { return id ? json::value(*id) : json::value(nullptr); }

json::object change_values(const store::ScheduleChange& c) {
  const bool special = c.kind == "special";
  return json::object{{"date", c.local_date},
                      {"kind", c.kind},
                      {"slotId", optional_id(c.slot_id)},
                      {"programmeId", optional_id(c.programme_id)},
                      {"title", c.title},
                      {"start", special ? json::value(clock(c.start_minute)) : json::value(nullptr)},
                      {"end", special ? json::value(clock(c.end_minute)) : json::value(nullptr)}};
}

// "Nachtradio (22:00–23:00)": a special's title and times, or the slot a cancellation names.
std::string change_label(store::ScheduleRepository& repo, const store::ChangeWithProgramme& entry) {
  if (entry.change.kind == "cancel") {
    auto slot = entry.change.slot_id ? repo.slot(*entry.change.slot_id) : std::nullopt;
    return slot ? slot_label(*slot) : std::string();
  }
  return (entry.change.title.empty() ? entry.programme_name : entry.change.title) + " (" +
         clock(entry.change.start_minute) + "–" + clock(entry.change.end_minute) + ")";
}

json::object change_json(store::ScheduleRepository& repo, const store::ChangeWithProgramme& entry) {
  auto out = change_values(entry.change);
  out["id"] = entry.change.id;
  out["programmeName"] = entry.programme_name;
  out["label"] = change_label(repo, entry);
  out["version"] = entry.change.version;
  return out;
}

json::object diff(const json::object& before, const json::object& after) {
  json::object changes;
  for (const auto& [name, value] : after) {
    const auto* old_value = before.if_contains(name);
    add_change(changes, name, old_value != nullptr ? *old_value : json::value(nullptr), value);
  }
  for (const auto& [name, value] : before) {
    if (!after.contains(name)) add_change(changes, name, value, nullptr);
  }
  return changes;
}

json::object replanned_json(const playout::Replanned& r) {
  return json::object{{"inserted", r.inserted}, {"updated", r.updated}, {"removed", r.removed}};
}

http::Response forbidden_channel() {
  return api::json_error(403, "forbidden_channel", "Je hebt geen toegang tot dit kanaal.");
}
http::Response unknown_channel() { return api::json_error(404, "not_found", "Dit kanaal bestaat niet."); }
http::Response slot_missing() { return api::json_error(404, "not_found", "Dit tijdvak bestaat niet (meer)."); }
http::Response change_missing() { return api::json_error(404, "not_found", "Deze wijziging bestaat niet (meer)."); }
http::Response slot_stale() {
  return api::json_error(409, "conflict",
                         "Dit tijdvak is intussen door iemand anders gewijzigd. Je wijziging is niet opgeslagen maar "
                         "staat nog in het formulier: laad de programmering opnieuw.");
}
http::Response change_stale() {
  return api::json_error(409, "conflict",
                         "Deze wijziging is intussen door iemand anders gewijzigd. Je wijziging is niet opgeslagen "
                         "maar staat nog in het formulier: laad de programmering opnieuw.");
}
constexpr std::string_view kVersionMissing = "De versie ontbreekt: laad de programmering opnieuw.";

struct Call {
  Principal who;
  std::string channel_name;
};

// The signed-in user, who needs `permission` and may work on `channel`; or the answer.
std::variant<Call, http::Response> begin_call(store::Database& db, const AdminApi& admin, const http::Request& request,
                                              const std::string& channel, Permission permission) {
  auto who = admin.authorize(request, Guard{.permission = permission});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  auto principal = std::get<Principal>(std::move(who));
  std::optional<std::string> name;
  {
    auto lease = db.lease();
    for (auto& [slug, channel_name] : store::ScheduleRepository(*lease).channels()) {
      if (slug == channel) name = channel_name;
    }
  }
  if (!name) return unknown_channel();
  if (!channel_allowed(principal.user.channels, channel)) return forbidden_channel();
  return Call{std::move(principal), *name};
}

// The body and path id of a POST or PUT, after begin_call; a PUT's body carries the version the
// editor saw.
struct Edit {
  Principal who;
  json::object body;
  std::optional<std::int64_t> id;
  std::int64_t version = 0;
};

// begin_call for a change (edit_published), then the JSON body and, when `id_text` is given (a PUT),
// the id of the path and the body's version; `missing` answers an id that is no number.
std::variant<Edit, http::Response> begin_edit(store::Database& db, const AdminApi& admin, const http::Request& request,
                                              const std::string& channel, const std::string* id_text,
                                              http::Response (*missing)()) {
  auto call = begin_call(db, admin, request, channel, Permission::edit_published);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  auto body = api::read_object(request, kMaxAdminBodyBytes);
  if (auto* refused = std::get_if<http::Response>(&body)) return std::move(*refused);
  auto& object = std::get<json::object>(body);
  std::optional<std::int64_t> id;
  std::int64_t version = 0;
  if (id_text != nullptr) {
    id = api::parse_id(*id_text);
    if (!id) return missing();
    auto seen = id_field(object, "version");
    if (!seen) return api::json_error(400, "bad_json", kVersionMissing);
    version = *seen;
  }
  return Edit{std::get<Call>(std::move(call)).who, std::move(object), id, version};
}

std::optional<store::SlotWithProgramme> channel_slot(store::ScheduleRepository& repo, long long id,
                                                     const std::string& channel) {
  auto slot = repo.slot(id);
  if (!slot || slot->slot.channel_slug != channel) return std::nullopt;
  return slot;
}

std::optional<store::ChangeWithProgramme> channel_change(store::ScheduleRepository& repo, long long id,
                                                         const std::string& channel) {
  auto change = repo.change(id);
  if (!change || change->change.channel_slug != channel) return std::nullopt;
  return change;
}

// Records a committed-to-be change of `channel` (its audit row, with the channel, and the content
// version) and re-plans the channel, all in the caller's transaction.
playout::Replanned record(soci::session& session, const Principal& who, std::int64_t now, const std::string& channel,
                          std::string_view type, long long id, std::string_view action, json::object changes) {
  changes["channel"] = channel;
  record_content_change(session, actor_of(who), now, std::string(type), std::to_string(id), std::string(action),
                        changes);
  return playout::replan_channel(session, channel, now);
}

// The programme field of a body: it must exist and be the channel's. Errors into `fields`.
std::optional<store::ProgrammeRef> read_programme(store::ScheduleRepository& repo, const json::object& body,
                                                  const std::string& channel, json::object& fields) {
  auto id = id_field(body, "programmeId");
  if (!id) {
    fields["programmeId"] = "Kies een programma.";
    return std::nullopt;
  }
  auto programme = repo.programme(*id);
  if (!programme) {
    fields["programmeId"] = "Dit programma bestaat niet (meer).";
    return std::nullopt;
  }
  if (programme->channel_slug != channel) {
    fields["programmeId"] = "Dit programma hoort bij een ander kanaal.";
    return std::nullopt;
  }
  return programme;
}

}  // namespace

// A slot or a change as its DELETE sees it.
struct ScheduleApi::EntryKind {
  std::string_view table;
  http::Response (*missing)();
  // Deletes the entry `id` of the channel if it is at `version` and gives its audit values; the
  // answer when the channel has none such (missing) or it is at another version (stale).
  std::variant<json::object, http::Response> (*take)(store::ScheduleRepository& repo, long long id,
                                                     const std::string& channel, long long version);
};

ScheduleApi::ScheduleApi(store::Database& db, const AdminApi& admin, std::function<std::int64_t()> now,
                         std::function<void()> changed)
    : db_(db), admin_(admin), now_(std::move(now)), changed_(std::move(changed)) {}

void ScheduleApi::add_routes(http::Router& router) {
  using Params = http::RouteParams;
  router.add("GET", "/api/admin/schedule", [this](const http::Request& r, const Params&) { return channels(r); });
  router.add("GET", "/api/admin/schedule/{channel}",
             [this](const http::Request& r, const Params& p) { return show(r, p.at("channel")); });
  router.add("POST", "/api/admin/schedule/{channel}/slots", [this](const http::Request& r, const Params& p) {
    return after_change(save_slot(r, p.at("channel"), nullptr));
  });
  router.add("PUT", "/api/admin/schedule/{channel}/slots/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(save_slot(r, p.at("channel"), &p.at("id")));
  });
  router.add("DELETE", "/api/admin/schedule/{channel}/slots/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(remove_slot(r, p.at("channel"), p.at("id")));
  });
  router.add("POST", "/api/admin/schedule/{channel}/changes", [this](const http::Request& r, const Params& p) {
    return after_change(save_change(r, p.at("channel"), nullptr));
  });
  router.add("PUT", "/api/admin/schedule/{channel}/changes/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(save_change(r, p.at("channel"), &p.at("id")));
  });
  router.add("DELETE", "/api/admin/schedule/{channel}/changes/{id}", [this](const http::Request& r, const Params& p) {
    return after_change(remove_change(r, p.at("channel"), p.at("id")));
  });
}

// Called once the handler has returned, and with it given back its store session: the caches that
// follow the change read the store, and a handler waiting for them while holding a session could
// hold up every worker (and the threads the caches wait for) until the pool's lease timeout.
http::Response ScheduleApi::after_change(http::Response response) const {
  if (!changed_ || response.status >= 300) return response;
  try {
    changed_();
  } catch (const std::exception& failure) {
    spdlog::warn("admin: a cache could not follow a schedule change: {}", failure.what());
  }
  return response;
}

http::Response ScheduleApi::channels(const http::Request& request) const {
  auto who = admin_.authorize(request, Guard{.permission = Permission::edit_drafts});
  if (auto* refused = std::get_if<http::Response>(&who)) return std::move(*refused);
  const auto& user = std::get<Principal>(who).user;
  auto lease = db_.lease();
  return api::private_json(200, json::object{{"channels", detail::allowed_channels(*lease, user)},
                                             {"canEdit", allows(user.role, Permission::edit_published)}});
}

http::Response ScheduleApi::show(const http::Request& request, const std::string& channel) const {
  auto call = begin_call(db_, admin_, request, channel, Permission::edit_drafts);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& [who, name] = std::get<Call>(call);
  auto first = domain::local_date(now_());
  if (auto from = request.param("from"); from && !from->empty()) {
    auto parsed = domain::parse_date(*from);
    if (!parsed) return api::json_error(400, "bad_parameter", "De parameter 'from' is een datum als jjjj-mm-dd.");
    first = *parsed;
  }
  auto lease = db_.lease();
  store::ScheduleRepository repo(*lease);
  json::array slots;
  for (const auto& slot : store::StationRepository(*lease).schedule(channel)) slots.push_back(slot_json(slot));
  json::array programmes;
  for (const auto& p : repo.programmes(channel)) {
    programmes.push_back(json::object{{"id", p.id}, {"name", p.name}, {"slug", p.slug}});
  }
  json::array changes;
  for (const auto& entry :
       repo.changes(channel, domain::format_date(first), domain::format_date(domain::add_days(first, 366)))) {
    changes.push_back(change_json(repo, entry));
  }
  return api::private_json(200, json::object{{"channel", json::object{{"slug", channel}, {"name", name}}},
                                             {"canEdit", allows(who.user.role, Permission::edit_published)},
                                             {"slots", std::move(slots)},
                                             {"programmes", std::move(programmes)},
                                             {"changes", std::move(changes)}});
}

http::Response ScheduleApi::save_slot(const http::Request& request, const std::string& channel,
                                      const std::string* id_text) const {
  auto edit = begin_edit(db_, admin_, request, channel, id_text, slot_missing);
  if (auto* refused = std::get_if<http::Response>(&edit)) return std::move(*refused);
  const auto& [who, object, id, version] = std::get<Edit>(edit);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  store::ScheduleRepository repo(*lease);
  repo.lock_channel(channel);
  store::StationRepository station(*lease);
  std::optional<store::SlotWithProgramme> before;
  if (id) {
    before = channel_slot(repo, *id, channel);
    if (!before) return slot_missing();
    if (before->version != version) return slot_stale();
  }
  json::object fields;
  domain::ScheduleSlot slot;
  slot.id = id.value_or(0);
  slot.channel_slug = channel;
  const auto* weekday = object.if_contains("weekday");
  if (weekday == nullptr || !weekday->is_int64() || weekday->get_int64() < 1 || weekday->get_int64() > 7) {
    fields["weekday"] = "Kies een dag van de week.";
  } else {
    slot.weekday = static_cast<int>(weekday->get_int64());
  }
  read_times(object, fields, slot.start_minute, slot.end_minute);
  if (auto programme = read_programme(repo, object, channel, fields)) slot.programme_id = programme->id;
  if (!fields.empty()) return api::field_errors(fields);
  for (const auto& other : station.schedule(channel)) {
    if (other.slot.id == slot.id || other.slot.weekday != slot.weekday) continue;
    if (slot.start_minute < other.slot.end_minute && other.slot.start_minute < slot.end_minute) {
      const auto message = "Dit tijdvak overlapt met " + slot_label(other) + ".";
      return api::field_errors(json::object{{"start", message}}, message);
    }
  }
  if (id) {
    if (!repo.update_slot(slot, version)) return slot_stale();
  } else {
    slot.id = station.insert_schedule_slot(slot);
  }
  auto after = repo.slot(slot.id);
  auto changes = diff(before ? slot_values(*before) : json::object{}, slot_values(*after));
  // Nothing changed: the transaction is not committed, so the version stays that of `before`.
  if (before && changes.empty()) return api::private_json(200, json::object{{"slot", slot_json(*before)}});
  const auto replanned =
      record(*lease, who, now, channel, "schedule_slots", slot.id, id ? "update" : "create", std::move(changes));
  tx.commit();
  return api::private_json(id ? 200 : 201,
                           json::object{{"slot", slot_json(*after)}, {"replanned", replanned_json(replanned)}});
}

http::Response ScheduleApi::remove_slot(const http::Request& request, const std::string& channel,
                                        const std::string& id_text) const {
  static constexpr EntryKind kSlot{"schedule_slots", slot_missing,
                                   [](store::ScheduleRepository& repo, long long id, const std::string& channel,
                                      long long version) -> std::variant<json::object, http::Response> {
                                     auto before = channel_slot(repo, id, channel);
                                     if (!before) return slot_missing();
                                     if (!repo.delete_slot(id, version)) return slot_stale();
                                     return slot_values(*before);
                                   }};
  return remove_entry(request, channel, id_text, kSlot);
}

http::Response ScheduleApi::save_change(const http::Request& request, const std::string& channel,
                                        const std::string* id_text) const {
  auto edit = begin_edit(db_, admin_, request, channel, id_text, change_missing);
  if (auto* refused = std::get_if<http::Response>(&edit)) return std::move(*refused);
  const auto& [who, object, id, version] = std::get<Edit>(edit);
  const auto now = now_();
  const auto today = domain::local_date(now);
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  store::ScheduleRepository repo(*lease);
  repo.lock_channel(channel);
  std::optional<store::ChangeWithProgramme> before;
  if (id) {
    before = channel_change(repo, *id, channel);
    if (!before) return change_missing();
    if (before->change.version != version) return change_stale();
  }
  json::object fields;
  store::ScheduleChange change;
  change.id = id.value_or(0);
  change.channel_slug = channel;
  const auto* date_value = object.if_contains("date");
  auto day =
      date_value != nullptr && date_value->is_string() ? domain::parse_date(date_value->get_string()) : std::nullopt;
  if (!day) {
    fields["date"] = "Vul een geldige datum in.";
  } else if (date::sys_days{*day} < date::sys_days{today}) {
    fields["date"] = "Deze datum is voorbij: kies vandaag of later.";
  } else {
    change.local_date = domain::format_date(*day);
  }
  const auto* kind = object.if_contains("kind");
  if (kind != nullptr && kind->is_string() && (kind->get_string() == "special" || kind->get_string() == "cancel")) {
    change.kind = std::string(kind->get_string());
  } else {
    fields["kind"] = "Kies een speciale uitzending of een vervallen tijdvak.";
  }
  if (change.kind == "cancel") {
    auto slot_id = id_field(object, "slotId");
    auto slot = slot_id ? repo.slot(*slot_id) : std::nullopt;
    if (!slot || slot->slot.channel_slug != channel) {
      fields["slotId"] = "Kies een tijdvak van dit kanaal.";
    } else if (day && slot->slot.weekday != domain::iso_weekday(*day)) {
      fields["slotId"] =
          "Dit tijdvak valt niet op deze datum: kies een tijdvak op " + weekday_name(domain::iso_weekday(*day)) + ".";
    } else {
      change.slot_id = slot->slot.id;
    }
  } else if (change.kind == "special") {
    const auto* title = object.if_contains("title");
    if (title != nullptr && !title->is_null() && !title->is_string()) fields["title"] = "Vul een titel in.";
    if (title != nullptr && title->is_string()) change.title = std::string(title->get_string());
    if (change.title.size() > kMaxTitleLength) fields["title"] = "De titel mag hoogstens 200 tekens lang zijn.";
    if (!absent(object, "programmeId")) {
      if (auto programme = read_programme(repo, object, channel, fields)) change.programme_id = programme->id;
    } else if (change.title.find_first_not_of(" \t") == std::string::npos) {
      fields["programmeId"] = "Kies een programma of vul een titel in.";
    }
    read_times(object, fields, change.start_minute, change.end_minute);
  }
  if (!fields.empty()) return api::field_errors(fields);
  for (const auto& other : repo.changes(channel, change.local_date, change.local_date)) {
    const auto& o = other.change;
    if (o.id == change.id || o.kind != change.kind) continue;
    if (change.kind == "cancel" && o.slot_id == change.slot_id) {
      const auto message = "Dit tijdvak vervalt op " + change.local_date + " al.";
      return api::field_errors(json::object{{"slotId", message}}, message);
    }
    if (change.kind == "special" && change.start_minute < o.end_minute && o.start_minute < change.end_minute) {
      const auto message = "Deze uitzending overlapt met de speciale uitzending " + change_label(repo, other) + " op " +
                           change.local_date + ".";
      return api::field_errors(json::object{{"start", message}}, message);
    }
  }
  if (id) {
    if (!repo.update_change(change, version)) return change_stale();
  } else {
    change.id = repo.insert_change(change);
  }
  auto after = repo.change(change.id);
  auto changes = diff(before ? change_values(before->change) : json::object{}, change_values(after->change));
  // Nothing changed: the transaction is not committed, so the version stays that of `before`.
  if (before && changes.empty()) return api::private_json(200, json::object{{"change", change_json(repo, *before)}});
  const auto replanned =
      record(*lease, who, now, channel, "schedule_changes", change.id, id ? "update" : "create", std::move(changes));
  auto out = change_json(repo, *after);
  tx.commit();
  return api::private_json(id ? 200 : 201,
                           json::object{{"change", std::move(out)}, {"replanned", replanned_json(replanned)}});
}

http::Response ScheduleApi::remove_change(const http::Request& request, const std::string& channel,
                                          const std::string& id_text) const {
  static constexpr EntryKind kChange{"schedule_changes", change_missing,
                                     [](store::ScheduleRepository& repo, long long id, const std::string& channel,
                                        long long version) -> std::variant<json::object, http::Response> {
                                       auto before = channel_change(repo, id, channel);
                                       if (!before) return change_missing();
                                       if (!repo.delete_change(id, version)) return change_stale();
                                       return change_values(before->change);
                                     }};
  return remove_entry(request, channel, id_text, kChange);
}

http::Response ScheduleApi::remove_entry(const http::Request& request, const std::string& channel,
                                         const std::string& id_text, const EntryKind& kind) const {
  auto call = begin_call(db_, admin_, request, channel, Permission::edit_published);
  if (auto* refused = std::get_if<http::Response>(&call)) return std::move(*refused);
  const auto& who = std::get<Call>(call).who;
  auto id = api::parse_id(id_text);
  if (!id) return kind.missing();
  auto version = api::parse_id(request.param("version").value_or(""));
  if (!version) return api::json_error(400, "bad_parameter", kVersionMissing);
  const auto now = now_();
  auto lease = db_.lease();
  store::Transaction tx(*lease);
  store::ScheduleRepository repo(*lease);
  repo.lock_channel(channel);
  auto before = kind.take(repo, *id, channel, *version);
  if (auto* refused = std::get_if<http::Response>(&before)) return std::move(*refused);
  record(*lease, who, now, channel, kind.table, *id, "delete", diff(std::get<json::object>(before), json::object{}));
  tx.commit();
  return api::no_content();
}

}  // namespace ether::admin
