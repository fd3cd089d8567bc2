#include "media/ffmpeg_job.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <random>
#include <sstream>

namespace ether::media {

std::vector<std::string> confined_input(std::vector<std::string> argv, std::string_view formats) {
  for (const char* option : {"-protocol_whitelist", "file", "-format_whitelist"}) argv.emplace_back(option);
  argv.emplace_back(formats);
  return argv;
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
