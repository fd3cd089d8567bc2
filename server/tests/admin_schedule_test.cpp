// The schedule editor of the admin (admin/schedule_api.hpp): weekly slots without overlaps, one-off
// changes for a date, roles and channel limits, audit rows, the public guide following an edit at
// once, broadcasts that started or were recorded left alone, both daylight-saving nights, a second
// editor working on an old version of a slot or change refused with 409 (optimistic locking), and a
// programme in the schedule kept on its channel by the content API; on the real server, bad input to
// the schedule and content routes answered with a 4xx JSON error, never a 500.
// Every scenario runs on SQLite and, with ETHER_TEST_DATABASE_URL, on PostgreSQL.

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <thread>

#include "admin/admin_api.hpp"
#include "admin/audit_log.hpp"
#include "admin/bootstrap.hpp"
#include "admin/content_api.hpp"
#include "admin/schedule_api.hpp"
#include "http/router.hpp"
#include "pages/page_loader.hpp"
#include "playout/schedule_materialiser.hpp"
#include "store/broadcast_repository.hpp"
#include "store/content_version.hpp"
#include "store_test_support.hpp"
#include "support/admin_client.hpp"
#include "support/admin_server.hpp"
#include "support/postgres_database.hpp"
#include "support/postgres_scenarios.hpp"
#include "support/server_process.hpp"

namespace ether::admin {
namespace {
namespace json = boost::json;

constexpr const char* kOrigin = test::kAdminOrigin;
constexpr std::int64_t kStart = 1'795'258'800;  // Saturday 2026-11-21 11:00 UTC, 12:00 in Amsterdam
constexpr std::int64_t kHour = 3600;
constexpr std::int64_t kMonday = kStart + 42 * kHour;  // Monday 2026-11-23 05:00 UTC, 06:00 in Amsterdam

using Answer = test::AdminAnswer;
using Login = test::AdminLogin;

// A store with two channels and their programmes, the admin and schedule routes on one router as
// the server wires them, the page loader of the public site, and a clock the test moves.
class Harness {
 public:
  explicit Harness(store::Database& db, std::int64_t start = kStart) : db_(db), now_(start) {
    exec("INSERT INTO channels (slug, name) VALUES ('radio2', 'Radio 2')");
    exec("INSERT INTO channels (slug, name) VALUES ('radio5', 'Radio 5')");
    ochtend_ = programme("ochtendshow", "De Ochtendshow", "radio2");
    avond_ = programme("avondspits", "De Avondspits", "radio2");
    nacht_ = programme("nachtradio", "Nachtradio", "radio2");
    elders_ = programme("radio5-ontbijt", "Ontbijt op 5", "radio5");
    admin_ = std::make_unique<AdminApi>(
        db_, AdminOptions{.base_url = kOrigin, .password_cost = kMinimumCost, .throttle = {}},
        [this] { return now_.load(); });
    pages::SiteSettings settings;
    settings.base_url = kOrigin;
    loader_ = std::make_unique<pages::PageLoader>(
        db_, settings, [this] { return std::chrono::system_clock::time_point{std::chrono::seconds{now_.load()}}; });
    watch_ = std::make_unique<store::ContentVersionWatch>(db_);
    schedule_ = std::make_unique<ScheduleApi>(
        db_, *admin_, [this] { return now_.load(); }, [this] { watch_->refresh(); });
    content_ = std::make_unique<ContentApi>(db_, *admin_, ContentApiOptions{.base_url = kOrigin, .preview_secret = {}},
                                            [this] { return now_.load(); });
    admin_->add_routes(router_);
    schedule_->add_routes(router_);
    content_->add_routes(router_);
  }

  void exec(const std::string& sql) {
    auto lease = db_.lease();
    *lease << sql;
  }

  long long count(const std::string& sql) {
    auto lease = db_.lease();
    long long n = 0;
    *lease << sql, soci::into(n);
    return n;
  }

  long long programme(const std::string& slug, const std::string& name, const std::string& channel) {
    exec("INSERT INTO programmes (slug, name, channel_slug) VALUES ('" + slug + "', '" + name + "', '" + channel +
         "')");
    return count("SELECT id FROM programmes WHERE slug = '" + slug + "'");
  }

  Answer call(const std::string& method, const std::string& target, const std::string& body = "",
              const Login* who = nullptr, const std::string& origin = kOrigin) {
    return test::admin_call(router_, method, target, body, who, origin);
  }

  Answer as(const Login& who, const std::string& method, const std::string& target, const json::value& body = nullptr) {
    return test::admin_as(router_, who, method, target, body);
  }

  // An account of `role` that logged in and chose its own password.
  Login user(const std::string& email, Role role) { return test::admin_user(db_, router_, now_, email, role); }

  // The titles of the public guide of radio2 on a date (yyyy-MM-dd), in order.
  std::vector<std::string> guide(const std::string& date) {
    http::Request request;
    EXPECT_TRUE(http::parse_target(
        "/gids/" + date.substr(0, 4) + "/" + date.substr(5, 2) + "/" + date.substr(8, 2) + "?channel=radio2", request));
    auto page = loader_->load(request.path, request.query);
    EXPECT_EQ(page.status, 200U) << date;
    std::vector<std::string> titles;
    for (const auto& b : page.data.at("broadcasts").as_array()) titles.emplace_back(b.at("title").as_string());
    return titles;
  }

  // Radio 2's stored broadcasts that overlap [from, until), oldest first.
  std::vector<domain::Broadcast> broadcasts(std::int64_t from, std::int64_t until) {
    auto lease = db_.lease();
    return store::BroadcastRepository(*lease).between("radio2", from, until);
  }

  std::vector<AuditEntry> audit(const std::string& type, std::int64_t id) {
    auto lease = db_.lease();
    return AuditLog(*lease)
        .query(AuditFilter{.user_id = std::nullopt, .item_type = type, .item_id = std::to_string(id)}, 1, 100)
        .entries;
  }

  store::Database& db_;
  std::atomic<std::int64_t> now_;
  long long ochtend_ = 0;
  long long avond_ = 0;
  long long nacht_ = 0;
  long long elders_ = 0;
  std::unique_ptr<AdminApi> admin_;
  std::unique_ptr<pages::PageLoader> loader_;
  std::unique_ptr<store::ContentVersionWatch> watch_;
  std::unique_ptr<ScheduleApi> schedule_;
  std::unique_ptr<ContentApi> content_;
  http::Router router_;
};

json::object slot(int weekday, const std::string& start, const std::string& end, long long programme) {
  return json::object{{"weekday", weekday}, {"start", start}, {"end", end}, {"programmeId", programme}};
}

json::object special(const std::string& date, const std::string& title, const std::string& start,
                     const std::string& end) {
  return json::object{{"date", date}, {"kind", "special"}, {"title", title}, {"start", start}, {"end", end}};
}

json::object cancel(const std::string& date, std::int64_t slot_id) {
  return json::object{{"date", date}, {"kind", "cancel"}, {"slotId", slot_id}};
}

// A PUT body: `body` and the version the editor saw.
json::object at(json::object body, std::int64_t version) {
  body["version"] = version;
  return body;
}

// A DELETE target: `path` at the version the editor saw.
std::string at(const std::string& path, std::int64_t version) { return path + "?version=" + std::to_string(version); }

const std::string kSlots = "/api/admin/schedule/radio2/slots";
const std::string kChanges = "/api/admin/schedule/radio2/changes";

// ---- the scenarios, each on a fresh store of either backend ------------------------------------

void slots_never_overlap_and_bad_input_is_refused(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto created = h.as(eind, "POST", kSlots, slot(1, "10:00", "12:00", h.ochtend_));
  ASSERT_EQ(created.status, 201U) << created.text;
  EXPECT_EQ(created.body.at("slot").at("programmeName"), "De Ochtendshow");
  const auto id = created.id("slot");

  // Overlapping on the same weekday: 422 naming the slot in the way, beside the start field.
  auto clash = h.as(eind, "POST", kSlots, slot(1, "11:30", "13:00", h.avond_));
  EXPECT_EQ(clash.status, 422U) << clash.text;
  EXPECT_EQ(clash.code(), "invalid_fields");
  EXPECT_EQ(clash.message(), "Dit tijdvak overlapt met De Ochtendshow (maandag 10:00–12:00).");
  EXPECT_EQ(clash.field_error("start"), clash.message());
  EXPECT_EQ(h.as(eind, "POST", kSlots, slot(1, "09:00", "10:01", h.avond_)).status, 422U);
  // Touching is not overlapping; another weekday is free.
  EXPECT_EQ(h.as(eind, "POST", kSlots, slot(1, "12:00", "14:00", h.avond_)).status, 201U);
  EXPECT_EQ(h.as(eind, "POST", kSlots, slot(2, "10:30", "11:30", h.avond_)).status, 201U);

  // Times on the minute grid, an end after the start, a weekday, the channel's own programme.
  auto bad = h.as(eind, "POST", kSlots, slot(8, "10:00:30", "25:00", 999999));
  EXPECT_EQ(bad.status, 422U);
  EXPECT_EQ(bad.field_error("weekday"), "Kies een dag van de week.");
  EXPECT_NE(bad.field_error("start").find("uu:mm"), std::string::npos);
  EXPECT_NE(bad.field_error("end").find("uu:mm"), std::string::npos);
  EXPECT_EQ(bad.field_error("programmeId"), "Dit programma bestaat niet (meer).");
  EXPECT_EQ(h.as(eind, "POST", kSlots, slot(3, "12:00", "11:00", h.ochtend_)).field_error("end"),
            "De eindtijd moet na de begintijd liggen.");
  EXPECT_EQ(h.as(eind, "POST", kSlots, slot(3, "10:00", "11:00", h.elders_)).field_error("programmeId"),
            "Dit programma hoort bij een ander kanaal.");
  EXPECT_EQ(h.call("POST", kSlots, "[1]", &eind).status, 400U);
  // 00:00 as an end is midnight; 24:00 too.
  auto late = h.as(eind, "POST", kSlots, slot(3, "22:00", "00:00", h.nacht_));
  ASSERT_EQ(late.status, 201U) << late.text;
  EXPECT_EQ(late.body.at("slot").at("end"), "24:00");

  // An edit is checked against the others, not against itself.
  auto moved = h.as(eind, "PUT", kSlots + "/" + std::to_string(id), at(slot(1, "09:00", "11:00", h.ochtend_), 1));
  EXPECT_EQ(moved.status, 200U) << moved.text;
  EXPECT_EQ(h.as(eind, "PUT", kSlots + "/" + std::to_string(id), at(slot(1, "09:00", "13:00", h.ochtend_), 2)).status,
            422U);
  EXPECT_EQ(h.as(eind, "PUT", kSlots + "/999999", at(slot(1, "09:00", "11:00", h.ochtend_), 1)).status, 404U);
  EXPECT_EQ(h.as(eind, "DELETE", at(kSlots + "/" + std::to_string(id), 2)).status, 204U);
  EXPECT_EQ(h.as(eind, "DELETE", at(kSlots + "/" + std::to_string(id), 2)).status, 404U);
  EXPECT_EQ(h.as(eind, "GET", "/api/admin/schedule/radio9").status, 404U);

  auto shown = h.as(eind, "GET", "/api/admin/schedule/radio2");
  ASSERT_EQ(shown.status, 200U);
  EXPECT_EQ(shown.body.at("slots").as_array().size(), 3U);
  EXPECT_EQ(shown.body.at("programmes").as_array().size(), 3U);  // radio5's programme is not offered
  EXPECT_EQ(shown.body.at("canEdit"), true);
}

void roles_sessions_and_channels_are_checked(store::Database& db) {
  Harness h(db);
  auto redacteur = h.user("rita@ether.local", Role::redacteur);
  auto beheerder = h.user("bea@ether.local", Role::beheerder);
  auto limited = h.user("lisa@ether.local", Role::eindredacteur);
  h.exec("UPDATE admin_users SET channels = 'radio5' WHERE email_key = 'lisa@ether.local'");

  EXPECT_EQ(h.call("GET", "/api/admin/schedule/radio2").status, 401U);
  EXPECT_EQ(h.call("POST", kSlots, json::serialize(slot(1, "10:00", "11:00", h.ochtend_))).status, 401U);

  // A redacteur reads the schedule and changes nothing.
  auto read = h.as(redacteur, "GET", "/api/admin/schedule/radio2");
  EXPECT_EQ(read.status, 200U);
  EXPECT_EQ(read.body.at("canEdit"), false);
  auto refused = h.as(redacteur, "POST", kSlots, slot(1, "10:00", "11:00", h.ochtend_));
  EXPECT_EQ(refused.status, 403U);
  EXPECT_EQ(refused.code(), "forbidden");
  EXPECT_EQ(h.as(redacteur, "POST", kChanges, special("2026-11-23", "Extra", "10:00", "11:00")).status, 403U);

  auto made = h.as(beheerder, "POST", kSlots, slot(1, "10:00", "11:00", h.ochtend_));
  ASSERT_EQ(made.status, 201U) << made.text;
  const auto path = kSlots + "/" + std::to_string(made.id("slot"));
  EXPECT_EQ(h.as(redacteur, "DELETE", path).status, 403U);
  EXPECT_EQ(h.as(redacteur, "PUT", path, slot(1, "10:00", "12:00", h.ochtend_)).status, 403U);

  // The CSRF token and the Origin are checked before anything changes.
  Login no_token{beheerder.cookie, "wrong"};
  EXPECT_EQ(h.as(no_token, "DELETE", path).status, 403U);
  EXPECT_EQ(h.call("DELETE", path, "", &beheerder, "https://evil.example").status, 403U);

  // A user limited to radio5 neither sees nor changes radio2's schedule.
  EXPECT_EQ(h.as(limited, "GET", "/api/admin/schedule/radio2").code(), "forbidden_channel");
  EXPECT_EQ(h.as(limited, "DELETE", path).code(), "forbidden_channel");
  auto listed = h.as(limited, "GET", "/api/admin/schedule");
  ASSERT_EQ(listed.status, 200U);
  ASSERT_EQ(listed.body.at("channels").as_array().size(), 1U);
  EXPECT_EQ(listed.body.at("channels").at(0).at("slug"), "radio5");
  EXPECT_EQ(h.as(limited, "POST", "/api/admin/schedule/radio5/slots", slot(1, "06:00", "09:00", h.elders_)).status,
            201U);

  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_slots"), 2);
  EXPECT_EQ(h.as(beheerder, "DELETE", at(path, 1)).status, 204U);
}

void the_guide_follows_slots_and_changes(store::Database& db) {
  Harness h(db, kMonday);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  const auto before = h.count("SELECT version FROM content_state");
  auto made = h.as(eind, "POST", kSlots, slot(1, "10:00", "12:00", h.ochtend_));
  ASSERT_EQ(made.status, 201U) << made.text;
  EXPECT_EQ(made.body.at("replanned").at("inserted"), 2);  // today, Monday 23, and Monday 30 November
  EXPECT_GT(h.count("SELECT version FROM content_state"), before);
  EXPECT_EQ(h.guide("2026-11-23"), std::vector<std::string>{"De Ochtendshow"});
  EXPECT_EQ(h.guide("2026-11-30"), std::vector<std::string>{"De Ochtendshow"});
  ASSERT_EQ(h.as(eind, "POST", kSlots, slot(2, "19:00", "21:00", h.avond_)).status, 201U);

  // The slot's audit row: who, what and the fields.
  const auto slot_id = made.id("slot");
  auto rows = h.audit("schedule_slots", slot_id);
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_EQ(rows[0].action, "create");
  EXPECT_EQ(rows[0].user_name, "Naam erik");
  EXPECT_EQ(rows[0].changes.at("start").at("after"), "10:00");
  EXPECT_EQ(rows[0].changes.at("channel"), "radio2");

  // Cancelled on the 23rd: that day's broadcast is gone, the next week's stays.
  auto cancelled = h.as(eind, "POST", kChanges, cancel("2026-11-23", slot_id));
  ASSERT_EQ(cancelled.status, 201U) << cancelled.text;
  EXPECT_EQ(cancelled.body.at("change").at("label"), "De Ochtendshow (maandag 10:00–12:00)");
  EXPECT_EQ(cancelled.body.at("replanned").at("removed"), 1);
  EXPECT_TRUE(h.guide("2026-11-23").empty());
  EXPECT_EQ(h.guide("2026-11-30"), std::vector<std::string>{"De Ochtendshow"});
  EXPECT_EQ(h.audit("schedule_changes", cancelled.id("change")).size(), 1U);
  // The same cancellation twice, a slot of another weekday, a date gone by: 422.
  EXPECT_EQ(h.as(eind, "POST", kChanges, cancel("2026-11-23", slot_id)).field_error("slotId"),
            "Dit tijdvak vervalt op 2026-11-23 al.");
  EXPECT_EQ(h.as(eind, "POST", kChanges, cancel("2026-11-24", slot_id)).field_error("slotId"),
            "Dit tijdvak valt niet op deze datum: kies een tijdvak op dinsdag.");
  EXPECT_EQ(h.as(eind, "POST", kChanges, cancel("2026-11-20", slot_id)).field_error("date"),
            "Deze datum is voorbij: kies vandaag of later.");
  EXPECT_EQ(h.as(eind, "POST", kChanges, cancel("23-11-2026", slot_id)).field_error("date"),
            "Vul een geldige datum in.");

  // A special on Tuesday 20:00-22:00: the weekly 19:00-21:00 ends at 20:00 that day only.
  auto extra = h.as(eind, "POST", kChanges, special("2026-11-24", "Verkiezingsavond", "20:00", "22:00"));
  ASSERT_EQ(extra.status, 201U) << extra.text;
  EXPECT_EQ(h.guide("2026-11-24"), (std::vector<std::string>{"De Avondspits", "Verkiezingsavond"}));
  const auto tuesday = h.broadcasts(kMonday + 18 * kHour, kMonday + 42 * kHour);
  ASSERT_EQ(tuesday.size(), 2U);
  EXPECT_EQ(tuesday[0].ends_at - tuesday[0].starts_at, kHour);
  EXPECT_EQ(tuesday[1].ends_at - tuesday[1].starts_at, 2 * kHour);
  EXPECT_FALSE(tuesday[1].programme_id.has_value());
  // Specials of one date do not overlap; one needs a programme or a title.
  auto clash = h.as(eind, "POST", kChanges, special("2026-11-24", "Nog iets", "21:30", "23:00"));
  EXPECT_EQ(clash.status, 422U);
  EXPECT_EQ(clash.message(),
            "Deze uitzending overlapt met de speciale uitzending Verkiezingsavond (20:00–22:00) op 2026-11-24.");
  EXPECT_EQ(h.as(eind, "POST", kChanges, special("2026-11-25", " ", "20:00", "22:00")).field_error("programmeId"),
            "Kies een programma of vul een titel in.");

  // Undoing both changes brings the weekly broadcasts back.
  EXPECT_EQ(h.as(eind, "DELETE", at(kChanges + "/" + std::to_string(extra.id("change")), 1)).status, 204U);
  EXPECT_EQ(h.as(eind, "DELETE", at(kChanges + "/" + std::to_string(cancelled.id("change")), 1)).status, 204U);
  EXPECT_EQ(h.guide("2026-11-23"), std::vector<std::string>{"De Ochtendshow"});
  EXPECT_EQ(h.guide("2026-11-24"), std::vector<std::string>{"De Avondspits"});
  const auto restored = h.broadcasts(kMonday + 18 * kHour, kMonday + 42 * kHour);
  ASSERT_EQ(restored.size(), 1U);
  EXPECT_EQ(restored[0].ends_at - restored[0].starts_at, 2 * kHour);
  // An edited slot moves its planned broadcasts (same start: the same broadcast, rewritten).
  const auto planned_id = h.broadcasts(kMonday, kMonday + 18 * kHour).at(0).id;
  auto renamed = h.as(eind, "PUT", kSlots + "/" + std::to_string(slot_id), at(slot(1, "10:00", "12:30", h.nacht_), 1));
  ASSERT_EQ(renamed.status, 200U) << renamed.text;
  EXPECT_EQ(h.guide("2026-11-23"), std::vector<std::string>{"Nachtradio"});
  EXPECT_EQ(h.broadcasts(kMonday, kMonday + 18 * kHour).at(0).id, planned_id);
  EXPECT_EQ(h.audit("schedule_slots", slot_id).size(), 2U);

  // A change beyond the planned week waits for the daily materialiser to reach its date.
  auto later = h.as(eind, "POST", kChanges, special("2026-12-05", "Sinterklaasavond", "20:00", "22:00"));
  ASSERT_EQ(later.status, 201U) << later.text;
  const auto saturday = kMonday + 12 * 24 * kHour + 12 * kHour;  // Saturday 5 December, 18:00 here
  EXPECT_TRUE(h.broadcasts(saturday, saturday + 6 * kHour).empty());
  h.now_ = kMonday + 7 * 24 * kHour;
  EXPECT_GT(
      playout::materialise_schedule(h.db_, domain::local_date(h.now_), domain::local_date(h.now_ + 7 * 24 * kHour)), 0);
  const auto evening = h.broadcasts(saturday, saturday + 6 * kHour);
  ASSERT_EQ(evening.size(), 1U);
  EXPECT_EQ(evening[0].title, "Sinterklaasavond");
}

void started_and_recorded_broadcasts_are_kept(store::Database& db) {
  Harness h(db);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  // Saturday 14:00-16:00, two hours from now: today's and next week's broadcast.
  auto made = h.as(eind, "POST", kSlots, slot(6, "14:00", "16:00", h.ochtend_));
  ASSERT_EQ(made.status, 201U) << made.text;
  const auto path = kSlots + "/" + std::to_string(made.id("slot"));
  ASSERT_EQ(h.broadcasts(kStart, kStart + 8 * 24 * kHour).size(), 2U);

  // At 15:00 the first has started: a longer slot leaves it as it was and moves next week's.
  h.now_ = kStart + 3 * kHour;
  eind = h.user("edo@ether.local", Role::eindredacteur);  // the first session has been idle too long
  ASSERT_EQ(h.as(eind, "PUT", path, at(slot(6, "14:00", "17:00", h.ochtend_), 1)).status, 200U);
  auto both = h.broadcasts(kStart, kStart + 8 * 24 * kHour);
  ASSERT_EQ(both.size(), 2U);
  EXPECT_EQ(both[0].ends_at - both[0].starts_at, 2 * kHour);
  EXPECT_EQ(both[1].ends_at - both[1].starts_at, 3 * kHour);

  // Next week's gets a recording: deleting the slot keeps both.
  h.exec("UPDATE broadcasts SET audio_url = 'opnames/een.mp3' WHERE id = " + std::to_string(both[1].id));
  auto removed = h.as(eind, "DELETE", at(path, 2));
  EXPECT_EQ(removed.status, 204U);
  EXPECT_EQ(h.broadcasts(kStart, kStart + 8 * 24 * kHour).size(), 2U);
  // A new slot over the kept broadcast's time is not planned on top of it.
  ASSERT_EQ(h.as(eind, "POST", kSlots, slot(6, "15:00", "18:00", h.avond_)).status, 201U);
  EXPECT_EQ(h.broadcasts(kStart + 24 * kHour, kStart + 8 * 24 * kHour).size(), 1U);
  // The daily materialiser does not put one on top of either.
  EXPECT_EQ(
      playout::materialise_schedule(h.db_, domain::local_date(kStart), domain::local_date(kStart + 7 * 24 * kHour)), 0);
}

void the_spring_forward_night_is_right(store::Database& db) {
  {
    // Sunday 28 March 2027: 02:00-03:00 does not exist, 01:00-04:00 lasts two hours.
    Harness h(db, 1'805'889'600);  // Wednesday 2027-03-24 12:00 UTC
    auto eind = h.user("erik@ether.local", Role::eindredacteur);
    ASSERT_EQ(h.as(eind, "POST", kSlots, slot(7, "01:00", "02:00", h.ochtend_)).status, 201U);
    ASSERT_EQ(h.as(eind, "POST", kSlots, slot(7, "02:00", "03:00", h.avond_)).status, 201U);
    ASSERT_EQ(h.as(eind, "POST", kSlots, slot(7, "03:00", "04:00", h.nacht_)).status, 201U);
    auto night = h.broadcasts(1'806'192'000 - kHour, 1'806'192'000 + 4 * kHour);
    ASSERT_EQ(night.size(), 2U);
    EXPECT_EQ(night[0].title, "De Ochtendshow");
    EXPECT_EQ(night[0].starts_at, 1'806'192'000);  // 01:00 CET = 00:00 UTC
    EXPECT_EQ(night[0].ends_at, 1'806'195'600);    // 03:00 CEST = 01:00 UTC
    EXPECT_EQ(night[1].title, "Nachtradio");
    EXPECT_EQ(night[1].starts_at, 1'806'195'600);
    EXPECT_EQ(night[1].ends_at, 1'806'199'200);
    EXPECT_EQ(h.guide("2027-03-28"), (std::vector<std::string>{"De Ochtendshow", "Nachtradio"}));
  }
}

void the_fall_back_night_is_right(store::Database& db) {
  {
    // Sunday 31 October 2027: 02:00-03:00 covers the repeated hour and lasts two hours.
    Harness h(db, 1'824'638'400);  // Wednesday 2027-10-27 12:00 UTC
    auto eind = h.user("edo@ether.local", Role::eindredacteur);
    ASSERT_EQ(h.as(eind, "POST", kSlots, slot(7, "02:00", "03:00", h.avond_)).status, 201U);
    ASSERT_EQ(h.as(eind, "POST", kSlots, slot(7, "03:00", "04:00", h.nacht_)).status, 201U);
    auto night = h.broadcasts(1'824'940'800 - kHour, 1'824'951'600 + kHour);
    ASSERT_EQ(night.size(), 2U);
    EXPECT_EQ(night[0].starts_at, 1'824'940'800);  // 02:00 CEST = 00:00 UTC
    EXPECT_EQ(night[0].ends_at, 1'824'948'000);    // 03:00 CET = 02:00 UTC
    EXPECT_EQ(night[1].starts_at, 1'824'948'000);
    EXPECT_EQ(night[1].ends_at, 1'824'951'600);
    // A special over the repeated hour is planned the same way.
    auto extra = h.as(eind, "POST", kChanges, special("2027-10-31", "Wintertijd", "01:30", "02:30"));
    ASSERT_EQ(extra.status, 201U) << extra.text;
    EXPECT_EQ(h.guide("2027-10-31"), (std::vector<std::string>{"Wintertijd", "Nachtradio"}));
  }
}

void two_edits_at_once_never_overlap(store::Database& db) {
  Harness h(db);
  auto first = h.user("erik@ether.local", Role::eindredacteur);
  auto second = h.user("edo@ether.local", Role::eindredacteur);
  // Each round two editors add overlapping slots on one weekday at the same moment: one wins.
  for (int weekday = 1; weekday <= 7; ++weekday) {
    Answer a;
    Answer b;
    std::thread one([&] { a = h.as(first, "POST", kSlots, slot(weekday, "10:00", "12:00", h.ochtend_)); });
    std::thread two([&] { b = h.as(second, "POST", kSlots, slot(weekday, "11:00", "13:00", h.avond_)); });
    one.join();
    two.join();
    EXPECT_EQ((a.status == 201U) + (b.status == 201U), 1) << a.text << " / " << b.text;
    EXPECT_EQ((a.status == 422U) + (b.status == 422U), 1) << a.text << " / " << b.text;
  }
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_slots"), 7);
}

// Moves a programme to `channel` through the content API, at its current version.
Answer move_programme(Harness& h, const Login& who, long long programme, const std::string& channel) {
  const auto path = "/api/admin/content/programmes/" + std::to_string(programme);
  auto item = h.as(who, "GET", path);
  EXPECT_EQ(item.status, 200U) << item.text;
  return h.as(
      who, "PUT", path,
      json::object{{"version", item.body.at("item").at("version")}, {"values", json::object{{"channel", channel}}}});
}

void a_programme_in_the_schedule_keeps_its_channel(store::Database& db) {
  Harness h(db, kMonday);  // Monday 2026-11-23, 06:00 in Amsterdam
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  const auto channel_of = [&h](long long programme) {
    auto lease = h.db_.lease();
    std::string slug;
    *lease << "SELECT channel_slug FROM programmes WHERE id = :id", soci::use(programme), soci::into(slug);
    return slug;
  };
  const std::string refusal =
      "Dit programma heeft nog tijdvakken op Radio 2; verplaats of verwijder die eerst in Programmering.";

  // A weekly slot holds the programme on its channel; other fields still change.
  auto made = h.as(eind, "POST", kSlots, slot(1, "10:00", "12:00", h.ochtend_));
  ASSERT_EQ(made.status, 201U) << made.text;
  auto refused = move_programme(h, eind, h.ochtend_, "radio5");
  EXPECT_EQ(refused.status, 422U) << refused.text;
  EXPECT_EQ(refused.code(), "invalid_fields");
  EXPECT_EQ(refused.field_error("channel"), refusal);
  EXPECT_EQ(channel_of(h.ochtend_), "radio2");
  EXPECT_TRUE(h.audit("programmes", h.ochtend_).empty());
  const auto path = "/api/admin/content/programmes/" + std::to_string(h.ochtend_);
  auto renamed =
      h.as(eind, "PUT", path, json::object{{"version", 1}, {"values", json::object{{"name", "De Vroege Show"}}}});
  EXPECT_EQ(renamed.status, 200U) << renamed.text;
  // Without the slot it moves.
  ASSERT_EQ(h.as(eind, "DELETE", at(kSlots + "/" + std::to_string(made.id("slot")), 1)).status, 204U);
  auto moved = move_programme(h, eind, h.ochtend_, "radio5");
  EXPECT_EQ(moved.status, 200U) << moved.text;
  EXPECT_EQ(channel_of(h.ochtend_), "radio5");

  // A special broadcast tomorrow holds it too, until its date has gone by.
  auto extra = h.as(eind, "POST", kChanges,
                    json::object{{"date", "2026-11-24"},
                                 {"kind", "special"},
                                 {"programmeId", h.avond_},
                                 {"start", "20:00"},
                                 {"end", "21:00"}});
  ASSERT_EQ(extra.status, 201U) << extra.text;
  EXPECT_EQ(move_programme(h, eind, h.avond_, "radio5").field_error("channel"), refusal);
  h.now_ = kMonday + 24 * kHour;  // Tuesday: the special's day itself still counts
  auto tuesday = h.user("edo@ether.local", Role::eindredacteur);
  EXPECT_EQ(move_programme(h, tuesday, h.avond_, "radio5").field_error("channel"), refusal);
  h.now_ = kMonday + 48 * kHour;
  auto wednesday = h.user("eva@ether.local", Role::eindredacteur);
  EXPECT_EQ(move_programme(h, wednesday, h.avond_, "radio5").status, 200U);
  EXPECT_EQ(channel_of(h.avond_), "radio5");
  // A programme the schedule does not use moves freely.
  EXPECT_EQ(move_programme(h, wednesday, h.nacht_, "radio5").status, 200U);
}

constexpr const char* kSlotStale =
    "Dit tijdvak is intussen door iemand anders gewijzigd. Je wijziging is niet opgeslagen maar staat nog in het "
    "formulier: laad de programmering opnieuw.";
constexpr const char* kChangeStale =
    "Deze wijziging is intussen door iemand anders gewijzigd. Je wijziging is niet opgeslagen maar staat nog in het "
    "formulier: laad de programmering opnieuw.";

// The entry `id` of `list` ("slots" or "changes") in the editor's GET of radio2.
json::object listed(Harness& h, const Login& who, const std::string& list, std::int64_t id) {
  auto shown = h.as(who, "GET", "/api/admin/schedule/radio2");
  EXPECT_EQ(shown.status, 200U) << shown.text;
  for (const auto& entry : shown.body.at(list).as_array()) {
    if (entry.at("id").as_int64() == id) return entry.as_object();
  }
  ADD_FAILURE() << list << " " << id << " not listed";
  return {};
}

void a_second_editor_of_a_slot_gets_a_conflict(store::Database& db) {
  Harness h(db);
  auto first = h.user("erik@ether.local", Role::eindredacteur);
  auto second = h.user("edo@ether.local", Role::eindredacteur);
  auto made = h.as(first, "POST", kSlots, slot(1, "10:00", "12:00", h.ochtend_));
  ASSERT_EQ(made.status, 201U) << made.text;
  EXPECT_EQ(made.body.at("slot").at("version"), 1);
  const auto id = made.id("slot");
  const auto path = kSlots + "/" + std::to_string(id);

  // Both load the week and see version 1; the first saves, the slot is at version 2.
  const auto seen_by_first = listed(h, first, "slots", id).at("version").as_int64();
  const auto seen_by_second = listed(h, second, "slots", id).at("version").as_int64();
  ASSERT_EQ(seen_by_first, 1);
  ASSERT_EQ(seen_by_second, 1);
  auto saved = h.as(first, "PUT", path, at(slot(1, "10:00", "13:00", h.avond_), seen_by_first));
  ASSERT_EQ(saved.status, 200U) << saved.text;
  EXPECT_EQ(saved.body.at("slot").at("version"), 2);

  // The second's save and delete, on version 1: 409 in Dutch, nothing written, no audit row.
  auto stale = h.as(second, "PUT", path, at(slot(1, "09:00", "11:00", h.nacht_), seen_by_second));
  EXPECT_EQ(stale.status, 409U) << stale.text;
  EXPECT_EQ(stale.code(), "conflict");
  EXPECT_EQ(stale.message(), kSlotStale);
  auto gone = h.as(second, "DELETE", at(path, seen_by_second));
  EXPECT_EQ(gone.status, 409U) << gone.text;
  EXPECT_EQ(gone.code(), "conflict");
  auto kept = listed(h, second, "slots", id);
  EXPECT_EQ(kept.at("end"), "13:00");
  EXPECT_EQ(kept.at("programmeId"), h.avond_);
  EXPECT_EQ(kept.at("version"), 2);
  EXPECT_EQ(h.guide("2026-11-23"), std::vector<std::string>{"De Avondspits"});
  EXPECT_EQ(h.audit("schedule_slots", id).size(), 2U);  // create and the first's update

  // A cancellation naming the slot stays when the slot's delete is refused, and goes with it after.
  ASSERT_EQ(h.as(first, "POST", kChanges, cancel("2026-11-23", id)).status, 201U);
  EXPECT_EQ(h.as(second, "DELETE", at(path, 1)).status, 409U);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_changes"), 1);
  // A save that changes nothing keeps the version.
  auto same = h.as(second, "PUT", path, at(slot(1, "10:00", "13:00", h.avond_), 2));
  ASSERT_EQ(same.status, 200U) << same.text;
  EXPECT_EQ(same.body.at("slot").at("version"), 2);
  // Reloaded, the second editor works on version 2.
  auto reloaded = h.as(second, "PUT", path, at(slot(1, "09:00", "11:00", h.nacht_), 2));
  ASSERT_EQ(reloaded.status, 200U) << reloaded.text;
  EXPECT_EQ(reloaded.body.at("slot").at("version"), 3);
  EXPECT_EQ(h.as(first, "DELETE", at(path, 2)).status, 409U);
  EXPECT_EQ(h.as(first, "DELETE", at(path, 3)).status, 204U);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_slots"), 0);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_changes"), 0);
}

void a_second_editor_of_a_change_gets_a_conflict(store::Database& db) {
  Harness h(db, kMonday);
  auto first = h.user("erik@ether.local", Role::eindredacteur);
  auto second = h.user("edo@ether.local", Role::eindredacteur);
  auto made = h.as(first, "POST", kChanges, special("2026-11-24", "Verkiezingsavond", "20:00", "22:00"));
  ASSERT_EQ(made.status, 201U) << made.text;
  EXPECT_EQ(made.body.at("change").at("version"), 1);
  const auto id = made.id("change");
  const auto path = kChanges + "/" + std::to_string(id);
  const auto seen = listed(h, second, "changes", id).at("version").as_int64();
  ASSERT_EQ(seen, 1);

  auto saved = h.as(first, "PUT", path, at(special("2026-11-24", "Verkiezingsavond", "20:00", "23:00"), 1));
  ASSERT_EQ(saved.status, 200U) << saved.text;
  EXPECT_EQ(saved.body.at("change").at("version"), 2);
  auto stale = h.as(second, "PUT", path, at(special("2026-11-24", "Uitslagenavond", "19:00", "21:00"), seen));
  EXPECT_EQ(stale.status, 409U) << stale.text;
  EXPECT_EQ(stale.code(), "conflict");
  EXPECT_EQ(stale.message(), kChangeStale);
  auto gone = h.as(second, "DELETE", at(path, seen));
  EXPECT_EQ(gone.status, 409U) << gone.text;
  EXPECT_EQ(gone.message(), kChangeStale);

  auto kept = listed(h, second, "changes", id);
  EXPECT_EQ(kept.at("title"), "Verkiezingsavond");
  EXPECT_EQ(kept.at("end"), "23:00");
  EXPECT_EQ(kept.at("version"), 2);
  EXPECT_EQ(h.guide("2026-11-24"), std::vector<std::string>{"Verkiezingsavond"});
  EXPECT_EQ(h.audit("schedule_changes", id).size(), 2U);
  EXPECT_EQ(h.as(second, "DELETE", at(path, 2)).status, 204U);
  EXPECT_TRUE(h.guide("2026-11-24").empty());
}

void an_edit_without_a_version_is_refused(store::Database& db) {
  Harness h(db, kMonday);
  auto eind = h.user("erik@ether.local", Role::eindredacteur);
  auto made = h.as(eind, "POST", kSlots, slot(1, "10:00", "12:00", h.ochtend_));
  ASSERT_EQ(made.status, 201U) << made.text;
  auto change = h.as(eind, "POST", kChanges, special("2026-11-24", "Extra", "20:00", "21:00"));
  ASSERT_EQ(change.status, 201U) << change.text;
  const auto slot_path = kSlots + "/" + std::to_string(made.id("slot"));
  const auto change_path = kChanges + "/" + std::to_string(change.id("change"));
  const std::string missing = "De versie ontbreekt: laad de programmering opnieuw.";

  auto body_without = h.as(eind, "PUT", slot_path, slot(1, "10:00", "11:00", h.ochtend_));
  EXPECT_EQ(body_without.status, 400U) << body_without.text;
  EXPECT_EQ(body_without.message(), missing);
  EXPECT_EQ(h.as(eind, "PUT", slot_path, at(slot(1, "10:00", "11:00", h.ochtend_), 0)).status, 400U);
  auto text_version = slot(1, "10:00", "11:00", h.ochtend_);
  text_version["version"] = "1";
  EXPECT_EQ(h.as(eind, "PUT", slot_path, text_version).status, 400U);
  EXPECT_EQ(h.as(eind, "PUT", change_path, special("2026-11-24", "Extra", "20:00", "22:00")).message(), missing);
  auto delete_without = h.as(eind, "DELETE", slot_path);
  EXPECT_EQ(delete_without.status, 400U) << delete_without.text;
  EXPECT_EQ(delete_without.message(), missing);
  EXPECT_EQ(h.as(eind, "DELETE", slot_path + "?version=abc").status, 400U);
  EXPECT_EQ(h.as(eind, "DELETE", change_path).status, 400U);

  // Nothing changed.
  EXPECT_EQ(listed(h, eind, "slots", made.id("slot")).at("end"), "12:00");
  EXPECT_EQ(listed(h, eind, "changes", change.id("change")).at("end"), "21:00");
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_slots"), 1);
  EXPECT_EQ(h.count("SELECT COUNT(*) FROM schedule_changes"), 1);
  EXPECT_EQ(h.audit("schedule_slots", made.id("slot")).size(), 1U);
}

using Scenario = test::StoreScenario;
const std::vector<std::pair<const char*, Scenario>>& scenarios() {
  static const std::vector<std::pair<const char*, Scenario>> all{
      {"SlotsNeverOverlapAndBadInputIsRefused", slots_never_overlap_and_bad_input_is_refused},
      {"RolesSessionsAndChannelsAreChecked", roles_sessions_and_channels_are_checked},
      {"TheGuideFollowsSlotsAndChanges", the_guide_follows_slots_and_changes},
      {"StartedAndRecordedBroadcastsAreKept", started_and_recorded_broadcasts_are_kept},
      {"TheSpringForwardNightIsRight", the_spring_forward_night_is_right},
      {"TheFallBackNightIsRight", the_fall_back_night_is_right},
      {"TwoEditsAtOnceNeverOverlap", two_edits_at_once_never_overlap},
      {"AProgrammeInTheScheduleKeepsItsChannel", a_programme_in_the_schedule_keeps_its_channel},
      {"ASecondEditorOfASlotGetsAConflict", a_second_editor_of_a_slot_gets_a_conflict},
      {"ASecondEditorOfAChangeGetsAConflict", a_second_editor_of_a_change_gets_a_conflict},
      {"AnEditWithoutAVersionIsRefused", an_edit_without_a_version_is_refused},
  };
  return all;
}

class AdminScheduleSqlite : public ::testing::TestWithParam<std::size_t> {};

TEST_P(AdminScheduleSqlite, Scenario) {
  testing_support::TempStore store;
  scenarios()[GetParam()].second(store.db());
}

INSTANTIATE_TEST_SUITE_P(Scenarios, AdminScheduleSqlite, ::testing::Range<std::size_t>(0, scenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return std::string(scenarios()[info.param].first);
                         });

const bool registered = test::register_postgres_tests("AdminSchedulePostgreSQL", __FILE__,
                                                      test::on_fresh_postgres("admin_schedule", scenarios()));

// ---- against the real server, on the demo station ------------------------------------------------

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

using test::server_login;

// The titles in the public guide API (/api/page for /gids/...) of radio2 on `day`.
std::vector<std::string> public_guide(const test::ServerProcess& server, domain::LocalDate day) {
  const auto date = domain::format_date(day);
  const auto answer = server.get("/api/page?path=%2Fgids%2F" + date.substr(0, 4) + "%2F" + date.substr(5, 2) + "%2F" +
                                 date.substr(8, 2) + "&channel=radio2");
  EXPECT_EQ(answer.status, 200) << answer.body;
  std::vector<std::string> titles;
  const auto page = json::parse(answer.body);
  for (const auto& b : page.at("data").at("broadcasts").as_array()) {
    titles.emplace_back(b.at("title").as_string());
  }
  return titles;
}

// The demo station's schedule edited through the real server's HTTP routes: the public guide API
// follows a cancellation and a special broadcast for tomorrow; an overlap is refused with 422 and
// a redacteur with 403.
void the_real_server_follows_an_edit(const std::string& database_url, const std::vector<std::string>& env) {
  test::ServerProcess server("admin-schedule", env);
  const auto url = database_url.empty() ? test::sqlite_url_of(server) : database_url;
  const auto eind = server_login(server, url, "erik@radio.example", Role::eindredacteur);
  const auto redacteur = server_login(server, url, "rita@radio.example", Role::redacteur);
  ASSERT_FALSE(eind.cookie.empty());

  const auto tomorrow = domain::local_date(unix_now() + 24 * kHour);
  const auto date = domain::format_date(tomorrow);
  auto shown = test::server_admin_call(server, "GET", "/api/admin/schedule/radio2", nullptr, eind);
  ASSERT_EQ(shown.status, 200) << shown.body;
  // Tomorrow's first slot of the demo's radio2, and what the guide shows that day.
  json::object first;
  const auto schedule = json::parse(shown.body);
  for (const auto& s : schedule.at("slots").as_array()) {
    if (s.at("weekday").as_int64() == domain::iso_weekday(tomorrow)) {
      first = s.as_object();
      break;
    }
  }
  ASSERT_FALSE(first.empty());
  const auto programme = std::string(first.at("programmeName").as_string());
  const auto before = public_guide(server, tomorrow);
  const auto times = std::count(before.begin(), before.end(), programme);
  ASSERT_GE(times, 1);

  // Overlapping the slot: 422 naming it. A redacteur: 403, nothing changes.
  auto clash = test::server_admin_call(server, "POST", "/api/admin/schedule/radio2/slots",
                                       json::object{{"weekday", first.at("weekday")},
                                                    {"start", first.at("start")},
                                                    {"end", first.at("end")},
                                                    {"programmeId", first.at("programmeId")}},
                                       eind);
  EXPECT_EQ(clash.status, 422) << clash.body;
  EXPECT_NE(clash.body.find("Dit tijdvak overlapt met " + programme), std::string::npos) << clash.body;
  EXPECT_EQ(
      test::server_admin_call(server, "POST", "/api/admin/schedule/radio2/changes",
                              json::object{{"date", date}, {"kind", "cancel"}, {"slotId", first.at("id")}}, redacteur)
          .status,
      403);

  // Cancelled tomorrow: that broadcast leaves the public guide at once.
  auto cancelled =
      test::server_admin_call(server, "POST", "/api/admin/schedule/radio2/changes",
                              json::object{{"date", date}, {"kind", "cancel"}, {"slotId", first.at("id")}}, eind);
  ASSERT_EQ(cancelled.status, 201) << cancelled.body;
  auto after = public_guide(server, tomorrow);
  EXPECT_EQ(std::count(after.begin(), after.end(), programme), times - 1);
  EXPECT_EQ(after.size(), before.size() - 1);

  // A special broadcast that night is in it at once.
  auto special_answer = test::server_admin_call(
      server, "POST", "/api/admin/schedule/radio2/changes",
      json::object{
          {"date", date}, {"kind", "special"}, {"title", "Nachtspecial"}, {"start", "03:00"}, {"end", "03:30"}},
      eind);
  ASSERT_EQ(special_answer.status, 201) << special_answer.body;
  after = public_guide(server, tomorrow);
  EXPECT_NE(std::find(after.begin(), after.end(), "Nachtspecial"), after.end());
}

TEST(AdminScheduleServer, TheRealServerFollowsAnEditOnSqlite) { the_real_server_follows_an_edit("", {}); }

// Malformed JSON, wrong types, impossible times and dates, huge numbers, unknown and non-numeric
// ids, sent to the schedule and content routes of the real server (the demo station): each is
// answered 4xx with {"error":{"code","message"}}, and none changes what it must not.
void bad_input_gets_a_json_error(const std::string& database_url, const std::vector<std::string>& env) {
  test::ServerProcess server("admin-bad-input", env);
  const auto url = database_url.empty() ? test::sqlite_url_of(server) : database_url;
  const auto beheer = server_login(server, url, "bea@radio.example", Role::beheerder);
  ASSERT_FALSE(beheer.cookie.empty());
  const auto item = [&](const std::string& path) {
    const auto answer = test::server_admin_call(server, "GET", path, nullptr, beheer);
    EXPECT_EQ(answer.status, 200) << path << " " << answer.body;
    return json::parse(answer.body).at("item").as_object();
  };
  const auto channel = item("/api/admin/content/channels/1");
  const auto programme = item("/api/admin/content/programmes/1");
  const auto article = item("/api/admin/content/articles/1");
  const auto version = [](const json::object& of) { return std::to_string(of.at("version").as_int64()); };
  json::object too_far{{"version", channel.at("version")}, {"values", channel.at("values")}};
  too_far["values"].as_object()["sortOrder"] = 2147483648LL;  // beyond the column's INTEGER

  const auto tomorrow = domain::format_date(domain::local_date(unix_now() + 24 * kHour));
  const std::string slots = "/api/admin/schedule/radio2/slots";
  const std::string changes = "/api/admin/schedule/radio2/changes";
  const auto special = [&](const std::string& field, const std::string& value) {
    json::object body{
        {"date", tomorrow}, {"kind", "special"}, {"title", "Nachtspecial"}, {"start", "03:00"}, {"end", "03:30"}};
    body[field] = json::parse(value);
    return json::serialize(body);
  };
  const std::string slot = R"({"weekday":1,"start":"03:00","end":"03:30")";
  struct Case {
    std::string method;
    std::string target;
    std::string body;
  };
  const std::vector<Case> cases{
      {"POST", slots, "{"},
      {"POST", slots, "[1,2]"},
      {"POST", slots, ""},
      {"POST", slots, R"({"weekday":"1","start":"03:00","end":"03:30","programmeId":1})"},
      {"POST", slots, R"({"weekday":1e300,"start":"03:00","end":"03:30","programmeId":1})"},
      {"POST", slots, R"({"weekday":1,"start":"25:00","end":"26:00","programmeId":1})"},
      {"POST", slots, R"({"weekday":1,"start":[],"end":{},"programmeId":1})"},
      {"POST", slots, slot + R"(,"programmeId":9223372036854775807})"},
      {"POST", slots, slot + R"(,"programmeId":18446744073709551616})"},
      {"PUT", slots + "/abc", slot + R"(,"programmeId":1})"},
      {"PUT", slots + "/99999999999999999999", slot + R"(,"programmeId":1})"},
      {"PUT", slots + "/999999", slot + R"(,"programmeId":1,"version":1})"},
      {"PUT", slots + "/1", slot + R"(,"programmeId":1,"version":[]})"},
      {"DELETE", slots + "/1?version=1x", ""},
      {"DELETE", slots + "/-1", ""},
      {"DELETE", slots + "/1.5", ""},
      {"POST", changes, special("date", R"("2026-02-30")")},
      {"POST", changes, special("date", R"("99999-01-01")")},
      {"POST", changes, special("date", "20261122")},
      {"POST", changes, special("kind", "[]")},
      {"POST", changes, special("start", R"("23:60")")},
      {"POST", changes, special("title", "{}")},
      {"POST", changes, special("programmeId", R"("1")")},
      {"POST", changes, R"({"date":")" + tomorrow + R"(","kind":"cancel","slotId":1e30})"},
      {"PUT", changes + "/x", special("title", R"("x")")},
      {"DELETE", changes + "/999999", ""},
      {"GET", "/api/admin/schedule/radio2?from=2026-13-01", ""},
      {"GET", "/api/admin/schedule/onbekend", ""},
      {"POST", "/api/admin/content/programmes", "{"},
      {"POST", "/api/admin/content/programmes", R"({"values":[]})"},
      {"PUT", "/api/admin/content/programmes/1", R"({"version":"1","values":{}})"},
      {"PUT", "/api/admin/content/programmes/1", R"({"version":18446744073709551615,"values":{}})"},
      {"PUT", "/api/admin/content/channels/1", json::serialize(too_far)},
      {"GET", "/api/admin/content/programmes/1.5", ""},
      {"GET", "/api/admin/content/programmes/99999999999999999999", ""},
      {"POST", "/api/admin/content/programmes/1x/archive", R"({"version":)" + version(programme) + "}"},
      {"DELETE", "/api/admin/content/articles/1e0?version=" + version(article), ""},
      {"POST", "/api/admin/content/programmes/1/archive", R"({"version":[]})"},
      {"POST", "/api/admin/content/programmes/1/unarchive", "{\"version\":1e400}"},
      {"POST", "/api/admin/content/programmes/999999/unarchive", R"({"version":1})"},
      {"POST", "/api/admin/content/articles/1/publish",
       R"({"version":)" + version(article) + R"(,"publishAt":"2026-02-30T00:00:00Z"})"},
      {"POST", "/api/admin/content/articles/1/publish", R"({"version":)" + version(article) + R"(,"publishAt":12})"},
      {"DELETE", "/api/admin/content/articles/1?version=abc", ""},
      {"GET", "/api/admin/content/programmes?page=abc", ""},
      {"GET", "/api/admin/content/onbekend/1", ""},
  };
  for (const auto& [method, target, body] : cases) {
    SCOPED_TRACE(::testing::Message() << method << ' ' << target << ' ' << body);
    const auto answer = test::server_admin_send(server, method, target, body, beheer);
    EXPECT_GE(answer.status, 400);
    EXPECT_LT(answer.status, 500) << answer.body;
    json::error_code failed;
    const auto parsed = json::parse(answer.body, failed);
    const auto* error = !failed && parsed.is_object() ? parsed.as_object().if_contains("error") : nullptr;
    const auto* code = error != nullptr && error->is_object() ? error->as_object().if_contains("code") : nullptr;
    const auto* message = error != nullptr && error->is_object() ? error->as_object().if_contains("message") : nullptr;
    EXPECT_TRUE(code != nullptr && code->is_string() && message != nullptr && message->is_string()) << answer.body;
  }
  // The refused edits left the items as they were.
  EXPECT_EQ(item("/api/admin/content/programmes/1").at("archived"), false);
  EXPECT_EQ(item("/api/admin/content/articles/1").at("version"), article.at("version"));
  EXPECT_EQ(item("/api/admin/content/channels/1").at("version"), channel.at("version"));
}

TEST(AdminScheduleServer, BadInputGetsAJsonErrorOnSqlite) { bad_input_gets_a_json_error("", {}); }

const bool registered_server = test::register_postgres_tests(
    "AdminScheduleServerPostgreSQL", __FILE__,
    {{"TheRealServerFollowsAnEdit",
      [] {
        test::FreshPostgresDatabase database("admin_schedule_server");
        the_real_server_follows_an_edit(database.url(), {"DATABASE_URL=" + database.url()});
      }},
     {"BadInputGetsAJsonError", [] {
        test::FreshPostgresDatabase database("admin_bad_input_server");
        bad_input_gets_a_json_error(database.url(), {"DATABASE_URL=" + database.url()});
      }}});

}  // namespace
}  // namespace ether::admin
