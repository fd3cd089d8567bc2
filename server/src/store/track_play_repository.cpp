#include "store/track_play_repository.hpp"

#include <stdexcept>

#include "store/nullable.hpp"

namespace ether::store {

bool TrackPlayRepository::record(const std::string& channel_slug, long long song_id, long long starts_at,
                                 long long ends_at, std::optional<int> chart_position) {
  domain::TrackPlay play;
  play.song_id = song_id;
  play.starts_at = starts_at;
  play.ends_at = ends_at;
  play.chart_position = chart_position;
  return record_all(channel_slug, {play}) == 1;
}

int TrackPlayRepository::record_all(const std::string& channel_slug, const std::vector<domain::TrackPlay>& plays) {
  if (plays.empty()) return 0;
  long long song_id = 0, starts_at = 0, ends_at = 0;
  Nullable<int> chart;
  soci::statement st =
      (session_.prepare << "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) "
                           "VALUES (:channel, :song, :starts, :ends, :chart) "
                           "ON CONFLICT (channel_slug, starts_at) DO NOTHING",
       soci::use(channel_slug), soci::use(song_id), soci::use(starts_at), soci::use(ends_at),
       soci::use(chart.value, chart.ind));
  int inserted = 0;
  for (const auto& play : plays) {
    if (play.ends_at <= play.starts_at) {
      throw std::invalid_argument("track play on " + channel_slug + " ends before it starts");
    }
    song_id = play.song_id;
    starts_at = play.starts_at;
    ends_at = play.ends_at;
    chart.assign(play.chart_position);
    st.execute(true);
    inserted += static_cast<int>(st.get_affected_rows());
  }
  return inserted;
}

std::optional<domain::TrackPlay> TrackPlayRepository::last_play(const std::string& channel_slug) {
  domain::TrackPlay play;
  Nullable<int> chart;
  session_ << "SELECT id, channel_slug, song_id, starts_at, ends_at, chart_position FROM track_plays "
              "WHERE channel_slug = :channel AND source = 'playout' ORDER BY starts_at DESC LIMIT 1",
      soci::use(channel_slug), soci::into(play.id), soci::into(play.channel_slug), soci::into(play.song_id),
      soci::into(play.starts_at), soci::into(play.ends_at), soci::into(chart.value, chart.ind);
  if (!session_.got_data()) return std::nullopt;
  play.chart_position = chart.get();
  return play;
}

std::optional<PlayWithSong> TrackPlayRepository::covering(const std::string& channel_slug, long long instant) {
  PlayWithSong result;
  Nullable<int> chart;
  session_ << "SELECT t.id, t.channel_slug, t.song_id, t.starts_at, t.ends_at, t.chart_position, s.audio_path, "
              "s.duration_ms, s.title, s.artist FROM track_plays t JOIN songs s ON s.id = t.song_id WHERE "
              "t.channel_slug = :channel AND t.source = 'playout' "
              "AND t.starts_at <= :instant AND t.ends_at > :instant2 ORDER BY t.starts_at DESC LIMIT 1",
      soci::use(channel_slug), soci::use(instant), soci::use(instant), soci::into(result.play.id),
      soci::into(result.play.channel_slug), soci::into(result.play.song_id), soci::into(result.play.starts_at),
      soci::into(result.play.ends_at), soci::into(chart.value, chart.ind), soci::into(result.audio_path),
      soci::into(result.duration_ms), soci::into(result.title), soci::into(result.artist);
  if (!session_.got_data()) return std::nullopt;
  result.play.chart_position = chart.get();
  return result;
}

std::vector<domain::TrackPlay> TrackPlayRepository::between(const std::string& channel_slug, long long from,
                                                            long long until) {
  std::vector<domain::TrackPlay> result;
  domain::TrackPlay row;
  Nullable<int> chart;
  soci::statement st =
      (session_.prepare << "SELECT id, channel_slug, song_id, starts_at, ends_at, chart_position FROM track_plays "
                           "WHERE channel_slug = :channel AND starts_at >= :from AND starts_at < :until "
                           "ORDER BY starts_at",
       soci::use(channel_slug), soci::use(from), soci::use(until), soci::into(row.id), soci::into(row.channel_slug),
       soci::into(row.song_id), soci::into(row.starts_at), soci::into(row.ends_at), soci::into(chart.value, chart.ind));
  st.execute();
  while (st.fetch()) {
    row.chart_position = chart.get();
    result.push_back(row);
  }
  return result;
}

}  // namespace ether::store
