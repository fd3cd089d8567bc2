#include "media/video_processor.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <charconv>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

#include "media/ffmpeg_job.hpp"
#include "process/child_process.hpp"

namespace ether::media {
namespace {

std::string tool(std::string_view name) { return required_tool<VideoError>(name, "video"); }

void check_deadline(std::chrono::steady_clock::time_point deadline) {
  media::check_deadline<VideoError>(deadline, "Het verwerken van deze video duurde te lang en is afgebroken.");
}

// The target bit rate of a rendition, in kbit/s: about what streaming services give H.264 at that
// height, so that a minute of 720p is some 20 MB.
int video_kbps(int height) {
  if (height >= 720) return 2500;
  if (height >= 480) return 1200;
  return 800;
}

int run(const std::vector<std::string>& argv, const std::filesystem::path& log, const VideoLimits& limits,
        const std::function<void(std::string_view)>& on_line, std::atomic<pid_t>* running) {
  const int status = run_job(argv, on_line, log.string(), running, limits.deadline);
  check_deadline(limits.deadline);
  return status;
}

}  // namespace

std::vector<int> rendition_heights(int height) {
  std::vector<int> heights{std::min(720, height - height % 2)};
  if (height > 360 && heights.front() > 360) heights.push_back(360);
  return heights;
}

std::string video_too_long_message(double max_seconds) {
  const auto minutes = static_cast<long long>(max_seconds) / 60;
  const auto limit =
      minutes >= 60 && minutes % 60 == 0 ? std::to_string(minutes / 60) + " uur" : std::to_string(minutes) + " minuten";
  return "Deze video is te lang: hoogstens " + limit + " per bestand. Knip hem eerst in delen.";
}

std::optional<VideoProbe> probe_video(const std::filesystem::path& file, const std::filesystem::path& work_dir,
                                      std::chrono::steady_clock::time_point deadline) {
  std::string out;
  const auto log = work_file(work_dir, "ffprobe");
  // ffprobe decodes a frame for the stream's figures: up to 8K, so that a video larger than 4K is
  // refused as such below (larger still, it is no video ffprobe reads).
  auto argv = confined_input({tool("ffprobe"), "-v", "error"}, kVideoFormats, kVideoCodecs, 4 * kMaxPicturePixels);
  const std::string entries =
      "stream=codec_type,width,height:stream_disposition=attached_pic:format=duration,format_name";
  argv.insert(argv.end(), {"-show_entries", entries, "-of", "json", file_url(file)});
  const int status = run_job(
      argv, [&](std::string_view line) { out.append(line).push_back('\n'); }, log.string(), nullptr, deadline);
  std::error_code ignored;
  std::filesystem::remove(log, ignored);
  if (std::chrono::steady_clock::now() >= deadline) {
    throw VideoError("Het verwerken van deze video duurde te lang en is afgebroken.");
  }
  if (status != 0) return std::nullopt;
  boost::system::error_code ec;
  auto value = boost::json::parse(out, ec);
  if (ec || !value.is_object()) return std::nullopt;
  const auto* streams = value.get_object().if_contains("streams");
  if (streams == nullptr || !streams->is_array()) return std::nullopt;
  VideoProbe probe;
  for (const auto& entry : streams->get_array()) {
    if (!entry.is_object()) continue;
    const auto& stream = entry.get_object();
    const auto type = string_member(stream, "codec_type");
    if (type == "audio") probe.has_audio = true;
    if (type != "video" || probe.width > 0) continue;
    // A cover picture of a music file is a video stream of one frame: not a video.
    const auto* disposition = stream.if_contains("disposition");
    if (disposition != nullptr && disposition->is_object() && int_member(disposition->get_object(), "attached_pic"))
      continue;
    probe.width = int_member(stream, "width");
    probe.height = int_member(stream, "height");
  }
  if (probe.width <= 0 || probe.height <= 0) return std::nullopt;
  // Decoding alone of a larger picture would take the CPU and memory of several 4K streams.
  if (static_cast<long long>(probe.width) * probe.height > kMaxPicturePixels) {
    throw VideoError(std::string(kVideoTooLargeMessage));
  }
  if (const auto* format = value.get_object().if_contains("format"); format != nullptr && format->is_object()) {
    const auto duration = string_member(format->get_object(), "duration");
    std::from_chars(duration.data(), duration.data() + duration.size(), probe.duration_seconds);
    // "mov,mp4,m4a,3gp,3g2,mj2": the demuxer's first name is the one -f takes.
    const auto names = string_member(format->get_object(), "format_name");
    probe.format = names.substr(0, names.find(','));
  }
  if (probe.format.empty() || probe.duration_seconds <= 0) return std::nullopt;
  return probe;
}

ProcessedVideo process_video(const std::filesystem::path& source, const std::filesystem::path& target,
                             const std::filesystem::path& work_dir, const VideoProbe& probe, const VideoLimits& limits,
                             const std::function<void(double)>& progress, std::atomic<pid_t>* running) {
  if (probe.duration_seconds > limits.max_seconds) throw VideoError(video_too_long_message(limits.max_seconds));
  const auto ffmpeg = tool("ffmpeg");
  auto partial = target;
  partial += ".part";
  std::error_code ignored;
  std::filesystem::remove_all(partial, ignored);
  std::filesystem::create_directories(partial);
  // Gone once renamed to `target`; left behind by nothing that fails or throws.
  RemoveOnExit partial_cleanup{partial};
  const auto log = work_file(work_dir, "video");
  const RemoveOnExit log_cleanup{log};
  const auto limit = std::to_string(static_cast<long long>(limits.max_seconds) + 1);

  // The poster: one frame at a tenth of the duration (past a fade-in or a black first frame).
  {
    auto argv = confined_input(
        {ffmpeg, "-hide_banner", "-nostdin", "-nostats", "-v", "error", "-y", "-ss",
         fmt::format("{:.3f}", probe.duration_seconds / 10.0), "-f", probe.format, "-i", file_url(source)},
        kVideoFormats, kVideoCodecs);
    const auto limits_out = limited_output();
    argv.insert(argv.end(), limits_out.begin(), limits_out.end());
    argv.insert(argv.end(), {"-map", "0:v:0", "-frames:v", "1", "-vf", "scale='min(1280,iw)':-2", "-q:v", "3", "-f",
                             "mjpeg", (partial / kPosterFile).string()});
    const int status = run(argv, log, limits, {}, running);
    std::error_code ec;
    if (status != 0 || std::filesystem::file_size(partial / kPosterFile, ec) == 0 || ec) {
      spdlog::warn("media: poster of {} failed ({}): {}", source.string(), status, read_text(log).substr(0, 2000));
      throw VideoError("Van deze video kon geen stilstaand beeld worden gemaakt; is het bestand beschadigd?");
    }
  }
  if (progress) progress(0.05);

  // The renditions, in one run of ffmpeg: the source is decoded once and scaled for each.
  const auto heights = rendition_heights(probe.height);
  std::string graph = "[0:v:0]format=yuv420p,split=" + std::to_string(heights.size());
  for (std::size_t i = 0; i < heights.size(); ++i) graph += "[s" + std::to_string(i) + "]";
  for (std::size_t i = 0; i < heights.size(); ++i) {
    graph += ";[s" + std::to_string(i) + "]scale=-2:" + std::to_string(heights[i]) + "[v" + std::to_string(i) + "]";
  }
  auto argv = confined_input({ffmpeg, "-hide_banner", "-nostdin", "-nostats", "-v", "error", "-y", "-progress",
                              "pipe:1", "-f", probe.format, "-t", limit, "-i", file_url(source)},
                             kVideoFormats, kVideoCodecs);
  const auto limits_out = limited_output();
  argv.insert(argv.end(), limits_out.begin(), limits_out.end());
  argv.insert(argv.end(), {"-filter_complex", graph, "-map_metadata", "-1"});
  std::string stream_map;
  for (std::size_t i = 0; i < heights.size(); ++i) {
    const auto n = std::to_string(i);
    argv.insert(argv.end(), {"-map", "[v" + n + "]"});
    if (probe.has_audio) argv.insert(argv.end(), {"-map", "0:a:0"});
    const auto kbps = video_kbps(heights[i]);
    argv.insert(argv.end(),
                {"-b:v:" + n, std::to_string(kbps) + "k", "-maxrate:v:" + n, std::to_string(kbps * 107 / 100) + "k",
                 "-bufsize:v:" + n, std::to_string(kbps * 2) + "k"});
    if (!stream_map.empty()) stream_map += ' ';
    stream_map += "v:" + n + (probe.has_audio ? ",a:" + n : "");
  }
  // A key frame every 4 s, so that every segment starts with one and the player can switch
  // between renditions at each.
  argv.insert(argv.end(), {"-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-force_key_frames",
                           "expr:gte(t,n_forced*4)", "-sc_threshold", "0"});
  if (probe.has_audio) argv.insert(argv.end(), {"-c:a", "aac", "-b:a", "128k", "-ac", "2", "-ar", "48000"});
  argv.insert(argv.end(),
              {"-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_flags", "independent_segments",
               "-hls_segment_filename", (partial / "%v" / "seg%03d.ts").string(), "-master_pl_name",
               std::string(kMasterPlaylist), "-var_stream_map", stream_map, (partial / "%v" / "index.m3u8").string()});
  const int status = run(
      argv, log, limits,
      [&](std::string_view line) { report_time(line, probe.duration_seconds, 0.05, 0.95, progress); }, running);
  if (status != 0 || !std::filesystem::is_regular_file(partial / kMasterPlaylist, ignored)) {
    spdlog::warn("media: HLS of {} failed ({}): {}", source.string(), status, read_text(log).substr(0, 2000));
    throw VideoError("De video kon niet worden omgezet voor de speler; is het bestand beschadigd?");
  }
  ProcessedVideo result{std::llround(probe.duration_seconds * 1000.0), probe.width, probe.height, 0};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(partial)) {
    if (entry.is_regular_file()) result.bytes += entry.file_size();
  }
  std::filesystem::remove_all(target, ignored);
  std::filesystem::rename(partial, target);
  partial_cleanup.keep();
  if (progress) progress(1.0);
  return result;
}

}  // namespace ether::media
