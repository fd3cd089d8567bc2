#pragma once
// The external now-playing of every channel in memory, for the live origin's stream titles (asked
// for every chunk, so it must answer without the store) and to tell the info document of a change
// made on another instance. Fed directly by this instance's ingest and, once a second on its own
// thread, from the store's nowplaying_items.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ingest/now_playing_ingest.hpp"
#include "store/database.hpp"

namespace ether::ingest {

/// One external item as the board keeps it.
struct BoardItem {
  std::int64_t id = 0;
  ItemKind kind = ItemKind::song;
  std::string artist;
  std::string title;
  std::int64_t starts_at = 0;  // unix seconds
  std::int64_t ends_at = 0;
  bool from_source = false;  // a live source's: ends when it goes off air
};

/// The ICY StreamTitle of an item: "Artist - Title" for a song; for the rest their title, or the
/// Dutch name of the kind ("Reclame", "Nieuws", "Jingle", "Gesproken woord"): not a song.
std::string stream_title_of(const BoardItem& item);

class NowPlayingBoard {
 public:
  using Clock = std::function<std::int64_t()>;
  NowPlayingBoard(store::Database& db, Clock clock);
  ~NowPlayingBoard();
  NowPlayingBoard(const NowPlayingBoard&) = delete;
  NowPlayingBoard& operator=(const NowPlayingBoard&) = delete;

  /// Notes an item this instance recorded (at once, without waiting for the next reload).
  void put(const std::string& channel, const BoardItem& item);
  /// The live source of `channel` went off air at `at` (unix seconds): the items it brought end
  /// there at once, and stay ended when a reload reads them before the store does (see
  /// NowPlayingIngest::source_off_air). From memory: may be called on an I/O thread.
  void source_off_air(const std::string& channel, std::int64_t at);
  /// The title of the external item on air on `channel` at `at_ms` (unix ms), or nullopt when
  /// none is (the schedule's title stands).
  [[nodiscard]] std::optional<std::string> stream_title(std::string_view channel, std::int64_t at_ms) const;

  /// Rereads the items around now from the store; returns the channels whose items changed.
  std::vector<std::string> reload();
  /// Reloads once a second on a thread of its own and calls `changed` for every channel whose
  /// items changed (another instance's ingest). Store errors are logged and retried.
  void start(std::function<void(const std::string& channel)> changed);
  void stop();

 private:
  store::Database& db_;
  Clock clock_;
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<BoardItem>, std::less<>> items_;   // per channel, by start
  std::map<std::string, std::int64_t, std::less<>> source_left_;       // per channel: when its source last left
  std::map<std::string, std::vector<BoardItem>, std::less<>> stored_;  // the store's rows at the last reload
  std::jthread thread_;
};

}  // namespace ether::ingest
