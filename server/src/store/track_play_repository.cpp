#include "store/track_play_repository.hpp"

#include <algorithm>
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
  for (const auto& play : plays) {
    if (play.ends_at <= play.starts_at) {
      throw std::invalid_argument("track play on " + channel_slug + " ends before it starts");
    }
  }
  // A playout catching up after two days records tens of thousands of plays. One statement per
  // play is one round trip each, which on a loaded PostgreSQL kept a starting instance from being
  // ready for over 30 s; a statement per batch is one round trip per batch. The numbers are
  // written into the SQL (integers, nothing to quote) and only the channel is bound, once per row
  // since a name used twice is not bound the same way by every backend.
  constexpr std::size_t kRowsPerStatement = 250;
  int inserted = 0;
  for (std::size_t first = 0; first < plays.size(); first += kRowsPerStatement) {
    const auto last = std::min(plays.size(), first + kRowsPerStatement);
    std::string sql = "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, chart_position) VALUES ";
    soci::statement statement(session_);
    for (auto i = first; i < last; ++i) {
      const auto& play = plays[i];
      const auto name = "c" + std::to_string(i - first);
      if (i > first) sql += ", ";
      sql += "(:" + name + ", " + std::to_string(play.song_id) + ", " + std::to_string(play.starts_at) + ", " +
             std::to_string(play.ends_at) + ", " +
             (play.chart_position ? std::to_string(*play.chart_position) : std::string("NULL")) + ")";
      statement.exchange(soci::use(channel_slug, name));
    }
    sql += " ON CONFLICT (channel_slug, starts_at) DO NOTHING";
    statement.alloc();
    statement.prepare(sql);
    statement.define_and_bind();
    statement.execute(true);
    inserted += static_cast<int>(statement.get_affected_rows());
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

namespace {

constexpr const char* kLoggedColumns =
    "SELECT tp.id, tp.channel_slug, tp.starts_at, tp.ends_at, tp.song_id, s.artist, s.title, tp.source, tp.hidden_at, "
    "COALESCE(tp.hidden_by, '') FROM track_plays tp JOIN songs s ON s.id = tp.song_id ";

// A LoggedPlay as a statement fetches it: the nullable column beside it.
struct LoggedRow {
  LoggedPlay play;
  Nullable<long long> hidden_at;

  LoggedPlay get() {
    play.hidden_at = hidden_at.get();
    return play;
  }
};

// Binds the columns of kLoggedColumns to `row`.
soci::details::prepare_temp_type& into_logged(soci::details::prepare_temp_type&& statement, LoggedRow& row) {
  return (statement, soci::into(row.play.id), soci::into(row.play.channel), soci::into(row.play.starts_at),
          soci::into(row.play.ends_at), soci::into(row.play.song_id), soci::into(row.play.artist),
          soci::into(row.play.title), soci::into(row.play.source), soci::into(row.hidden_at.value, row.hidden_at.ind),
          soci::into(row.play.hidden_by));
}

}  // namespace

std::vector<LoggedPlay> TrackPlayRepository::logged(const std::string& channel_slug, long long from, long long until,
                                                    long long limit, long long offset) {
  std::vector<LoggedPlay> result;
  LoggedRow row;
  soci::statement st =
      (into_logged(session_.prepare << std::string(kLoggedColumns) +
                                           "WHERE tp.channel_slug = :channel AND tp.starts_at >= :from AND "
                                           "tp.starts_at < :until ORDER BY tp.starts_at DESC, tp.id DESC "
                                           "LIMIT :limit OFFSET :offset",
                   row),
       soci::use(channel_slug), soci::use(from), soci::use(until), soci::use(limit), soci::use(offset));
  st.execute();
  while (st.fetch()) result.push_back(row.get());
  return result;
}

long long TrackPlayRepository::count_logged(const std::string& channel_slug, long long from, long long until) {
  long long count = 0;
  session_ << "SELECT COUNT(*) FROM track_plays WHERE channel_slug = :channel AND starts_at >= :from AND "
              "starts_at < :until",
      soci::into(count), soci::use(channel_slug), soci::use(from), soci::use(until);
  return count;
}

std::optional<LoggedPlay> TrackPlayRepository::find_logged(long long id) {
  LoggedRow row;
  soci::statement st =
      (into_logged(session_.prepare << std::string(kLoggedColumns) + "WHERE tp.id = :id", row), soci::use(id));
  st.execute();
  if (!st.fetch()) return std::nullopt;
  return row.get();
}

void TrackPlayRepository::set_hidden(long long id, std::optional<long long> hidden_at, const std::string& by) {
  Nullable<long long> at(hidden_at);
  Nullable<std::string> who(hidden_at ? std::optional<std::string>(by) : std::nullopt);
  session_ << "UPDATE track_plays SET hidden_at = :at, hidden_by = :by WHERE id = :id", soci::use(at.value, at.ind),
      soci::use(who.value, who.ind), soci::use(id);
}

std::vector<PlayForReport> TrackPlayRepository::for_report(const std::string& channel_slug, long long from,
                                                           long long until) {
  std::vector<PlayForReport> result;
  PlayForReport row;
  Nullable<std::string> album;
  Nullable<std::string> label;
  Nullable<std::string> isrc;
  Nullable<std::string> composer;
  soci::statement st =
      (session_.prepare << "SELECT tp.starts_at, tp.ends_at, s.artist, s.title, s.album, s.label, s.isrc, s.composer, "
                           "s.duration_ms, tp.song_id FROM track_plays tp JOIN songs s ON s.id = tp.song_id "
                           "WHERE tp.channel_slug = :channel AND tp.starts_at >= :from AND tp.starts_at < :until "
                           "AND tp.hidden_at IS NULL ORDER BY tp.starts_at",
       soci::use(channel_slug), soci::use(from), soci::use(until), soci::into(row.starts_at), soci::into(row.ends_at),
       soci::into(row.artist), soci::into(row.title), soci::into(album.value, album.ind),
       soci::into(label.value, label.ind), soci::into(isrc.value, isrc.ind), soci::into(composer.value, composer.ind),
       soci::into(row.duration_ms), soci::into(row.song_id));
  st.execute();
  while (st.fetch()) {
    row.album = album.get().value_or("");
    row.label = label.get().value_or("");
    row.isrc = isrc.get().value_or("");
    row.composer = composer.get().value_or("");
    result.push_back(row);
  }
  return result;
}

}  // namespace ether::store
