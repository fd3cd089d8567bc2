#pragma once
// Audio with ffprobe and ffmpeg: an upload is probed (a file without an audio stream is refused),
// then loudness-normalised to EBU R128 in two passes of ffmpeg's loudnorm (measure, then apply the
// measured values linearly) and stored as MP3 (44.1 kHz, 128 kbit/s, no tags), which every
// browser and podcast app plays. Duration and size are measured on the result.

#include <sys/types.h>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace ether::media {

/// Audio that cannot be processed; what() is a Dutch message for the editor.
class AudioError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The loudness aimed for (spec-less; the usual podcast and streaming target) and the true peak.
inline constexpr double kTargetLufs = -16.0;
inline constexpr double kTargetTruePeak = -1.5;

/// What ffprobe finds in a file that has an audio stream.
struct AudioProbe {
  std::string codec;        // "mp3", "pcm_s16le", "aac", ...
  double duration_seconds;  // of the file (0 when unknown)
};

/// The first audio stream of `file`, or nullopt when it has none or is not a media file at all.
/// `work_dir` holds ffprobe's error output.
std::optional<AudioProbe> probe_audio(const std::filesystem::path& file, const std::filesystem::path& work_dir);

/// The stored MP3.
struct NormalisedAudio {
  std::int64_t duration_ms = 0;
  std::uint64_t bytes = 0;
  double loudness_lufs = 0;  // integrated loudness of the result, as loudnorm measured it
};

/// Normalises `source` into `target` (MP3). `progress` gets the share done (0..1) as ffmpeg
/// reports it; `running` holds ffmpeg's pid while it runs (so that shutdown can end it). Throws
/// AudioError when ffmpeg fails.
NormalisedAudio normalise_audio(const std::filesystem::path& source, const std::filesystem::path& target,
                                const std::filesystem::path& work_dir, double duration_hint,
                                const std::function<void(double)>& progress = {},
                                std::atomic<pid_t>* running = nullptr);

}  // namespace ether::media
