#pragma once
// Now-playing from outside: an item an external playout system (or an encoder's metadata call)
// announces for a channel becomes, in one transaction, an entry of the channel's now-playing log
// (nowplaying_items) and, for a song, a track play of source 'ingest' whose song is found in the
// catalogue by ISRC, external id or artist and title, or added to it. The item closes the play
// and the item before it.
//
// Precedence: an external item holds the channel from its start until its end (start + duration)
// or, without a duration, until the next item or `hold_seconds` after its start. Within that
// window the demo playout's own plays give way: those already recorded ahead are withdrawn and
// the playout records none (give_way_windows), while its audio plays on (the studio's replaces it
// when a live source is connected). A repeat of the running item (same identity, a start within
// its window) changes nothing.

#include <soci/soci.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/database.hpp"

namespace ether::ingest {

enum class ItemKind { song, ad, news, jingle, speech };

/// "song", "ad", ...; and back (nullopt for anything else).
std::string_view kind_name(ItemKind kind);
std::optional<ItemKind> parse_kind(std::string_view name);

/// One announced item.
struct NowPlayingItem {
  std::string channel;
  ItemKind kind = ItemKind::song;
  std::string artist;
  std::string title;
  std::string isrc;  // normalised: 12 upper-case characters, or empty
  std::string external_id;
  std::int64_t starts_at = 0;  // unix seconds
  std::optional<std::int64_t> duration_ms;
  std::string next_json;  // the announced next item as JSON text, or empty
};

/// What became of an item.
struct IngestOutcome {
  bool repeated = false;  // the running item again: nothing changed
  std::int64_t item_id = 0;
  std::optional<std::int64_t> track_play_id;  // songs only
  std::int64_t starts_at = 0;
  std::int64_t ends_at = 0;
};

/// The identity that tells a repeat from a new item: ISRC, else external id, else artist and
/// title ignoring case, each with the kind.
std::string item_identity(const NowPlayingItem& item);

class NowPlayingIngest {
 public:
  /// `hold_seconds`: how long an item without a duration holds the channel at most.
  NowPlayingIngest(store::Database& db, std::int64_t hold_seconds);

  /// Records the item (see above); nullopt when the channel does not exist. Throws what the
  /// store throws. Calls every listener after the commit (not on a repeat).
  std::optional<IngestOutcome> ingest(const NowPlayingItem& item, std::int64_t now);

  /// Called with the channel after each recorded item (info document, stream title, ...).
  void on_change(std::function<void(const NowPlayingItem&, const IngestOutcome&)> listener) {
    listeners_.push_back(std::move(listener));
  }

  /// The windows [from, until) of external items on `channel` that end after `from`, for the
  /// demo playout (playout::DemoPlayout::set_give_way).
  static std::vector<std::pair<long long, long long>> give_way_windows(soci::session& session,
                                                                       const std::string& channel, long long from);

 private:
  store::Database& db_;
  std::int64_t hold_seconds_;
  std::vector<std::function<void(const NowPlayingItem&, const IngestOutcome&)>> listeners_;
};

}  // namespace ether::ingest
