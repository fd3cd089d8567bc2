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

/// `argv` with the options that keep ffmpeg and ffprobe to the one file they are given: only the
/// demuxers of `formats`, and no protocol but file, so that nothing in the file can name another
/// file or a URL.
std::vector<std::string> confined_input(std::vector<std::string> argv, std::string_view formats);

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
