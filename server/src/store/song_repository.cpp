#include "store/song_repository.hpp"

#include "store/nullable.hpp"

namespace ether::store {

long long SongRepository::insert(const domain::Song& s) {
  Nullable<std::string> composer(s.composer), work(s.complete_work), ensemble(s.ensemble), cover(s.cover_url);
  long long id = 0;
  session_ << "INSERT INTO songs (slug, title, artist, composer, complete_work, ensemble, cover_url, audio_path, "
              "duration_ms) VALUES (:slug, :title, :artist, :composer, :work, :ensemble, :cover, :audio, :duration) "
              "RETURNING id",
      soci::use(s.slug), soci::use(s.title), soci::use(s.artist), soci::use(composer.value, composer.ind),
      soci::use(work.value, work.ind), soci::use(ensemble.value, ensemble.ind), soci::use(cover.value, cover.ind),
      soci::use(s.audio_path), soci::use(s.duration_ms), soci::into(id);
  return id;
}

std::optional<domain::Song> SongRepository::find(long long id) {
  domain::Song s;
  Nullable<std::string> composer, work, ensemble, cover;
  session_ << "SELECT id, slug, title, artist, composer, complete_work, ensemble, cover_url, audio_path, duration_ms "
              "FROM songs WHERE id = :id",
      soci::use(id), soci::into(s.id), soci::into(s.slug), soci::into(s.title), soci::into(s.artist),
      soci::into(composer.value, composer.ind), soci::into(work.value, work.ind),
      soci::into(ensemble.value, ensemble.ind), soci::into(cover.value, cover.ind), soci::into(s.audio_path),
      soci::into(s.duration_ms);
  if (!session_.got_data()) return std::nullopt;
  s.composer = composer.get();
  s.complete_work = work.get();
  s.ensemble = ensemble.get();
  s.cover_url = cover.get();
  return s;
}

}  // namespace ether::store
