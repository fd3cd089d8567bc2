#pragma once
// The station's catalogue in the store: channels (with their broadcaster whitelist and playout
// rotation), broadcasters, presenters, programmes and the weekly schedule. Inserts for the seed,
// and the reads the playout needs.

#include <soci/soci.h>

#include <optional>
#include <string>
#include <vector>

#include "domain/playout.hpp"
#include "domain/station.hpp"

namespace ether::store {

/// A schedule slot with the programme fields a materialised broadcast copies.
struct SlotWithProgramme {
  domain::ScheduleSlot slot;
  std::string programme_slug;
  std::string programme_name;
  std::string programme_image_url;
  long long version = 1;  // goes up with every edit in the admin (optimistic locking)
};

/// Works on a session the caller leases (and, for batches, wraps in a transaction).
/// A rotation place with the song fields a live stream needs.
struct RotationSong {
  domain::RotationEntry entry;
  std::string audio_path;  // relative to the media directory
  std::string title;
  std::string artist;
};

class StationRepository {
 public:
  explicit StationRepository(soci::session& session) : session_(session) {}

  /// Each insert returns the new row's id (the id fields of the argument are ignored).
  long long insert_channel(const domain::Channel& channel);
  long long insert_broadcaster(const domain::Broadcaster& broadcaster);
  long long insert_presenter(const domain::Presenter& presenter);
  long long insert_programme(const domain::Programme& programme);
  long long insert_schedule_slot(const domain::ScheduleSlot& slot);

  /// Adds a broadcaster to a channel's whitelist (spec §5).
  void add_channel_broadcaster(const std::string& channel_slug, const std::string& broadcaster_slug);
  void add_programme_presenter(long long programme_id, long long presenter_id, int position);
  void add_programme_broadcaster(long long programme_id, const std::string& broadcaster_slug);
  /// Puts a song at `position` of a channel's rotation.
  void add_rotation_entry(const std::string& channel_slug, int position, long long song_id,
                          std::optional<int> chart_position);

  /// Every channel slug, in sort order.
  std::vector<std::string> channel_slugs();
  /// Whether a channel has this slug (one in the bin too: its reports and settings still name it).
  bool has_channel(const std::string& slug);
  /// A channel's rotation in position order, with each song's duration.
  std::vector<domain::RotationEntry> rotation(const std::string& channel_slug);
  /// `rotation` with each place's song audio, title and artist.
  std::vector<RotationSong> rotation_songs(const std::string& channel_slug);
  /// A channel's weekly slots, with their programmes.
  std::vector<SlotWithProgramme> schedule(const std::string& channel_slug);
  /// The id of a programme, or nullopt.
  std::optional<long long> programme_id(const std::string& programme_slug);

 private:
  soci::session& session_;
};

}  // namespace ether::store
