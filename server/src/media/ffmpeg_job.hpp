#pragma once
// What every ffmpeg and ffprobe job of the media library shares: finding the tool, confining it to
// the one input file, its work and log files, its progress lines and its deadline. The audio and
// video processors differ in what they ask ffmpeg; this is how they ask it.

#include <boost/json/object.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "process/child_process.hpp"

namespace ether::media {

/// The path of program `name`; throws Error ("De server kan geen <what> verwerken: <name>
/// ontbreekt.") when it is not installed.
template <typename Error>
std::string required_tool(std::string_view name, std::string_view what) {
  auto path = process::find_program(name);
  if (path.empty()) {
    throw Error("De server kan geen " + std::string(what) + " verwerken: " + std::string(name) + " ontbreekt.");
  }
  return path;
}

/// Throws Error(message) once `deadline` has passed.
template <typename Error>
void check_deadline(std::chrono::steady_clock::time_point deadline, std::string_view message) {
  if (std::chrono::steady_clock::now() >= deadline) throw Error(std::string(message));
}

/// The largest picture a decoder of a media job makes (4K UHD, either way up): a larger video is
/// refused, and a stream that grows past it mid-file stops the decoder.
inline constexpr long long kMaxPicturePixels = 3840LL * 2160;
/// The threads a media job's decoder, filters and encoder each use at most.
inline constexpr int kMediaJobThreads = 2;
/// The niceness media jobs run at: a queue of long videos takes the CPU the live audio leaves.
inline constexpr int kMediaJobNice = 10;

/// Decoders of the audio codecs an upload may hold (ffmpeg's names), and of the cover pictures
/// music files carry.
inline constexpr std::string_view kAudioCodecs =
    "mp3float,mp3,mp2float,mp2,aac,aac_fixed,flac,alac,vorbis,libvorbis,opus,libopus,wavpack,pcm_s16le,pcm_s16be,"
    "pcm_s24le,pcm_s24be,pcm_s32le,pcm_s32be,pcm_f32le,pcm_f32be,pcm_u8,mjpeg,png";
/// Decoders of the video codecs (and their sound) a video upload may hold.
inline constexpr std::string_view kVideoCodecs =
    "h264,hevc,mpeg4,vp8,libvpx,vp9,libvpx-vp9,av1,libdav1d,libaom-av1,prores,mp3float,mp3,aac,aac_fixed,opus,"
    "libopus,vorbis,libvorbis,flac,alac,pcm_s16le,pcm_s16be,pcm_s24le,pcm_s24be,pcm_f32le";

/// `argv` with the options that keep ffmpeg and ffprobe to the one file they are given, placed
/// before its last "-i" (appended when there is none: ffprobe's file comes after them), where
/// ffmpeg applies them to the input: only the demuxers of `formats` and the decoders of `codecs`,
/// no protocol but file (nothing in the file can name another file or a URL), pictures of at most
/// `max_pixels` (kMaxPicturePixels unless said) and kMediaJobThreads decoding threads.
std::vector<std::string> confined_input(std::vector<std::string> argv, std::string_view formats,
                                        std::string_view codecs, long long max_pixels = kMaxPicturePixels);

/// The options that hold a media job's filters and encoders to kMediaJobThreads; they go after
/// the input, before the outputs.
std::vector<std::string> limited_output();

/// process::run_child for a media job: at kMediaJobNice.
int run_job(const std::vector<std::string>& argv, const std::function<void(std::string_view line)>& on_line,
            const std::filesystem::path& log, std::atomic<pid_t>* running,
            std::chrono::steady_clock::time_point deadline);

/// "file:<path>": an input ffmpeg reads as a file whatever its name looks like.
std::string file_url(const std::filesystem::path& file);

/// A fresh log file in `dir` for a job of kind `what` ("ffprobe", "loudnorm").
std::filesystem::path work_file(const std::filesystem::path& dir, std::string_view what);

/// The whole of a (log) file; "" when it cannot be read.
std::string read_text(const std::filesystem::path& file);

/// A string member of `object`, or "".
std::string string_member(const boost::json::object& object, std::string_view key);

/// An integer member of `object`, or 0.
int int_member(const boost::json::object& object, std::string_view key);

/// Calls `progress` with from + span × the share of `duration` an "out_time_us=…" line of ffmpeg's
/// -progress output has reached; other lines are ignored.
void report_time(std::string_view line, double duration, double from, double span,
                 const std::function<void(double)>& progress);

/// Removes a path (a file or a folder) when it goes out of scope, unless kept.
class RemoveOnExit {
 public:
  explicit RemoveOnExit(std::filesystem::path path) : path_(std::move(path)) {}
  ~RemoveOnExit();
  RemoveOnExit(const RemoveOnExit&) = delete;
  RemoveOnExit& operator=(const RemoveOnExit&) = delete;
  RemoveOnExit(RemoveOnExit&&) = delete;
  RemoveOnExit& operator=(RemoveOnExit&&) = delete;
  void keep() { path_.clear(); }

 private:
  std::filesystem::path path_;
};

}  // namespace ether::media
