#pragma once
// Whether content is on the site is answered by the clock inside each public query: a row is
// visible when its flag is set and `now` lies in [publish time, unpublish time). Scheduled
// publication therefore needs no job that could be missed; every instance agrees at every instant.
// A row in the trash (trashed_at set, migration 025) is never visible, whatever its flags.

#include <cstdint>
#include <string>
#include <string_view>

namespace ether::store {

/// The SQL condition for a dated item (articles, fragments, episodes, videos, bulletins):
/// `alias.published = 1 AND alias.published_at <= now AND (unpublish_at IS NULL OR > now)`, not trashed.
/// `alias` is the table or its alias ("a"), or empty for the bare table.
std::string dated_visible(std::string_view alias, std::int64_t now);

/// The SQL condition for a switched item (content pages, event-modal blocks, maintenance
/// notifications): `flag = 1` and the optional publish_at / unpublish_at window around `now`, not trashed.
std::string switched_visible(std::string_view alias, std::string_view flag_column, std::int64_t now);

/// The order in which visitors see the global overlays (event-modal blocks, maintenance notifications),
/// and the admin lists them: the lowest sort_order ('Volgorde') first; of equal orders the one that came
/// on the site last (live_since, migration 031; else its publish_at), then the newest row. The listener
/// app shows the first it has not closed, so this one rule decides what a visitor sees.
inline constexpr std::string_view kOverlayOrder = "sort_order, COALESCE(live_since, publish_at, 0) DESC, id DESC";

/// The SQL condition for an archivable item (programmes, presenters) on the site: `alias.archived_at
/// IS NULL`, not trashed. An archived one keeps its rows, and a broadcast of it its title, but no
/// page, card or link of the site (pages, guide, mini player) names it.
std::string archivable_visible(std::string_view alias);

/// The SQL condition for any editable row that is not in the trash: `alias.trashed_at IS NULL`;
/// the condition of the types the three above do not cover (categories, feeds, channels, broadcasters).
std::string not_trashed(std::string_view alias);

/// The SQL condition for a play of the log that the site names (track_plays, migration 035): not
/// hidden by an editor as logged wrongly, `alias.hidden_at IS NULL`. The playout's audio ignores it.
std::string play_shown(std::string_view alias);

}  // namespace ether::store
