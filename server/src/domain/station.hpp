#pragma once
// Plain structs of the station's catalogue (spec §3): channels, broadcasters, presenters,
// programmes and their weekly schedule. Image URLs are site paths ("/media/..."); ids are store ids.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ether::domain {

/// spec §9 "Default accent colour": a channel or category without a colour of its own shows this one.
inline constexpr std::string_view kDefaultAccentColor = "#999900";

struct Channel {
  long long id = 0;
  std::string slug;
  std::string name;
  std::optional<std::string> parent_slug;
  std::string description;
  std::string genre;
  std::string color{kDefaultAccentColor};
  std::string logo_url;
  int sort_order = 0;
  bool has_programming = true;
  std::string player_mode = "music";  // "music" or "talk"
  bool classical = false;
  std::optional<std::string> stream_url;      // NULL: the server's own live origin
  std::optional<std::string> live_video_url;  // NULL: no visual radio
  std::string popout_url;
};

struct Broadcaster {
  long long id = 0;
  std::string slug;
  std::string name;
  std::string alias;
  std::string logo_url;
};

struct Presenter {
  long long id = 0;
  std::string slug;
  std::string name;
  std::string role = "Presentator";
  std::string bio;
  std::string image_url;
};

struct Programme {
  long long id = 0;
  std::string slug;
  std::string name;
  std::string channel_slug;
  std::string summary;
  std::string description;
  std::string image_url;
};

/// One weekly slot in Amsterdam wall-clock time; end_minute 1440 is the next midnight.
struct ScheduleSlot {
  long long id = 0;
  std::string channel_slug;
  long long programme_id = 0;
  int weekday = 1;  // ISO: 1 = Monday ... 7 = Sunday
  int start_minute = 0;
  int end_minute = 0;
};

}  // namespace ether::domain
