#pragma once
// The uploaded media of a station: accepts an uploaded file (already on disk) as a row at once,
// then on a background JobQueue checks what it is, stores each content once (by SHA-256) in the
// media table and under the uploads folder, and processes it: images into a WebP original and the §9 sizes around
// their focal point, audio into loudness-normalised MP3, video into a poster and HLS renditions. Progress is kept in
// the store, so any instance can answer for it. The instance processing a row claims it with a heartbeat; at start-up
// and every minute a library resumes the rows whose heartbeat stopped (a restart, a crash), one
// instance each, from their uploaded file, or fails them when that file is gone.
//
// Files under `root`:
//   incoming/                          uploads waiting for (or in) processing
//   images/<sha256>/original.webp      the stored original (no EXIF, at most 2560 px)
//   images/<sha256>/f<x>-<y>/<size>.webp   the sizes cut around focal point x,y (thousandths)
//   audio/<sha256>.mp3                 the normalised audio
//   videos/<sha256>/poster.jpg         a video's poster, and its HLS renditions for the player:
//   videos/<sha256>/master.m3u8        the master playlist naming 0/index.m3u8 (720p) and
//   videos/<sha256>/<n>/index.m3u8 and seg<nnn>.ts   1/index.m3u8 (360p)
// With several instances, `root` is shared storage (like the recordings).

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>

#include "http/message.hpp"
#include "media/audio_processor.hpp"
#include "media/job_queue.hpp"
#include "media/media_repository.hpp"
#include "media/video_processor.hpp"
#include "store/database.hpp"

namespace ether::media {

/// An upload that is refused: the HTTP status, an error code and a Dutch message.
class UploadRefused : public std::runtime_error {
 public:
  UploadRefused(unsigned status, std::string code, const std::string& message)
      : std::runtime_error(message), status_(status), code_(std::move(code)) {}
  [[nodiscard]] unsigned status() const { return status_; }
  [[nodiscard]] const std::string& code() const { return code_; }

 private:
  unsigned status_;
  std::string code_;
};

struct MediaOptions {
  std::filesystem::path root;                    // <data dir>/uploads
  std::uint64_t max_image_bytes = 25ULL << 20;   // 25 MiB
  std::uint64_t max_audio_bytes = 500ULL << 20;  // 500 MiB: a long episode as WAV
  std::uint64_t max_video_bytes = 2ULL << 30;    // 2 GiB: an hour of camera video
  int max_audio_seconds = 4 * 3600;              // longer audio is refused
  int max_video_seconds = 3 * 3600;              // longer video is refused
  int processing_seconds = 900;                  // ffprobe and ffmpeg of one audio upload are killed after
};

/// Who uploads: an account id (for the row and the audit log) and name.
struct Uploader {
  std::int64_t user_id = 0;
  std::string name;
};

class MediaLibrary {
 public:
  /// `now` gives unix seconds.
  MediaLibrary(store::Database& db, MediaOptions options, std::function<std::int64_t()> now);
  ~MediaLibrary();
  MediaLibrary(const MediaLibrary&) = delete;
  MediaLibrary& operator=(const MediaLibrary&) = delete;

  /// Starts the background worker, resumes the rows left 'processing' without a worker, and
  /// starts the heartbeat of this instance's rows (which also looks for such rows every minute).
  void start();
  /// Stops it (a running ffmpeg is killed; its item stays 'processing', its uploaded file kept, and
  /// is let go of, so that the next instance to start or look resumes it).
  void stop();

  /// Claims and resumes the rows 'processing' whose heartbeat is older than kStaleSeconds: from
  /// their uploaded file, or from the stored original for an image's sizes; a row whose file is
  /// gone becomes 'failed'. Returns how many it took. Called by start() and every minute.
  int resume_stale();

  [[nodiscard]] const MediaOptions& options() const { return options_; }
  [[nodiscard]] store::Database& db() const { return db_; }
  /// The library's clock, in unix seconds.
  [[nodiscard]] std::int64_t now() const { return now_(); }
  /// A fresh path in the incoming folder for an upload's body.
  [[nodiscard]] std::filesystem::path incoming_path() const;

  /// Takes an uploaded file of `kind` at once: a new row, status 'processing', with an audit row;
  /// reading the file (is it that kind of media, its hash) is the background job's. A file that is
  /// not that kind of media, or cannot be used, ends 'failed' with a Dutch message; the same
  /// content again ends as a pointer to the item it already has (find() answers with that item).
  /// Throws UploadRefused (503) when the library is stopping.
  MediaItem accept(MediaKind kind, const http::BodyFile& upload, const std::string& original_name,
                   const Uploader& uploader);

  /// Reads the stored MP3 of every audio item that was ready, once (the server calls it at start,
  /// off the I/O threads): one that is missing, holds no MP3 frames or is more than two seconds
  /// shorter than its item's duration becomes 'broken' with a Dutch `error` ("Beschadigd: ..."),
  /// which the admin's media list shows, and is logged once; a broken one whose file is whole
  /// again is 'ready' again. `stop` cuts it short. Returns how many are broken.
  int check_stored_audio(const std::stop_token& stop = {});

  /// The item of an id (for an upload of content stored before: that item), or nullopt.
  std::optional<MediaItem> find(std::int64_t id);

  /// Sets an image's focal point and makes its sizes for it (in the background unless made
  /// before). Throws UploadRefused (404 unknown, 409 not an image or not ready).
  MediaItem set_focal_point(std::int64_t id, FocalPoint focal, const Uploader& uploader);

  /// Sets an item's credit and caption (already checked and trimmed by the caller), with an audit
  /// row of what changed; an id of content stored before sets that item's. Returns the item as
  /// stored. Throws UploadRefused (404 unknown).
  MediaItem set_details(std::int64_t id, const std::string& credit, const std::string& caption,
                        const Uploader& uploader);

  /// Removes a failed upload, or a video no item names (not even one in the trash): its row and its
  /// files, with an audit row. Throws UploadRefused (404 unknown, 409 not_removable for anything
  /// else, 409 in_use when content still names it).
  void remove(std::int64_t id, const Uploader& uploader);

  /// Whether a file of a library video ("videos/<sha256>/...", relative to the uploads) belongs to
  /// a video item on the site now (published, not embargoed, not trashed). Reads the store.
  [[nodiscard]] bool video_on_site(std::string_view relative_path) const;

  /// Waits until no job is queued or running (tests), at most `timeout`.
  bool wait_idle(std::chrono::milliseconds timeout) const { return jobs_.wait_idle(timeout); }

  /// The folder of an image's sizes for a focal point, and its stored original.
  [[nodiscard]] std::filesystem::path variants_folder(const MediaItem& item) const;
  [[nodiscard]] std::filesystem::path original_image(const MediaItem& item) const;
  /// The stored MP3 of an audio item.
  [[nodiscard]] std::filesystem::path audio_file(const MediaItem& item) const;
  /// The folder of a video item's poster and renditions.
  [[nodiscard]] std::filesystem::path video_folder(const MediaItem& item) const;

 private:
  void identify(std::int64_t id, MediaKind kind, const std::filesystem::path& incoming, const Uploader& uploader);
  void identify_file(std::int64_t id, MediaKind kind, const std::filesystem::path& incoming, const Uploader& uploader);
  void resume(std::int64_t id);
  void keep_alive();
  // The item whose file `hash` goes into: `id` itself, or the one stored before when it must be
  // processed again; nullopt when nothing is left to do.
  std::optional<std::int64_t> claim(std::int64_t id, MediaKind kind, const std::string& hash, const Uploader& uploader);
  void process_image(std::int64_t id, const std::filesystem::path& incoming);
  void process_variants(std::int64_t id);
  void process_audio(std::int64_t id, const std::filesystem::path& incoming, const AudioProbe& probe,
                     const AudioLimits& limits);
  void process_video_item(std::int64_t id, const std::filesystem::path& incoming, const VideoProbe& probe,
                          const VideoLimits& limits);
  void fail(std::int64_t id, const std::string& message);
  void report(std::int64_t id, double from, double span, double share);

  store::Database& db_;
  MediaOptions options_;
  std::function<std::int64_t()> now_;
  std::string owner_;  // this instance, in the rows it claims
  JobQueue jobs_;
  int last_progress_ = -1;  // worker thread only
  std::mutex heartbeat_mutex_;
  std::condition_variable heartbeat_wake_;
  bool heartbeat_stop_ = false;
  std::thread heartbeat_;
};

/// A row 'processing' whose heartbeat is this many seconds old lost its worker.
inline constexpr std::int64_t kStaleSeconds = 120;

/// The SHA-256 of a file's bytes, in hex, read in chunks.
std::string file_sha256(const std::filesystem::path& file);

}  // namespace ether::media
