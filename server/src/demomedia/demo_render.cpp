#include "demomedia/demo_render.hpp"

#include <signal.h>
#include <spdlog/spdlog.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include "process/child_process.hpp"
#include "store/content_version.hpp"

namespace ether::demomedia {
namespace {

namespace json = boost::json;

std::optional<json::value> read_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buffer;
  buffer << in.rdbuf();
  boost::system::error_code error;
  auto value = json::parse(buffer.str(), error);
  if (error || !value.is_object()) return std::nullopt;
  return value;
}

long long number_of(const json::object& entry, std::string_view key) {
  const auto* value = entry.if_contains(key);
  return value != nullptr && value->is_number() ? static_cast<long long>(value->to_number<double>()) : 0;
}

// One UPDATE of a catalogue table; returns the rows it changed. Rows already pointing at the
// rendered file with its duration are left alone, so that applying again changes nothing.
int update_rows(soci::session& session, const std::string& table, const std::string& path, const RenderedFile& file) {
  const std::string rendered = std::string(kRenderedPrefix) + path;
  const bool episode = table == "podcast_episodes";
  const std::string sql =
      "UPDATE " + table + " SET audio_path = :rendered, duration_ms = :duration" +
      (episode ? ", byte_length = :bytes" : "") +
      " WHERE (audio_path = :path OR audio_path = :same) AND (audio_path <> :again OR duration_ms <> :d2" +
      (episode ? " OR byte_length <> :b2)" : ")");
  soci::statement statement =
      episode ? (session.prepare << sql, soci::use(rendered), soci::use(file.duration_ms), soci::use(file.bytes),
                 soci::use(path), soci::use(rendered), soci::use(rendered), soci::use(file.duration_ms),
                 soci::use(file.bytes))
              : (session.prepare << sql, soci::use(rendered), soci::use(file.duration_ms), soci::use(path),
                 soci::use(rendered), soci::use(rendered), soci::use(file.duration_ms));
  statement.execute(true);
  return static_cast<int>(statement.get_affected_rows());
}

}  // namespace

std::optional<RenderManifest> read_render_manifest(const std::filesystem::path& dir) {
  auto root = read_json(dir / "manifest.json");
  if (!root) return std::nullopt;
  const auto& object = root->as_object();
  const auto* format = object.if_contains("streamFormat");
  const auto* files = object.if_contains("files");
  if (format == nullptr || !format->is_object() || files == nullptr || !files->is_object()) return std::nullopt;
  RenderManifest manifest;
  manifest.stream_format = json::serialize(*format);
  for (const auto& [path, entry] : files->as_object()) {
    if (!entry.is_object()) return std::nullopt;
    manifest.files.emplace(std::string(path), RenderedFile{number_of(entry.as_object(), "durationMs"),
                                                           number_of(entry.as_object(), "bytes")});
  }
  return manifest;
}

int apply_render(soci::session& session, const RenderManifest& manifest) {
  store::Transaction transaction(session);
  int changed = 0;
  for (const auto& [path, file] : manifest.files) {
    // A file without a duration (or outside the audio folders) is nothing the catalogue plays.
    if (file.duration_ms <= 0) continue;
    if (path.starts_with("songs/")) changed += update_rows(session, "songs", path, file);
    if (path.starts_with("fragments/")) changed += update_rows(session, "fragments", path, file);
    if (path.starts_with("podcasts/")) changed += update_rows(session, "podcast_episodes", path, file);
  }
  if (changed > 0) store::bump_content_version(session);
  transaction.commit();
  return changed;
}

DemoRender::DemoRender(store::Database& db, DemoRenderOptions options, std::function<void()> on_applied)
    : db_(db), options_(std::move(options)), on_applied_(std::move(on_applied)) {}

DemoRender::~DemoRender() { stop(); }

void DemoRender::start() {
  if (options_.command.empty() || thread_.joinable()) return;
  // Several instances share a PostgreSQL catalogue but each has its own data directory: one
  // instance's switch would point the others at files they do not have, and their listeners
  // would hear nothing for those songs.
  if (db_.dialect() == store::Dialect::postgresql) {
    spdlog::warn(
        "demo media: the full-length render is for a station on SQLite; with PostgreSQL the station keeps the "
        "short committed audio");
    return;
  }
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

void DemoRender::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  // The render runs in a process group of its own (sox, lame and espeak-ng under the script).
  if (const pid_t pid = child_.load(); pid > 0) ::kill(-pid, SIGTERM);
  thread_.join();
}

bool DemoRender::apply(const std::filesystem::path& dir) {
  const auto rendered = read_render_manifest(dir);
  const auto committed = read_render_manifest(options_.media_dir);
  if (!rendered || !committed) {
    spdlog::error("demo media: cannot read the manifest of {} or of {}", dir.string(), options_.media_dir.string());
    return false;
  }
  // The live origin splices the songs frame by frame: a render of another format would break the stream.
  if (rendered->stream_format != committed->stream_format) {
    spdlog::error("demo media: the render in {} has the stream format {}, the committed media {}; not used",
                  dir.string(), rendered->stream_format, committed->stream_format);
    return false;
  }
  int changed = 0;
  {
    auto lease = db_.lease();
    changed = apply_render(*lease, *rendered);
  }
  applied_ = true;
  spdlog::info("demo media: the station plays the full-length audio of {} ({} catalogue rows updated)", dir.string(),
               changed);
  if (on_applied_) on_applied_();
  return true;
}

void DemoRender::run(const std::stop_token& stop) {
  try {
    if (std::filesystem::is_regular_file(options_.out_dir / "manifest.json")) {
      apply(options_.out_dir);
      return;
    }
    const auto partial = std::filesystem::path(options_.out_dir.string() + ".partial");
    std::filesystem::remove_all(partial);
    std::filesystem::create_directories(partial.parent_path());
    const auto env = process::find_program("env");
    const auto nice = process::find_program("nice");
    if (env.empty() || nice.empty() || !std::filesystem::is_regular_file(options_.command)) {
      spdlog::error(
          "demo media: cannot run {} (env, nice and the script are needed); the station keeps the short "
          "committed audio",
          options_.command.string());
      return;
    }
    spdlog::info(
        "demo media: rendering the full-length songs, fragments and episodes into {} in the background "
        "(log: {})",
        options_.out_dir.string(), options_.log.string());
    const auto started = std::chrono::steady_clock::now();
    const int status = process::run_child(
        {env, "RENDER_OUT=" + partial.string(), nice, "-n", "19", options_.command.string()},
        [](std::string_view line) {
          if (line.starts_with("progress: ")) spdlog::info("demo media: rendered {}", line.substr(10));
        },
        options_.log, &child_);
    if (stop.stop_requested()) return;
    if (status != 0) {
      spdlog::error(
          "demo media: the render failed (exit status {}, see {}); the station keeps the short committed "
          "audio",
          status, options_.log.string());
      return;
    }
    spdlog::info("demo media: rendered in {} s",
                 std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started).count());
    std::filesystem::remove_all(options_.out_dir);
    std::filesystem::rename(partial, options_.out_dir);
    apply(options_.out_dir);
  } catch (const std::exception& error) {
    spdlog::error("demo media: {}; the station keeps the short committed audio", error.what());
  }
}

}  // namespace ether::demomedia
