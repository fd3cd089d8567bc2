#pragma once
// Plain structs of the editorial content: news, fragments, podcasts, bulletins, videos, content
// pages and the global overlays (event modal, maintenance banner). JSON documents stay JSON text.

#include <optional>
#include <string>
#include <vector>

namespace ether::domain {

struct NewsCategory {
  std::string slug;
  std::string name;
  std::string color;
};

struct Article {
  long long id = 0;
  std::string slug;
  std::string category_slug;
  std::optional<long long> programme_id;
  std::string title;
  std::string intro;
  std::string author;
  std::string image_url;
  std::string body_json;  // ContentBlock[] with fragment/video blocks holding slugs
  long long published_at = 0;
  std::optional<long long> live_until;  // the end of its live coverage, if it has any
  std::vector<std::string> tags;
};

struct Fragment {
  long long id = 0;
  std::string slug;
  std::optional<long long> programme_id;
  std::string title;
  std::string description;
  std::string image_url;
  std::string audio_path;  // relative to the media directory
  long long duration_ms = 0;
  long long published_at = 0;
  std::vector<std::string> tags;
};

struct PodcastFeed {
  long long id = 0;
  std::string slug;
  std::string title;
  std::string description;
  std::string author;
  std::string image_url;
  std::string category;
};

struct PodcastEpisode {
  long long id = 0;
  long long feed_id = 0;
  std::string slug;
  std::string title;
  std::string description;
  std::string image_url;
  std::string audio_path;
  long long duration_ms = 0;
  long long byte_length = 0;
  long long published_at = 0;
};

struct Bulletin {
  long long id = 0;
  std::string title;
  std::string audio_path;
  long long duration_ms = 0;
  long long published_at = 0;
};

struct Video {
  long long id = 0;
  std::string slug;
  std::string title;
  std::string description;
  std::string video_path;  // relative to the media directory
  std::string poster_url;
  long long duration_ms = 0;
  long long published_at = 0;
};

struct ContentPage {
  long long id = 0;
  std::string kind;  // "thema" or "overzicht"
  std::string slug;
  std::string title;
  std::string description;
  std::string blocks_json;  // PageBlock[] with references, resolved on read
  bool published = true;
};

struct EventModalBlock {
  long long id = 0;
  bool published = false;
  std::string title;
  std::string description;
  std::string related_url;
  std::string related_url_text;
  std::string background_image_url;
  std::string logo_url;
  std::optional<std::string> count_clock_type;
  std::optional<std::string> count_clock_caption;
  std::optional<long long> count_clock_start;
  std::optional<long long> count_clock_end;
  int sort_order = 0;
};

struct MaintenanceNotification {
  long long id = 0;
  std::string title;
  std::string description;
  std::optional<std::string> url;
  bool is_dismissable = true;
  bool active = true;
  /// When the notice is no longer shown (Unix seconds), e.g. the end of the maintenance it announces.
  std::optional<long long> unpublish_at;
};

}  // namespace ether::domain
