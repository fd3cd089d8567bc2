#include "config/config.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "http_test_support.hpp"

namespace ether::config {
namespace {

EnvLookup env_of(std::map<std::string, std::string> values) {
  return [values = std::move(values)](std::string_view key) -> std::optional<std::string> {
    auto it = values.find(std::string(key));
    if (it == values.end()) return std::nullopt;
    return it->second;
  };
}

TEST(Config, Defaults) {
  Config config = build_config({}, env_of({}));
  EXPECT_EQ(config.port, 8080);
  EXPECT_EQ(config.bind, "0.0.0.0");
  EXPECT_EQ(config.data_dir, "data");
  EXPECT_EQ(config.database_url, "sqlite:data/ether.db");
  EXPECT_EQ(config.recordings_dir, "data/recordings");
  EXPECT_EQ(config.web_dir, "web/dist");
  EXPECT_EQ(config.media_dir, "media/demo");
  EXPECT_EQ(config.seed_file, "server/seed/demo-station.json");
  EXPECT_EQ(config.base_url, "http://localhost:8080");
  EXPECT_EQ(config.site_name, "Ether");
  EXPECT_EQ(config.site_code, "ether");
  EXPECT_EQ(config.default_channel, "radio2");
  EXPECT_EQ(config.stream_secret, "");
  EXPECT_EQ(config.io_threads, 2u);
  EXPECT_EQ(config.max_connections, 10000u);
  EXPECT_EQ(config.log_level, "info");
  EXPECT_EQ(config.playout_backfill_days, 14);
}

TEST(Config, FileTextParsing) {
  auto values = parse_config_text(
      "# Ether\n"
      "\n"
      "port = 9090\n"
      "  ETHER_SITE_NAME = \"Ether Test\"  \n"
      "data_dir=/var/lib/ether\n"
      "DATABASE_URL = postgresql://u:p@h/db?sslmode=disable\n"
      "log-level = debug\n");
  EXPECT_EQ(values.at("PORT"), "9090");
  EXPECT_EQ(values.at("ETHER_SITE_NAME"), "Ether Test");
  EXPECT_EQ(values.at("ETHER_DATA_DIR"), "/var/lib/ether");
  EXPECT_EQ(values.at("DATABASE_URL"), "postgresql://u:p@h/db?sslmode=disable");
  EXPECT_EQ(values.at("ETHER_LOG_LEVEL"), "debug");
}

TEST(Config, FileErrorsNameTheLine) {
  try {
    parse_config_text("port = 1\nthis line is wrong\n");
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("line 2"), std::string::npos);
  }
  try {
    parse_config_text("prot = 1\n");
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("unknown key \"prot\""), std::string::npos);
  }
}

TEST(Config, EnvironmentWinsOverFile) {
  auto file = parse_config_text("port = 9090\nsite_name = Bestand\n");
  Config config = build_config(file, env_of({{"PORT", "7070"}}));
  EXPECT_EQ(config.port, 7070);
  EXPECT_EQ(config.site_name, "Bestand");
  EXPECT_EQ(config.base_url, "http://localhost:7070");
}

TEST(Config, DerivedValues) {
  Config config = build_config({}, env_of({{"ETHER_DATA_DIR", "/tmp/x"},
                                           {"ETHER_BASE_URL", "https://ether.example/"},
                                           {"ETHER_LOG_LEVEL", "WARNING"},
                                           {"ETHER_IO_THREADS", "8"},
                                           {"ETHER_MAX_CONNECTIONS", "50"},
                                           {"ETHER_PLAYOUT_BACKFILL_DAYS", "0"},
                                           {"ETHER_BIND", "::1"}}));
  EXPECT_EQ(config.database_url, "sqlite:/tmp/x/ether.db");
  EXPECT_EQ(config.recordings_dir, "/tmp/x/recordings");
  EXPECT_EQ(build_config({}, env_of({{"ETHER_RECORDINGS_DIR", "/mnt/nfs/recordings"}})).recordings_dir,
            "/mnt/nfs/recordings");
  // The uploads: the data dir's own, or shared storage that every instance mounts.
  EXPECT_EQ(config.uploads_path(), "/tmp/x/uploads");
  EXPECT_EQ(build_config({}, env_of({{"ETHER_UPLOADS_DIR", "/mnt/nfs/uploads"}})).uploads_path(), "/mnt/nfs/uploads");
  EXPECT_THROW(build_config({}, env_of({{"ETHER_UPLOADS_DIR", "/mnt/nfs/uploads"},
                                        {"ETHER_BACKUP_DIR", "/mnt/nfs/uploads/backups"}})),
               ConfigError)
      << "a backup inside the served uploads would publish the store";
  EXPECT_EQ(config.base_url, "https://ether.example");
  EXPECT_EQ(config.log_level, "warn");
  EXPECT_EQ(config.io_threads, 8u);
  EXPECT_EQ(config.max_connections, 50u);
  EXPECT_EQ(config.playout_backfill_days, 0);
  EXPECT_EQ(config.bind, "::1");
  EXPECT_EQ(build_config({}, env_of({{"DATABASE_URL", "postgres://h/db"}})).database_url, "postgres://h/db");
}

TEST(Config, ConnectionFairnessAndWorkerPool) {
  Config defaults = build_config({}, env_of({}));
  EXPECT_EQ(defaults.max_connections_per_address, 0u);  // the server derives it from max_connections
  EXPECT_EQ(defaults.worker_threads, 8u);
  EXPECT_EQ(defaults.worker_timeout_ms, 5000);
  Config config = build_config({}, env_of({{"ETHER_MAX_CONNECTIONS_PER_ADDRESS", "300"},
                                           {"ETHER_WORKER_THREADS", "16"},
                                           {"ETHER_WORKER_TIMEOUT_MS", "2000"}}));
  EXPECT_EQ(config.max_connections_per_address, 300u);
  EXPECT_EQ(config.worker_threads, 16u);
  EXPECT_EQ(config.worker_timeout_ms, 2000);
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"ETHER_WORKER_THREADS", "0"},
                                                        {"ETHER_WORKER_TIMEOUT_MS", "5"},
                                                        {"ETHER_MAX_CONNECTIONS_PER_ADDRESS", "x"},
                                                        {"ETHER_TRUSTED_PROXIES", "10.0.0.0/8, balancer"},
                                                        {"ETHER_TRUSTED_PROXIES", "10.0.0.0/40"}}) {
    EXPECT_THROW(build_config({}, env_of({{key, value}})), ConfigError) << key << "=" << value;
  }
  EXPECT_EQ(build_config({}, env_of({{"ETHER_TRUSTED_PROXIES", " 10.0.0.0/8, ::1 "}})).trusted_proxies,
            "10.0.0.0/8, ::1");
}

// Issue 47: a backup holds the store and its secrets; one inside a directory the server serves
// files from would publish them, so such a backup dir stops the server at start with a clear error.
TEST(Config, ABackupDirInsideAServedDirectoryIsRefused) {
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"ETHER_MEDIA_DIR", "/srv/ether/media"},
                                                        {"ETHER_WEB_DIR", "/srv/ether/media"},
                                                        {"ETHER_RECORDINGS_DIR", "/srv/ether/media"},
                                                        {"ETHER_DATA_DIR", "/srv/ether/media/.."}}) {
    const auto backups = key == "ETHER_DATA_DIR" ? "/srv/ether/uploads/backups" : "/srv/ether/media/backups";
    try {
      build_config({}, env_of({{key, value}, {"ETHER_BACKUP_DIR", backups}}));
      ADD_FAILURE() << key << " holds the backups but was taken";
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find("ETHER_BACKUP_DIR"), std::string::npos) << error.what();
    }
  }
  EXPECT_NO_THROW(build_config(
      {}, env_of({{"ETHER_MEDIA_DIR", "/srv/ether/media"}, {"ETHER_BACKUP_DIR", "/srv/ether/media-backups"}})));
}

TEST(Config, InvalidValuesAreClearErrors) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"PORT", "http"},
      {"PORT", "70000"},
      {"PORT", "-1"},
      {"PORT", "80x"},
      {"PORT", ""},
      {"ETHER_BIND", "localhost"},
      {"ETHER_RECORDINGS_DIR", ""},
      {"ETHER_IO_THREADS", "0"},
      {"ETHER_IO_THREADS", "99999999999999999999"},
      {"ETHER_MAX_CONNECTIONS", "0"},
      {"ETHER_LOG_LEVEL", "loud"},
      {"ETHER_PLAYOUT_BACKFILL_DAYS", "-3"},
      {"ETHER_BASE_URL", "ftp://x"},
      {"ETHER_BASE_URL", "http://"},
      {"ETHER_BASE_URL", "https://e.nl/?x=1"},
      {"ETHER_SITE_CODE", "Ether Site"},
      {"ETHER_DEFAULT_CHANNEL", "Radio 2"},
      {"ETHER_STREAM_SECRET", "short"},
      {"ETHER_DATA_DIR", "  "},
  };
  for (const auto& [key, value] : bad) {
    try {
      build_config({}, env_of({{key, value}}));
      ADD_FAILURE() << key << "=" << value << " was accepted";
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find(key), std::string::npos) << error.what();
    }
  }
}

TEST(Config, StreamSecretIsGeneratedOnceWithMode0600) {
  test::TempDir dir;
  Config first;
  first.data_dir = dir.path() / "data";
  ensure_stream_secret(first);
  EXPECT_EQ(first.stream_secret.size(), 64u);
  struct stat info {};
  ASSERT_EQ(::stat((first.data_dir / "stream-secret").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);

  Config second;
  second.data_dir = first.data_dir;
  ensure_stream_secret(second);
  EXPECT_EQ(second.stream_secret, first.stream_secret);

  Config given;
  given.data_dir = dir.path() / "other";
  given.stream_secret = "a-secret-that-is-long-enough";
  ensure_stream_secret(given);
  EXPECT_EQ(given.stream_secret, "a-secret-that-is-long-enough");
  EXPECT_FALSE(std::filesystem::exists(given.data_dir / "stream-secret"));
}

TEST(Config, PreviewSecretIsItsOwnGeneratedFileOrTheEnvironment) {
  test::TempDir dir;
  Config first;
  first.data_dir = dir.path() / "data";
  ensure_stream_secret(first);
  ensure_preview_secret(first);
  EXPECT_EQ(first.preview_secret.size(), 64u);
  EXPECT_NE(first.preview_secret, first.stream_secret);
  struct stat info {};
  ASSERT_EQ(::stat((first.data_dir / "preview-secret").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
  Config second;
  second.data_dir = first.data_dir;
  ensure_preview_secret(second);
  EXPECT_EQ(second.preview_secret, first.preview_secret);

  auto env = [](std::string_view key) -> std::optional<std::string> {
    if (key == "ETHER_PREVIEW_SECRET") return std::string("short");
    return std::nullopt;
  };
  EXPECT_THROW(build_config({}, env), ConfigError);
  auto good = build_config({}, [](std::string_view key) -> std::optional<std::string> {
    if (key == "ETHER_PREVIEW_SECRET") return std::string("a-preview-secret-long-enough");
    return std::nullopt;
  });
  EXPECT_EQ(good.preview_secret, "a-preview-secret-long-enough");
}

TEST(Config, LoadConfigReadsTheFileNamedByEtherConfig) {
  test::TempDir dir;
  test::write_file(dir.path() / "ether.conf", "port = 9191\ndata_dir = " + (dir.path() / "d").string() + "\n");
  for (const char* key : {"PORT", "ETHER_DATA_DIR", "ETHER_STREAM_SECRET"}) ::unsetenv(key);
  ::setenv("ETHER_CONFIG", (dir.path() / "ether.conf").c_str(), 1);
  Config config = load_config();
  EXPECT_EQ(config.port, 9191);
  EXPECT_EQ(config.stream_secret.size(), 64u);
  ::setenv("ETHER_CONFIG", (dir.path() / "missing.conf").c_str(), 1);
  EXPECT_THROW(load_config(), ConfigError);
  ::unsetenv("ETHER_CONFIG");
}

TEST(Config, UploadsInFlight) {
  Config defaults = build_config({}, env_of({}));
  EXPECT_EQ(defaults.uploads_per_address, 2);
  EXPECT_EQ(defaults.uploads_in_flight, 8);
  Config config =
      build_config(parse_config_text("ETHER_UPLOADS_PER_ADDRESS = 4\n"), env_of({{"ETHER_UPLOADS_IN_FLIGHT", "20"}}));
  EXPECT_EQ(config.uploads_per_address, 4);
  EXPECT_EQ(config.uploads_in_flight, 20);
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"ETHER_UPLOADS_PER_ADDRESS", "0"}, {"ETHER_UPLOADS_IN_FLIGHT", "many"}}) {
    EXPECT_THROW(build_config({}, env_of({{key, value}})), ConfigError) << key;
  }
}

TEST(Config, SecondFactorRequiredForBeheerdersByDefault) {
  EXPECT_TRUE(build_config({}, env_of({})).require_totp_for_beheerders);
  EXPECT_FALSE(build_config(parse_config_text("ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS = 0\n"), env_of({}))
                   .require_totp_for_beheerders);
  EXPECT_THROW(build_config({}, env_of({{"ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS", "ja"}})), ConfigError);
}

TEST(Config, UploadedAudioLimits) {
  Config defaults = build_config({}, env_of({}));
  EXPECT_EQ(defaults.upload_max_audio_seconds, 4 * 3600);
  EXPECT_EQ(defaults.upload_processing_seconds, 900);
  Config config = build_config(parse_config_text("ETHER_UPLOAD_MAX_AUDIO_SECONDS = 7200\n"),
                               env_of({{"ETHER_UPLOAD_PROCESSING_SECONDS", "60"}}));
  EXPECT_EQ(config.upload_max_audio_seconds, 7200);
  EXPECT_EQ(config.upload_processing_seconds, 60);
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"ETHER_UPLOAD_MAX_AUDIO_SECONDS", "0"}, {"ETHER_UPLOAD_PROCESSING_SECONDS", "lang"}}) {
    EXPECT_THROW(build_config({}, env_of({{key, value}})), ConfigError) << key;
  }
}

TEST(Config, LiveListenerSendBufferAndLagLimit) {
  Config defaults = build_config({}, env_of({}));
  EXPECT_EQ(defaults.listener_sndbuf_bytes, 32U * 1024);
  EXPECT_EQ(defaults.listener_max_lag_seconds, 10);
  Config config = build_config(parse_config_text("LISTENER_SNDBUF_BYTES = 65536\n"),
                               env_of({{"ETHER_LISTENER_MAX_LAG_SECONDS", "30"}}));
  EXPECT_EQ(config.listener_sndbuf_bytes, 65536U);
  EXPECT_EQ(config.listener_max_lag_seconds, 30);
  EXPECT_EQ(defaults.listener_days, 400) << "the privacy note's retention";
  EXPECT_TRUE(defaults.listener_counting);
  EXPECT_FALSE(build_config({}, env_of({{"ETHER_LISTENER_COUNTING", "0"}})).listener_counting);
  EXPECT_EQ(build_config({}, env_of({{"ETHER_LISTENER_DAYS", "30"}})).listener_days, 30);
  EXPECT_EQ(build_config({}, env_of({{"ETHER_LISTENER_SNDBUF_BYTES", "0"}})).listener_sndbuf_bytes, 0U)
      << "0 leaves the kernel's own";
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, std::string>>{{"ETHER_LISTENER_SNDBUF_BYTES", "100"},
                                                        {"ETHER_LISTENER_SNDBUF_BYTES", "64k"},
                                                        {"ETHER_LISTENER_SNDBUF_BYTES", "-1"},
                                                        {"ETHER_LISTENER_SNDBUF_BYTES", "99999999"},
                                                        {"ETHER_LISTENER_MAX_LAG_SECONDS", "0"},
                                                        {"ETHER_LISTENER_MAX_LAG_SECONDS", "10s"},
                                                        {"ETHER_LISTENER_DAYS", "0"},
                                                        {"ETHER_LISTENER_COUNTING", "no"}}) {
    try {
      build_config({}, env_of({{key, value}}));
      ADD_FAILURE() << key << "=" << value << " was accepted";
    } catch (const ConfigError& error) {
      const std::string message = error.what();
      EXPECT_TRUE(message.starts_with(key + ": ")) << message;
      EXPECT_NE(message.find("\"" + value + "\""), std::string::npos) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
    }
  }
}

TEST(Config, DemoRenderAndRecordingRetention) {
  Config defaults = build_config({}, env_of({}));
  EXPECT_TRUE(defaults.demo_render.empty()) << "off unless asked for (make run sets it)";
  EXPECT_EQ(defaults.recording_days, 1);
  Config config = build_config(parse_config_text("DEMO_RENDER = \"scripts/make-demo-media\"\n"), env_of({}));
  EXPECT_EQ(config.demo_render, "scripts/make-demo-media");
  EXPECT_EQ(build_config({}, env_of({{"ETHER_DEMO_RENDER", " /opt/render "}})).demo_render, "/opt/render");
}

TEST(Config, ShortSourcePasswordsAreRefused) {
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"ETHER_SOURCE_PASSWORD", "hackme"},
           {"ETHER_SOURCE_PASSWORD", "fifteen-chars!!"},
           {"ETHER_SOURCE_PASSWORDS", "radio2=sixteen-chars-ok!,3fm=short"}}) {
    try {
      build_config({}, env_of({{key, value}}));
      ADD_FAILURE() << key << "=" << value;
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find("at least 16 characters"), std::string::npos) << error.what();
    }
  }
  EXPECT_EQ(build_config({}, env_of({{"ETHER_SOURCE_PASSWORD", "sixteen-chars-ok"}})).source_password,
            "sixteen-chars-ok");
}

TEST(Config, StreamDomainIsAnOrigin) {
  EXPECT_EQ(build_config({}, env_of({})).stream_domain, "");
  EXPECT_EQ(build_config({}, env_of({{"ETHER_STREAM_DOMAIN", " https://stream.ether.example/ "}})).stream_domain,
            "https://stream.ether.example");
  EXPECT_EQ(build_config({}, env_of({{"ETHER_STREAM_DOMAIN", "http://127.0.0.1:8081"}})).stream_domain,
            "http://127.0.0.1:8081");
  for (const char* bad : {"stream.ether.example", "ftp://stream.example", "https://stream.example/live",
                          "https://user@stream.example", "https://", "https://a b"}) {
    EXPECT_THROW(build_config({}, env_of({{"ETHER_STREAM_DOMAIN", bad}})), ConfigError) << bad;
  }
}

}  // namespace
}  // namespace ether::config
