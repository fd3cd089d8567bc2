#include "playout/schedule_materialiser.hpp"

#include "store/broadcast_repository.hpp"

namespace ether::playout {

std::vector<domain::Broadcast> broadcasts_for(const std::string& channel_slug,
                                              const std::vector<store::SlotWithProgramme>& slots,
                                              domain::LocalDate first, domain::LocalDate last) {
  std::vector<domain::Broadcast> result;
  for (auto day = first; date::sys_days{day} <= date::sys_days{last}; day = domain::add_days(day, 1)) {
    const int weekday = domain::iso_weekday(day);
    for (const auto& entry : slots) {
      if (entry.slot.weekday != weekday) continue;
      domain::Broadcast b;
      b.channel_slug = channel_slug;
      b.programme_id = entry.slot.programme_id;
      b.slug = entry.programme_slug + "-" + domain::format_date(day);
      b.title = entry.programme_name;
      b.image_url = entry.programme_image_url;
      // Minute 1440 runs on into the next day, which local_to_unix resolves as that day's midnight.
      b.starts_at = domain::local_to_unix(day, entry.slot.start_minute);
      b.ends_at = domain::local_to_unix(day, entry.slot.end_minute);
      if (b.ends_at > b.starts_at) result.push_back(std::move(b));
    }
  }
  return result;
}

int materialise_schedule(store::Database& db, domain::LocalDate first, domain::LocalDate last) {
  auto session = db.lease();
  store::StationRepository station(*session);
  int inserted = 0;
  for (const auto& channel : station.channel_slugs()) {
    soci::transaction tx(*session);
    auto broadcasts = broadcasts_for(channel, station.schedule(channel), first, last);
    inserted += store::BroadcastRepository(*session).materialise(broadcasts);
    tx.commit();
  }
  return inserted;
}

}  // namespace ether::playout
