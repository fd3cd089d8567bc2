#include "media/audio_processor.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <charconv>
#include <cmath>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include "media/ffmpeg_job.hpp"
#include "process/child_process.hpp"

namespace ether::media {
namespace {

std::string tool(std::string_view name) { return required_tool<AudioError>(name, "audio"); }

// loudnorm prints its measurements as the last JSON object of ffmpeg's error output.
boost::json::object loudnorm_json(const std::string& log) {
  const auto open = log.rfind("{\n");
  const auto close = log.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  boost::system::error_code ec;
  auto value = boost::json::parse(log.substr(open, close - open + 1), ec);
  if (ec || !value.is_object()) return {};
  return value.get_object();
}

// A measured value as loudnorm accepts it back: a plain decimal number.
bool plain_number(std::string_view text) {
  if (text.empty() || text.size() > 16) return false;
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

std::string filter(const boost::json::object* measured) {
  std::string text = "loudnorm=I=" + std::to_string(static_cast<int>(kTargetLufs)) + ":TP=-1.5:LRA=11";
  if (measured == nullptr) return text + ":print_format=json";
  text += ":measured_I=" + string_member(*measured, "input_i") +
          ":measured_TP=" + string_member(*measured, "input_tp") +
          ":measured_LRA=" + string_member(*measured, "input_lra") +
          ":measured_thresh=" + string_member(*measured, "input_thresh") +
          ":offset=" + string_member(*measured, "target_offset") + ":linear=true:print_format=json";
  return text;
}

void check_deadline(std::chrono::steady_clock::time_point deadline) {
  media::check_deadline<AudioError>(deadline, "Het verwerken van dit audiobestand duurde te lang en is afgebroken.");
}

}  // namespace

std::string too_long_message(double max_seconds) {
  const auto seconds = static_cast<long long>(max_seconds);
  std::string limit;
  if (seconds % 3600 == 0) {
    limit = std::to_string(seconds / 3600) + " uur";
  } else if (seconds % 60 == 0) {
    limit = std::to_string(seconds / 60) + (seconds == 60 ? " minuut" : " minuten");
  } else {
    limit = std::to_string(seconds) + (seconds == 1 ? " seconde" : " seconden");
  }
  return "Dit audiobestand is te lang: hoogstens " + limit + " per bestand. Knip het eerst in delen.";
}

std::optional<AudioProbe> probe_audio(const std::filesystem::path& file, const std::filesystem::path& work_dir,
                                      std::chrono::steady_clock::time_point deadline) {
  std::string out;
  const auto log = work_file(work_dir, "ffprobe");
  auto argv = confined_input({tool("ffprobe"), "-v", "error"}, kAudioFormats, kAudioCodecs);
  argv.insert(argv.end(), {"-select_streams", "a:0", "-show_entries", "stream=codec_name:format=duration,format_name",
                           "-of", "json", file_url(file)});
  const int status = run_job(
      argv, [&](std::string_view line) { out.append(line).push_back('\n'); }, log, nullptr, deadline);
  std::filesystem::remove(log);
  check_deadline(deadline);
  if (status != 0) return std::nullopt;
  boost::system::error_code ec;
  auto value = boost::json::parse(out, ec);
  if (ec || !value.is_object()) return std::nullopt;
  const auto* streams = value.get_object().if_contains("streams");
  if (streams == nullptr || !streams->is_array() || streams->get_array().empty()) return std::nullopt;
  const auto& stream = streams->get_array().front();
  if (!stream.is_object()) return std::nullopt;
  AudioProbe probe{string_member(stream.get_object(), "codec_name"), 0, ""};
  // Still images (a cover in an MP3) show up as video streams; codecs that are not audio never here.
  if (probe.codec.empty()) return std::nullopt;
  if (const auto* format = value.get_object().if_contains("format"); format != nullptr && format->is_object()) {
    const auto duration = string_member(format->get_object(), "duration");
    std::from_chars(duration.data(), duration.data() + duration.size(), probe.duration_seconds);
    // "mov,mp4,m4a,3gp,3g2,mj2": the demuxer's first name is the one -f takes.
    const auto names = string_member(format->get_object(), "format_name");
    probe.format = names.substr(0, names.find(','));
  }
  if (probe.format.empty()) return std::nullopt;
  return probe;
}

void check_audio_decodes(const std::filesystem::path& source, const std::filesystem::path& work_dir,
                         const AudioProbe& probe, const AudioLimits& limits,
                         const std::function<void(double)>& progress, std::atomic<pid_t>* running) {
  // -xerror stops at the first frame that does not decode: without it ffmpeg (and so the loudness
  // passes) skips such frames, and a damaged upload would be stored with a hole or noise in it.
  auto argv = confined_input(
      {tool("ffmpeg"), "-hide_banner", "-nostdin", "-nostats", "-v", "error", "-xerror", "-progress", "pipe:1", "-f",
       probe.format, "-t", std::to_string(static_cast<long long>(limits.max_seconds) + 1), "-i", file_url(source)},
      kAudioFormats, kAudioCodecs);
  const auto limits_out = limited_output();
  argv.insert(argv.end(), limits_out.begin(), limits_out.end());
  argv.insert(argv.end(), {"-vn", "-f", "null", "-"});
  const auto log = work_file(work_dir, "decode");
  const int status = run_job(
      argv, [&](std::string_view line) { report_time(line, probe.duration_seconds, 0.0, 1.0, progress); }, log, running,
      limits.deadline);
  const auto errors = read_text(log);
  std::error_code ignored;
  std::filesystem::remove(log, ignored);
  check_deadline(limits.deadline);
  if (status != 0) {
    spdlog::warn("media: {} does not decode ({}): {}", source.string(), status, errors.substr(0, 2000));
    throw AudioError(std::string(kDamagedAudioMessage));
  }
}

NormalisedAudio normalise_audio(const std::filesystem::path& source, const std::filesystem::path& target,
                                const std::filesystem::path& work_dir, const AudioProbe& probe,
                                const AudioLimits& limits, const std::function<void(double)>& progress,
                                std::atomic<pid_t>* running) {
  const auto ffmpeg = tool("ffmpeg");
  const double duration_hint = probe.duration_seconds;
  // One second beyond the limit is decoded, so that a result longer than the limit shows that the
  // source was (whatever its header claimed).
  const auto input = [&] {
    auto argv =
        confined_input({ffmpeg, "-hide_banner", "-nostdin", "-nostats", "-y", "-progress", "pipe:1", "-f", probe.format,
                        "-t", std::to_string(static_cast<long long>(limits.max_seconds) + 1), "-i", file_url(source)},
                       kAudioFormats, kAudioCodecs);
    const auto limits_out = limited_output();
    argv.insert(argv.end(), limits_out.begin(), limits_out.end());
    return argv;
  };
  const auto log = work_file(work_dir, "loudnorm");
  struct Cleanup {
    std::string path;
    ~Cleanup() {
      std::error_code ignored;
      std::filesystem::remove(path, ignored);
    }
  } cleanup{log};

  // Pass 1: measure.
  auto measure = input();
  measure.insert(measure.end(), {"-vn", "-af", filter(nullptr), "-f", "null", "-"});
  const int measured_status = run_job(
      measure, [&](std::string_view line) { report_time(line, duration_hint, 0.0, 0.5, progress); }, log, running,
      limits.deadline);
  check_deadline(limits.deadline);
  if (measured_status != 0) {
    spdlog::warn("media: loudness measurement of {} failed ({}): {}", source.string(), measured_status,
                 read_text(log).substr(0, 2000));
    throw AudioError("De geluidssterkte van dit bestand kon niet worden gemeten.");
  }
  const auto measured = loudnorm_json(read_text(log));
  for (const char* key : {"input_i", "input_tp", "input_lra", "input_thresh", "target_offset"}) {
    if (!plain_number(string_member(measured, key))) {
      throw AudioError("De geluidssterkte van dit bestand kon niet worden gemeten (is het stil?).");
    }
  }

  // Pass 2: apply the measurements linearly and encode.
  auto partial = target;
  partial += ".part.mp3";
  // Gone once renamed to `target`; left behind by nothing that fails or throws.
  const Cleanup partial_cleanup{partial.string()};
  auto encode = input();
  encode.insert(encode.end(), {"-vn", "-map_metadata", "-1", "-af", filter(&measured), "-ar", "44100", "-c:a",
                               "libmp3lame", "-b:a", "128k", partial.string()});
  const int encoded_status = run_job(
      encode, [&](std::string_view line) { report_time(line, duration_hint, 0.5, 0.5, progress); }, log, running,
      limits.deadline);
  if (encoded_status != 0) {
    check_deadline(limits.deadline);
    spdlog::warn("media: encoding {} failed ({}): {}", source.string(), encoded_status, read_text(log).substr(0, 2000));
    throw AudioError("Het audiobestand kon niet worden omgezet naar MP3.");
  }
  NormalisedAudio result;
  const auto applied = loudnorm_json(read_text(log));
  const auto output_i = string_member(applied, "output_i");
  std::from_chars(output_i.data(), output_i.data() + output_i.size(), result.loudness_lufs);

  const auto encoded = probe_audio(partial, work_dir, limits.deadline);
  if (!encoded || encoded->duration_seconds <= 0)
    throw AudioError("Het omgezette audiobestand kon niet worden gelezen.");
  if (encoded->duration_seconds > limits.max_seconds) throw AudioError(too_long_message(limits.max_seconds));
  std::filesystem::rename(partial, target);
  result.duration_ms = std::llround(encoded->duration_seconds * 1000.0);
  result.bytes = std::filesystem::file_size(target);
  if (progress) progress(1.0);
  return result;
}

}  // namespace ether::media
