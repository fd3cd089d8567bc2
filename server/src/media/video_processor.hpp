#pragma once
// Video with ffprobe and ffmpeg: an upload of an MP4, MOV, Matroska or WebM file is probed for its
// duration and picture size (anything else is refused), a JPEG poster is taken at a tenth of its
// duration, and HLS renditions are made for the site's player (H.264 + AAC: one at 720p, or the
// source's height when smaller, and one at 360p, in segments of about 4 s under a master playlist).
// Everything is written into a folder beside the target and renamed into place only when whole.

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ether::media {

/// Video that cannot be processed; what() is a Dutch message for the editor.
class VideoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The demuxers an upload may be read with (ffmpeg's -format_whitelist): MP4/MOV and
/// Matroska/WebM only. Playlists and lists of other files are not among them, so that an upload
/// can never make ffmpeg read another file or URL.
inline constexpr std::string_view kVideoFormats = "mov,mp4,matroska,webm";

/// The Dutch refusal of a file that is not a video of kVideoFormats.
inline constexpr std::string_view kNotAVideoMessage =
    "Dit bestand is geen video die we kunnen lezen. Kies een MP4-, MOV-, MKV- of WebM-bestand.";

/// The Dutch refusal of a video whose picture is larger than 4K (media::kMaxPicturePixels).
inline constexpr std::string_view kVideoTooLargeMessage =
    "Deze video is te groot: hoogstens 3840 × 2160 beeldpunten (4K). Exporteer hem kleiner.";

/// What ffprobe finds in a video file.
struct VideoProbe {
  double duration_seconds = 0;
  int width = 0;
  int height = 0;
  bool has_audio = false;
  std::string format;  // the demuxer that read it ("mov", "matroska"), forced on ffmpeg
};

/// How far processing one upload may go: the duration (longer is refused) and the moment its
/// ffprobe and ffmpeg runs are killed.
struct VideoLimits {
  double max_seconds = 3 * 3600.0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// The first video stream of `file` (a still picture, such as cover art, does not count), or
/// nullopt when it has none or is not a file of kVideoFormats. `work_dir` holds ffprobe's error
/// output. Throws VideoError past `deadline`, and with kVideoTooLargeMessage for a picture larger
/// than 4K.
std::optional<VideoProbe> probe_video(
    const std::filesystem::path& file, const std::filesystem::path& work_dir,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

/// The heights of the renditions made of a source `height` pixels high: 720 (or the source's
/// height, rounded down to even, when smaller), and 360 when the source is higher than that.
std::vector<int> rendition_heights(int height);

/// The Dutch refusal of video longer than `max_seconds`.
std::string video_too_long_message(double max_seconds);

/// The files made in a video's folder.
inline constexpr std::string_view kPosterFile = "poster.jpg";
inline constexpr std::string_view kMasterPlaylist = "master.m3u8";

/// What was made.
struct ProcessedVideo {
  std::int64_t duration_ms = 0;
  int width = 0;  // of the source
  int height = 0;
  std::uint64_t bytes = 0;  // all the files made
};

/// Makes `target` (a folder that must not exist yet) holding kPosterFile, kMasterPlaylist and one
/// folder per rendition (0, 1: index.m3u8 and its .ts segments) from `source`, read as `probe`
/// found it. `progress` gets the share done (0..1); `running` holds ffmpeg's pid while it runs.
/// Throws VideoError when ffmpeg fails or the deadline passes; `target` then does not exist.
ProcessedVideo process_video(const std::filesystem::path& source, const std::filesystem::path& target,
                             const std::filesystem::path& work_dir, const VideoProbe& probe, const VideoLimits& limits,
                             const std::function<void(double)>& progress = {}, std::atomic<pid_t>* running = nullptr);

}  // namespace ether::media
