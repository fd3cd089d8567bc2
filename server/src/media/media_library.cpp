#include "media/media_library.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/json/object.hpp>
#include <cmath>
#include <fstream>
#include <random>

#include "media/audio_processor.hpp"
#include "media/ffmpeg_job.hpp"
#include "media/image_processor.hpp"
#include "media/stored_files.hpp"
#include "store/audit_entries.hpp"
#include "store/publication.hpp"
#include "stream/mp3_frames.hpp"

namespace ether::media {
namespace {

// "3:05" for a playing time in ms.
std::string minutes_text(std::int64_t ms) {
  const auto seconds = ms / 1000;
  return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

// What is wrong with a stored MP3, in Dutch for the editor, or "" when it plays as long as its item
// says. The frames are counted with the live origin's own parser (no ffmpeg per file at start).
std::string stored_audio_problem(const std::filesystem::path& file, std::int64_t duration_ms) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) return "Beschadigd: het audiobestand ontbreekt op de server. Upload het opnieuw.";
  std::string bytes(static_cast<std::size_t>(size), '\0');
  std::ifstream in(file, std::ios::binary);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    return "Beschadigd: het audiobestand kan op de server niet worden gelezen. Upload het opnieuw.";
  }
  std::int64_t frames_us = 0;
  for (const auto& frame : stream::split_mp3_frames(bytes)) frames_us += frame.duration_us;
  if (frames_us == 0) return "Beschadigd: het audiobestand op de server bevat geen geluid meer. Upload het opnieuw.";
  constexpr std::int64_t kShortByMs = 2000;
  if (frames_us / 1000 + kShortByMs < duration_ms) {
    return "Beschadigd: van de " + minutes_text(duration_ms) + " is op de server nog maar " +
           minutes_text(frames_us / 1000) + " over. Upload het opnieuw.";
  }
  return "";
}

namespace json = boost::json;

// The heartbeat renews the claims every this often, well inside kStaleSeconds; every
// kResumeEvery-th beat also looks for rows that lost their worker.
constexpr std::chrono::seconds kHeartbeatEvery{30};
constexpr int kResumeEvery = 2;
constexpr int kResumeBatch = 50;

constexpr std::string_view kFileGone =
    "Het geüploade bestand is verdwenen toen de server herstartte, voordat het verwerkt was. Upload het opnieuw.";

std::string random_name() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::string name;
  for (int i = 0; i < 2; ++i) {
    auto value = generator();
    for (int k = 0; k < 16; ++k, value >>= 4) name.push_back(kHex[value & 0xf]);
  }
  return name;
}

// A row whose bytes have not been hashed yet holds a unique placeholder instead of the hash; a
// row that turned out to hold content stored before points to it by "<hash>:<own id>".
constexpr std::string_view kPendingPrefix = "pending:";

std::string clean_name(std::string_view name) {
  std::string out;
  for (char c : name.substr(0, 200)) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) out.push_back(c);
  }
  return out;
}

}  // namespace

std::string file_sha256(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  std::array<char, 65536> buffer{};
  while (in) {
    in.read(buffer.data(), buffer.size());
    const auto n = in.gcount();
    if (n > 0) {
      crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(buffer.data()),
                                static_cast<unsigned long long>(n));
    }
  }
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256_final(&state, digest.data());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (auto byte : digest) {
    hex.push_back(kHex[byte >> 4]);
    hex.push_back(kHex[byte & 0xf]);
  }
  return hex;
}

MediaLibrary::MediaLibrary(store::Database& db, MediaOptions options, std::function<std::int64_t()> now)
    : db_(db), options_(std::move(options)), now_(std::move(now)), owner_(random_name()) {
  for (const char* dir : {"incoming", "images", "audio", "videos"})
    std::filesystem::create_directories(options_.root / dir);
  // Bodies of uploads cut off by a restart.
  for (const auto& entry : std::filesystem::directory_iterator(options_.root / "incoming")) {
    if (entry.path().extension() == ".upload") {
      std::error_code ignored;
      std::filesystem::remove(entry.path(), ignored);
    }
  }
}

MediaLibrary::~MediaLibrary() { stop(); }

void MediaLibrary::start() {
  jobs_.start();
  {
    std::lock_guard lock(heartbeat_mutex_);
    if (heartbeat_.joinable() || heartbeat_stop_) return;
  }
  resume_stale();
  std::lock_guard lock(heartbeat_mutex_);
  heartbeat_ = std::thread([this] { keep_alive(); });
}

void MediaLibrary::stop() {
  {
    std::lock_guard lock(heartbeat_mutex_);
    heartbeat_stop_ = true;
  }
  heartbeat_wake_.notify_all();
  if (heartbeat_.joinable()) heartbeat_.join();
  jobs_.stop();
  try {
    auto lease = db_.lease();
    MediaRepository(*lease).release(owner_);
  } catch (const std::exception& error) {
    spdlog::warn("media: cannot let go of the items being processed: {}", error.what());
  }
}

void MediaLibrary::keep_alive() {
  std::unique_lock lock(heartbeat_mutex_);
  for (int beat = 1;; ++beat) {
    if (heartbeat_wake_.wait_for(lock, kHeartbeatEvery, [this] { return heartbeat_stop_; })) return;
    lock.unlock();
    try {
      auto lease = db_.lease();
      MediaRepository(*lease).heartbeat(owner_, now_());
    } catch (const std::exception& error) {
      spdlog::warn("media: cannot renew the claims on the items being processed: {}", error.what());
    }
    if (beat % kResumeEvery == 0) resume_stale();
    lock.lock();
  }
}

int MediaLibrary::resume_stale() {
  int taken = 0;
  try {
    const auto now = now_();
    std::vector<std::int64_t> ids;
    {
      auto lease = db_.lease();
      MediaRepository media(*lease);
      for (auto id : media.stale(now - kStaleSeconds, kResumeBatch)) {
        if (media.claim(id, owner_, now, now - kStaleSeconds)) ids.push_back(id);
      }
    }
    for (auto id : ids) {
      spdlog::info("media: resuming item {}, left processing by a stopped instance", id);
      if (!jobs_.post([this, id] { resume(id); })) break;
      ++taken;
    }
  } catch (const std::exception& error) {
    spdlog::warn("media: cannot look for items left processing: {}", error.what());
  }
  return taken;
}

void MediaLibrary::resume(std::int64_t id) {
  last_progress_ = -1;
  std::optional<MediaItem> item;
  try {
    auto lease = db_.lease();
    item = MediaRepository(*lease).find(id);
  } catch (const std::exception& error) {
    spdlog::error("media: cannot read item {} to resume it: {}", id, error.what());
    return;
  }
  if (!item || item->status != "processing") return;
  const Uploader system{0, "systeem"};
  const bool identified = !item->content_hash.starts_with(kPendingPrefix);
  auto source = item->source_file;
  // A row from before migration 014 names no file; one not yet read is named by its placeholder.
  if (source.empty() && !identified) {
    source = item->content_hash.substr(kPendingPrefix.size()) + "." + std::string(kind_name(item->kind));
  }
  const auto incoming = source.empty() ? std::filesystem::path() : options_.root / "incoming" / source;
  std::error_code ignored;
  if (item->kind == MediaKind::image && identified && item->width > 0 &&
      std::filesystem::is_regular_file(original_image(*item), ignored)) {
    // The original was stored: only its sizes (for the focal point now chosen) are left.
    if (!incoming.empty()) std::filesystem::remove(incoming, ignored);
    process_variants(id);
  } else if (!incoming.empty() && std::filesystem::is_regular_file(incoming, ignored)) {
    identify(id, item->kind, incoming, system);
  } else {
    fail(id, std::string(kFileGone));
  }
}

std::filesystem::path MediaLibrary::incoming_path() const {
  return options_.root / "incoming" / (random_name() + ".upload");
}

std::filesystem::path MediaLibrary::variants_folder(const MediaItem& item) const {
  return options_.root / "images" / item.content_hash / focal_folder(item.focal);
}

std::filesystem::path MediaLibrary::original_image(const MediaItem& item) const {
  return options_.root / "images" / item.content_hash / "original.webp";
}

std::filesystem::path MediaLibrary::audio_file(const MediaItem& item) const {
  return options_.root / "audio" / (item.content_hash + ".mp3");
}

std::filesystem::path MediaLibrary::video_folder(const MediaItem& item) const {
  return options_.root / "videos" / item.content_hash;
}

std::optional<MediaItem> MediaLibrary::find(std::int64_t id) {
  auto lease = db_.lease();
  return MediaRepository(*lease).find_stored(id);
}

MediaItem MediaLibrary::accept(MediaKind kind, const http::BodyFile& upload, const std::string& original_name,
                               const Uploader& uploader) {
  // What the file is and its hash are found out by the job: both read the whole file, which may
  // take longer than a request may (500 MB of audio). The file moves out of the request's hands
  // at once, so that its answer never leaves it behind.
  const auto token = random_name();
  const auto incoming = options_.root / "incoming" / (token + "." + std::string(kind_name(kind)));
  std::filesystem::rename(upload.path, incoming);
  RemoveOnExit pending{incoming};
  const auto now = now_();
  MediaItem item;
  item.kind = kind;
  item.content_hash = std::string(kPendingPrefix) + token;
  item.original_name = clean_name(original_name);
  item.status = "processing";
  item.mime_type = kind == MediaKind::image   ? "image/webp"
                   : kind == MediaKind::audio ? "audio/mpeg"
                                              : "application/vnd.apple.mpegurl";
  item.uploaded_by = uploader.user_id > 0 ? std::optional<std::int64_t>(uploader.user_id) : std::nullopt;
  item.created_at = now;
  item.updated_at = now;
  item.source_file = incoming.filename().string();
  {
    auto lease = db_.lease();
    MediaRepository media(*lease);
    store::Transaction tx(*lease);
    item.id = media.insert(item);
    media.claim(item.id, owner_, now, now + 1);
    json::object changes;
    store::add_change(changes, "kind", nullptr, json::string(kind_name(kind)));
    store::add_change(changes, "name", nullptr, json::string(item.original_name));
    store::record_audit_entry(*lease, {uploader.user_id, uploader.name}, now, "media", std::to_string(item.id),
                              "upload", changes);
    tx.commit();
  }
  const auto id = item.id;
  if (!jobs_.post([this, id, kind, incoming, uploader] { identify(id, kind, incoming, uploader); })) {
    fail(id, "De server stopte voordat het bestand verwerkt was. Upload het opnieuw.");
    throw UploadRefused(503, "stopping", "De server stopt; probeer het zo opnieuw.");
  }
  pending.keep();
  return item;
}

void MediaLibrary::identify(std::int64_t id, MediaKind kind, const std::filesystem::path& incoming,
                            const Uploader& uploader) {
  RemoveOnExit remove{incoming};
  identify_file(id, kind, incoming, uploader);
  // Cut off by stop(): the file stays for the instance that resumes the item.
  if (jobs_.stopping()) remove.keep();
}

void MediaLibrary::identify_file(std::int64_t id, MediaKind kind, const std::filesystem::path& incoming,
                                 const Uploader& uploader) {
  last_progress_ = -1;
  try {
    std::optional<AudioProbe> audio;
    std::optional<VideoProbe> video;
    const VideoLimits video_limits{
        .max_seconds = static_cast<double>(options_.max_video_seconds),
        .deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options_.processing_seconds)};
    const AudioLimits limits{
        .max_seconds = static_cast<double>(options_.max_audio_seconds),
        .deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options_.processing_seconds)};
    if (kind == MediaKind::image) {
      auto probe = probe_image(incoming);
      if (!probe) {
        fail(id,
             "Dit bestand is geen afbeelding die we kunnen lezen. Kies een JPEG-, PNG-, WebP-, GIF-, HEIC- of "
             "TIFF-bestand.");
        return;
      }
      if (static_cast<std::int64_t>(probe->width) * probe->height > kMaxImagePixels) {
        fail(id, "Deze afbeelding heeft te veel pixels (hoogstens 100 megapixel). Verklein hem eerst.");
        return;
      }
    } else if (kind == MediaKind::video) {
      video = probe_video(incoming, options_.root / "incoming", video_limits.deadline);
      if (!video) {
        fail(id, std::string(kNotAVideoMessage));
        return;
      }
      if (video->duration_seconds > video_limits.max_seconds) {
        fail(id, video_too_long_message(video_limits.max_seconds));
        return;
      }
    } else {
      audio = probe_audio(incoming, options_.root / "incoming", limits.deadline);
      if (!audio) {
        fail(id, "Dit bestand is geen audio. Kies een geluidsbestand, zoals MP3, WAV, AAC, OGG of FLAC.");
        return;
      }
      if (audio->duration_seconds > limits.max_seconds) {
        fail(id, too_long_message(limits.max_seconds));
        return;
      }
    }
    const auto hash = file_sha256(incoming);
    if (jobs_.stopping()) return;
    const auto target = claim(id, kind, hash, uploader);
    if (!target) return;
    if (kind == MediaKind::image) {
      process_image(*target, incoming);
    } else if (kind == MediaKind::video) {
      process_video_item(*target, incoming, *video, video_limits);
    } else {
      process_audio(*target, incoming, *audio, limits);
    }
  } catch (const AudioError& error) {
    if (!jobs_.stopping()) fail(id, error.what());
  } catch (const VideoError& error) {
    if (!jobs_.stopping()) fail(id, error.what());
  } catch (const std::exception& error) {
    spdlog::error("media: upload {} could not be identified: {}", id, error.what());
    if (!jobs_.stopping()) fail(id, "Het bestand kon niet worden verwerkt.");
  }
}

std::optional<std::int64_t> MediaLibrary::claim(std::int64_t id, MediaKind kind, const std::string& hash,
                                                const Uploader& uploader) {
  const auto now = now_();
  auto lease = db_.lease();
  MediaRepository media(*lease);
  auto item = media.find(id);
  if (!item) return std::nullopt;
  auto existing = media.find_by_hash(kind, hash);
  // Identified before a restart cut its processing off: it goes on as itself.
  if (existing && existing->id == id) return id;
  if (!existing) {
    item->content_hash = hash;
    item->updated_at = now;
    try {
      media.update(*item);
      return id;
    } catch (const soci::soci_error&) {
      // The same content identified at the same moment by another instance: it is stored there.
      existing = media.find_by_hash(kind, hash);
      if (!existing) throw;
    }
  }
  // Stored before: this upload becomes a pointer to that item. One that failed, or that was left
  // 'processing' by a stopped instance (this one takes its claim), is processed anew from these bytes.
  store::Transaction tx(*lease);
  const bool again = existing->status == "failed" || existing->status == kBrokenStatus ||
                     (existing->status == "processing" && media.claim(existing->id, owner_, now, now - kStaleSeconds));
  item->content_hash = hash + ":" + std::to_string(id);
  item->status = std::string(kDuplicateStatus);
  item->progress = 100;
  item->updated_at = now;
  media.update(*item);
  if (again) {
    existing->status = "processing";
    existing->progress = 0;
    existing->error.clear();
    existing->updated_at = now;
    existing->source_file = item->source_file;
    media.update(*existing);
    media.claim(existing->id, owner_, now, now + 1);
    store::record_audit_entry(*lease, {uploader.user_id, uploader.name}, now, "media", std::to_string(existing->id),
                              "reprocess");
  }
  tx.commit();
  if (!again) return std::nullopt;
  return existing->id;
}

MediaItem MediaLibrary::set_focal_point(std::int64_t id, FocalPoint focal, const Uploader& uploader) {
  auto lease = db_.lease();
  MediaRepository media(*lease);
  auto item = media.find(id);
  if (!item) throw UploadRefused(404, "not_found", "Dit bestand bestaat niet (meer).");
  if (item->kind != MediaKind::image)
    throw UploadRefused(409, "not_an_image", "Alleen een afbeelding heeft een focuspunt.");
  if (item->status != "ready") {
    throw UploadRefused(409, "not_ready", "De afbeelding wordt nog verwerkt; kies het focuspunt zo meteen.");
  }
  const auto before = item->focal;
  item->focal = focal;
  item->updated_at = now_();
  const bool made = std::filesystem::is_directory(variants_folder(*item));
  if (!made) {
    item->status = "processing";
    item->progress = 0;
  }
  {
    store::Transaction tx(*lease);
    media.update(*item);
    if (!made) media.claim(id, owner_, item->updated_at, item->updated_at + 1);
    json::object changes;
    store::add_change(changes, "focalPoint", json::string(focal_folder(before)), json::string(focal_folder(focal)));
    store::record_audit_entry(*lease, {uploader.user_id, uploader.name}, item->updated_at, "media", std::to_string(id),
                              "update", changes);
    tx.commit();
  }
  if (!made && !jobs_.post([this, id] { process_variants(id); })) {
    throw UploadRefused(503, "stopping", "De server stopt; probeer het zo opnieuw.");
  }
  return *item;
}

MediaItem MediaLibrary::set_details(std::int64_t id, const std::string& credit, const std::string& caption,
                                    const Uploader& uploader) {
  auto lease = db_.lease();
  MediaRepository media(*lease);
  // The id an upload answered with may be a pointer to the item stored before: the words belong
  // to that item, which every later use of the picture names.
  auto item = media.find_stored(id);
  if (!item) throw UploadRefused(404, "not_found", "Dit bestand bestaat niet (meer).");
  if (item->credit == credit && item->caption == caption) return *item;
  json::object changes;
  if (item->credit != credit) store::add_change(changes, "credit", json::string(item->credit), json::string(credit));
  if (item->caption != caption) {
    store::add_change(changes, "caption", json::string(item->caption), json::string(caption));
  }
  item->credit = credit;
  item->caption = caption;
  item->updated_at = now_();
  store::Transaction tx(*lease);
  // A row deleted since it was read (a failed upload removed meanwhile) is as unknown.
  if (!media.set_details(item->id, credit, caption, item->updated_at)) {
    throw UploadRefused(404, "not_found", "Dit bestand bestaat niet (meer).");
  }
  store::record_audit_entry(*lease, {uploader.user_id, uploader.name}, item->updated_at, "media",
                            std::to_string(item->id), "update", changes);
  tx.commit();
  return *item;
}

void MediaLibrary::remove(std::int64_t id, const Uploader& uploader) {
  auto lease = db_.lease();
  MediaRepository media(*lease);
  auto item = media.find(id);
  if (!item) throw UploadRefused(404, "not_found", "Dit bestand bestaat niet (meer).");
  const bool unused_video = item->kind == MediaKind::video && item->status == "ready";
  if (item->status != "failed" && !unused_video) {
    throw UploadRefused(409, "not_removable", "Alleen een mislukte upload of een video kan hier worden verwijderd.");
  }
  // A failed upload is never offered to content, but an item saved before it failed (a resumed row
  // whose file was gone) may still name it; that item would lose its audio. A video is named by its
  // master playlist, by items on the site, drafts and the trash alike.
  long long uses = 0;
  long long key = id;
  const std::string playlist = video_url(*item);
  *lease << "SELECT (SELECT COUNT(*) FROM fragments WHERE audio_media_id = :a) + "
            "(SELECT COUNT(*) FROM podcast_episodes WHERE audio_media_id = :b) + "
            "(SELECT COUNT(*) FROM bulletins WHERE audio_media_id = :c) + "
            "(SELECT COUNT(*) FROM videos WHERE video_path = :v)",
      soci::use(key), soci::use(key), soci::use(key), soci::use(playlist), soci::into(uses);
  if (uses > 0) {
    throw UploadRefused(409, "in_use",
                        "Dit bestand wordt nog gebruikt door een item (ook in de prullenbak); kies daar eerst een "
                        "ander bestand.");
  }
  {
    store::Transaction tx(*lease);
    *lease << "DELETE FROM media WHERE id = :i", soci::use(key);
    json::object changes;
    store::add_change(changes, "name", json::string(item->original_name), nullptr);
    store::record_audit_entry(*lease, {uploader.user_id, uploader.name}, now_(), "media", std::to_string(id), "delete",
                              changes);
    tx.commit();
  }
  std::error_code ignored;
  if (!item->source_file.empty() && item->source_file.find('/') == std::string::npos) {
    std::filesystem::remove(options_.root / "incoming" / item->source_file, ignored);
  }
  if (unused_video && !item->content_hash.empty()) std::filesystem::remove_all(video_folder(*item), ignored);
}

bool MediaLibrary::video_on_site(std::string_view relative_path) const {
  // Any file of the video (poster, renditions, segments) is judged by its master playlist, which
  // a video item stores.
  if (!relative_path.starts_with("videos/")) return false;
  const auto folder_end = relative_path.find('/', std::string_view("videos/").size());
  if (folder_end == std::string_view::npos) return false;
  const std::string playlist = std::string(kUploadsPrefix) + "/" + std::string(relative_path.substr(0, folder_end)) +
                               "/" + std::string(kMasterPlaylist);
  long long visible = 0;
  auto lease = db_.lease();
  *lease << "SELECT COUNT(*) FROM videos WHERE video_path = :p AND " + store::dated_visible("", now_()),
      soci::use(playlist), soci::into(visible);
  return visible > 0;
}

void MediaLibrary::report(std::int64_t id, double from, double span, double share) {
  const int progress = std::clamp(static_cast<int>((from + span * share) * 100.0), 0, 99);
  if (progress == last_progress_) return;
  last_progress_ = progress;
  try {
    auto lease = db_.lease();
    MediaRepository(*lease).set_progress(id, progress, now_());
  } catch (const std::exception& error) {
    spdlog::warn("media: cannot store the progress of {}: {}", id, error.what());
  }
}

int MediaLibrary::check_stored_audio(const std::stop_token& stop) {
  std::vector<std::int64_t> ids;
  {
    auto lease = db_.lease();
    ids = MediaRepository(*lease).stored_audio();
  }
  int broken = 0;
  for (const auto id : ids) {
    if (stop.stop_requested()) break;
    auto item = find(id);
    if (!item || (item->status != "ready" && item->status != kBrokenStatus)) continue;
    const auto problem = stored_audio_problem(audio_file(*item), item->duration_ms);
    if (!problem.empty()) ++broken;
    const bool was_broken = item->status == kBrokenStatus;
    const bool unchanged = problem.empty() ? !was_broken : (was_broken && problem == item->error);
    if (unchanged) continue;
    if (problem.empty()) {
      spdlog::info("media: audio item {} ({}) is whole again", id, audio_file(*item).string());
      item->status = "ready";
      item->error.clear();
    } else {
      // Once per change: an item that stays broken is not logged at every start.
      spdlog::error("media: audio item {} ({}) is broken, marked so in the library: {}", id, audio_file(*item).string(),
                    problem);
      item->status = std::string(kBrokenStatus);
      item->error = problem;
    }
    item->updated_at = now_();
    auto lease = db_.lease();
    MediaRepository(*lease).update(*item);
  }
  return broken;
}

void MediaLibrary::fail(std::int64_t id, const std::string& message) {
  spdlog::warn("media: item {} failed: {}", id, message);
  try {
    auto lease = db_.lease();
    MediaRepository media(*lease);
    if (auto item = media.find(id)) {
      item->status = "failed";
      item->error = message;
      item->updated_at = now_();
      media.update(*item);
    }
  } catch (const std::exception& error) {
    spdlog::error("media: cannot mark item {} failed: {}", id, error.what());
  }
}

void MediaLibrary::process_image(std::int64_t id, const std::filesystem::path& incoming) {
  try {
    auto item = find(id);
    if (!item) return;
    std::filesystem::create_directories(original_image(*item).parent_path());
    const auto original = make_original(incoming, original_image(*item));
    item->width = original.width;
    item->height = original.height;
    item->size_bytes = static_cast<std::int64_t>(original.bytes);
    {
      auto lease = db_.lease();
      item->progress = 10;
      item->updated_at = now_();
      MediaRepository(*lease).update(*item);
    }
    make_variants(original_image(*item), variants_folder(*item), item->focal,
                  [&](double share) { report(id, 0.1, 0.9, share); });
    auto lease = db_.lease();
    MediaRepository media(*lease);
    // The focal point may have been changed meanwhile; its own job makes those sizes.
    if (auto latest = media.find(id); latest && latest->status == "processing") {
      latest->width = item->width;
      latest->height = item->height;
      latest->size_bytes = item->size_bytes;
      latest->status = "ready";
      latest->progress = 100;
      latest->updated_at = now_();
      media.update(*latest);
    }
  } catch (const ImageError& error) {
    fail(id, error.what());
  } catch (const std::exception& error) {
    spdlog::error("media: image {} failed: {}", id, error.what());
    fail(id, "De afbeelding kon niet worden verwerkt.");
  }
}

void MediaLibrary::process_variants(std::int64_t id) {
  last_progress_ = -1;
  try {
    auto item = find(id);
    if (!item) return;
    if (!std::filesystem::is_directory(variants_folder(*item))) {
      make_variants(original_image(*item), variants_folder(*item), item->focal,
                    [&](double share) { report(id, 0.0, 1.0, share); });
    }
    auto lease = db_.lease();
    MediaRepository media(*lease);
    if (auto latest = media.find(id); latest && latest->focal == item->focal) {
      latest->status = "ready";
      latest->progress = 100;
      latest->updated_at = now_();
      media.update(*latest);
    }
  } catch (const ImageError& error) {
    fail(id, error.what());
  } catch (const std::exception& error) {
    spdlog::error("media: sizes of image {} failed: {}", id, error.what());
    fail(id, "De afbeelding kon niet worden bijgesneden.");
  }
}

void MediaLibrary::process_audio(std::int64_t id, const std::filesystem::path& incoming, const AudioProbe& probe,
                                 const AudioLimits& limits) {
  try {
    auto item = find(id);
    if (!item) return;
    // The whole file is decoded once first: a damaged one ends 'failed' and is never offered.
    check_audio_decodes(
        incoming, options_.root / "incoming", probe, limits, [&](double share) { report(id, 0.0, 0.2, share); },
        &jobs_.running_child());
    if (jobs_.stopping()) return;
    const auto result = normalise_audio(
        incoming, audio_file(*item), options_.root / "incoming", probe, limits,
        [&](double share) { report(id, 0.2, 0.8, share); }, &jobs_.running_child());
    if (jobs_.stopping()) return;
    item->duration_ms = result.duration_ms;
    item->size_bytes = static_cast<std::int64_t>(result.bytes);
    item->loudness_tenths = static_cast<int>(std::lround(result.loudness_lufs * 10.0));
    item->status = "ready";
    item->progress = 100;
    item->updated_at = now_();
    auto lease = db_.lease();
    MediaRepository(*lease).update(*item);
  } catch (const AudioError& error) {
    if (!jobs_.stopping()) fail(id, error.what());
  } catch (const std::exception& error) {
    spdlog::error("media: audio {} failed: {}", id, error.what());
    if (!jobs_.stopping()) fail(id, "Het audiobestand kon niet worden verwerkt.");
  }
}

}  // namespace ether::media

namespace ether::media {

void MediaLibrary::process_video_item(std::int64_t id, const std::filesystem::path& incoming, const VideoProbe& probe,
                                      const VideoLimits& limits) {
  try {
    auto item = find(id);
    if (!item) return;
    const auto result = process_video(
        incoming, video_folder(*item), options_.root / "incoming", probe, limits,
        [&](double share) { report(id, 0.0, 1.0, share); }, &jobs_.running_child());
    if (jobs_.stopping()) return;
    item->duration_ms = result.duration_ms;
    item->width = result.width;
    item->height = result.height;
    item->size_bytes = static_cast<std::int64_t>(result.bytes);
    item->status = "ready";
    item->progress = 100;
    item->updated_at = now_();
    auto lease = db_.lease();
    MediaRepository(*lease).update(*item);
  } catch (const VideoError& error) {
    if (!jobs_.stopping()) fail(id, error.what());
  } catch (const std::exception& error) {
    spdlog::error("media: video {} failed: {}", id, error.what());
    if (!jobs_.stopping()) fail(id, "De video kon niet worden verwerkt.");
  }
}

}  // namespace ether::media
