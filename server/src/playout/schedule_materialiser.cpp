#include "playout/schedule_materialiser.hpp"

#include <algorithm>
#include <set>

#include "store/broadcast_repository.hpp"

namespace ether::playout {
namespace {

bool overlaps(const domain::Broadcast& a, const domain::Broadcast& b) {
  return a.starts_at < b.ends_at && b.starts_at < a.ends_at;
}

bool overlaps_any(const domain::Broadcast& b, const std::vector<domain::Broadcast>& others) {
  return std::any_of(others.begin(), others.end(), [&b](const auto& other) { return overlaps(b, other); });
}

domain::Broadcast special_broadcast(const std::string& channel_slug, const store::ChangeWithProgramme& entry,
                                    domain::LocalDate day) {
  const auto& change = entry.change;
  domain::Broadcast b;
  b.channel_slug = channel_slug;
  b.programme_id = change.programme_id;
  b.slug = (change.programme_id ? entry.programme_slug : std::string("speciaal")) + "-" + domain::format_date(day);
  b.title = change.programme_id && change.title.empty() ? entry.programme_name : change.title;
  b.image_url = entry.programme_image_url;
  b.starts_at = domain::local_to_unix(day, change.start_minute);
  b.ends_at = domain::local_to_unix(day, change.end_minute);
  return b;
}

}  // namespace

std::vector<domain::Broadcast> broadcasts_for(const std::string& channel_slug,
                                              const std::vector<store::SlotWithProgramme>& slots,
                                              const std::vector<store::ChangeWithProgramme>& changes,
                                              domain::LocalDate first, domain::LocalDate last) {
  std::vector<domain::Broadcast> result;
  for (auto day = first; date::sys_days{day} <= date::sys_days{last}; day = domain::add_days(day, 1)) {
    const int weekday = domain::iso_weekday(day);
    const auto date_text = domain::format_date(day);
    std::set<long long> cancelled;
    std::vector<domain::Broadcast> specials;
    for (const auto& entry : changes) {
      if (entry.change.local_date != date_text) continue;
      if (entry.change.kind == "cancel" && entry.change.slot_id) cancelled.insert(*entry.change.slot_id);
      if (entry.change.kind != "special") continue;
      auto b = special_broadcast(channel_slug, entry, day);
      if (b.ends_at > b.starts_at) specials.push_back(std::move(b));
    }
    for (const auto& entry : slots) {
      if (entry.slot.weekday != weekday || cancelled.contains(entry.slot.id)) continue;
      domain::Broadcast b;
      b.channel_slug = channel_slug;
      b.programme_id = entry.slot.programme_id;
      b.slug = entry.programme_slug + "-" + date_text;
      b.title = entry.programme_name;
      b.image_url = entry.programme_image_url;
      // Minute 1440 runs on into the next day, which local_to_unix resolves as that day's midnight.
      b.starts_at = domain::local_to_unix(day, entry.slot.start_minute);
      b.ends_at = domain::local_to_unix(day, entry.slot.end_minute);
      // A special takes the air: a weekly broadcast starting inside it gives way, one running into it stops.
      bool gives_way = false;
      for (const auto& special : specials) {
        if (b.starts_at >= special.starts_at && b.starts_at < special.ends_at) gives_way = true;
        if (b.starts_at < special.starts_at && b.ends_at > special.starts_at) b.ends_at = special.starts_at;
      }
      if (!gives_way && b.ends_at > b.starts_at) result.push_back(std::move(b));
    }
    result.insert(result.end(), specials.begin(), specials.end());
  }
  std::sort(result.begin(), result.end(), [](const auto& a, const auto& b) { return a.starts_at < b.starts_at; });
  return result;
}

int materialise_schedule(store::Database& db, domain::LocalDate first, domain::LocalDate last) {
  auto session = db.lease();
  store::StationRepository station(*session);
  store::ScheduleRepository schedule(*session);
  store::BroadcastRepository broadcasts(*session);
  int inserted = 0;
  for (const auto& channel : station.channel_slugs()) {
    store::Transaction tx(*session);
    auto planned =
        broadcasts_for(channel, station.schedule(channel),
                       schedule.changes(channel, domain::format_date(first), domain::format_date(last)), first, last);
    if (!planned.empty()) {
      const auto last_end = std::max_element(planned.begin(), planned.end(), [](const auto& a, const auto& b) {
                              return a.ends_at < b.ends_at;
                            })->ends_at;
      const auto stored = broadcasts.between(channel, planned.front().starts_at, last_end);
      // Same start: the insert keeps the stored one. Otherwise an overlap means the stored one was
      // planned from an older schedule and has started or been recorded since: it stays alone.
      std::erase_if(planned, [&stored](const domain::Broadcast& b) {
        return std::any_of(stored.begin(), stored.end(),
                           [&b](const domain::Broadcast& s) { return s.starts_at != b.starts_at && overlaps(s, b); });
      });
      inserted += broadcasts.materialise(planned);
    }
    tx.commit();
  }
  return inserted;
}

Replanned replan_channel(soci::session& session, const std::string& channel_slug, long long now) {
  const auto first = domain::local_date(now);
  const auto last = domain::add_days(first, kScheduleDaysAhead);
  const long long window_end = domain::local_to_unix(domain::add_days(last, 1), 0);
  store::StationRepository station(session);
  store::BroadcastRepository broadcasts(session);
  auto planned = broadcasts_for(
      channel_slug, station.schedule(channel_slug),
      store::ScheduleRepository(session).changes(channel_slug, domain::format_date(first), domain::format_date(last)),
      first, last);
  std::erase_if(planned, [now](const domain::Broadcast& b) { return b.starts_at <= now; });

  std::vector<domain::Broadcast> fixed;
  std::vector<domain::Broadcast> movable;
  for (auto& b : broadcasts.between(channel_slug, now, window_end)) {
    const bool kept = b.starts_at <= now || b.audio_url.has_value() || b.starts_at >= window_end;
    (kept ? fixed : movable).push_back(std::move(b));
  }
  std::erase_if(planned, [&fixed](const domain::Broadcast& b) { return overlaps_any(b, fixed); });

  Replanned done;
  for (const auto& stored : movable) {
    auto match = std::find_if(planned.begin(), planned.end(),
                              [&stored](const domain::Broadcast& b) { return b.starts_at == stored.starts_at; });
    if (match == planned.end()) {
      broadcasts.remove(stored.id);
      ++done.removed;
      continue;
    }
    // The stored one keeps its id (and so its page address) when only its details changed.
    if (match->ends_at != stored.ends_at || match->programme_id != stored.programme_id || match->slug != stored.slug ||
        match->title != stored.title || match->image_url != stored.image_url) {
      match->id = stored.id;
      broadcasts.update_planned(*match);
      ++done.updated;
    }
    planned.erase(match);
  }
  done.inserted = broadcasts.materialise(planned);
  return done;
}

}  // namespace ether::playout
