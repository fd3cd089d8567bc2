#pragma once
// Audio with ffprobe and ffmpeg: an upload is probed (a file without an audio stream is refused),
// then loudness-normalised to EBU R128 in two passes of ffmpeg's loudnorm (measure, then apply the
// measured values linearly) and stored as MP3 (44.1 kHz, 128 kbit/s, no tags), which every
// browser and podcast app plays. Duration and size are measured on the result.

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

namespace ether::media {

/// Audio that cannot be processed; what() is a Dutch message for the editor.
class AudioError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The loudness aimed for (spec-less; the usual podcast and streaming target) and the true peak.
inline constexpr double kTargetLufs = -16.0;
inline constexpr double kTargetTruePeak = -1.5;

/// The demuxers an upload may be read with (ffmpeg's -format_whitelist): plain audio files and
/// containers. Playlists and lists of other files (HLS, concat, ...) are not among them, so that an
/// upload can never make ffmpeg read another file or URL.
inline constexpr std::string_view kAudioFormats = "mp3,wav,w64,flac,ogg,mov,aac,matroska,aiff,caf,wv";

/// What ffprobe finds in a file that has an audio stream.
struct AudioProbe {
  std::string codec;        // "mp3", "pcm_s16le", "aac", ...
  double duration_seconds;  // of the file (0 when unknown)
  std::string format;       // the demuxer that read it ("mp3", "wav", "mov", ...), forced on ffmpeg
};

/// How far processing one upload may go: the decoded duration (longer is refused) and the moment
/// its ffprobe and ffmpeg runs are killed.
struct AudioLimits {
  double max_seconds = 4 * 3600.0;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

/// The first audio stream of `file`, or nullopt when it has none or is not a media file of
/// kAudioFormats. `work_dir` holds ffprobe's error output. Throws AudioError past `deadline`.
std::optional<AudioProbe> probe_audio(
    const std::filesystem::path& file, const std::filesystem::path& work_dir,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

/// The Dutch refusal of audio longer than `max_seconds` ("... hoogstens 4 uur ...").
std::string too_long_message(double max_seconds);

/// The Dutch refusal of audio that does not decode from start to end (a damaged file).
inline constexpr std::string_view kDamagedAudioMessage =
    "Dit audiobestand is beschadigd: een deel ervan kan niet worden afgespeeld. Exporteer of download het "
    "opnieuw en upload het dan weer.";

/// Decodes all of `source` (as `probe` found it, up to `limits.max_seconds` + 1 s) once and throws
/// AudioError(kDamagedAudioMessage) at the first frame that does not decode, so that a damaged
/// file is refused rather than stored with a gap or noise in it. `progress` and `running` as for
/// normalise_audio. Throws AudioError when its deadline passes.
void check_audio_decodes(const std::filesystem::path& source, const std::filesystem::path& work_dir,
                         const AudioProbe& probe, const AudioLimits& limits,
                         const std::function<void(double)>& progress = {}, std::atomic<pid_t>* running = nullptr);

/// The stored MP3.
struct NormalisedAudio {
  std::int64_t duration_ms = 0;
  std::uint64_t bytes = 0;
  double loudness_lufs = 0;  // integrated loudness of the result, as loudnorm measured it
};

/// Normalises `source`, read as `probe` found it, into `target` (MP3). `progress` gets the share
/// done (0..1) as ffmpeg reports it; `running` holds ffmpeg's pid while it runs (so that shutdown
/// can end it). Throws AudioError when ffmpeg fails, the result is longer than `limits` allow or
/// its deadline passes.
NormalisedAudio normalise_audio(const std::filesystem::path& source, const std::filesystem::path& target,
                                const std::filesystem::path& work_dir, const AudioProbe& probe,
                                const AudioLimits& limits, const std::function<void(double)>& progress = {},
                                std::atomic<pid_t>* running = nullptr);

}  // namespace ether::media
