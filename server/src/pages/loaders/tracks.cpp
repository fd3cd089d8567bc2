#include "pages/loaders/tracks.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "domain/broadcast_hours.hpp"
#include "pages/content_safety.hpp"
#include "pages/loaders/broadcasts.hpp"
#include "pages/queries/rows.hpp"
#include "store/publication.hpp"

namespace ether::pages::loaders {
namespace {

using queries::for_each_row;
using queries::int_at;
using queries::optional_int_at;
using queries::optional_text_at;
using queries::text_at;

struct SongRow {
  std::int64_t id = 0;
  std::string slug, title, artist;
  std::optional<std::string> composer, complete_work, ensemble, cover_url;
};

struct PlayRow {
  std::int64_t id = 0;
  std::string channel;
  std::int64_t from = 0, until = 0;
  std::optional<std::int64_t> chart_position;
};

std::optional<SongRow> song_of(soci::session& session, std::int64_t id) {
  std::optional<SongRow> song;
  for_each_row(session,
               "SELECT id, slug, title, artist, composer, complete_work, ensemble, cover_url FROM songs WHERE id = " +
                   std::to_string(id) + " AND " + store::not_trashed(""),
               {}, [&](const soci::row& row) {
                 song = SongRow{int_at(row, 0),           text_at(row, 1),          text_at(row, 2),
                                text_at(row, 3),          optional_text_at(row, 4), optional_text_at(row, 5),
                                optional_text_at(row, 6), optional_text_at(row, 7)};
               });
  return song;
}

// The newest play of each channel and clock hour that started by `now` (a play still on air counts),
// newest first: a song repeated within an hour is in the same recording, and a song the playout
// rotates often would otherwise fill the list with the current hour, which has no recording yet.
// Amsterdam's offsets are whole hours, so its clock hours are UTC's.
std::vector<PlayRow> plays_of(soci::session& session, std::int64_t song_id, std::int64_t now, int limit) {
  const auto song = std::to_string(song_id);
  std::vector<PlayRow> plays;
  for_each_row(session,
               "SELECT t.id, t.channel_slug, t.starts_at, t.ends_at, t.chart_position FROM track_plays t JOIN "
               "(SELECT channel_slug, MAX(starts_at) AS last_start FROM track_plays WHERE song_id = " +
                   song + " AND starts_at <= " + std::to_string(now) + " AND " + store::play_shown("") +
                   " GROUP BY channel_slug, starts_at / 3600 ORDER BY last_start DESC LIMIT " + std::to_string(limit) +
                   ") l ON t.channel_slug = l.channel_slug AND t.starts_at = l.last_start WHERE t.song_id = " + song +
                   " AND " + store::play_shown("t") + " ORDER BY t.starts_at DESC, t.id DESC",
               {}, [&](const soci::row& row) {
                 PlayRow play{int_at(row, 0), text_at(row, 1), int_at(row, 2), int_at(row, 3), optional_int_at(row, 4)};
                 // Two rows of one instant (a play recorded twice) are one play.
                 if (!plays.empty() && plays.back().channel == play.channel && plays.back().from == play.from) return;
                 plays.push_back(std::move(play));
               });
  return plays;
}

std::int64_t play_count(soci::session& session, std::int64_t song_id, std::int64_t now) {
  std::int64_t count = 0;
  for_each_row(session,
               "SELECT COUNT(*) FROM track_plays WHERE song_id = " + std::to_string(song_id) +
                   " AND starts_at <= " + std::to_string(now) + " AND " + store::play_shown(""),
               {}, [&](const soci::row& row) { count = int_at(row, 0); });
  return count;
}

json::value nullable(const std::optional<std::string>& text) {
  return text && !text->empty() ? json::value(*text) : json::value(nullptr);
}

}  // namespace

PageResult TracksLoader::track(const std::string& id_text) {
  const std::string missing = "Dit nummer is (nog) niet gedraaid. Zoek het op, of kijk wat er vandaag is gedraaid.";
  auto id = parse_positive(id_text);
  if (!id) return not_found(missing);
  auto song = song_of(catalog_.session(), *id);
  if (!song) return not_found(missing);
  auto plays = plays_of(catalog_.session(), song->id, catalog_.now(), kTrackPlaysShown);
  if (plays.empty()) return not_found(missing);
  auto total = play_count(catalog_.session(), song->id, catalog_.now());

  BroadcastsLoader broadcasts(request_);
  json::array play_list;
  for (const auto& play : plays) {
    // The broadcast on the channel when the song started, and the clock hour of it the song fell in:
    // the hour's recording is where the moment is heard again.
    auto moment = broadcasts.moment_hour(play.channel, play.from);
    const auto offset = play.from - moment.from;
    json::object recording = BroadcastsLoader::recording_json(moment.recorded, moment.from);
    // The day's played tracks list it while that list is kept.
    auto day = amsterdam_date(play.from);
    json::value played_tracks = nullptr;
    if (day >= add_days(ctx().today, -kKeptDaysBack))
      played_tracks = json::value(routes::gedraaid(ctx(), play.channel, day));
    play_list.push_back(json::object{
        {"id", play.id},
        {"from", iso_instant(play.from)},
        {"until", iso_instant(play.until)},
        {"chartPosition", play.chart_position ? json::value(*play.chart_position) : json::value(nullptr)},
        {"channel", catalog_.channel_ref(play.channel)},
        {"playedTracksUrl", std::move(played_tracks)},
        {"broadcast", std::move(moment.broadcast)},
        {"hour", std::move(moment.hour)},
        {"hours", std::move(moment.hours)},
        {"offsetSeconds", offset},
        {"recording", std::move(recording)},
    });
  }

  auto name = song->complete_work && !song->complete_work->empty() ? *song->complete_work : song->title;
  auto by = song->artist.empty() ? name : name + " van " + song->artist;
  const auto& last = plays.front();
  auto last_channel = field(catalog_.channel_ref(last.channel), "name");
  auto description = by + " is voor het laatst gedraaid op " + dutch_long_date(amsterdam_date(last.from)) + " om " +
                     amsterdam_clock(last.from) + " op " + last_channel + ".";
  auto url = routes::track(song->id, song->slug);
  auto cover = song->cover_url ? safe_url(*song->cover_url) : std::string();
  json::object track{{"id", song->id},
                     {"slug", song->slug},
                     {"url", url},
                     {"title", song->title},
                     {"artist", song->artist},
                     {"composer", nullable(song->composer)},
                     {"completeWork", nullable(song->complete_work)},
                     {"ensemble", nullable(song->ensemble)},
                     {"coverUrl", cover.empty() ? json::value(nullptr) : json::value(cover)}};
  return result("nummer", title(by), description, url,
                json::object{{"songId", std::to_string(song->id)}, {"songSlug", song->slug}},
                json::object{{"track", std::move(track)}, {"playCount", total}, {"plays", std::move(play_list)}});
}

}  // namespace ether::pages::loaders
