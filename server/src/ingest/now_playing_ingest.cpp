#include "ingest/now_playing_ingest.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>

#include "pages/route_builder.hpp"
#include "store/nullable.hpp"
#include "store/station_repository.hpp"

namespace ether::ingest {
namespace {

constexpr std::array<std::pair<ItemKind, std::string_view>, 5> kKinds{{{ItemKind::song, "song"},
                                                                       {ItemKind::ad, "ad"},
                                                                       {ItemKind::news, "news"},
                                                                       {ItemKind::jingle, "jingle"},
                                                                       {ItemKind::speech, "speech"}}};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

struct PreviousItem {
  long long id = 0;
  std::string identity;
  long long starts_at = 0;
  long long ends_at = 0;
};

// A song the catalogue knew without its album or label learns them; values it has stay, so that a
// playout that names a compilation once does not change the song's album back and forth.
void learn_album_and_label(soci::session& sql, const NowPlayingItem& item, long long id) {
  if (!item.album.empty())
    sql << "UPDATE songs SET album = :a WHERE id = :id AND album IS NULL", soci::use(item.album), soci::use(id);
  if (!item.label.empty())
    sql << "UPDATE songs SET label = :l WHERE id = :id AND label IS NULL", soci::use(item.label), soci::use(id);
}

// The song of an item: by ISRC, then external id, then artist and title ignoring (ASCII) case;
// added to the catalogue when none matches. Ingested songs have no audio of ours.
long long find_or_add_song(soci::session& sql, const NowPlayingItem& item) {
  long long id = 0;
  if (!item.isrc.empty()) {
    sql << "SELECT id FROM songs WHERE isrc = :i ORDER BY id LIMIT 1", soci::into(id), soci::use(item.isrc);
    if (sql.got_data()) {
      learn_album_and_label(sql, item, id);
      return id;
    }
  }
  if (!item.external_id.empty()) {
    sql << "SELECT id FROM songs WHERE external_id = :e ORDER BY id LIMIT 1", soci::into(id),
        soci::use(item.external_id);
    if (sql.got_data()) {
      learn_album_and_label(sql, item, id);
      return id;
    }
  }
  const auto artist = lower(item.artist);
  const auto title = lower(item.title);
  sql << "SELECT id FROM songs WHERE LOWER(artist) = :a AND LOWER(title) = :t ORDER BY id LIMIT 1", soci::into(id),
      soci::use(artist), soci::use(title);
  if (sql.got_data()) {
    // A song first named without its ISRC learns it now, so that the next lookup is exact.
    if (!item.isrc.empty())
      sql << "UPDATE songs SET isrc = :i WHERE id = :id AND isrc IS NULL", soci::use(item.isrc), soci::use(id);
    learn_album_and_label(sql, item, id);
    return id;
  }

  // A valid slug (domain::is_valid_slug) has no edge hyphens, which §5's slugify keeps.
  const auto slugified = pages::slugify(item.artist + " " + item.title);
  const auto first = slugified.find_first_not_of('-');
  std::string base = first == std::string::npos ? std::string() : slugified.substr(first, 56);
  while (!base.empty() && base.back() == '-') base.pop_back();
  if (base.empty()) base = "nummer";
  std::string slug = base;
  for (int n = 2;; ++n) {
    long long taken = 0;
    sql << "SELECT COUNT(*) FROM songs WHERE slug = :s", soci::into(taken), soci::use(slug);
    if (taken == 0) break;
    slug = base + "-" + std::to_string(n);
  }
  store::Nullable<std::string> isrc(item.isrc.empty() ? std::nullopt : std::optional<std::string>(item.isrc));
  store::Nullable<std::string> external(item.external_id.empty() ? std::nullopt
                                                                 : std::optional<std::string>(item.external_id));
  store::Nullable<std::string> album(item.album.empty() ? std::nullopt : std::optional<std::string>(item.album));
  store::Nullable<std::string> label(item.label.empty() ? std::nullopt : std::optional<std::string>(item.label));
  const long long duration_ms = item.duration_ms.value_or(0);
  const std::string no_audio;
  sql << "INSERT INTO songs (slug, title, artist, audio_path, duration_ms, isrc, external_id, album, label) "
         "VALUES (:slug, :title, :artist, :audio, :duration, :isrc, :ext, :album, :label) RETURNING id",
      soci::use(slug), soci::use(item.title), soci::use(item.artist), soci::use(no_audio), soci::use(duration_ms),
      soci::use(isrc.value, isrc.ind), soci::use(external.value, external.ind), soci::use(album.value, album.ind),
      soci::use(label.value, label.ind), soci::into(id);
  return id;
}

}  // namespace

std::string_view kind_name(ItemKind kind) {
  for (const auto& [k, name] : kKinds) {
    if (k == kind) return name;
  }
  return "song";
}

std::optional<ItemKind> parse_kind(std::string_view name) {
  for (const auto& [kind, known] : kKinds) {
    if (known == name) return kind;
  }
  return std::nullopt;
}

std::string item_identity(const NowPlayingItem& item) {
  std::string identity = std::string(kind_name(item.kind)) + ":";
  if (!item.isrc.empty()) return identity + "isrc:" + item.isrc;
  if (!item.external_id.empty()) return identity + "ext:" + item.external_id;
  return identity + "text:" + lower(item.artist) + "|" + lower(item.title);
}

NowPlayingIngest::NowPlayingIngest(store::Database& db, std::int64_t hold_seconds)
    : db_(db), hold_seconds_(hold_seconds) {}

NowPlayingIngest::~NowPlayingIngest() { stop(); }

std::optional<IngestOutcome> NowPlayingIngest::ingest(const NowPlayingItem& item, std::int64_t now) {
  IngestOutcome outcome;
  const long long starts = item.starts_at;
  const auto identity = item_identity(item);
  {
    auto lease = db_.lease();
    soci::session& sql = *lease;
    store::Transaction tx(sql);
    if (!store::StationRepository(sql).has_channel(item.channel)) return std::nullopt;

    PreviousItem previous;
    sql << "SELECT id, identity, starts_at, ends_at FROM nowplaying_items WHERE channel_slug = :c AND starts_at <= :s "
           "ORDER BY starts_at DESC LIMIT 1",
        soci::into(previous.id), soci::into(previous.identity), soci::into(previous.starts_at),
        soci::into(previous.ends_at), soci::use(item.channel, "c"), soci::use(starts, "s");
    if (sql.got_data()) {
      if (previous.identity == identity && starts < previous.ends_at) {
        outcome.repeated = true;
        outcome.item_id = previous.id;
        long long play = 0;
        soci::indicator play_ind = soci::i_null;
        sql << "SELECT track_play_id FROM nowplaying_items WHERE id = :id", soci::into(play, play_ind),
            soci::use(previous.id);
        if (play_ind == soci::i_ok) outcome.track_play_id = play;
        outcome.starts_at = previous.starts_at;
        outcome.ends_at = previous.ends_at;
        return outcome;
      }
      if (previous.starts_at == starts) {
        // Another item at the same second: a correction; the newer word wins.
        sql << "DELETE FROM track_plays WHERE channel_slug = :c AND starts_at = :s AND source = 'ingest'",
            soci::use(item.channel, "c"), soci::use(starts, "s");
        sql << "DELETE FROM nowplaying_items WHERE id = :id", soci::use(previous.id);
      }
    }

    long long ends = starts + (item.duration_ms ? std::max<long long>(1, *item.duration_ms / 1000) : hold_seconds_);
    // An item announced late (its start before an item already known) ends where that one starts.
    long long later_start = 0;
    soci::indicator later_ind = soci::i_null;
    sql << "SELECT MIN(starts_at) FROM nowplaying_items WHERE channel_slug = :c AND starts_at > :s",
        soci::into(later_start, later_ind), soci::use(item.channel, "c"), soci::use(starts, "s");
    if (later_ind == soci::i_ok) ends = std::min(ends, later_start);

    // The item and the play before it end where this one starts.
    sql << "UPDATE nowplaying_items SET ends_at = :s WHERE channel_slug = :c AND starts_at < :s2 AND ends_at > :s3",
        soci::use(starts, "s"), soci::use(item.channel, "c"), soci::use(starts, "s2"), soci::use(starts, "s3");
    sql << "UPDATE track_plays SET ends_at = :s WHERE channel_slug = :c AND starts_at < :s2 AND ends_at > :s3",
        soci::use(starts, "s"), soci::use(item.channel, "c"), soci::use(starts, "s2"), soci::use(starts, "s3");
    // The demo playout's plays recorded ahead within the window give way (it records no more there).
    sql << "DELETE FROM track_plays WHERE channel_slug = :c AND source = 'playout' AND starts_at >= :s AND "
           "starts_at < :e",
        soci::use(item.channel, "c"), soci::use(starts, "s"), soci::use(ends, "e");

    store::Nullable<long long> song_id;
    store::Nullable<long long> play_id;
    if (item.kind == ItemKind::song) {
      const long long song = find_or_add_song(sql, item);
      song_id.assign(song);
      const std::string source = "ingest";
      sql << "INSERT INTO track_plays (channel_slug, song_id, starts_at, ends_at, source) "
             "VALUES (:c, :song, :s, :e, :src) RETURNING id",
          soci::use(item.channel), soci::use(song), soci::use(starts), soci::use(ends), soci::use(source),
          soci::into(play_id.value);
      play_id.ind = soci::i_ok;
      outcome.track_play_id = play_id.value;
    }
    const std::string kind(kind_name(item.kind));
    const int has_duration = item.duration_ms ? 1 : 0;
    const int from_source = item.from_source ? 1 : 0;
    const long long received = now;
    long long item_id = 0;
    sql << "INSERT INTO nowplaying_items (channel_slug, kind, identity, artist, title, starts_at, ends_at, "
           "has_duration, song_id, track_play_id, next_json, received_at, from_source) VALUES (:c, :k, :i, :a, :t, "
           ":s, :e, :d, :song, :play, :next, :r, :src) RETURNING id",
        soci::use(item.channel), soci::use(kind), soci::use(identity), soci::use(item.artist), soci::use(item.title),
        soci::use(starts), soci::use(ends), soci::use(has_duration), soci::use(song_id.value, song_id.ind),
        soci::use(play_id.value, play_id.ind), soci::use(item.next_json), soci::use(received), soci::use(from_source),
        soci::into(item_id);
    tx.commit();
    outcome.item_id = item_id;
    outcome.starts_at = starts;
    outcome.ends_at = ends;
  }
  for (const auto& listener : listeners_) {
    try {
      listener(item, outcome);
    } catch (const std::exception& error) {
      spdlog::warn("now-playing {}: a listener failed: {}", item.channel, error.what());
    }
  }
  return outcome;
}

int NowPlayingIngest::end_source_items(const std::string& channel, std::int64_t at) {
  const long long until = at;
  auto lease = db_.lease();
  soci::session& sql = *lease;
  store::Transaction tx(sql);
  // An item that started in the very second the source left keeps its hold: it may be the next
  // source's already.
  sql << "UPDATE track_plays SET ends_at = :a WHERE id IN (SELECT track_play_id FROM nowplaying_items WHERE "
         "channel_slug = :c AND from_source = 1 AND starts_at < :a2 AND ends_at > :a3) AND ends_at > :a4",
      soci::use(until, "a"), soci::use(channel, "c"), soci::use(until, "a2"), soci::use(until, "a3"),
      soci::use(until, "a4");
  soci::statement items =
      (sql.prepare << "UPDATE nowplaying_items SET ends_at = :a WHERE channel_slug = :c AND "
                      "from_source = 1 AND starts_at < :a2 AND ends_at > :a3",
       soci::use(until, "a"), soci::use(channel, "c"), soci::use(until, "a2"), soci::use(until, "a3"));
  items.execute(true);
  const auto ended = static_cast<int>(items.get_affected_rows());
  tx.commit();
  return ended;
}

void NowPlayingIngest::source_off_air(const std::string& channel, std::int64_t at) {
  std::lock_guard lock(off_air_mutex_);
  off_air_.emplace_back(channel, at);
  if (!off_air_thread_.joinable()) {
    off_air_thread_ = std::jthread([this](const std::stop_token& stop) { end_off_air_items(stop); });
  }
  off_air_wake_.notify_all();
}

void NowPlayingIngest::end_off_air_items(const std::stop_token& stop) {
  bool retry = false;
  bool failing = false;
  std::unique_lock lock(off_air_mutex_);
  while (!stop.stop_requested()) {
    if (off_air_.empty() || retry) {
      // While the store fails, the instants wait and are tried again a second later.
      off_air_wake_.wait_for(lock, stop, std::chrono::seconds(1),
                             [this, &retry] { return !retry && !off_air_.empty(); });
      retry = false;
      if (off_air_.empty()) continue;
    }
    const auto [channel, at] = off_air_.front();
    lock.unlock();
    try {
      const int ended = end_source_items(channel, at);
      spdlog::info("now-playing {}: the source went off air; {} of its items ended", channel, ended);
      for (const auto& listener : ended_listeners_) {
        try {
          listener(channel, at);
        } catch (const std::exception& error) {
          spdlog::warn("now-playing {}: a listener failed: {}", channel, error.what());
        }
      }
      failing = false;
      lock.lock();
      off_air_.pop_front();
    } catch (const std::exception& error) {
      if (!failing) spdlog::warn("now-playing {}: cannot end the source's items (retrying): {}", channel, error.what());
      failing = true;
      retry = true;
      lock.lock();
    }
  }
}

void NowPlayingIngest::stop() {
  std::jthread thread;
  {
    std::lock_guard lock(off_air_mutex_);
    thread = std::move(off_air_thread_);
  }
  if (thread.joinable()) {
    thread.request_stop();
    thread.join();
  }
}

std::vector<long long> NowPlayingIngest::source_end_times(soci::session& session, const std::string& channel,
                                                          long long from, long long until) {
  std::vector<long long> instants;
  long long ends = 0;
  soci::statement st =
      (session.prepare << "SELECT DISTINCT ends_at FROM nowplaying_items WHERE channel_slug = :c AND from_source = 1 "
                          "AND ends_at >= :f AND ends_at <= :u ORDER BY ends_at",
       soci::into(ends), soci::use(channel), soci::use(from), soci::use(until));
  st.execute();
  while (st.fetch()) instants.push_back(ends);
  return instants;
}

std::vector<std::pair<long long, long long>> NowPlayingIngest::give_way_windows(soci::session& session,
                                                                                const std::string& channel,
                                                                                long long from) {
  std::vector<std::pair<long long, long long>> windows;
  long long starts = 0;
  long long ends = 0;
  soci::statement st = (session.prepare << "SELECT starts_at, ends_at FROM nowplaying_items WHERE channel_slug = :c "
                                           "AND ends_at > :f ORDER BY starts_at",
                        soci::into(starts), soci::into(ends), soci::use(channel), soci::use(from));
  st.execute();
  while (st.fetch()) windows.emplace_back(starts, ends);
  return windows;
}

}  // namespace ether::ingest
