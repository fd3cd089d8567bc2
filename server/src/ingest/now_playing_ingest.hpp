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
//
// An item a channel's live source brought (Icecast's metadata call while the source is on air)
// follows the same rules, except that it ends when the source goes off air: the item and its play
// are closed at that instant (source_off_air), and the playout's song of that moment is logged from
// there on (source_end_times).

#include <soci/soci.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
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
  std::string isrc;   // normalised: 12 upper-case characters, or empty
  std::string album;  // or empty: not known
  std::string label;  // the record label, or empty
  std::string external_id;
  std::int64_t starts_at = 0;  // unix seconds
  std::optional<std::int64_t> duration_ms;
  std::string next_json;     // the announced next item as JSON text, or empty
  bool from_source = false;  // sent while the channel's live source is on air: ends with it
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
  ~NowPlayingIngest();
  NowPlayingIngest(const NowPlayingIngest&) = delete;
  NowPlayingIngest& operator=(const NowPlayingIngest&) = delete;

  /// Records the item (see above); nullopt when the channel does not exist. Throws what the
  /// store throws. Calls every listener after the commit (not on a repeat).
  std::optional<IngestOutcome> ingest(const NowPlayingItem& item, std::int64_t now);

  /// Called with the channel after each recorded item (info document, stream title, ...).
  void on_change(std::function<void(const NowPlayingItem&, const IngestOutcome&)> listener) {
    listeners_.push_back(std::move(listener));
  }

  /// Ends the items `channel`'s live source brought that are open at `at` (unix seconds), and their
  /// plays, at `at`. Returns how many ended. Throws what the store throws.
  int end_source_items(const std::string& channel, std::int64_t at);
  /// The source of `channel` went off air at `at`: end_source_items on a thread of its own (the
  /// caller may be an I/O thread), retried once a second while the store fails; then every
  /// listener of on_source_items_ended. Returns at once.
  void source_off_air(const std::string& channel, std::int64_t at);
  /// Called on that thread with the channel and the instant after its source's items ended.
  void on_source_items_ended(std::function<void(const std::string& channel, std::int64_t at)> listener) {
    ended_listeners_.push_back(std::move(listener));
  }
  /// Stops that thread (the instants still waiting are dropped).
  void stop();

  /// The instants in [from, until] at which items a live source brought on `channel` ended, for
  /// the demo playout (playout::DemoPlayout::set_resume): from there its plays are logged again.
  static std::vector<long long> source_end_times(soci::session& session, const std::string& channel, long long from,
                                                 long long until);

  /// The windows [from, until) of external items on `channel` that end after `from`, for the
  /// demo playout (playout::DemoPlayout::set_give_way).
  static std::vector<std::pair<long long, long long>> give_way_windows(soci::session& session,
                                                                       const std::string& channel, long long from);

 private:
  void end_off_air_items(const std::stop_token& stop);  // the thread of source_off_air

  store::Database& db_;
  std::int64_t hold_seconds_;
  std::vector<std::function<void(const NowPlayingItem&, const IngestOutcome&)>> listeners_;
  std::vector<std::function<void(const std::string&, std::int64_t)>> ended_listeners_;
  std::mutex off_air_mutex_;
  std::condition_variable_any off_air_wake_;
  std::deque<std::pair<std::string, std::int64_t>> off_air_;  // channel, instant: not ended yet
  std::jthread off_air_thread_;
};

}  // namespace ether::ingest
