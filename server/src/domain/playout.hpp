#pragma once
// Plain structs of what is on air: broadcasts (materialised schedule), songs, a channel's rotation
// and track plays. Instants are UTC unix seconds.

#include <optional>
#include <string>

namespace ether::domain {

struct Broadcast {
  long long id = 0;
  std::string channel_slug;
  std::optional<long long> programme_id;
  std::string slug;
  std::string title;
  long long starts_at = 0;
  long long ends_at = 0;
  std::string image_url;
  std::optional<std::string> audio_url;
};

struct Song {
  long long id = 0;
  std::string slug;
  std::string title;
  std::string artist;
  std::optional<std::string> composer;
  std::optional<std::string> complete_work;
  std::optional<std::string> ensemble;
  std::optional<std::string> cover_url;
  std::string audio_path;  // relative to the media directory
  long long duration_ms = 0;
};

/// One place in a channel's rotation, with what the playout needs of its song.
struct RotationEntry {
  int position = 0;
  long long song_id = 0;
  std::optional<int> chart_position;
  long long duration_ms = 0;
};

struct TrackPlay {
  long long id = 0;
  std::string channel_slug;
  long long song_id = 0;
  long long starts_at = 0;
  long long ends_at = 0;  // exclusive
  std::optional<int> chart_position;
};

}  // namespace ether::domain
