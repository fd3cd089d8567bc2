// The demo's full-length audio (demomedia/demo_render.hpp) against the real server: the render runs
// in the background while the station plays the committed media; once it is complete, the
// catalogue's durations, the podcast feed and the played files are the rendered ones, and a listener
// connected throughout keeps receiving audio that ffmpeg decodes without an error.
//
// The render here is a stand-in that runs in a second (each committed file twice over, raw CBR
// frames, so twice as long in the same format, and a manifest like the script's): the full render
// of scripts/make-demo-media takes minutes and is measured, not tested, here; its output is checked by
// the script itself (manifest.py).

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <csignal>
#include <fstream>
#include <map>
#include <regex>
#include <thread>

#include "demomedia/demo_render.hpp"
#include "store/content_version.hpp"
#include "store/database.hpp"
#include "support/live_store.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"
#include "support/test_paths.hpp"

namespace ether {
namespace {
namespace json = boost::json;
using test::run_command;
using test::ServerProcess;

long long unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// The stand-in render: waits for `go`, then writes every committed song, fragment and episode twice
// over into RENDER_OUT, with a manifest of the doubled durations and sizes and the committed format.
void write_stand_in(const std::filesystem::path& script, const std::filesystem::path& go) {
  const std::filesystem::path media = std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo";
  std::ofstream(script) << "#!/usr/bin/env python3\n"
                           "import json, os, time\n"
                           "go, media, out = '"
                        << go.string() << "', '" << media.string()
                        << "', os.environ['RENDER_OUT']\n"
                           "while not os.path.exists(go):\n"
                           "    time.sleep(0.1)\n"
                           "committed = json.load(open(os.path.join(media, 'manifest.json')))\n"
                           "files = {}\n"
                           "audio = [p for p in sorted(committed['files']) if p.split('/')[0] in "
                           "('songs', 'fragments', 'podcasts')]\n"
                           "for i, path in enumerate(audio):\n"
                           "    data = open(os.path.join(media, path), 'rb').read()\n"
                           "    os.makedirs(os.path.dirname(os.path.join(out, path)), exist_ok=True)\n"
                           "    open(os.path.join(out, path), 'wb').write(data + data)\n"
                           "    entry = dict(committed['files'][path])\n"
                           "    entry['durationMs'] *= 2\n"
                           "    entry['bytes'] *= 2\n"
                           "    files[path] = entry\n"
                           "    print(f'progress: {i + 1}/{len(audio)} {path}', flush=True)\n"
                           "json.dump({'streamFormat': committed['streamFormat'], 'files': files},\n"
                           "          open(os.path.join(out, 'manifest.json'), 'w'))\n";
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
}

std::map<std::string, long long> committed_durations() {
  const auto manifest = demomedia::read_render_manifest(std::filesystem::path(ETHER_SOURCE_DIR) / "media" / "demo");
  std::map<std::string, long long> durations;
  if (manifest) {
    for (const auto& [path, file] : manifest->files) durations[path] = file.duration_ms;
  }
  return durations;
}

// The audio paths and durations of a catalogue table.
std::map<std::string, long long> catalogue(store::Database& db, const std::string& table) {
  std::map<std::string, long long> rows;
  auto lease = db.lease();
  soci::rowset<soci::row> result = (lease->prepare << "SELECT audio_path, duration_ms FROM " + table);
  for (const auto& row : result) rows[row.get<std::string>(0)] = row.get<long long>(1);
  return rows;
}

TEST(DemoRenderTest, ApplyPointsTheCatalogueAtTheRenderOnceAndLeavesOtherAudioAlone) {
  auto db = open_test_store("demo_render_apply");
  seed_live_store(*db);
  demomedia::RenderManifest manifest;
  manifest.files["songs/zomeravond.mp3"] = {215'000, 1'720'000};
  manifest.files["songs/elders.mp3"] = {200'000, 1'600'000};  // not in the catalogue
  manifest.files["images/x.webp"] = {0, 100};
  auto lease = db->lease();
  const auto version = store::read_content_version(*lease);
  EXPECT_EQ(demomedia::apply_render(*lease, manifest), 1);
  std::string path;
  long long duration = 0;
  *lease << "SELECT audio_path, duration_ms FROM songs WHERE id = 1", soci::into(path), soci::into(duration);
  EXPECT_EQ(path, "rendered/songs/zomeravond.mp3");
  EXPECT_EQ(duration, 215'000);
  *lease << "SELECT audio_path, duration_ms FROM songs WHERE id = 2", soci::into(path), soci::into(duration);
  EXPECT_EQ(path, "songs/adagio.mp3") << "a song the render does not hold keeps its file";
  EXPECT_EQ(duration, 100'000);
  EXPECT_EQ(store::read_content_version(*lease), version + 1);
  // Again: nothing changes, and the content version stays.
  EXPECT_EQ(demomedia::apply_render(*lease, manifest), 0);
  EXPECT_EQ(store::read_content_version(*lease), version + 1);
  // A newer render with another duration updates the rendered row.
  manifest.files["songs/zomeravond.mp3"] = {216'000, 1'728'000};
  EXPECT_EQ(demomedia::apply_render(*lease, manifest), 1);
  *lease << "SELECT duration_ms FROM songs WHERE id = 1", soci::into(duration);
  EXPECT_EQ(duration, 216'000);
}

TEST(DemoRenderTest, ARenderOfAnotherStreamFormatIsNotUsed) {
  auto db = open_test_store("demo_render_format");
  seed_live_store(*db);
  const auto dir = std::filesystem::path(ETHER_TEST_TMP) / ("demo-render-format-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "committed");
  std::filesystem::create_directories(dir / "out");
  std::ofstream(dir / "committed" / "manifest.json")
      << R"({"streamFormat":{"bitrateKbps":64,"sampleRate":44100},"files":{"songs/zomeravond.mp3":{"durationMs":50000}}})";
  // A render that is complete already (out/manifest.json): start() applies it, or refuses it, at once.
  const auto render_applied = [&](const char* manifest) {
    std::ofstream(dir / "out" / "manifest.json") << manifest;
    demomedia::DemoRender render(
        *db,
        {.command = dir / "unused", .out_dir = dir / "out", .media_dir = dir / "committed", .log = dir / "render.log"});
    render.start();
    render.stop();
    return render.applied();
  };
  const auto audio_path = [&] {
    std::string path;
    *db->lease() << "SELECT audio_path FROM songs WHERE id = 1", soci::into(path);
    return path;
  };
  EXPECT_FALSE(render_applied(
      R"({"streamFormat":{"bitrateKbps":32,"sampleRate":22050},"files":{"songs/zomeravond.mp3":{"durationMs":215000}}})"));
  EXPECT_EQ(audio_path(), "songs/zomeravond.mp3");
  // The same format is used.
  EXPECT_TRUE(render_applied(
      R"({"streamFormat":{"bitrateKbps":64,"sampleRate":44100},"files":{"songs/zomeravond.mp3":{"durationMs":215000}}})"));
  EXPECT_EQ(audio_path(), "rendered/songs/zomeravond.mp3");
  std::filesystem::remove_all(dir);
}

// Several instances share a PostgreSQL catalogue, each with its own data directory: an instance
// that switched the catalogue to its render would point the others at files they do not have.
const bool registered = test::register_postgres_tests(
    "DemoRenderPostgres", __FILE__,
    {{"ACompleteRenderDoesNotSwitchASharedCatalogue", [] {
        test::FreshPostgresDatabase database("demo_render");
        auto db = store::Database::open(database.url());
        db->migrate();
        seed_live_store(*db);
        const auto dir = std::filesystem::path(ETHER_TEST_TMP) / ("demo-render-pg-" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir / "committed");
        std::filesystem::create_directories(dir / "out");
        const std::string manifest = R"({"streamFormat":{"bitrateKbps":64,"sampleRate":44100},)"
                                     R"("files":{"songs/zomeravond.mp3":{"durationMs":215000}}})";
        std::ofstream(dir / "committed" / "manifest.json") << manifest;
        std::ofstream(dir / "out" / "manifest.json") << manifest;
        demomedia::DemoRender render(*db, {.command = dir / "unused",
                                           .out_dir = dir / "out",
                                           .media_dir = dir / "committed",
                                           .log = dir / "render.log"});
        render.start();
        render.stop();
        EXPECT_FALSE(render.applied());
        std::string path;
        *db->lease() << "SELECT audio_path FROM songs WHERE id = 1", soci::into(path);
        EXPECT_EQ(path, "songs/zomeravond.mp3");
        std::filesystem::remove_all(dir);
      }}});

struct Listener {
  std::string channel;
  std::filesystem::path capture;
  std::filesystem::path pid_file;
};

TEST(DemoRenderTest, TheStationSwitchesToTheRenderWithoutInterruptingAListener) {
  const auto scratch = std::filesystem::path(ETHER_TEST_TMP) / ("demo-render-" + std::to_string(::getpid()));
  std::filesystem::remove_all(scratch);
  std::filesystem::create_directories(scratch);
  const auto go = scratch / "go";
  write_stand_in(scratch / "render.py", go);
  ServerProcess server("demo_render", {"ETHER_DEMO_RENDER=" + (scratch / "render.py").string()});
  auto db = store::Database::open(test::sqlite_url_of(server));
  const auto committed = committed_durations();
  ASSERT_FALSE(committed.empty());

  // Before the render: the committed files and their durations.
  const auto songs_before = catalogue(*db, "songs");
  ASSERT_EQ(songs_before.size(), 36U);
  for (const auto& [path, duration] : songs_before) {
    ASSERT_EQ(committed.count(path), 1U) << path;
    EXPECT_EQ(duration, committed.at(path)) << path;
  }
  const auto feed_before = server.get("/podcasts/de-nieuwsduik/feed.xml");
  ASSERT_EQ(feed_before.status, 200);
  EXPECT_EQ(feed_before.body.find("/media/rendered/"), std::string::npos);

  // A listener on every channel of our own, connected before the render completes.
  std::vector<Listener> listeners;
  for (const std::string channel : {"radio2", "soulenjazz", "radio1", "3fm", "kx", "radio4", "radio5", "sterrennl"}) {
    const auto play = json::parse(server.get("/api/player/" + channel + "/token").body);
    const std::string url = server.base_url() + std::string(play.at("streamUrl").as_string());
    Listener listener{channel, scratch / (channel + ".mp3"), scratch / (channel + ".pid")};
    ASSERT_EQ(std::system(("sh -c 'echo $$ > " + listener.pid_file.string() + "; exec curl -s --max-time 170 -o " +
                           listener.capture.string() + " \"" + url + "\"' &")
                              .c_str()),
              0);
    listeners.push_back(listener);
  }
  const long long connected_at = unix_now();
  std::this_thread::sleep_for(std::chrono::seconds(2));
  std::ofstream(go) << "go";

  // The catalogue switches once the render is complete: every song, fragment and episode.
  std::map<std::string, long long> songs;
  for (int i = 0; i < 300; ++i) {
    songs = catalogue(*db, "songs");
    if (std::all_of(songs.begin(), songs.end(), [](const auto& row) { return row.first.starts_with("rendered/"); })) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (const auto& [path, duration] : songs) {
    ASSERT_TRUE(path.starts_with("rendered/")) << path << " was not switched; see " << server.dir() / "server.log";
    EXPECT_EQ(duration, 2 * committed.at(path.substr(9))) << path;
  }
  for (const std::string table : {"fragments", "podcast_episodes"}) {
    const auto rows = catalogue(*db, table);
    EXPECT_FALSE(rows.empty());
    for (const auto& [path, duration] : rows) {
      ASSERT_TRUE(path.starts_with("rendered/")) << table << ": " << path;
      EXPECT_EQ(duration, 2 * committed.at(path.substr(9))) << path;
    }
  }
  EXPECT_TRUE(std::filesystem::is_regular_file(server.dir() / "data" / "demo-media" / "manifest.json"));
  EXPECT_FALSE(std::filesystem::exists(server.dir() / "data" / "demo-media.partial"));

  // The podcast feed announces the rendered files with their real sizes, and they are served.
  const auto feed = server.get("/podcasts/de-nieuwsduik/feed.xml");
  ASSERT_EQ(feed.status, 200);
  std::smatch enclosure;
  ASSERT_TRUE(std::regex_search(feed.body, enclosure,
                                std::regex("<enclosure url=\"[^\"]*(/media/rendered/[^\"]+)\" length=\"(\\d+)\"")))
      << feed.body;
  EXPECT_EQ(run_command("curl -s -o /dev/null -w '%{http_code} %{size_download}' '" + server.base_url() +
                        enclosure[1].str() + "'"),
            "200 " + enclosure[2].str());

  // The played files: the first play of a rendered song on any channel, with the rendered duration.
  std::string channel;
  long long starts_at = 0;
  long long length = 0;
  std::string audio;
  for (int i = 0; i < 120 && channel.empty(); ++i) {
    auto lease = db->lease();
    // The plays before the switch name the same songs, with their committed (shorter) length.
    *lease << "SELECT p.channel_slug, p.starts_at, p.ends_at - p.starts_at, s.audio_path FROM track_plays p JOIN songs "
              "s ON s.id = p.song_id WHERE s.audio_path LIKE 'rendered/%' AND p.starts_at >= :since AND "
              "p.ends_at - p.starts_at > :half ORDER BY p.starts_at LIMIT 1",
        soci::into(channel), soci::into(starts_at), soci::into(length), soci::into(audio), soci::use(connected_at),
        soci::use(60LL);
    if (!lease->got_data()) {
      channel.clear();
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  }
  ASSERT_FALSE(channel.empty()) << "no rendered song was planned";
  EXPECT_EQ(length, 2 * committed.at(audio.substr(9)) / 1000) << audio;
  // Heard for five seconds on air.
  while (unix_now() < starts_at + 5) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const long long stopped_at = unix_now();
  for (const auto& listener : listeners) {
    std::ifstream pid_in(listener.pid_file);
    pid_t pid = 0;
    pid_in >> pid;
    if (pid > 0) ::kill(pid, SIGTERM);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto& heard = *std::find_if(listeners.begin(), listeners.end(),
                                    [&](const Listener& listener) { return listener.channel == channel; });
  // Connected throughout: the bytes of every second since it connected (64 kbit/s: 8,000 a second).
  const auto bytes = static_cast<long long>(std::filesystem::file_size(heard.capture));
  EXPECT_GE(bytes, (stopped_at - connected_at) * 8000 * 9 / 10) << channel;
  // One format throughout (44.1 kHz stereo), and every frame up to the last second decodes cleanly.
  EXPECT_EQ(run_command("ffprobe -v error -show_entries stream=sample_rate,channels,bit_rate -of csv=p=0 " +
                        heard.capture.string()),
            "44100,2,64000\n");
  const auto seconds = std::to_string(bytes / 8000 - 1);
  EXPECT_EQ(run_command("ffmpeg -v error -nostdin -t " + seconds + " -i " + heard.capture.string() + " -f null - 2>&1"),
            "")
      << channel;
  std::filesystem::remove_all(scratch);
}

}  // namespace
}  // namespace ether
