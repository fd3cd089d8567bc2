#include "store/station_repository.hpp"

#include "store/nullable.hpp"

namespace ether::store {

long long StationRepository::insert_channel(const domain::Channel& c) {
  Nullable<std::string> parent(c.parent_slug), stream(c.stream_url), video(c.live_video_url);
  int has_programming = c.has_programming ? 1 : 0;
  int classical = c.classical ? 1 : 0;
  long long id = 0;
  session_ << "INSERT INTO channels (slug, name, parent_slug, description, genre, color, logo_url, sort_order, "
              "has_programming, player_mode, classical, stream_url, live_video_url, popout_url) VALUES (:slug, :name, "
              ":parent, :description, :genre, :color, :logo, :sort, :programming, :mode, :classical, :stream, :video, "
              ":popout) RETURNING id",
      soci::use(c.slug), soci::use(c.name), soci::use(parent.value, parent.ind), soci::use(c.description),
      soci::use(c.genre), soci::use(c.color), soci::use(c.logo_url), soci::use(c.sort_order),
      soci::use(has_programming), soci::use(c.player_mode), soci::use(classical), soci::use(stream.value, stream.ind),
      soci::use(video.value, video.ind), soci::use(c.popout_url), soci::into(id);
  return id;
}

long long StationRepository::insert_broadcaster(const domain::Broadcaster& b) {
  long long id = 0;
  session_ << "INSERT INTO broadcasters (slug, name, alias, logo_url) VALUES (:slug, :name, :alias, :logo) "
              "RETURNING id",
      soci::use(b.slug), soci::use(b.name), soci::use(b.alias), soci::use(b.logo_url), soci::into(id);
  return id;
}

long long StationRepository::insert_presenter(const domain::Presenter& p) {
  long long id = 0;
  session_ << "INSERT INTO presenters (slug, name, role, bio, image_url) VALUES (:slug, :name, :role, :bio, :image) "
              "RETURNING id",
      soci::use(p.slug), soci::use(p.name), soci::use(p.role), soci::use(p.bio), soci::use(p.image_url), soci::into(id);
  return id;
}

long long StationRepository::insert_programme(const domain::Programme& p) {
  long long id = 0;
  session_ << "INSERT INTO programmes (slug, name, channel_slug, summary, description, image_url) VALUES (:slug, "
              ":name, :channel, :summary, :description, :image) RETURNING id",
      soci::use(p.slug), soci::use(p.name), soci::use(p.channel_slug), soci::use(p.summary), soci::use(p.description),
      soci::use(p.image_url), soci::into(id);
  return id;
}

long long StationRepository::insert_schedule_slot(const domain::ScheduleSlot& s) {
  long long id = 0;
  session_ << "INSERT INTO schedule_slots (channel_slug, programme_id, weekday, start_minute, end_minute) VALUES "
              "(:channel, :programme, :weekday, :start, :end) RETURNING id",
      soci::use(s.channel_slug), soci::use(s.programme_id), soci::use(s.weekday), soci::use(s.start_minute),
      soci::use(s.end_minute), soci::into(id);
  return id;
}

void StationRepository::add_channel_broadcaster(const std::string& channel_slug, const std::string& broadcaster_slug) {
  session_ << "INSERT INTO channel_broadcasters (channel_slug, broadcaster_slug) VALUES (:channel, :broadcaster)",
      soci::use(channel_slug), soci::use(broadcaster_slug);
}

void StationRepository::add_programme_presenter(long long programme_id, long long presenter_id, int position) {
  session_ << "INSERT INTO programme_presenters (programme_id, presenter_id, position) VALUES (:programme, "
              ":presenter, :position)",
      soci::use(programme_id), soci::use(presenter_id), soci::use(position);
}

void StationRepository::add_programme_broadcaster(long long programme_id, const std::string& broadcaster_slug) {
  session_ << "INSERT INTO programme_broadcasters (programme_id, broadcaster_slug) VALUES (:programme, :broadcaster)",
      soci::use(programme_id), soci::use(broadcaster_slug);
}

void StationRepository::add_rotation_entry(const std::string& channel_slug, int position, long long song_id,
                                           std::optional<int> chart_position) {
  Nullable<int> chart(chart_position);
  session_ << "INSERT INTO channel_rotation (channel_slug, position, song_id, chart_position) VALUES (:channel, "
              ":position, :song, :chart)",
      soci::use(channel_slug), soci::use(position), soci::use(song_id), soci::use(chart.value, chart.ind);
}

std::vector<std::string> StationRepository::channel_slugs() {
  std::vector<std::string> slugs;
  std::string slug;
  soci::statement st = (session_.prepare << "SELECT slug FROM channels ORDER BY sort_order, slug", soci::into(slug));
  st.execute();
  while (st.fetch()) slugs.push_back(slug);
  return slugs;
}

bool StationRepository::has_channel(const std::string& slug) {
  long long count = 0;
  session_ << "SELECT COUNT(*) FROM channels WHERE slug = :s", soci::into(count), soci::use(slug);
  return count > 0;
}

std::vector<domain::RotationEntry> StationRepository::rotation(const std::string& channel_slug) {
  std::vector<domain::RotationEntry> entries;
  domain::RotationEntry entry;
  Nullable<int> chart;
  soci::statement st =
      (session_.prepare << "SELECT r.position, r.song_id, r.chart_position, s.duration_ms FROM channel_rotation r "
                           "JOIN songs s ON s.id = r.song_id WHERE r.channel_slug = :channel ORDER BY r.position",
       soci::use(channel_slug), soci::into(entry.position), soci::into(entry.song_id),
       soci::into(chart.value, chart.ind), soci::into(entry.duration_ms));
  st.execute();
  while (st.fetch()) {
    entry.chart_position = chart.get();
    entries.push_back(entry);
  }
  return entries;
}

std::vector<RotationSong> StationRepository::rotation_songs(const std::string& channel_slug) {
  std::vector<RotationSong> songs;
  RotationSong song;
  Nullable<int> chart;
  soci::statement st =
      (session_.prepare << "SELECT r.position, r.song_id, r.chart_position, s.duration_ms, s.audio_path, s.title, "
                           "s.artist FROM channel_rotation r JOIN songs s ON s.id = r.song_id WHERE r.channel_slug = "
                           ":channel ORDER BY r.position",
       soci::use(channel_slug), soci::into(song.entry.position), soci::into(song.entry.song_id),
       soci::into(chart.value, chart.ind), soci::into(song.entry.duration_ms), soci::into(song.audio_path),
       soci::into(song.title), soci::into(song.artist));
  st.execute();
  while (st.fetch()) {
    song.entry.chart_position = chart.get();
    songs.push_back(song);
  }
  return songs;
}

std::vector<SlotWithProgramme> StationRepository::schedule(const std::string& channel_slug) {
  std::vector<SlotWithProgramme> slots;
  SlotWithProgramme row;
  soci::statement st =
      (session_.prepare << "SELECT s.id, s.programme_id, s.weekday, s.start_minute, s.end_minute, p.slug, p.name, "
                           "p.image_url, s.version FROM schedule_slots s JOIN programmes p ON p.id = s.programme_id "
                           "WHERE s.channel_slug = :channel ORDER BY s.weekday, s.start_minute",
       soci::use(channel_slug), soci::into(row.slot.id), soci::into(row.slot.programme_id),
       soci::into(row.slot.weekday), soci::into(row.slot.start_minute), soci::into(row.slot.end_minute),
       soci::into(row.programme_slug), soci::into(row.programme_name), soci::into(row.programme_image_url),
       soci::into(row.version));
  st.execute();
  while (st.fetch()) {
    row.slot.channel_slug = channel_slug;
    slots.push_back(row);
  }
  return slots;
}

std::optional<long long> StationRepository::programme_id(const std::string& programme_slug) {
  long long id = 0;
  session_ << "SELECT id FROM programmes WHERE slug = :slug", soci::use(programme_slug), soci::into(id);
  if (!session_.got_data()) return std::nullopt;
  return id;
}

}  // namespace ether::store
