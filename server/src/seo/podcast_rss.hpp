#pragma once
// A podcast feed as an RSS 2.0 document that podcast apps accept: channel with the iTunes tags
// (author, image, category, explicit, type, owner) and the Podcasting 2.0 tags (guid, locked,
// medium), items with guid, RFC 2822 pubDate, enclosure (absolute URL, byte length, type),
// itunes:duration and itunes:episode. Pure: the caller gathers the store's rows and file sizes.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ether::seo {

/// The feed itself; every URL absolute.
struct RssChannel {
  std::string title;
  std::string description;
  std::string author;
  std::string category;  // an Apple Podcasts category such as "News"; empty leaves itunes:category out
  std::string language = "nl";
  std::string page_url;   // the feed's page on the site
  std::string feed_url;   // this document's own URL
  std::string image_url;  // the artwork; empty leaves the image tags out
};

/// One episode; every URL absolute.
struct RssItem {
  std::string guid;  // stable, not a permalink
  std::string title;
  std::string description;
  std::string page_url;
  std::string image_url;
  std::string audio_url;
  std::string audio_type = "audio/mpeg";
  std::int64_t published_at = 0;  // unix seconds
  std::int64_t duration_seconds = 0;
  std::int64_t byte_length = 0;  // the audio file's size
  std::int64_t episode_number = 0;
};

/// The podcast:guid of a feed: UUIDv5 in the namespace ead4c236-bf58-58c6-a2c6-a6b28d128cb6 of the
/// feed URL without its scheme and trailing slashes, as the Podcasting 2.0 namespace specifies.
std::string podcast_guid(std::string_view feed_url);

/// The RSS document; items in the order given (newest first). lastBuildDate is the newest item's
/// date, so the document changes only when the feed does.
std::string render_podcast_rss(const RssChannel& channel, const std::vector<RssItem>& items);

}  // namespace ether::seo
