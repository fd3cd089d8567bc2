#include "player/miniplayer_info.hpp"

#include "domain/time.hpp"
#include "media/stored_files.hpp"
#include "pages/content_safety.hpp"
#include "store/publication.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <string>
#include <vector>

namespace ether::player {
namespace json = boost::json;

namespace {

struct BroadcastRow {
  long long id = 0;
  std::string slug;
  std::string title;
  long long starts_at = 0;
  long long ends_at = 0;
  std::string image_url;
  long long programme_id = 0;
  bool has_programme = false;
};

// A media library image ('{format}' in its URL) is named at each size the player asks for.
json::object photo_asset(const std::string& url) {
  return {{"url360", media::sized_image_url(url, {360, 360})},
          {"url600", media::sized_image_url(url, {600, 600})},
          {"url1200", media::sized_image_url(url, {1200, 1200})}};
}

// Stored URLs reach the player only through the pages' safe_url rule; an unsafe one reads as absent.
json::array photo_assets(const std::string& stored_url) {
  json::array assets;
  if (auto url = pages::safe_url(stored_url); !url.empty()) assets.push_back(photo_asset(url));
  return assets;
}

json::array links_for(const std::string& stored_popout_url) {
  json::array links;
  if (auto url = pages::safe_url(stored_popout_url); !url.empty()) {
    links.push_back(json::object{{"type", "popout"}, {"value", url}});
  }
  return links;
}

json::value url_or_null(soci::indicator ind, const std::string& stored_url) {
  if (ind != soci::i_ok) return nullptr;
  auto url = pages::safe_url(stored_url);
  return url.empty() ? json::value(nullptr) : json::value(url);
}

// `query` selects the columns of BroadcastRow with :c for the channel and :t for the instant.
std::vector<BroadcastRow> broadcasts(soci::session& sql, const std::string& query, const std::string& channel,
                                     long long at) {
  std::vector<BroadcastRow> rows;
  BroadcastRow row;
  soci::indicator programme_ind = soci::i_null;
  soci::statement st = (sql.prepare << query, soci::into(row.id), soci::into(row.slug), soci::into(row.title),
                        soci::into(row.starts_at), soci::into(row.ends_at), soci::into(row.image_url),
                        soci::into(row.programme_id, programme_ind), soci::use(channel, "c"), soci::use(at, "t"));
  st.execute();
  while (st.fetch()) {
    row.has_programme = programme_ind == soci::i_ok;
    rows.push_back(row);
  }
  return rows;
}

constexpr std::int64_t longest_validity = 300;
// While no play is on air the playout is about to record the next one (it records each play at its
// first tick after the previous one ends): look again that soon, not at the next clock edge.
constexpr std::int64_t play_expected_recheck = 1;

constexpr const char* broadcast_columns =
    "SELECT id, slug, title, starts_at, ends_at, image_url, programme_id FROM broadcasts ";

json::object broadcast_json(soci::session& sql, const BroadcastRow& row, const std::string& channel) {
  json::object out{{"id", row.id},
                   {"name", row.title},
                   {"slug", row.slug},
                   {"from", domain::format_api_local(row.starts_at)},
                   {"until", domain::format_api_local(row.ends_at)},
                   {"radioPhotoAssets", photo_assets(row.image_url)}};
  json::array broadcasters;
  json::array presenters;
  json::value programme = nullptr;
  std::string slug;
  std::string name;
  std::string image_url;
  // An archived programme is off the listener site: its broadcast is shown without it, so that the
  // player links to no page that is gone.
  bool listed = false;
  if (row.has_programme) {
    sql << "SELECT slug, name, image_url FROM programmes WHERE id = :p AND " + store::archivable_visible(""),
        soci::into(slug), soci::into(name), soci::into(image_url), soci::use(row.programme_id);
    listed = sql.got_data();
  }
  if (listed) {
    programme = json::object{{"slug", slug}, {"name", name}, {"radioPhotoAssets", photo_assets(image_url)}};

    std::string presenter_slug;
    std::string presenter_name;
    soci::statement people = (sql.prepare << "SELECT pr.slug, pr.name FROM programme_presenters pp "
                                             "JOIN presenters pr ON pr.id = pp.presenter_id "
                                             "WHERE pp.programme_id = :p AND " +
                                                 store::archivable_visible("pr") + " ORDER BY pp.position, pr.name",
                              soci::into(presenter_slug), soci::into(presenter_name), soci::use(row.programme_id));
    people.execute();
    while (people.fetch()) presenters.push_back(json::object{{"slug", presenter_slug}, {"name", presenter_name}});

    // spec §5: a broadcaster shows on a channel only when the channel's whitelist has it.
    std::string broadcaster_name;
    std::string alias;
    std::string logo_url;
    soci::statement owners =
        (sql.prepare << "SELECT b.name, b.alias, b.logo_url FROM programme_broadcasters pb "
                        "JOIN broadcasters b ON b.slug = pb.broadcaster_slug AND b.trashed_at IS NULL "
                        "JOIN channel_broadcasters cb ON cb.broadcaster_slug = b.slug AND cb.channel_slug = :c "
                        "WHERE pb.programme_id = :p ORDER BY b.name",
         soci::into(broadcaster_name), soci::into(alias), soci::into(logo_url), soci::use(channel, "c"),
         soci::use(row.programme_id, "p"));
    owners.execute();
    // The logo lets the bar show broadcaster icons (spec §2); "" when there is none or it is unsafe.
    while (owners.fetch()) {
      broadcasters.push_back(
          json::object{{"name", broadcaster_name}, {"alias", alias}, {"logoUrl", pages::safe_url(logo_url)}});
    }
  }
  out["coreBroadcasters"] = std::move(broadcasters);
  out["radioProgrammes"] = std::move(programme);
  out["radioPresenters"] = std::move(presenters);
  return out;
}

}  // namespace

std::optional<MiniplayerInfo> build_miniplayer_info(store::Database& db, std::string_view channel_slug,
                                                    std::int64_t now) {
  auto lease = db.lease();
  soci::session& sql = *lease;
  const std::string channel(channel_slug);
  const long long at = now;

  std::string name;
  std::string parent_slug;
  std::string player_mode;
  std::string live_video_url;
  std::string popout_url;
  int has_programming = 0;
  int classical = 0;
  soci::indicator parent_ind = soci::i_null;
  soci::indicator video_ind = soci::i_null;
  sql << "SELECT name, parent_slug, has_programming, player_mode, classical, live_video_url, popout_url "
         "FROM channels WHERE slug = :s AND trashed_at IS NULL",
      soci::into(name), soci::into(parent_slug, parent_ind), soci::into(has_programming), soci::into(player_mode),
      soci::into(classical), soci::into(live_video_url, video_ind), soci::into(popout_url), soci::use(channel);
  if (!sql.got_data()) return std::nullopt;

  MiniplayerInfo info;
  // Even a long play is looked at again within minutes, so that a correction of the log shows.
  std::int64_t valid_until = now + longest_validity;

  json::array children;
  {
    std::string child_slug;
    std::string child_name;
    std::string child_popout;
    soci::statement st =
        (sql.prepare << "SELECT slug, name, popout_url FROM channels WHERE parent_slug = :s AND trashed_at IS NULL "
                        "ORDER BY sort_order, id",
         soci::into(child_slug), soci::into(child_name), soci::into(child_popout), soci::use(channel));
    st.execute();
    while (st.fetch()) {
      children.push_back(json::object{{"slug", child_slug}, {"name", child_name}, {"links", links_for(child_popout)}});
    }
  }
  json::value parent = nullptr;
  if (parent_ind == soci::i_ok) {
    std::string parent_name;
    sql << "SELECT name FROM channels WHERE slug = :s", soci::into(parent_name), soci::use(parent_slug);
    parent = json::object{{"slug", parent_slug}, {"name", parent_name}};
  }
  json::value live_video = nullptr;
  if (video_ind == soci::i_ok && !live_video_url.empty()) {
    live_video = json::object{{"tokenUrl", "/api/player/" + channel + "/video"}};
  }
  // An external playout's ad break (ingest, type 'ad') runs until its end or the next item that
  // is not an ad, whichever comes first (spec §6: the player dims its buttons meanwhile).
  bool ad_break = false;
  {
    std::string kind;
    long long item_ends = 0;
    sql << "SELECT kind, ends_at FROM nowplaying_items WHERE channel_slug = :c AND starts_at <= :t "
           "ORDER BY starts_at DESC LIMIT 1",
        soci::into(kind), soci::into(item_ends), soci::use(channel, "c"), soci::use(at, "t");
    if (sql.got_data() && kind == "ad" && item_ends > now) {
      ad_break = true;
      valid_until = std::min<std::int64_t>(valid_until, item_ends);
    }
  }
  json::object core_channel{{"slug", channel},
                            {"name", name},
                            {"hasProgramming", has_programming != 0},
                            {"playerMode", player_mode},
                            {"classical", classical != 0},
                            {"liveVideo", std::move(live_video)},
                            {"links", links_for(popout_url)},
                            {"children", std::move(children)},
                            {"parent", std::move(parent)},
                            {"isAdBreak", ad_break}};

  json::array on_air;
  auto current = broadcasts(
      sql,
      std::string(broadcast_columns) + "WHERE channel_slug = :c AND starts_at <= :t ORDER BY starts_at DESC LIMIT 1",
      channel, at);
  // The latest broadcast that started is on air only if it has not ended (the grid may have gaps).
  // Unlike plays, broadcasts are materialised days ahead, so a missing next one is a gap in the
  // grid, not one about to be written: its edges are the only times to look again.
  if (!current.empty() && current.front().ends_at <= at) current.clear();
  long long upcoming_from = at;
  if (!current.empty()) {
    on_air.push_back(broadcast_json(sql, current.front(), channel));
    valid_until = std::min<std::int64_t>(valid_until, current.front().ends_at);
    upcoming_from = current.front().ends_at;
  }
  json::array upcoming;
  const auto next = broadcasts(
      sql, std::string(broadcast_columns) + "WHERE channel_slug = :c AND starts_at >= :t ORDER BY starts_at LIMIT 3",
      channel, upcoming_from);
  for (const auto& row : next) {
    upcoming.push_back(broadcast_json(sql, row, channel));
    valid_until = std::min<std::int64_t>(valid_until, std::max<std::int64_t>(row.starts_at, now + 1));
  }

  json::array plays;
  bool play_on_air = false;
  {
    long long id = 0;
    long long starts_at = 0;
    long long ends_at = 0;
    long long chart_position = 0;
    long long song_id = 0;
    std::string song_slug;
    std::string title;
    std::string artist;
    std::string composer;
    std::string complete_work;
    std::string ensemble;
    std::string cover_url;
    soci::indicator chart_ind = soci::i_null;
    soci::indicator composer_ind = soci::i_null;
    soci::indicator work_ind = soci::i_null;
    soci::indicator ensemble_ind = soci::i_null;
    soci::indicator cover_ind = soci::i_null;
    soci::statement st =
        (sql.prepare << "SELECT tp.id, tp.starts_at, tp.ends_at, tp.chart_position, s.id, s.slug, s.title, s.artist, "
                        "s.composer, s.complete_work, s.ensemble, s.cover_url FROM track_plays tp "
                        "JOIN songs s ON s.id = tp.song_id WHERE tp.channel_slug = :c AND tp.starts_at <= :t "
                        "AND tp.hidden_at IS NULL ORDER BY tp.starts_at DESC LIMIT 10",
         soci::into(id), soci::into(starts_at), soci::into(ends_at), soci::into(chart_position, chart_ind),
         soci::into(song_id), soci::into(song_slug), soci::into(title), soci::into(artist),
         soci::into(composer, composer_ind), soci::into(complete_work, work_ind), soci::into(ensemble, ensemble_ind),
         soci::into(cover_url, cover_ind), soci::use(channel, "c"), soci::use(at, "t"));
    st.execute();
    while (st.fetch()) {
      if (plays.empty() && ends_at > now) {
        play_on_air = true;
        valid_until = std::min<std::int64_t>(valid_until, ends_at);
      }
      json::array positions;
      if (chart_ind == soci::i_ok) positions.push_back(json::object{{"position", chart_position}});
      json::value classical_data = nullptr;
      if (classical != 0) {
        auto text_or_null = [](soci::indicator ind, const std::string& text) -> json::value {
          return ind == soci::i_ok ? json::value(text) : json::value(nullptr);
        };
        classical_data = json::object{{"completeWork", text_or_null(work_ind, complete_work)},
                                      {"composer", text_or_null(composer_ind, composer)},
                                      {"ensemble", text_or_null(ensemble_ind, ensemble)}};
      }
      plays.push_back(json::object{{"id", id},
                                   {"from", domain::format_api_local(starts_at)},
                                   {"until", domain::format_api_local(ends_at)},
                                   {"song", title},
                                   {"artist", artist},
                                   {"coverUrl", url_or_null(cover_ind, cover_url)},
                                   {"isAvailable", true},
                                   {"radioTracks", json::object{{"id", song_id}, {"name", title}, {"slug", song_slug}}},
                                   {"classicalData", std::move(classical_data)},
                                   {"cmsChartEditionPositions", std::move(positions)}});
    }
  }
  // The next play may already be recorded; the document changes when it starts. When it is not, and
  // nothing is on air, the log is due to grow at any moment.
  {
    long long next_start = 0;
    soci::indicator next_ind = soci::i_null;
    sql << "SELECT MIN(starts_at) FROM track_plays WHERE channel_slug = :c AND starts_at > :t",
        soci::into(next_start, next_ind), soci::use(channel, "c"), soci::use(at, "t");
    if (next_ind == soci::i_ok) {
      valid_until = std::min<std::int64_t>(valid_until, next_start);
    } else if (!play_on_air) {
      valid_until = std::min<std::int64_t>(valid_until, now + play_expected_recheck);
    }
  }

  json::array all_channels;
  {
    std::string slug;
    std::string channel_name;
    soci::statement st =
        (sql.prepare << "SELECT slug, name FROM channels WHERE trashed_at IS NULL ORDER BY sort_order, id",
         soci::into(slug), soci::into(channel_name));
    st.execute();
    while (st.fetch()) all_channels.push_back(json::object{{"name", channel_name}, {"slug", slug}});
  }

  auto wrap = [](json::array items) { return json::object{{"data", std::move(items)}}; };
  json::array core_channels;
  core_channels.push_back(std::move(core_channel));
  info.document = json::object{{"data", json::object{{"coreChannels", wrap(std::move(core_channels))},
                                                     {"radioBroadcasts", wrap(std::move(on_air))},
                                                     {"radioTrackPlays", wrap(std::move(plays))},
                                                     {"upcomingBroadcasts", wrap(std::move(upcoming))},
                                                     {"allChannels", wrap(std::move(all_channels))}}}};
  info.valid_until = std::max<std::int64_t>(valid_until, now + 1);
  return info;
}

}  // namespace ether::player
