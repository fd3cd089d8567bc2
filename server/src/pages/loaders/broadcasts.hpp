#pragma once
// Broadcasts to listen to again: the missed-broadcast list of recorded hours (/uitzendingen), one
// broadcast (/uitzendingen/{programme}/{id}/{slug}) and one hour of it (.../{hour}), each with
// its recording and tracks; and the recorded broadcasts a programme's page lists.

#include <optional>
#include <string>
#include <vector>

#include "domain/broadcast_hours.hpp"
#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class BroadcastsLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  /// Gemist lists hours: each clock hour of a programme's broadcast is an item of its own (spec §9's
  /// slot label), with its own route and recording; the whole broadcast stays a page of its own.
  PageResult broadcasts();
  /// Ended broadcasts of the last week whose recording is on disk (only those can be listened to
  /// again), newest first; `filter` narrows them, `limit` 0 means all.
  json::array recorded_broadcasts(const std::string& filter, std::size_t limit) const;
  PageResult broadcast(const std::string& id_text);
  /// One hour of a broadcast: its recording, the tracks of the hour (offsets from the hour's start)
  /// and the broadcast's other hours.
  PageResult broadcast_hour(const std::string& id_text, const std::string& hour_text);

  /// The BroadcastHour of types.ts: the hour's range, spec §9's slot label and its page's URL (the
  /// song pages of loaders/tracks.cpp share this and the three below).
  json::object hour_json(const json::object& broadcast, const domain::BroadcastHour& hour) const;
  /// The recording of one hour of a broadcast on `channel`, once the hour ended and settled; nullopt
  /// when it is not (yet) on disk.
  std::optional<RecordedRange> hour_recording(const std::string& channel, const domain::BroadcastHour& hour) const;
  /// A page's `recording`: whether it plays, how long, and the gaps in it with their place in the
  /// recording (seconds from `from`, where it starts), which the player skips and the page names.
  static json::object recording_json(const std::optional<RecordedRange>& recorded, std::int64_t from);
  /// Every hour of a broadcast (from `from` to `until`), oldest first, and whether it has ended.
  json::array hours_json(const json::object& broadcast, std::int64_t from, std::int64_t until) const;

  /// Where a moment of a channel is heard again: the broadcast on air then, the clock hour of it
  /// that holds the moment (`from`..`until`, unix seconds) and that hour's recording.
  struct MomentHour {
    json::value broadcast = nullptr;  // null when nothing was on air
    json::value hour = nullptr;       // hour_json; null without a broadcast
    json::array hours;                // hours_json of the broadcast; empty without one
    std::int64_t from = 0;            // the hour's start; the moment itself without a broadcast
    std::int64_t until = 0;
    std::optional<RecordedRange> recorded;
  };
  /// The MomentHour of `instant` (unix seconds) on `channel`: one query of the store.
  MomentHour moment_hour(const std::string& channel, std::int64_t instant) const;
  /// The distinct MomentHours of `instants` on `channel`, in the order their first instant comes:
  /// one query of the store for the broadcasts of the span, however many instants fall outside any.
  std::vector<MomentHour> moment_hours(const std::string& channel, const std::vector<std::int64_t>& instants) const;

 private:
  /// The hours of the last week's broadcasts that ended and whose recording is on disk, newest
  /// first, each a broadcast with its `hour`; `filter` narrows the broadcasts.
  json::array recorded_hours(const std::string& filter) const;
  /// The recording of a broadcast that ended, if any hour of it is on disk.
  std::optional<RecordedRange> recording_seconds(const json::object& broadcast) const;
};

}  // namespace ether::pages::loaders
