#include "store/broadcast_repository.hpp"

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

std::vector<domain::Broadcast> BroadcastRepository::between(const std::string& channel_slug, long long from,
                                                            long long until) {
  std::vector<domain::Broadcast> result;
  domain::Broadcast row;
  Nullable<long long> programme;
  Nullable<std::string> audio;
  soci::statement st =
      (session_.prepare << "SELECT id, channel_slug, programme_id, slug, title, starts_at, ends_at, image_url, "
                           "audio_url FROM broadcasts WHERE channel_slug = :channel AND ends_at > :from AND "
                           "starts_at < :until ORDER BY starts_at",
       soci::use(channel_slug), soci::use(from), soci::use(until), soci::into(row.id), soci::into(row.channel_slug),
       soci::into(programme.value, programme.ind), soci::into(row.slug), soci::into(row.title),
       soci::into(row.starts_at), soci::into(row.ends_at), soci::into(row.image_url),
       soci::into(audio.value, audio.ind));
  st.execute();
  while (st.fetch()) {
    row.programme_id = programme.get();
    row.audio_url = audio.get();
    result.push_back(row);
  }
  return result;
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
