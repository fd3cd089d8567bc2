#include "store/schedule_repository.hpp"

#include "store/nullable.hpp"

namespace ether::store {
namespace {

constexpr const char* kChangeColumns =
    "SELECT c.id, c.channel_slug, c.local_date, c.kind, c.slot_id, c.programme_id, c.title, c.start_minute, "
    "c.end_minute, COALESCE(p.slug, ''), COALESCE(p.name, ''), COALESCE(p.image_url, ''), c.version "
    "FROM schedule_changes c "
    "LEFT JOIN programmes p ON p.id = c.programme_id ";

// The bound variables of one change row, reused by every fetch of a statement.
struct ChangeRow {
  ChangeWithProgramme out;
  Nullable<long long> slot;
  Nullable<long long> programme;

  void bind(soci::statement& st) {
    auto& c = out.change;
    st.exchange(soci::into(c.id));
    st.exchange(soci::into(c.channel_slug));
    st.exchange(soci::into(c.local_date));
    st.exchange(soci::into(c.kind));
    st.exchange(soci::into(slot.value, slot.ind));
    st.exchange(soci::into(programme.value, programme.ind));
    st.exchange(soci::into(c.title));
    st.exchange(soci::into(c.start_minute));
    st.exchange(soci::into(c.end_minute));
    st.exchange(soci::into(out.programme_slug));
    st.exchange(soci::into(out.programme_name));
    st.exchange(soci::into(out.programme_image_url));
    st.exchange(soci::into(c.version));
  }
  ChangeWithProgramme get() {
    out.change.slot_id = slot.get();
    out.change.programme_id = programme.get();
    return out;
  }
};

}  // namespace

void ScheduleRepository::lock_channel(const std::string& channel_slug) {
  session_ << "UPDATE channels SET version = version WHERE slug = :slug", soci::use(channel_slug);
}

std::optional<SlotWithProgramme> ScheduleRepository::slot(long long id) {
  SlotWithProgramme row;
  session_
      << "SELECT s.id, s.channel_slug, s.programme_id, s.weekday, s.start_minute, s.end_minute, p.slug, p.name, "
         "p.image_url, s.version FROM schedule_slots s JOIN programmes p ON p.id = s.programme_id WHERE s.id = :id",
      soci::use(id), soci::into(row.slot.id), soci::into(row.slot.channel_slug), soci::into(row.slot.programme_id),
      soci::into(row.slot.weekday), soci::into(row.slot.start_minute), soci::into(row.slot.end_minute),
      soci::into(row.programme_slug), soci::into(row.programme_name), soci::into(row.programme_image_url),
      soci::into(row.version);
  if (!session_.got_data()) return std::nullopt;
  return row;
}

bool ScheduleRepository::update_slot(const domain::ScheduleSlot& s, long long version) {
  soci::statement st =
      (session_.prepare << "UPDATE schedule_slots SET programme_id = :programme, weekday = :weekday, start_minute = "
                           ":start, end_minute = :end, version = version + 1 WHERE id = :id AND version = :version",
       soci::use(s.programme_id), soci::use(s.weekday), soci::use(s.start_minute), soci::use(s.end_minute),
       soci::use(s.id), soci::use(version));
  st.execute(true);
  return st.get_affected_rows() == 1;
}

bool ScheduleRepository::delete_slot(long long id, long long version) {
  // Its cancellations go first (they refer to it), but only while the slot is at `version`.
  session_ << "DELETE FROM schedule_changes WHERE slot_id = :id AND EXISTS (SELECT 1 FROM schedule_slots WHERE id = "
              ":slot AND version = :version)",
      soci::use(id), soci::use(id), soci::use(version);
  soci::statement st = (session_.prepare << "DELETE FROM schedule_slots WHERE id = :id AND version = :version",
                        soci::use(id), soci::use(version));
  st.execute(true);
  return st.get_affected_rows() == 1;
}

std::vector<ChangeWithProgramme> ScheduleRepository::changes(const std::string& channel_slug, const std::string& first,
                                                             const std::string& last) {
  std::vector<ChangeWithProgramme> result;
  ChangeRow row;
  soci::statement st(session_);
  st.alloc();
  st.prepare(std::string(kChangeColumns) +
             "WHERE c.channel_slug = :channel AND c.local_date >= :first AND c.local_date <= :last "
             "ORDER BY c.local_date, c.start_minute, c.id");
  row.bind(st);
  st.exchange(soci::use(channel_slug));
  st.exchange(soci::use(first));
  st.exchange(soci::use(last));
  st.define_and_bind();
  st.execute();
  while (st.fetch()) result.push_back(row.get());
  return result;
}

std::optional<ChangeWithProgramme> ScheduleRepository::change(long long id) {
  ChangeRow row;
  soci::statement st(session_);
  st.alloc();
  st.prepare(std::string(kChangeColumns) + "WHERE c.id = :id");
  row.bind(st);
  st.exchange(soci::use(id));
  st.define_and_bind();
  if (!st.execute(true)) return std::nullopt;
  return row.get();
}

long long ScheduleRepository::insert_change(const ScheduleChange& c) {
  Nullable<long long> slot(c.slot_id), programme(c.programme_id);
  long long id = 0;
  session_ << "INSERT INTO schedule_changes (channel_slug, local_date, kind, slot_id, programme_id, title, "
              "start_minute, end_minute) VALUES (:channel, :date, :kind, :slot, :programme, :title, :start, :end) "
              "RETURNING id",
      soci::use(c.channel_slug), soci::use(c.local_date), soci::use(c.kind), soci::use(slot.value, slot.ind),
      soci::use(programme.value, programme.ind), soci::use(c.title), soci::use(c.start_minute), soci::use(c.end_minute),
      soci::into(id);
  return id;
}

bool ScheduleRepository::update_change(const ScheduleChange& c, long long version) {
  Nullable<long long> slot(c.slot_id), programme(c.programme_id);
  soci::statement st =
      (session_.prepare << "UPDATE schedule_changes SET local_date = :date, kind = :kind, slot_id = :slot, "
                           "programme_id = :programme, title = :title, start_minute = :start, end_minute = :end, "
                           "version = version + 1 WHERE id = :id AND version = :version",
       soci::use(c.local_date), soci::use(c.kind), soci::use(slot.value, slot.ind),
       soci::use(programme.value, programme.ind), soci::use(c.title), soci::use(c.start_minute),
       soci::use(c.end_minute), soci::use(c.id), soci::use(version));
  st.execute(true);
  return st.get_affected_rows() == 1;
}

bool ScheduleRepository::delete_change(long long id, long long version) {
  soci::statement st = (session_.prepare << "DELETE FROM schedule_changes WHERE id = :id AND version = :version",
                        soci::use(id), soci::use(version));
  st.execute(true);
  return st.get_affected_rows() == 1;
}

std::vector<std::pair<std::string, std::string>> ScheduleRepository::channels() {
  std::vector<std::pair<std::string, std::string>> result;
  std::string slug;
  std::string name;
  soci::statement st = (session_.prepare << "SELECT slug, name FROM channels ORDER BY sort_order, slug",
                        soci::into(slug), soci::into(name));
  st.execute();
  while (st.fetch()) result.emplace_back(slug, name);
  return result;
}

std::optional<ProgrammeRef> ScheduleRepository::programme(long long id) {
  ProgrammeRef p;
  session_ << "SELECT id, slug, name, channel_slug FROM programmes WHERE id = :id", soci::use(id), soci::into(p.id),
      soci::into(p.slug), soci::into(p.name), soci::into(p.channel_slug);
  if (!session_.got_data()) return std::nullopt;
  return p;
}

std::vector<ProgrammeRef> ScheduleRepository::programmes(const std::string& channel_slug) {
  std::vector<ProgrammeRef> result;
  ProgrammeRef p;
  soci::statement st =
      (session_.prepare << "SELECT id, slug, name, channel_slug FROM programmes WHERE channel_slug = :channel "
                           "ORDER BY name, id",
       soci::use(channel_slug), soci::into(p.id), soci::into(p.slug), soci::into(p.name), soci::into(p.channel_slug));
  st.execute();
  while (st.fetch()) result.push_back(p);
  return result;
}

long long ScheduleRepository::programme_uses(long long programme_id, const std::string& channel_slug,
                                             const std::string& first_date) {
  long long slots = 0;
  long long changes = 0;
  session_ << "SELECT COUNT(*) FROM schedule_slots WHERE programme_id = :programme AND channel_slug = :channel",
      soci::use(programme_id), soci::use(channel_slug), soci::into(slots);
  session_ << "SELECT COUNT(*) FROM schedule_changes WHERE programme_id = :programme AND channel_slug = :channel "
              "AND local_date >= :first",
      soci::use(programme_id), soci::use(channel_slug), soci::use(first_date), soci::into(changes);
  return slots + changes;
}

}  // namespace ether::store
