// `ether-server backup` and `ether-server restore` against a running demo station: the real binary,
// SQLite and a real PostgreSQL (pg_dump, pg_restore), and curl as the client that compares what the
// original and the restored site answer.

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <boost/json.hpp>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "admin/roles.hpp"
#include "backup/manifest.hpp"
#include "store/database.hpp"
#include "support/admin_server.hpp"
#include "support/postgres_database.hpp"
#include "support/server_process.hpp"

namespace ether::backup {
namespace {

namespace fs = std::filesystem;
using test::ServerProcess;

// Documents that only content decides (no clock, no now-playing), as the listener and a podcast
// app ask for them.
const std::vector<std::string> kDocuments = {
    "/api/page?path=/programmas",
    "/api/page?path=/nieuws",
    "/api/page?path=/podcasts",
    "/api/page?path=/presentatoren",
    "/api/page?path=/fragmenten",
    "/podcasts/de-nieuwsduik/feed.xml",
    "/api/search/muz",
    "/programmas",
    "/nieuws",
};

struct Run {
  int status = -1;
  std::string output;
};

// Runs the server binary with `command` and an environment of only `env`; output is stdout and stderr.
Run run_server_command(const std::vector<std::string>& env, const std::string& command) {
  std::string line = "env -i PATH=/usr/bin:/bin";
  for (const auto& entry : env) line += " '" + entry + "'";
  line += " " + std::string(ETHER_SERVER_BINARY) + " " + command + " 2>&1; echo \"exit=$?\"";
  auto output = test::run_command(line);
  Run run;
  const auto at = output.rfind("exit=");
  run.status = std::stoi(output.substr(at + 5));
  run.output = output.substr(0, at);
  return run;
}

fs::path only_backup_in(const fs::path& parent) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(parent)) {
    if (entry.is_directory() && entry.path().filename().string().starts_with("ether-backup-")) {
      found.push_back(entry.path());
    }
  }
  EXPECT_EQ(found.size(), 1U);
  return found.empty() ? fs::path() : found.front();
}

// The file name of a recorded hour three hours ago (UTC, as recording/hour_files.hpp names them):
// inside the recorder's retention (ETHER_RECORDING_DAYS, a day) whatever day the test runs, and not
// the hour it records now. A fixed date was deleted by the retention once it was a day old.
std::string recent_hour_file() {
  const auto hour = std::chrono::floor<std::chrono::hours>(std::chrono::system_clock::now() - std::chrono::hours(3));
  const auto time = std::chrono::system_clock::to_time_t(hour);
  std::tm utc{};
  ::gmtime_r(&time, &utc);
  std::array<char, 32> name{};
  std::strftime(name.data(), name.size(), "%Y-%m-%dT%H.mp3", &utc);
  return name.data();
}

// A picture as an upload of the media library would leave it, and a recording of an hour.
void add_media(const fs::path& data_dir, const fs::path& recordings, const std::string& hour_file) {
  fs::create_directories(data_dir / "uploads" / "images");
  std::ofstream(data_dir / "uploads" / "images" / "proef.webp") << "RIFF-proef-beeld";
  fs::create_directories(data_dir / "uploads" / "incoming");
  std::ofstream(data_dir / "uploads" / "incoming" / "half.part") << "nog bezig";
  fs::create_directories(recordings / "radio2");
  std::ofstream(recordings / "radio2" / hour_file) << std::string(100000, 'x');
}

void the_site_comes_back_the_same(const std::vector<std::string>& original_env,
                                  const std::vector<std::string>& restored_env, const fs::path& root,
                                  const std::string& store) {
  const auto original_data = root / "original";
  const auto restored_data = root / "restored";
  const auto recordings = root / "original-recordings";
  fs::create_directories(original_data);
  const auto hour_file = recent_hour_file();
  add_media(original_data, recordings, hour_file);
  auto with = [](std::vector<std::string> env, const std::string& extra) {
    env.push_back(extra);
    return env;
  };
  // Both sites under one public address, as a restored station is (feed GUIDs derive from it).
  const auto original_full = with(with(with(original_env, "ETHER_DATA_DIR=" + original_data.string()),
                                       "ETHER_RECORDINGS_DIR=" + recordings.string()),
                                  "ETHER_BASE_URL=https://radio.example");
  std::vector<std::string> documents;
  std::string stream_url;
  {
    ServerProcess original("backup-original", original_full);
    for (const auto& target : kDocuments) {
      auto answer = original.get(target);
      ASSERT_EQ(answer.status, 200) << target;
      documents.push_back(answer.body);
    }
    // A signed stream URL made by the original: the restored site keeps its secrets.
    const auto token = boost::json::parse(original.get("/api/player/radio2/token").body);
    stream_url = std::string(token.at("streamUrl").as_string());
    stream_url = stream_url.substr(stream_url.find("/live/"));

    // Taken while the original serves.
    const auto made = run_server_command(original_full, "backup " + (root / "backups").string());
    ASSERT_EQ(made.status, 0) << made.output;
    EXPECT_NE(made.output.find("verified"), std::string::npos) << made.output;
  }
  const auto backup = only_backup_in(root / "backups");
  std::string problem;
  const auto manifest = read_manifest(backup, problem);
  ASSERT_TRUE(manifest.has_value()) << problem;
  EXPECT_EQ(manifest->store, store);
  EXPECT_GE(manifest->schema_version, 21);
  std::vector<std::string> paths;
  for (const auto& file : manifest->files) paths.push_back(file.path);
  for (const std::string& expected :
       {std::string("data/uploads/images/proef.webp"), "recordings/radio2/" + hour_file}) {
    EXPECT_NE(std::find(paths.begin(), paths.end(), expected), paths.end()) << expected;
  }
  // With SQLite the generated secrets are files of the data dir; with PostgreSQL they are rows of
  // the store (shared by the instances), in the dump.
  if (store == "sqlite") {
    for (const char* expected : {"data/stream-secret", "data/preview-secret"}) {
      EXPECT_NE(std::find(paths.begin(), paths.end(), expected), paths.end()) << expected;
    }
  }
  EXPECT_EQ(std::find(paths.begin(), paths.end(), "data/uploads/incoming/half.part"), paths.end());
  EXPECT_NE(std::find(paths.begin(), paths.end(), store == "sqlite" ? "store/ether.db" : "store/ether.dump"),
            paths.end());

  const auto restored_recordings = root / "restored-recordings";
  const auto restored_full = with(with(with(restored_env, "ETHER_DATA_DIR=" + restored_data.string()),
                                       "ETHER_RECORDINGS_DIR=" + restored_recordings.string()),
                                  "ETHER_BASE_URL=https://radio.example");
  const auto restored_run = run_server_command(restored_full, "restore " + backup.string());
  ASSERT_EQ(restored_run.status, 0) << restored_run.output;
  // A second restore would overwrite what is there now: refused without --force.
  const auto again = run_server_command(restored_full, "restore " + backup.string());
  EXPECT_EQ(again.status, 1) << again.output;
  EXPECT_NE(again.output.find("already holds data"), std::string::npos) << again.output;

  EXPECT_TRUE(fs::exists(restored_data / "uploads" / "images" / "proef.webp"));
  EXPECT_EQ(fs::file_size(restored_recordings / "radio2" / hour_file), 100000U);
  ServerProcess restored("backup-restored", restored_full);
  for (std::size_t i = 0; i < kDocuments.size(); ++i) {
    auto answer = restored.get(kDocuments[i]);
    EXPECT_EQ(answer.status, 200) << kDocuments[i];
    const auto& body = answer.body;
    std::size_t differs = 0;
    while (differs < body.size() && differs < documents[i].size() && body[differs] == documents[i][differs]) ++differs;
    EXPECT_TRUE(body == documents[i]) << kDocuments[i] << " differs at " << differs << ": "
                                      << body.substr(differs > 20 ? differs - 20 : 0, 300)
                                      << "\nwas: " << documents[i].substr(differs > 20 ? differs - 20 : 0, 300);
  }
  const auto live = test::run_command("curl -s -o /dev/null --max-time 2 -w '%{http_code}' '" + restored.base_url() +
                                      stream_url + "'");
  EXPECT_EQ(live, "200") << stream_url;
}

// Twenty documents that only content decides and that the writers below do not touch (they make
// programmes): pages' JSON, server pages, podcast feeds and search answers.
const std::vector<std::string> kUntouchedDocuments = {
    "/api/page?path=/nieuws",
    "/api/page?path=/podcasts",
    "/api/page?path=/presentatoren",
    "/api/page?path=/fragmenten",
    "/api/page?path=/videos",
    "/api/page?path=/presentatoren/jeroen-wolters",
    "/api/page?path=/presentatoren/fleur-hartman",
    "/api/page?path=/podcasts/de-nieuwsduik",
    "/api/page?path=/podcasts/muziekgeschiedenis",
    "/api/page?path=/zoeken/storm",
    "/podcasts/de-nieuwsduik/feed.xml",
    "/podcasts/muziekgeschiedenis/feed.xml",
    "/podcasts/sportpraat/feed.xml",
    "/api/search/muz",
    "/api/search/storm",
    "/nieuws",
    "/presentatoren",
    "/podcasts",
    "/videos",
    "/presentatoren/inge-dijkstra",
};

// Listeners on a live stream, read by one thread with poll(): how many bytes each received, and
// whether the server closed any.
class StreamListeners {
 public:
  StreamListeners(std::uint16_t port, const std::string& path, int count) {
    const std::string request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    for (int i = 0; i < count; ++i) {
      const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
      sockaddr_in address{};
      address.sin_family = AF_INET;
      address.sin_port = htons(port);
      address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
          ::send(fd, request.data(), request.size(), 0) != static_cast<ssize_t>(request.size())) {
        ::close(fd);
        continue;
      }
      fds_.push_back(fd);
    }
    bytes_.assign(fds_.size(), 0);
    closed_.assign(fds_.size(), false);
    thread_ = std::thread([this] { run(); });
  }
  ~StreamListeners() {
    stop_ = true;
    thread_.join();
    for (int fd : fds_) ::close(fd);
  }
  StreamListeners(const StreamListeners&) = delete;
  StreamListeners& operator=(const StreamListeners&) = delete;

  [[nodiscard]] std::size_t connected() const { return fds_.size(); }
  /// Bytes received by each listener so far.
  std::vector<std::size_t> bytes() {
    std::lock_guard lock(mutex_);
    return bytes_;
  }
  int closed() {
    std::lock_guard lock(mutex_);
    return static_cast<int>(std::count(closed_.begin(), closed_.end(), true));
  }

 private:
  void run() {
    std::vector<pollfd> polls;
    polls.reserve(fds_.size());
    for (int fd : fds_) polls.push_back({fd, POLLIN, 0});
    std::vector<char> buffer(65536);
    while (!stop_) {
      if (::poll(polls.data(), polls.size(), 100) <= 0) continue;
      for (std::size_t i = 0; i < polls.size(); ++i) {
        if ((polls[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        const auto n = ::recv(polls[i].fd, buffer.data(), buffer.size(), 0);
        std::lock_guard lock(mutex_);
        if (n > 0) {
          bytes_[i] += static_cast<std::size_t>(n);
        } else {
          closed_[i] = true;
          polls[i].fd = -1;
        }
      }
    }
  }

  std::vector<int> fds_;
  std::mutex mutex_;
  std::vector<std::size_t> bytes_;
  std::vector<bool> closed_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

struct Save {
  std::string name;
  int status = 0;
  std::chrono::steady_clock::time_point answered;
};

// A programme made through the admin API as its web app sends it, with the writer's own request file.
Save save_programme(const ServerProcess& server, const test::AdminLogin& who, const std::string& name, int writer) {
  const auto file = server.dir() / ("load-save-" + std::to_string(writer) + ".json");
  const boost::json::object values{{"name", name}, {"slug", name}, {"channel", "radio2"}, {"summary", "Onder last."}};
  std::ofstream(file, std::ios::binary) << boost::json::serialize(boost::json::object{{"values", values}});
  const auto output = test::run_command(
      "curl -s -o /dev/null --max-time 60 -w '%{http_code}' -X POST -H 'Origin: " + server.base_url() +
      "' -H 'Content-Type: application/json' -H 'Cookie: ether_session=" + who.cookie + "' -H 'X-CSRF-Token: " +
      who.csrf + "' --data-binary @" + file.string() + " '" + server.base_url() + "/api/admin/content/programmes'");
  return {name, output.empty() ? 0 : std::stoi(output), std::chrono::steady_clock::now()};
}

// Issue 40: a backup taken while 8 editors save and 200 listeners listen. Every save acknowledged
// before the backup began is in the restored store, nothing refused is, and every programme there
// was acknowledged; the store passes its check; 20 documents the writers do not touch answer byte
// for byte; no listener was dropped and each kept receiving audio.
void a_backup_under_load_keeps_every_acknowledged_save(const std::vector<std::string>& original_env,
                                                       const std::vector<std::string>& restored_env,
                                                       const fs::path& root, const std::string& original_url,
                                                       const std::string& restored_url) {
  const auto original_data = root / "original";
  const auto restored_data = root / "restored";
  fs::create_directories(original_data);
  auto with = [](std::vector<std::string> env, const std::string& extra) {
    env.push_back(extra);
    return env;
  };
  const auto original_full =
      with(with(original_env, "ETHER_DATA_DIR=" + original_data.string()), "ETHER_BASE_URL=https://radio.example");
  const auto store_url = original_url.empty() ? "sqlite:" + (original_data / "ether.db").string() : original_url;
  std::vector<std::string> documents;
  std::vector<std::vector<Save>> saves(8);
  std::chrono::steady_clock::time_point backup_began;
  {
    ServerProcess original("backup-load-original", original_full);
    for (const auto& target : kUntouchedDocuments) {
      auto answer = original.get(target);
      ASSERT_EQ(answer.status, 200) << target;
      documents.push_back(answer.body);
    }
    const auto editor = test::server_login(original, store_url, "eva@radio.example", admin::Role::eindredacteur);
    ASSERT_FALSE(editor.cookie.empty());
    const auto token = boost::json::parse(original.get("/api/player/radio2/token").body);
    std::string stream = std::string(token.at("streamUrl").as_string());
    stream = stream.substr(stream.find("/live/"));
    StreamListeners listeners(original.port(), stream, 200);
    ASSERT_EQ(listeners.connected(), 200U);

    std::atomic<bool> writing{true};
    std::atomic<int> acknowledged_so_far{0};
    std::vector<std::thread> writers;
    writers.reserve(saves.size());
    for (std::size_t writer = 0; writer < saves.size(); ++writer) {
      writers.emplace_back([&, writer] {
        for (int i = 0; writing; ++i) {
          saves[writer].push_back(save_programme(original, editor,
                                                 "onder-last-" + std::to_string(writer) + "-" + std::to_string(i),
                                                 static_cast<int>(writer)));
          if (saves[writer].back().status == 201) ++acknowledged_so_far;
        }
      });
    }
    // The backup starts once the editors have saved for a while (saves take longer on a busy machine).
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (acknowledged_so_far < 16 && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const auto heard_before = listeners.bytes();
    backup_began = std::chrono::steady_clock::now();
    const auto made = run_server_command(original_full, "backup " + (root / "backups").string());
    std::this_thread::sleep_for(std::chrono::seconds(1));
    writing = false;
    for (auto& writer : writers) writer.join();
    ASSERT_EQ(made.status, 0) << made.output;
    EXPECT_NE(made.output.find("verified"), std::string::npos) << made.output;
    const auto heard_after = listeners.bytes();
    EXPECT_EQ(listeners.closed(), 0) << "listeners dropped during the backup";
    for (std::size_t i = 0; i < heard_after.size(); ++i) {
      EXPECT_GT(heard_after[i], heard_before[i]) << "listener " << i << " heard nothing during the backup";
    }
  }

  const auto backup = only_backup_in(root / "backups");
  const auto restored_full =
      with(with(restored_env, "ETHER_DATA_DIR=" + restored_data.string()), "ETHER_BASE_URL=https://radio.example");
  const auto restored_run = run_server_command(restored_full, "restore " + backup.string());
  ASSERT_EQ(restored_run.status, 0) << restored_run.output;
  const auto kept_url = restored_url.empty() ? "sqlite:" + (restored_data / "ether.db").string() : restored_url;
  {
    auto db = store::Database::open(kept_url, 1);
    auto lease = db->lease();
    if (db->dialect() == store::Dialect::sqlite) {
      std::string check;
      *lease << "PRAGMA integrity_check", soci::into(check);
      EXPECT_EQ(check, "ok");
    }
    std::set<std::string> stored;
    std::string name;
    soci::statement st =
        (lease->prepare << "SELECT name FROM programmes WHERE name LIKE 'onder-last-%'", soci::into(name));
    st.execute();
    while (st.fetch()) stored.insert(name);
    std::set<std::string> acknowledged;
    int before_backup = 0;
    for (const auto& writer : saves) {
      for (const auto& save : writer) {
        EXPECT_LT(save.status, 500) << save.name;
        if (save.status == 201) acknowledged.insert(save.name);
        if (save.status == 201 && save.answered < backup_began) {
          ++before_backup;
          EXPECT_TRUE(stored.contains(save.name)) << save.name << " was acknowledged before the backup began";
        }
        if (save.status != 201) EXPECT_FALSE(stored.contains(save.name)) << save.name << " was refused";
      }
    }
    EXPECT_GE(before_backup, 16) << "the writers saved too little before the backup to prove anything";
    for (const auto& kept : stored) EXPECT_TRUE(acknowledged.contains(kept)) << kept << " was never acknowledged";
  }
  ServerProcess restored("backup-load-restored", restored_full);
  for (std::size_t i = 0; i < kUntouchedDocuments.size(); ++i) {
    auto answer = restored.get(kUntouchedDocuments[i]);
    EXPECT_EQ(answer.status, 200) << kUntouchedDocuments[i];
    EXPECT_TRUE(answer.body == documents[i]) << kUntouchedDocuments[i] << " differs from the original";
  }
}

fs::path fresh_root(const std::string& name) {
  auto root = fs::path(ETHER_TEST_TMP) / (name + "-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  return root;
}

TEST(BackupRestore, ASqliteSiteBackedUpWhileServingComesBackTheSame) {
  const auto root = fresh_root("backup-sqlite");
  the_site_comes_back_the_same({}, {}, root, "sqlite");
  fs::remove_all(root);
}

TEST(BackupRestore, ASqliteBackupUnderLoadKeepsEveryAcknowledgedSave) {
  const auto root = fresh_root("backup-load-sqlite");
  a_backup_under_load_keeps_every_acknowledged_save({}, {}, root, "", "");
  fs::remove_all(root);
}

TEST(BackupRestore, ADamagedOrUnfinishedBackupIsRefused) {
  const auto root = fresh_root("backup-damaged");
  const auto data = root / "data";
  { ServerProcess original("backup-damaged-server", {"ETHER_DATA_DIR=" + data.string()}); }
  const std::vector<std::string> env{"ETHER_DATA_DIR=" + data.string()};
  ASSERT_EQ(run_server_command(env, "backup " + (root / "backups").string() + " --without-recordings").status, 0);
  const auto backup = only_backup_in(root / "backups");
  const std::vector<std::string> fresh{"ETHER_DATA_DIR=" + (root / "fresh").string()};

  // One byte of the store changed: its checksum fails.
  {
    std::fstream store(backup / "store" / "ether.db", std::ios::in | std::ios::out | std::ios::binary);
    store.seekp(5000);
    store.put('\x7f');
  }
  auto damaged = run_server_command(fresh, "restore " + backup.string());
  EXPECT_EQ(damaged.status, 1);
  EXPECT_NE(damaged.output.find("is damaged: store/ether.db does not match its checksum"), std::string::npos)
      << damaged.output;
  // Without its manifest it is no backup at all.
  fs::remove(backup / kManifestName);
  auto unfinished = run_server_command(fresh, "restore " + backup.string());
  EXPECT_EQ(unfinished.status, 1);
  EXPECT_NE(unfinished.output.find("not a backup, or one that did not finish"), std::string::npos) << unfinished.output;
  EXPECT_EQ(run_server_command(fresh, "restore").status, 2);
  fs::remove_all(root);
}

// Issue 47: a symbolic link copies whatever it points at. A link in the data dir is left out of a
// backup; a backup that holds one is refused before anything is restored.
TEST(BackupRestore, SymbolicLinksAreNeitherBackedUpNorRestored) {
  const auto root = fresh_root("backup-links");
  const auto data = root / "data";
  { ServerProcess original("backup-links-server", {"ETHER_DATA_DIR=" + data.string()}); }
  fs::create_directories(data / "uploads" / "images");
  fs::create_symlink("/etc/passwd", data / "uploads" / "images" / "passwd");
  const std::vector<std::string> env{"ETHER_DATA_DIR=" + data.string()};
  ASSERT_EQ(run_server_command(env, "backup " + (root / "backups").string() + " --without-recordings").status, 0);
  const auto backup = only_backup_in(root / "backups");
  EXPECT_FALSE(fs::exists(fs::symlink_status(backup / "data" / "uploads" / "images" / "passwd")));

  fs::create_directories(backup / "data" / "uploads");
  fs::create_symlink("/etc/passwd", backup / "data" / "uploads" / "leak");
  const auto fresh = root / "fresh";
  auto refused = run_server_command({"ETHER_DATA_DIR=" + fresh.string()}, "restore " + backup.string());
  EXPECT_EQ(refused.status, 1);
  EXPECT_NE(refused.output.find("holds a symbolic link (data/uploads/leak)"), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(fs::symlink_status(fresh / "uploads" / "leak")));
  fs::remove_all(root);
}

TEST(BackupRestore, ABackupSentOffWithResticComesBackWhole) {
  const auto root = fresh_root("backup-restic");
  const auto data = root / "data";
  { ServerProcess original("backup-restic-server", {"ETHER_DATA_DIR=" + data.string()}); }
  const std::vector<std::string> env{"ETHER_DATA_DIR=" + data.string()};
  ASSERT_EQ(run_server_command(env, "backup " + (root / "backups").string() + " --without-recordings").status, 0);
  const auto backup = only_backup_in(root / "backups");
  // Encrypted and deduplicated into a repository (here a local path; SFTP and S3 work the same
  // way), then fetched back on the "new machine".
  const std::string restic =
      "RESTIC_PASSWORD=een-lang-geheim-voor-de-test restic --quiet -r '" + (root / "repository").string() + "' ";
  ASSERT_EQ(test::run_command(restic + "init >/dev/null 2>&1; echo $?"), "0\n");
  ASSERT_EQ(test::run_command("cd '" + (root / "backups").string() + "' && " + restic + "backup '" +
                              backup.filename().string() + "' >/dev/null 2>&1; echo $?"),
            "0\n");
  ASSERT_EQ(test::run_command(restic + "restore latest --target '" + (root / "fetched").string() +
                              "' >/dev/null 2>&1; echo $?"),
            "0\n");
  const auto fetched = root / "fetched" / backup.filename();
  const auto restored =
      run_server_command({"ETHER_DATA_DIR=" + (root / "fresh").string()}, "restore " + fetched.string());
  EXPECT_EQ(restored.status, 0) << restored.output;
  EXPECT_TRUE(fs::exists(root / "fresh" / "ether.db"));
  fs::remove_all(root);
}

TEST(BackupRestore, ABackupCutOffByKillIsNeverTakenForAGoodOne) {
  const auto root = fresh_root("backup-killed");
  const auto data = root / "data";
  const auto recordings = root / "recordings";
  { ServerProcess original("backup-killed-server", {"ETHER_DATA_DIR=" + data.string()}); }
  // Enough recordings that the copy takes a while.
  fs::create_directories(recordings / "radio2");
  for (int hour = 0; hour < 8; ++hour) {
    std::ofstream(recordings / "radio2" / ("2026-11-24T0" + std::to_string(hour) + ".mp3"))
        << std::string(std::size_t{16} << 20, static_cast<char>('a' + hour));
  }
  const std::vector<std::string> env{"ETHER_DATA_DIR=" + data.string(), "ETHER_RECORDINGS_DIR=" + recordings.string()};
  const auto backups = root / "backups";
  for (int round = 0; round < 3; ++round) {
    const pid_t pid = fork();
    if (pid == 0) {
      std::vector<std::string> entries{"PATH=/usr/bin:/bin"};
      entries.insert(entries.end(), env.begin(), env.end());
      std::vector<char*> envp;
      envp.reserve(entries.size() + 1);
      for (auto& entry : entries) envp.push_back(entry.data());
      envp.push_back(nullptr);
      std::string target = backups.string();
      char* argv[] = {const_cast<char*>(ETHER_SERVER_BINARY), const_cast<char*>("backup"), target.data(), nullptr};
      std::freopen("/dev/null", "w", stdout);
      execve(ETHER_SERVER_BINARY, argv, envp.data());
      _exit(127);
    }
    // Killed at a different moment each round: as soon as it started writing, a little later, later.
    std::this_thread::sleep_for(std::chrono::milliseconds(50 + 150 * round));
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    // Whatever it left, nothing that looks like a finished backup fails its manifest.
    if (fs::exists(backups)) {
      for (const auto& entry : fs::directory_iterator(backups)) {
        if (!entry.is_directory() || entry.path().extension() == ".partial") continue;
        std::string problem;
        const auto manifest = read_manifest(entry.path(), problem);
        ASSERT_TRUE(manifest.has_value()) << entry.path() << ": " << problem;
        EXPECT_TRUE(verify_files(entry.path(), *manifest).empty()) << entry.path();
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // the next backup's name is a second later
  }
  // The next backup succeeds and clears what the cut-off ones left.
  const auto next = run_server_command(env, "backup " + backups.string());
  ASSERT_EQ(next.status, 0) << next.output;
  for (const auto& entry : fs::directory_iterator(backups)) {
    EXPECT_NE(entry.path().extension(), ".partial") << entry.path();
  }
  fs::remove_all(root);
}

TEST(BackupRestore, AServerWithABackupDirMakesItsOwnAndSaysSoInReadyz) {
  const auto root = fresh_root("backup-scheduled");
  ServerProcess server("backup-scheduled-server",
                       {"ETHER_BACKUP_DIR=" + (root / "backups").string(), "ETHER_BACKUP_EVERY=daily"});
  // The first is made at the start; /readyz tells when it was made.
  boost::json::value ready;
  for (int i = 0; i < 600; ++i) {
    ready = boost::json::parse(server.get("/readyz").body);
    if (ready.at("backup").as_object().contains("lastGood")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(ready.at("backup").at("status").as_string(), "ok") << ready;
  ASSERT_TRUE(ready.at("backup").as_object().contains("lastGood")) << ready;
  int good = 0;
  for (const auto& entry : fs::directory_iterator(root / "backups")) {
    std::string problem;
    if (entry.is_directory() && read_manifest(entry.path(), problem)) ++good;
  }
  EXPECT_EQ(good, 1);
  fs::remove_all(root);
}

void postgres_site_comes_back_the_same() {
  test::FreshPostgresDatabase original("backup_original");
  test::FreshPostgresDatabase restored("backup_restored");
  const auto root = fresh_root("backup-postgres");
  the_site_comes_back_the_same({"DATABASE_URL=" + original.url()}, {"DATABASE_URL=" + restored.url()}, root,
                               "postgresql");
  fs::remove_all(root);
}

void postgres_backup_under_load() {
  test::FreshPostgresDatabase original("backup_load_original");
  test::FreshPostgresDatabase restored("backup_load_restored");
  const auto root = fresh_root("backup-load-postgres");
  a_backup_under_load_keeps_every_acknowledged_save(
      {"DATABASE_URL=" + original.url()}, {"DATABASE_URL=" + restored.url()}, root, original.url(), restored.url());
  fs::remove_all(root);
}

const bool registered = test::register_postgres_tests(
    "BackupRestorePostgreSQL", __FILE__,
    {{"APostgresSiteBackedUpWhileServingComesBackTheSame", postgres_site_comes_back_the_same},
     {"APostgresBackupUnderLoadKeepsEveryAcknowledgedSave", postgres_backup_under_load}});

}  // namespace
}  // namespace ether::backup
