#pragma once
// The media table (migrations 013, 014 and 036): one row per uploaded image, audio or video file, found by id or by
// the kind and SHA-256 of the uploaded bytes (each content is stored once).

#include <soci/soci.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "media/image_variants.hpp"

namespace ether::media {

enum class MediaKind { image, audio, video };

/// The status of a row whose upload turned out to be content stored before: find_stored() answers
/// with that item instead, lists leave it out.
inline constexpr std::string_view kDuplicateStatus = "duplicate";
/// The status of an audio item whose stored MP3 was found missing or damaged after it was ready
/// (MediaLibrary::check_stored_audio); `error` says what, in Dutch. Lists show it, pickers do not.
inline constexpr std::string_view kBrokenStatus = "broken";

/// "image", "audio" or "video".
std::string_view kind_name(MediaKind kind);

struct MediaItem {
  std::int64_t id = 0;
  MediaKind kind = MediaKind::image;
  std::string content_hash;  // SHA-256 hex of the uploaded bytes (see MediaLibrary for the other forms)
  std::string original_name;
  std::string status = "processing";  // "processing", "ready", "failed", "broken"
  int progress = 0;                   // 0..100
  std::string error;                  // Dutch, when failed or broken
  std::string mime_type;
  int width = 0;
  int height = 0;
  FocalPoint focal;
  std::int64_t duration_ms = 0;
  std::int64_t size_bytes = 0;
  int loudness_tenths = 0;                  // audio: integrated loudness in tenths of LUFS
  std::optional<std::int64_t> uploaded_by;  // the account, when there was one
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::string source_file;  // the uploaded file it is (or was) processed from, under incoming/
  std::string credit;       // who made it or where it is from (migration 036), trimmed; "" when unknown
  std::string caption;      // what a page may print under it (migration 036), trimmed; "" when none
};

class MediaRepository {
 public:
  explicit MediaRepository(soci::session& session) : session_(session) {}

  [[nodiscard]] std::optional<MediaItem> find(std::int64_t id);
  /// The item an id stands for: for an upload of content stored before, that stored item.
  [[nodiscard]] std::optional<MediaItem> find_stored(std::int64_t id);
  [[nodiscard]] std::optional<MediaItem> find_by_hash(MediaKind kind, const std::string& content_hash);
  /// The newest items of a kind, `limit` from `offset`, and how many there are (rows of uploads
  /// that turned out to be stored before, status 'duplicate', left out); with a `name`, only the
  /// items whose file name holds it (case-insensitive for ASCII).
  [[nodiscard]] std::vector<MediaItem> list(MediaKind kind, std::int64_t limit, std::int64_t offset,
                                            std::string_view name = {});
  [[nodiscard]] std::int64_t count(MediaKind kind, std::string_view name = {});

  /// Inserts `item` (its id is ignored); returns the new id.
  std::int64_t insert(const MediaItem& item);
  /// Writes every field of `item` but its kind and creation (the hash is known once the upload is read)
  /// and its credit and caption, which only set_details() writes.
  void update(const MediaItem& item);
  /// Sets an item's credit and caption (and its updated_at); false when there is no such row.
  bool set_details(std::int64_t id, const std::string& credit, const std::string& caption, std::int64_t now);
  /// Sets the progress of an item still processing.
  void set_progress(std::int64_t id, int progress, std::int64_t now);

  // Claims on processing (migration 014), so that with several instances on one store one resumes
  // a row whose processing stopped.
  /// Takes the row `id` for `owner` when it is 'processing' and its heartbeat is older than
  /// `stale_before` (a new row has none); false when another instance holds it or it is done.
  bool claim(std::int64_t id, const std::string& owner, std::int64_t now, std::int64_t stale_before);
  /// Renews the heartbeat of every row `owner` is processing; returns how many.
  std::int64_t heartbeat(const std::string& owner, std::int64_t now);
  /// Lets go of `owner`'s rows still processing (it stops), so that another may take them at once.
  void release(const std::string& owner);
  /// Ids of the audio items that have a stored MP3 (status 'ready' or 'broken'), oldest first.
  [[nodiscard]] std::vector<std::int64_t> stored_audio();
  /// Ids of at most `limit` rows 'processing' whose heartbeat is older than `stale_before`.
  [[nodiscard]] std::vector<std::int64_t> stale(std::int64_t stale_before, int limit);

 private:
  soci::session& session_;
};

}  // namespace ether::media
