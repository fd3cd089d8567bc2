#pragma once
// A song that was played (/nummers/{songId}/{songSlug}, spec §3 Track "the track url through a
// track route"): the song, when and on which channel it was played last, and its recent plays, each
// with the broadcast hour it fell in and its place in that hour's recording, so that a listener can
// hear the moment again.

#include <string>

#include "pages/loaders/page_context.hpp"

namespace ether::pages::loaders {

/// How many of a song's plays its page lists, newest first: the newest of each channel and clock hour.
inline constexpr int kTrackPlaysShown = 10;

class TracksLoader final : public PageContext {
 public:
  using PageContext::PageContext;

  /// The page of song `id_text`; the slug of the path is not checked (the canonical path carries the
  /// stored one). A 404 for an id that is not a number, an unknown song or one never played yet.
  PageResult track(const std::string& id_text);
};

}  // namespace ether::pages::loaders
