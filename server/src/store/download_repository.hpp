#pragma once
// Podcast downloads in the store (migration 038): the shared daily salts and the bytes served per
// (episode, UTC day, client hash), written in batches by listeners/download_writer.hpp and read
// back per feed by the admin (admin/downloads_api.hpp).

#include <soci/soci.h>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ether::store {

struct DownloadBytes {
  std::int64_t episode_id = 0;
  std::int64_t day = 0;  // UTC days since 1970-01-01
  std::string client;    // the client's hash under the day's salt
  std::int64_t bytes = 0;
};

struct EpisodeAudio {
  std::int64_t id = 0;
  std::int64_t feed_id = 0;
  std::int64_t byte_length = 0;
  std::int64_t duration_ms = 0;
};

/// Works on a session the caller leases (and, for a batch, wraps in a transaction).
class DownloadRepository {
 public:
  explicit DownloadRepository(soci::session& session) : session_(session) {}

  /// The salt of `day`: `fresh` inserted unless another instance inserted one first, then the one
  /// stored read back, so that every instance hashes with the same salt.
  std::array<unsigned char, 32> salt_of_day(std::int64_t day, const std::array<unsigned char, 32>& fresh);
  /// Deletes the salts of the days before `day`.
  void delete_salts_before(std::int64_t day);
  /// The episode whose audio_path is `audio_path`, if any (the lowest id when several share it).
  std::optional<EpisodeAudio> episode_by_audio_path(const std::string& audio_path);
  /// Adds each row's bytes to those stored for its (episode, day, client); returns, per row in
  /// order, the bytes stored for it after the addition.
  std::vector<std::int64_t> add(const std::vector<DownloadBytes>& rows);
  /// The stored rows of the episodes of `feed_id` for the days [from_day, until_day].
  std::vector<DownloadBytes> of_feed(std::int64_t feed_id, std::int64_t from_day, std::int64_t until_day);
  /// Deletes the rows of the days before `day`; returns how many.
  long long delete_before(std::int64_t day);

 private:
  soci::session& session_;
};

}  // namespace ether::store
