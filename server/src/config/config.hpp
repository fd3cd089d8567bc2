#pragma once
// The server's settings: an optional config file (ETHER_CONFIG, or ./ether.conf when present) of
// `KEY = value` lines, then environment variables, which win. Keys are the environment names
// (PORT, ETHER_BIND, ...); in the file they may also be written without ETHER_ and in lower case.
// Secrets come from the environment, else the config file, else the shared store (PostgreSQL,
// ensure_shared_secrets), else a file of the data dir that is generated once (SQLite).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ether::config {

/// A setting that cannot be used; the message names the key and what is wrong. main exits with 2.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Config {
  std::uint16_t port = 8080;                                          // PORT
  std::string bind = "0.0.0.0";                                       // ETHER_BIND
  std::filesystem::path data_dir = "data";                            // ETHER_DATA_DIR
  std::string database_url;                                           // DATABASE_URL; default sqlite:<data>/ether.db
  std::filesystem::path web_dir = "web/dist";                         // ETHER_WEB_DIR
  std::filesystem::path media_dir = "media/demo";                     // ETHER_MEDIA_DIR
  std::filesystem::path seed_file = "server/seed/demo-station.json";  // ETHER_SEED_FILE
  std::string base_url;                                               // ETHER_BASE_URL; default http://localhost:<port>
  std::string stream_domain;  // ETHER_STREAM_DOMAIN: origin streams and audio load from (spec §7 environmentDomain)
  std::string site_name = "Ether";              // ETHER_SITE_NAME
  std::string site_code = "ether";              // ETHER_SITE_CODE
  std::string default_channel = "radio2";       // ETHER_DEFAULT_CHANNEL
  std::string stream_secret;                    // ETHER_STREAM_SECRET; see ensure_stream_secret
  std::string preview_secret;                   // ETHER_PREVIEW_SECRET; see ensure_preview_secret
  std::string second_factor_key;                // ETHER_SECOND_FACTOR_KEY (64 hex); see ensure_second_factor_key
  unsigned io_threads = 2;                      // ETHER_IO_THREADS
  std::size_t max_connections = 10000;          // ETHER_MAX_CONNECTIONS
  std::size_t max_connections_per_address = 0;  // ETHER_MAX_CONNECTIONS_PER_ADDRESS (0: derived)
  std::filesystem::path backup_dir;             // ETHER_BACKUP_DIR: scheduled backups go here; empty: none
  std::string backup_every = "daily";           // ETHER_BACKUP_EVERY: hourly, daily, weekly or <N>h
  int backup_keep = 14;                         // ETHER_BACKUP_KEEP: the newest kept
  bool backup_recordings = true;                // ETHER_BACKUP_RECORDINGS: 1/0, recordings in scheduled backups
  int trash_days = 30;                          // ETHER_TRASH_DAYS: how long a deleted item stays in the admin's trash
  std::string trusted_proxies;   // ETHER_TRUSTED_PROXIES: addresses/CIDRs whose X-Forwarded-For names the client
  unsigned worker_threads = 8;   // ETHER_WORKER_THREADS
  int worker_timeout_ms = 5000;  // ETHER_WORKER_TIMEOUT_MS
  int drain_seconds = 2;  // ETHER_DRAIN_SECONDS: after SIGTERM, /readyz answers 503 this long before the server stops
  std::string log_level = "info";      // ETHER_LOG_LEVEL
  int playout_backfill_days = 14;      // ETHER_PLAYOUT_BACKFILL_DAYS
  int visual_radio_idle_seconds = 60;  // ETHER_VISUAL_RADIO_IDLE_SECONDS: a segmenter nobody asked for this long stops
  int visual_radio_max = 4;   // ETHER_VISUAL_RADIO_MAX: segmenters running at once (0: no visual radio of our own)
  std::string static_prefix;  // ETHER_STATIC_PREFIX: path prefix of /api/latestNews (spec §7), e.g. "/static"
  std::string sentry_dsn;     // ETHER_SENTRY_DSN: error reporting (browser and server); empty: off
  double sentry_traces_sample_rate = 0;  // ETHER_SENTRY_TRACES_SAMPLE_RATE: 0..1 (spec §9)
  int recording_days = 1;                // ETHER_RECORDING_DAYS: hour files of the live output kept this long
  int recording_backfill_hours = 6;      // ETHER_RECORDING_BACKFILL_HOURS: unrecorded past hours rebuilt at start
  int timeshift_hours = 24;  // ETHER_TIMESHIFT_HOURS: how far back live rewind reaches (the recordings keep it)
  std::filesystem::path recordings_dir;  // ETHER_RECORDINGS_DIR: default <data>/recordings; shared storage
  std::filesystem::path uploads_dir;     // ETHER_UPLOADS_DIR: empty: <data>/uploads; shared storage
  /// Where the admin's uploaded media live: ETHER_UPLOADS_DIR, or the data dir's "uploads".
  [[nodiscard]] std::filesystem::path uploads_path() const {
    return uploads_dir.empty() ? data_dir / "uploads" : uploads_dir;
  }
  // Icecast source input (ingest/): ETHER_SOURCE_PASSWORD for every channel, ETHER_SOURCE_PASSWORDS
  // "channel=password,..." per channel (wins); a channel with neither refuses sources.
  std::string source_password;
  std::map<std::string, std::string, std::less<>> source_passwords;
  int source_limit = 4;             // ETHER_SOURCE_LIMIT: sources connected at once
  int source_timeout_seconds = 10;  // ETHER_SOURCE_TIMEOUT_SECONDS: a source silent this long is dropped
  // Live listeners (stream::ListenerOptions): ETHER_LISTENER_SNDBUF_BYTES caps each listener
  // socket's send buffer (0: the kernel's own); one further behind the live edge than
  // ETHER_LISTENER_MAX_LAG_SECONDS is dropped.
  std::size_t listener_sndbuf_bytes = 32 * 1024;
  int listener_max_lag_seconds = 10;
  // ETHER_LISTENER_COUNTING=0: no listener session is counted or stored (a station that keeps no
  // listener figures): the live count, the figures and the listeners gauge of /metrics stay empty.
  bool listener_counting = true;
  // Listener figures (listeners/): sessions shorter than ETHER_LISTENER_MIN_SESSION_SECONDS count in
  // no figure; closed sessions go to the store every ETHER_LISTENER_FLUSH_SECONDS; an HLS client
  // that fetched no playlist for ETHER_LISTENER_HLS_IDLE_SECONDS has ended its session.
  int listener_min_session_seconds = 60;
  int listener_flush_seconds = 10;
  int listener_hls_idle_seconds = 30;
  // ETHER_LISTENER_DAYS: stored listener sessions older than this are deleted (every figure and the
  // royalty report's listeners of older periods go with them).
  int listener_days = 400;
  // /metrics (Prometheus): open to loopback and to ETHER_METRICS_ALLOW (addresses/CIDRs), or with
  // "Authorization: Bearer <ETHER_METRICS_TOKEN>"; refused otherwise.
  std::string metrics_allow;
  std::string metrics_token;
  // ETHER_INSTANCE_URL: how the other instances on one database reach this one (to relay its live
  // source); default default_instance_url(bind, port), empty with PORT=0 until the port is bound.
  std::string instance_url;
  int nowplaying_hold_seconds = 900;   // ETHER_NOWPLAYING_HOLD_SECONDS: an external item without duration holds
  bool webhook_allow_private = false;  // ETHER_WEBHOOK_ALLOW_PRIVATE: 1 lets webhooks reach loopback/private hosts
  // ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS: 0 lets a beheerder work without a second factor; with
  // 1 (the default) one without is sent to enrolment after login before anything else.
  bool require_totp_for_beheerders = true;
  int uploads_per_address = 2;              // ETHER_UPLOADS_PER_ADDRESS: upload bodies one client address sends at once
  int uploads_in_flight = 8;                // ETHER_UPLOADS_IN_FLIGHT: upload bodies read at once in all
  int upload_max_audio_seconds = 4 * 3600;  // ETHER_UPLOAD_MAX_AUDIO_SECONDS: longer uploaded audio is refused
  int upload_processing_seconds = 900;      // ETHER_UPLOAD_PROCESSING_SECONDS: ffmpeg of one upload is killed after
  // ETHER_DEMO_RENDER: scripts/make-demo-media, run once in the background to render the demo's
  // full-length audio into <data>/demo-media (demomedia/demo_render.hpp); empty: off (`make run` sets it).
  std::filesystem::path demo_render;
};

/// Reads `KEY = value` lines; '#' starts a comment line, blank lines are skipped, values may be
/// quoted with "..." . Keys are normalised to their environment names. Throws ConfigError
/// (with the line number) for a line without '=' or an unknown key.
std::map<std::string, std::string> parse_config_text(std::string_view text);

/// Looks up an environment variable; nullopt when unset.
using EnvLookup = std::function<std::optional<std::string>(std::string_view)>;

/// Builds a Config from file values overridden by the environment, filling derived defaults
/// (database_url, base_url). Throws ConfigError for invalid values. Does not touch the disk.
/// "http://<bind>:<port>": 127.0.0.1 for a bind to every address ("0.0.0.0", "::"), an IPv6
/// address in brackets.
std::string default_instance_url(std::string_view bind, std::uint16_t port);

Config build_config(const std::map<std::string, std::string>& file_values, const EnvLookup& env);

/// The real thing: the config file (ETHER_CONFIG must exist when set; ./ether.conf is optional),
/// the process environment, then (unless secrets_in_store) ensure_stream_secret and
/// ensure_preview_secret. With PostgreSQL, secrets still empty are left to ensure_shared_secrets,
/// which the caller runs once the store is migrated. Throws ConfigError.
Config load_config();

/// Whether secrets given neither in the environment nor in the config file are kept in the shared
/// store (DATABASE_URL names PostgreSQL, which several instances may share) instead of the data dir.
[[nodiscard]] bool secrets_in_store(const Config& config);

/// Keeps secret `name` in the shared store: stores `candidate` unless a value is stored already,
/// and returns the stored value (store::SecretRepository::keep_first).
using SecretKeeper = std::function<std::string(const std::string& name, const std::string& candidate)>;

/// Fills every secret that is still empty (stream_secret as "stream_secret", preview_secret as
/// "preview_secret") through `keeper`, each offered a fresh random candidate, so all instances on
/// one store sign alike. Throws ConfigError when the stored value is too short or no random source.
void ensure_shared_secrets(Config& config, const SecretKeeper& keeper);

/// When stream_secret is empty: reads `<data_dir>/stream-secret`, or creates it (mode 0600, 64 hex
/// characters from a cryptographic random source) and the data dir. Throws ConfigError.
void ensure_stream_secret(Config& config);

/// The same for preview_secret (content-page preview tokens), in `<data_dir>/preview-secret`.
void ensure_preview_secret(Config& config);

/// The same for second_factor_key, the key the TOTP secrets are sealed with in the store
/// (crypto/sealed_text.hpp), in `<data_dir>/second-factor-key`. Backups leave that file out: a
/// copy of the store must not carry the key that opens it.
void ensure_second_factor_key(Config& config);

}  // namespace ether::config
