#pragma once
// The demo station's full-length audio. The committed media (media/demo) are short renders that fit
// the repository; on the first start the server renders the full-length songs, fragments and
// podcast episodes (scripts/make-demo-media with RENDER_OUT) into its data directory, in the
// background at low priority, logging the progress. When the render is complete the catalogue is
// pointed at the long files ("rendered/<path>", with their measured durations and sizes): the
// playout plans its next songs with them, so listeners hear the switch at a song boundary, and the
// pages, the play API and the podcast feeds list the new durations. A later start that finds the
// render complete points the catalogue at it at once.

#include <soci/soci.h>

#include <atomic>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "store/database.hpp"

namespace ether::demomedia {

/// Catalogue paths of rendered files start with this; the rest is the path inside the render's
/// directory (and the committed file's path it replaces).
inline constexpr std::string_view kRenderedPrefix = "rendered/";

/// One file of a render's manifest.json.
struct RenderedFile {
  long long duration_ms = 0;
  long long bytes = 0;
};

/// A manifest.json of scripts/make-demo-media: the live stream's format and the files.
struct RenderManifest {
  std::string stream_format;  // the "streamFormat" object, serialised: the one MP3 format of the live channels
  std::map<std::string, RenderedFile, std::less<>> files;
};

/// Reads `<dir>/manifest.json`; nullopt when it is missing or not a manifest.
std::optional<RenderManifest> read_render_manifest(const std::filesystem::path& dir);

/// Points the songs, fragments and podcast episodes whose audio is a file of the render at the
/// rendered file, with its duration (and an episode's byte length), and raises the content version,
/// in one transaction. Idempotent. Returns the number of rows it changed.
int apply_render(soci::session& session, const RenderManifest& manifest);

struct DemoRenderOptions {
  std::filesystem::path command;    // scripts/make-demo-media; empty: no render
  std::filesystem::path out_dir;    // where the render goes (the catalogue's "rendered/" files)
  std::filesystem::path media_dir;  // the committed media, whose stream format the render must keep
  std::filesystem::path log;        // the render's standard error
};

class DemoRender {
 public:
  /// `on_applied` runs after the catalogue was pointed at the render (e.g. to reread the content version).
  DemoRender(store::Database& db, DemoRenderOptions options, std::function<void()> on_applied = {});
  ~DemoRender();
  DemoRender(const DemoRender&) = delete;
  DemoRender& operator=(const DemoRender&) = delete;

  /// Starts the background thread: applies a complete render at once, else runs the command into
  /// `<out_dir>.partial` (nice 19), moves it to `out_dir` once it succeeded and applies it. Errors
  /// are logged; the station keeps the committed media. Does nothing on PostgreSQL: the catalogue
  /// is shared by every instance, the render is in one instance's data directory.
  void start();
  /// Kills a render in progress and joins the thread.
  void stop();
  /// Whether the catalogue points at a complete render.
  [[nodiscard]] bool applied() const { return applied_; }

 private:
  void run(const std::stop_token& stop);
  bool apply(const std::filesystem::path& dir);

  store::Database& db_;
  DemoRenderOptions options_;
  std::function<void()> on_applied_;
  std::atomic<pid_t> child_{0};
  std::atomic<bool> applied_{false};
  std::jthread thread_;
};

}  // namespace ether::demomedia
