#include "media/ffmpeg_job.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <random>
#include <sstream>

namespace ether::media {

std::vector<std::string> confined_input(std::vector<std::string> argv, std::string_view formats,
                                        std::string_view codecs, long long max_pixels) {
  // After -i they would be options of the output, and the input would be opened unconfined.
  const std::vector<std::string> confinement{"-protocol_whitelist",
                                             "file",
                                             "-format_whitelist",
                                             std::string(formats),
                                             "-codec_whitelist",
                                             std::string(codecs),
                                             "-max_pixels",
                                             std::to_string(max_pixels),
                                             "-threads",
                                             std::to_string(kMediaJobThreads)};
  const auto input = std::find(argv.rbegin(), argv.rend(), "-i");
  argv.insert(input == argv.rend() ? argv.end() : std::prev(input.base()), confinement.begin(), confinement.end());
  return argv;
}

std::vector<std::string> limited_output() {
  const auto threads = std::to_string(kMediaJobThreads);
  return {"-threads", threads, "-filter_threads", threads, "-filter_complex_threads", threads};
}

int run_job(const std::vector<std::string>& argv, const std::function<void(std::string_view line)>& on_line,
            const std::filesystem::path& log, std::atomic<pid_t>* running,
            std::chrono::steady_clock::time_point deadline) {
  return process::run_child(argv, on_line, log, running, deadline, kMediaJobNice);
}

std::string file_url(const std::filesystem::path& file) { return "file:" + file.string(); }

std::filesystem::path work_file(const std::filesystem::path& dir, std::string_view what) {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  return dir / (std::string(what) + "-" + std::to_string(generator()) + ".log");
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string string_member(const boost::json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
}

int int_member(const boost::json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_int64() ? static_cast<int>(value->get_int64()) : 0;
}

void report_time(std::string_view line, double duration, double from, double span,
                 const std::function<void(double)>& progress) {
  constexpr std::string_view kKey = "out_time_us=";
  if (!progress || duration <= 0 || !line.starts_with(kKey)) return;
  long long micros = 0;
  auto value = line.substr(kKey.size());
  if (std::from_chars(value.data(), value.data() + value.size(), micros).ec != std::errc{}) return;
  progress(from + span * std::clamp(static_cast<double>(micros) / 1e6 / duration, 0.0, 1.0));
}

RemoveOnExit::~RemoveOnExit() {
  if (path_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace ether::media
