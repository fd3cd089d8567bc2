#pragma once
// What was played (/gedraaid, /gedraaid/{dd-MM-yyyy}): a channel's tracks of a day or one hour
// slot, newest first, within the kept window, the recorded broadcast hours they fall in and the
// spans of live rewind's window in that day or slot, where a track can be listened from.

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

class PlayedTracksLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  PageResult gedraaid(const std::string& date_segment);

 private:
  /// The broadcast hours that `tracks` (a page of them) fall in and whose recording is on disk,
  /// newest first, each with its broadcast, the broadcast's hours and the recording: where a track
  /// older than the live-rewind window is heard again (issue 49).
  json::array recorded_hours(const std::string& channel, const json::array& tracks) const;
  static std::optional<int> slot_hour(std::string_view time);
};

}  // namespace ether::pages::loaders
