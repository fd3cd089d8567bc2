#include "store/broadcast_repository.hpp"

#include <string>

#include "store/nullable.hpp"

namespace ether::store {

int BroadcastRepository::materialise(const std::vector<domain::Broadcast>& broadcasts) {
  if (broadcasts.empty()) return 0;
  domain::Broadcast row;
  Nullable<long long> programme;
  Nullable<std::string> audio;
  soci::statement st =
      (session_.prepare << "INSERT INTO broadcasts (channel_slug, programme_id, slug, title, starts_at, ends_at, "
                           "image_url, audio_url) VALUES (:channel, :programme, :slug, :title, :starts, :ends, :image, "
                           ":audio) ON CONFLICT (channel_slug, starts_at) DO NOTHING",
       soci::use(row.channel_slug), soci::use(programme.value, programme.ind), soci::use(row.slug),
       soci::use(row.title), soci::use(row.starts_at), soci::use(row.ends_at), soci::use(row.image_url),
       soci::use(audio.value, audio.ind));
  int inserted = 0;
  for (const auto& broadcast : broadcasts) {
    row = broadcast;
    programme.assign(broadcast.programme_id);
    audio.assign(broadcast.audio_url);
    st.execute(true);
    inserted += static_cast<int>(st.get_affected_rows());
  }
  return inserted;
}

namespace {

// Runs `condition` (what follows WHERE, its parameters already exchanged on `st`) over the
// broadcasts and reads every row, so that each read selects the same columns the same way.
std::vector<domain::Broadcast> select_broadcasts(soci::statement& st, const std::string& condition) {
  std::vector<domain::Broadcast> result;
  domain::Broadcast row;
  Nullable<long long> programme;
  Nullable<std::string> audio;
  st.exchange(soci::into(row.id));
  st.exchange(soci::into(row.channel_slug));
  st.exchange(soci::into(programme.value, programme.ind));
  st.exchange(soci::into(row.slug));
  st.exchange(soci::into(row.title));
  st.exchange(soci::into(row.starts_at));
  st.exchange(soci::into(row.ends_at));
  st.exchange(soci::into(row.image_url));
  st.exchange(soci::into(audio.value, audio.ind));
  st.alloc();
  st.prepare(
      "SELECT id, channel_slug, programme_id, slug, title, starts_at, ends_at, image_url, audio_url FROM "
      "broadcasts WHERE " +
      condition);
  st.define_and_bind();
  st.execute();
  while (st.fetch()) {
    row.programme_id = programme.get();
    row.audio_url = audio.get();
    result.push_back(row);
  }
  return result;
}

}  // namespace

std::vector<domain::Broadcast> BroadcastRepository::between(const std::string& channel_slug, long long from,
                                                            long long until) {
  soci::statement st(session_);
  st.exchange(soci::use(channel_slug));
  st.exchange(soci::use(from));
  st.exchange(soci::use(until));
  return select_broadcasts(st, "channel_slug = :channel AND ends_at > :from AND starts_at < :until ORDER BY starts_at");
}

std::vector<domain::Broadcast> BroadcastRepository::of_programme(long long programme_id, long long from,
                                                                 long long until, int limit) {
  soci::statement st(session_);
  st.exchange(soci::use(programme_id));
  st.exchange(soci::use(from));
  st.exchange(soci::use(until));
  st.exchange(soci::use(limit));
  return select_broadcasts(
      st, "programme_id = :programme AND ends_at > :from AND starts_at < :until ORDER BY starts_at DESC, id LIMIT :n");
}

void BroadcastRepository::update_planned(const domain::Broadcast& b) {
  Nullable<long long> programme(b.programme_id);
  session_ << "UPDATE broadcasts SET programme_id = :programme, slug = :slug, title = :title, ends_at = :ends, "
              "image_url = :image WHERE id = :id",
      soci::use(programme.value, programme.ind), soci::use(b.slug), soci::use(b.title), soci::use(b.ends_at),
      soci::use(b.image_url), soci::use(b.id);
}

void BroadcastRepository::remove(long long id) { session_ << "DELETE FROM broadcasts WHERE id = :id", soci::use(id); }

}  // namespace ether::store
