#include "config/config.hpp"

#include "config/backup_interval.hpp"
#include "crypto/sealed_text.hpp"
#include "domain/slug.hpp"
#include "http/trusted_proxies.hpp"
#include "ingest/source_credentials.hpp"
#include "reporting/envelope.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <openssl/rand.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <sstream>

namespace ether::config {
namespace {

constexpr std::array<std::string_view, 61> kKeys{"PORT",
                                                 "ETHER_BIND",
                                                 "ETHER_DATA_DIR",
                                                 "ETHER_RECORDINGS_DIR",
                                                 "ETHER_UPLOADS_DIR",
                                                 "DATABASE_URL",
                                                 "ETHER_WEB_DIR",
                                                 "ETHER_MEDIA_DIR",
                                                 "ETHER_SEED_FILE",
                                                 "ETHER_BASE_URL",
                                                 "ETHER_STREAM_DOMAIN",
                                                 "ETHER_SITE_NAME",
                                                 "ETHER_SITE_CODE",
                                                 "ETHER_DEFAULT_CHANNEL",
                                                 "ETHER_STREAM_SECRET",
                                                 "ETHER_PREVIEW_SECRET",
                                                 "ETHER_SECOND_FACTOR_KEY",
                                                 "ETHER_IO_THREADS",
                                                 "ETHER_MAX_CONNECTIONS",
                                                 "ETHER_MAX_CONNECTIONS_PER_ADDRESS",
                                                 "ETHER_TRUSTED_PROXIES",
                                                 "ETHER_BACKUP_DIR",
                                                 "ETHER_BACKUP_EVERY",
                                                 "ETHER_BACKUP_KEEP",
                                                 "ETHER_BACKUP_RECORDINGS",
                                                 "ETHER_TRASH_DAYS",
                                                 "ETHER_WORKER_THREADS",
                                                 "ETHER_WORKER_TIMEOUT_MS",
                                                 "ETHER_DRAIN_SECONDS",
                                                 "ETHER_LOG_LEVEL",
                                                 "ETHER_PLAYOUT_BACKFILL_DAYS",
                                                 "ETHER_STATIC_PREFIX",
                                                 "ETHER_VISUAL_RADIO_IDLE_SECONDS",
                                                 "ETHER_VISUAL_RADIO_MAX",
                                                 "ETHER_SENTRY_DSN",
                                                 "ETHER_SENTRY_TRACES_SAMPLE_RATE",
                                                 "ETHER_RECORDING_DAYS",
                                                 "ETHER_RECORDING_BACKFILL_HOURS",
                                                 "ETHER_TIMESHIFT_HOURS",
                                                 "ETHER_SOURCE_PASSWORD",
                                                 "ETHER_SOURCE_PASSWORDS",
                                                 "ETHER_SOURCE_LIMIT",
                                                 "ETHER_SOURCE_TIMEOUT_SECONDS",
                                                 "ETHER_LISTENER_SNDBUF_BYTES",
                                                 "ETHER_LISTENER_MAX_LAG_SECONDS",
                                                 "ETHER_LISTENER_MIN_SESSION_SECONDS",
                                                 "ETHER_LISTENER_COUNTING",
                                                 "ETHER_LISTENER_FLUSH_SECONDS",
                                                 "ETHER_LISTENER_DAYS",
                                                 "ETHER_LISTENER_HLS_IDLE_SECONDS",
                                                 "ETHER_METRICS_ALLOW",
                                                 "ETHER_METRICS_TOKEN",
                                                 "ETHER_INSTANCE_URL",
                                                 "ETHER_NOWPLAYING_HOLD_SECONDS",
                                                 "ETHER_WEBHOOK_ALLOW_PRIVATE",
                                                 "ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS",
                                                 "ETHER_UPLOADS_PER_ADDRESS",
                                                 "ETHER_UPLOADS_IN_FLIGHT",
                                                 "ETHER_UPLOAD_MAX_AUDIO_SECONDS",
                                                 "ETHER_UPLOAD_PROCESSING_SECONDS",
                                                 "ETHER_DEMO_RENDER"};

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

std::optional<std::string> normalise_key(std::string_view key) {
  std::string upper(key);
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return c == '-' ? '_' : static_cast<char>(std::toupper(c)); });
  for (std::string_view known : kKeys) {
    if (upper == known) return upper;
    if (known.starts_with("ETHER_") && upper == known.substr(6)) return std::string(known);
  }
  return std::nullopt;
}

// "scheme://host[:port]", an origin a browser can load media from: nothing after the authority but
// trailing slashes, which are dropped. Empty stays empty (none configured).
std::string parse_origin(std::string_view key, std::string_view text) {
  std::string origin(trim(text));
  while (origin.ends_with('/')) origin.pop_back();
  if (origin.empty()) return origin;
  const auto scheme_end = origin.find("://");
  const std::string_view scheme = scheme_end == std::string::npos ? "" : std::string_view(origin).substr(0, scheme_end);
  const std::string_view authority =
      scheme_end == std::string::npos ? "" : std::string_view(origin).substr(scheme_end + 3);
  if ((scheme != "http" && scheme != "https") || authority.empty() ||
      authority.find_first_of("/?#@ \t\"<>\\") != std::string_view::npos) {
    throw ConfigError(std::string(key) + ": expected an origin such as https://stream.ether.example (no path), got \"" +
                      origin + "\"");
  }
  return origin;
}

template <typename Int>
Int parse_int(std::string_view key, std::string_view text, long long min, long long max) {
  text = trim(text);
  long long value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() || value < min || value > max) {
    throw ConfigError(std::string(key) + ": expected a whole number from " + std::to_string(min) + " to " +
                      std::to_string(max) + ", got \"" + std::string(text) + "\"");
  }
  return static_cast<Int>(value);
}

std::string require_non_empty(std::string_view key, std::string_view text) {
  text = trim(text);
  if (text.empty()) throw ConfigError(std::string(key) + ": must not be empty");
  return std::string(text);
}

std::string hex(const unsigned char* bytes, std::size_t size) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(kHex[bytes[i] >> 4]);
    out.push_back(kHex[bytes[i] & 0xf]);
  }
  return out;
}

}  // namespace

std::map<std::string, std::string> parse_config_text(std::string_view text) {
  std::map<std::string, std::string> values;
  int line_number = 0;
  while (!text.empty()) {
    ++line_number;
    auto newline = text.find('\n');
    std::string_view line = trim(text.substr(0, newline));
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (line.empty() || line.front() == '#') continue;
    auto equals = line.find('=');
    if (equals == std::string_view::npos) {
      throw ConfigError("config line " + std::to_string(line_number) + ": expected KEY = value, got \"" +
                        std::string(line) + "\"");
    }
    std::string_view raw_key = trim(line.substr(0, equals));
    auto key = normalise_key(raw_key);
    if (!key) {
      throw ConfigError("config line " + std::to_string(line_number) + ": unknown key \"" + std::string(raw_key) +
                        "\"");
    }
    std::string_view value = trim(line.substr(equals + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
    values[*key] = std::string(value);
  }
  return values;
}

std::string default_instance_url(std::string_view bind, std::uint16_t port) {
  std::string host(bind);
  if (bind == "0.0.0.0" || bind == "::") {
    host = "127.0.0.1";
  } else if (bind.find(':') != std::string_view::npos) {
    host = "[" + host + "]";
  }
  return "http://" + host + ":" + std::to_string(port);
}

Config build_config(const std::map<std::string, std::string>& file_values, const EnvLookup& env) {
  auto get = [&](std::string_view key) -> std::optional<std::string> {
    if (env) {
      if (auto value = env(key)) return value;
    }
    auto it = file_values.find(std::string(key));
    if (it != file_values.end()) return it->second;
    return std::nullopt;
  };

  Config config;
  if (auto v = get("PORT")) config.port = parse_int<std::uint16_t>("PORT", *v, 0, 65535);
  if (auto v = get("ETHER_BIND")) {
    config.bind = std::string(trim(*v));
    unsigned char buffer[sizeof(in6_addr)];
    if (inet_pton(AF_INET, config.bind.c_str(), buffer) != 1 && inet_pton(AF_INET6, config.bind.c_str(), buffer) != 1) {
      throw ConfigError("ETHER_BIND: expected an IPv4 or IPv6 address such as 0.0.0.0 or ::1, got \"" + config.bind +
                        "\"");
    }
  }
  if (auto v = get("ETHER_DATA_DIR")) config.data_dir = require_non_empty("ETHER_DATA_DIR", *v);
  if (auto v = get("ETHER_RECORDINGS_DIR")) config.recordings_dir = require_non_empty("ETHER_RECORDINGS_DIR", *v);
  if (auto v = get("ETHER_UPLOADS_DIR")) config.uploads_dir = require_non_empty("ETHER_UPLOADS_DIR", *v);
  if (auto v = get("DATABASE_URL")) config.database_url = std::string(trim(*v));
  if (auto v = get("ETHER_WEB_DIR")) config.web_dir = require_non_empty("ETHER_WEB_DIR", *v);
  if (auto v = get("ETHER_MEDIA_DIR")) config.media_dir = require_non_empty("ETHER_MEDIA_DIR", *v);
  if (auto v = get("ETHER_SEED_FILE")) config.seed_file = require_non_empty("ETHER_SEED_FILE", *v);
  if (auto v = get("ETHER_BASE_URL")) config.base_url = std::string(trim(*v));
  if (auto v = get("ETHER_STREAM_DOMAIN")) config.stream_domain = parse_origin("ETHER_STREAM_DOMAIN", *v);
  if (auto v = get("ETHER_SITE_NAME")) config.site_name = require_non_empty("ETHER_SITE_NAME", *v);
  if (auto v = get("ETHER_SITE_CODE")) {
    config.site_code = require_non_empty("ETHER_SITE_CODE", *v);
    if (!domain::is_valid_slug(config.site_code)) {
      throw ConfigError("ETHER_SITE_CODE: expected lower-case letters, digits and hyphens, got \"" + config.site_code +
                        "\"");
    }
  }
  if (auto v = get("ETHER_STATIC_PREFIX")) {
    config.static_prefix = std::string(trim(*v));
    while (config.static_prefix.ends_with('/')) config.static_prefix.pop_back();
    if (!config.static_prefix.empty() && !config.static_prefix.starts_with('/')) {
      throw ConfigError("ETHER_STATIC_PREFIX: expected a path such as /static, got \"" + config.static_prefix + "\"");
    }
  }
  if (auto v = get("ETHER_DEFAULT_CHANNEL")) {
    config.default_channel = require_non_empty("ETHER_DEFAULT_CHANNEL", *v);
    if (!domain::is_valid_slug(config.default_channel)) {
      throw ConfigError("ETHER_DEFAULT_CHANNEL: expected a channel slug such as radio2, got \"" +
                        config.default_channel + "\"");
    }
  }
  if (auto v = get("ETHER_STREAM_SECRET")) {
    config.stream_secret = std::string(trim(*v));
    if (!config.stream_secret.empty() && config.stream_secret.size() < 16) {
      throw ConfigError("ETHER_STREAM_SECRET: must be at least 16 characters (or empty to generate one)");
    }
  }
  if (auto v = get("ETHER_PREVIEW_SECRET")) {
    config.preview_secret = std::string(trim(*v));
    if (!config.preview_secret.empty() && config.preview_secret.size() < 16) {
      throw ConfigError("ETHER_PREVIEW_SECRET: must be at least 16 characters (or empty to generate one)");
    }
  }
  if (auto v = get("ETHER_SECOND_FACTOR_KEY")) {
    config.second_factor_key = std::string(trim(*v));
    if (!config.second_factor_key.empty() && !crypto::sealing_key_from_hex(config.second_factor_key)) {
      throw ConfigError("ETHER_SECOND_FACTOR_KEY: must be 64 hexadecimal characters (openssl rand -hex 32 makes one)");
    }
  }
  if (auto v = get("ETHER_IO_THREADS")) config.io_threads = parse_int<unsigned>("ETHER_IO_THREADS", *v, 1, 256);
  if (auto v = get("ETHER_MAX_CONNECTIONS")) {
    config.max_connections = parse_int<std::size_t>("ETHER_MAX_CONNECTIONS", *v, 1, 1000000);
  }
  if (auto v = get("ETHER_MAX_CONNECTIONS_PER_ADDRESS")) {
    config.max_connections_per_address = parse_int<std::size_t>("ETHER_MAX_CONNECTIONS_PER_ADDRESS", *v, 0, 1000000);
  }
  if (auto v = get("ETHER_BACKUP_DIR")) config.backup_dir = std::string(trim(*v));
  if (auto v = get("ETHER_BACKUP_EVERY")) {
    config.backup_every = std::string(trim(*v));
    if (!config::parse_backup_interval(config.backup_every)) {
      throw ConfigError("ETHER_BACKUP_EVERY: \"" + config.backup_every +
                        "\" is not hourly, daily, weekly or a number of hours (6h)");
    }
  }
  if (auto v = get("ETHER_BACKUP_KEEP")) config.backup_keep = parse_int<int>("ETHER_BACKUP_KEEP", *v, 1, 10000);
  if (auto v = get("ETHER_TRASH_DAYS")) config.trash_days = parse_int<int>("ETHER_TRASH_DAYS", *v, 1, 3650);
  if (auto v = get("ETHER_BACKUP_RECORDINGS")) {
    config.backup_recordings = parse_int<int>("ETHER_BACKUP_RECORDINGS", *v, 0, 1) == 1;
  }
  if (auto v = get("ETHER_TRUSTED_PROXIES")) {
    std::string bad;
    if (!http::TrustedProxies::parse(*v, &bad)) {
      throw ConfigError("ETHER_TRUSTED_PROXIES: \"" + bad +
                        "\" is not an IP address or CIDR network (e.g. 10.0.0.0/8)");
    }
    config.trusted_proxies = std::string(trim(*v));
  }
  if (auto v = get("ETHER_WORKER_THREADS")) {
    config.worker_threads = parse_int<unsigned>("ETHER_WORKER_THREADS", *v, 1, 256);
  }
  if (auto v = get("ETHER_WORKER_TIMEOUT_MS")) {
    config.worker_timeout_ms = parse_int<int>("ETHER_WORKER_TIMEOUT_MS", *v, 100, 600000);
  }
  if (auto v = get("ETHER_DRAIN_SECONDS")) {
    config.drain_seconds = parse_int<int>("ETHER_DRAIN_SECONDS", *v, 0, 300);
  }
  if (auto v = get("ETHER_LOG_LEVEL")) {
    std::string level(trim(*v));
    std::transform(level.begin(), level.end(), level.begin(), [](unsigned char c) { return std::tolower(c); });
    if (level == "warning") level = "warn";
    constexpr std::array<std::string_view, 7> kLevels{"trace", "debug", "info", "warn", "error", "critical", "off"};
    if (std::find(kLevels.begin(), kLevels.end(), level) == kLevels.end()) {
      throw ConfigError("ETHER_LOG_LEVEL: expected trace, debug, info, warn, error, critical or off, got \"" + level +
                        "\"");
    }
    config.log_level = level;
  }
  if (auto v = get("ETHER_PLAYOUT_BACKFILL_DAYS")) {
    config.playout_backfill_days = parse_int<int>("ETHER_PLAYOUT_BACKFILL_DAYS", *v, 0, 366);
  }
  if (auto v = get("ETHER_VISUAL_RADIO_IDLE_SECONDS")) {
    config.visual_radio_idle_seconds = parse_int<int>("ETHER_VISUAL_RADIO_IDLE_SECONDS", *v, 5, 3600);
  }
  if (auto v = get("ETHER_VISUAL_RADIO_MAX")) {
    config.visual_radio_max = parse_int<int>("ETHER_VISUAL_RADIO_MAX", *v, 0, 64);
  }
  if (auto v = get("ETHER_SENTRY_DSN")) {
    config.sentry_dsn = std::string(trim(*v));
    if (!config.sentry_dsn.empty() && !reporting::parse_dsn(config.sentry_dsn)) {
      throw ConfigError("ETHER_SENTRY_DSN: expected a Sentry DSN such as https://key@host/1, got \"" +
                        config.sentry_dsn + "\"");
    }
  }
  if (auto v = get("ETHER_SENTRY_TRACES_SAMPLE_RATE")) {
    const std::string text(trim(*v));
    std::size_t used = 0;
    double rate = -1;
    try {
      rate = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (text.empty() || used != text.size() || !(rate >= 0 && rate <= 1)) {
      throw ConfigError("ETHER_SENTRY_TRACES_SAMPLE_RATE: expected a number from 0 to 1, got \"" + text + "\"");
    }
    config.sentry_traces_sample_rate = rate;
  }
  if (auto v = get("ETHER_RECORDING_DAYS")) config.recording_days = parse_int<int>("ETHER_RECORDING_DAYS", *v, 1, 366);
  if (auto v = get("ETHER_TIMESHIFT_HOURS")) {
    config.timeshift_hours = parse_int<int>("ETHER_TIMESHIFT_HOURS", *v, 1, 24 * 366);
  }
  if (auto v = get("ETHER_RECORDING_BACKFILL_HOURS")) {
    config.recording_backfill_hours = parse_int<int>("ETHER_RECORDING_BACKFILL_HOURS", *v, 0, 48);
  }
  if (auto v = get("ETHER_SOURCE_PASSWORD")) config.source_password = std::string(trim(*v));
  // A short source password is guessed despite the throttle; an empty one takes no source at all.
  const auto too_short = "a source password must be at least " + std::to_string(ingest::kMinSourcePasswordLength) +
                         " characters (openssl rand -hex 16 makes one)";
  if (!config.source_password.empty() && config.source_password.size() < ingest::kMinSourcePasswordLength) {
    throw ConfigError("ETHER_SOURCE_PASSWORD: " + too_short);
  }
  if (auto v = get("ETHER_SOURCE_PASSWORDS")) {
    std::string error;
    auto passwords = ingest::parse_channel_passwords(*v, error);
    if (!passwords) throw ConfigError("ETHER_SOURCE_PASSWORDS: " + error);
    for (const auto& [channel, password] : *passwords) {
      if (!domain::is_valid_slug(channel)) {
        throw ConfigError("ETHER_SOURCE_PASSWORDS: \"" + channel + "\" is no channel slug");
      }
      if (password.size() < ingest::kMinSourcePasswordLength) {
        throw ConfigError(std::string("ETHER_SOURCE_PASSWORDS: ").append(channel).append(": ").append(too_short));
      }
    }
    config.source_passwords = std::move(*passwords);
  }
  if (auto v = get("ETHER_SOURCE_LIMIT")) config.source_limit = parse_int<int>("ETHER_SOURCE_LIMIT", *v, 0, 1000);
  if (auto v = get("ETHER_SOURCE_TIMEOUT_SECONDS")) {
    config.source_timeout_seconds = parse_int<int>("ETHER_SOURCE_TIMEOUT_SECONDS", *v, 1, 3600);
  }
  if (auto v = get("ETHER_LISTENER_SNDBUF_BYTES")) {
    constexpr long long kMinSendBuffer = 4096;
    constexpr long long kMaxSendBuffer = 16LL * 1024 * 1024;
    const auto text = trim(*v);
    long long value = -1;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() ||
        (value != 0 && (value < kMinSendBuffer || value > kMaxSendBuffer))) {
      throw ConfigError("ETHER_LISTENER_SNDBUF_BYTES: expected 0 (the kernel's own) or a whole number of bytes from " +
                        std::to_string(kMinSendBuffer) + " to " + std::to_string(kMaxSendBuffer) + ", got \"" +
                        std::string(text) + "\"");
    }
    config.listener_sndbuf_bytes = static_cast<std::size_t>(value);
  }
  if (auto v = get("ETHER_LISTENER_MAX_LAG_SECONDS")) {
    config.listener_max_lag_seconds = parse_int<int>("ETHER_LISTENER_MAX_LAG_SECONDS", *v, 1, 600);
  }
  if (auto v = get("ETHER_LISTENER_COUNTING")) {
    config.listener_counting = parse_int<int>("ETHER_LISTENER_COUNTING", *v, 0, 1) == 1;
  }
  if (auto v = get("ETHER_LISTENER_MIN_SESSION_SECONDS")) {
    config.listener_min_session_seconds = parse_int<int>("ETHER_LISTENER_MIN_SESSION_SECONDS", *v, 0, 3600);
  }
  if (auto v = get("ETHER_LISTENER_DAYS")) config.listener_days = parse_int<int>("ETHER_LISTENER_DAYS", *v, 1, 3650);
  if (auto v = get("ETHER_LISTENER_FLUSH_SECONDS")) {
    config.listener_flush_seconds = parse_int<int>("ETHER_LISTENER_FLUSH_SECONDS", *v, 1, 3600);
  }
  if (auto v = get("ETHER_LISTENER_HLS_IDLE_SECONDS")) {
    config.listener_hls_idle_seconds = parse_int<int>("ETHER_LISTENER_HLS_IDLE_SECONDS", *v, 5, 3600);
  }
  if (auto v = get("ETHER_METRICS_ALLOW")) {
    std::string bad;
    if (!http::TrustedProxies::parse(*v, &bad)) {
      throw ConfigError("ETHER_METRICS_ALLOW: \"" + bad + "\" is not an IP address or CIDR network (e.g. 10.0.0.0/8)");
    }
    config.metrics_allow = std::string(trim(*v));
  }
  if (auto v = get("ETHER_METRICS_TOKEN")) config.metrics_token = std::string(trim(*v));
  if (auto v = get("ETHER_INSTANCE_URL")) config.instance_url = std::string(trim(*v));
  if (config.instance_url.empty() && config.port != 0) {
    config.instance_url = default_instance_url(config.bind, config.port);
  }
  if (!config.instance_url.empty() && !config.instance_url.starts_with("http://") &&
      !config.instance_url.starts_with("https://")) {
    throw ConfigError("ETHER_INSTANCE_URL: expected an http(s) URL, got \"" + config.instance_url + "\"");
  }
  if (auto v = get("ETHER_NOWPLAYING_HOLD_SECONDS")) {
    config.nowplaying_hold_seconds = parse_int<int>("ETHER_NOWPLAYING_HOLD_SECONDS", *v, 10, 86400);
  }
  if (auto v = get("ETHER_WEBHOOK_ALLOW_PRIVATE")) {
    config.webhook_allow_private = parse_int<int>("ETHER_WEBHOOK_ALLOW_PRIVATE", *v, 0, 1) == 1;
  }
  if (auto v = get("ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS")) {
    config.require_totp_for_beheerders = parse_int<int>("ETHER_ADMIN_REQUIRE_TOTP_FOR_BEHEERDERS", *v, 0, 1) == 1;
  }
  if (auto v = get("ETHER_UPLOADS_PER_ADDRESS")) {
    config.uploads_per_address = parse_int<int>("ETHER_UPLOADS_PER_ADDRESS", *v, 1, 1000);
  }
  if (auto v = get("ETHER_UPLOADS_IN_FLIGHT")) {
    config.uploads_in_flight = parse_int<int>("ETHER_UPLOADS_IN_FLIGHT", *v, 1, 10000);
  }
  if (auto v = get("ETHER_UPLOAD_MAX_AUDIO_SECONDS")) {
    config.upload_max_audio_seconds = parse_int<int>("ETHER_UPLOAD_MAX_AUDIO_SECONDS", *v, 1, 24 * 3600);
  }
  if (auto v = get("ETHER_UPLOAD_PROCESSING_SECONDS")) {
    config.upload_processing_seconds = parse_int<int>("ETHER_UPLOAD_PROCESSING_SECONDS", *v, 1, 24 * 3600);
  }
  if (auto v = get("ETHER_DEMO_RENDER")) config.demo_render = std::string(trim(*v));

  if (config.database_url.empty()) config.database_url = "sqlite:" + (config.data_dir / "ether.db").string();
  if (config.recordings_dir.empty()) config.recordings_dir = config.data_dir / "recordings";
  if (config.base_url.empty()) config.base_url = "http://localhost:" + std::to_string(config.port);
  while (config.base_url.size() > 1 && config.base_url.back() == '/') config.base_url.pop_back();
  if (!(config.base_url.starts_with("http://") || config.base_url.starts_with("https://")) ||
      config.base_url.find_first_of(" \t\"<>?#") != std::string::npos ||
      config.base_url.size() <= std::string_view("https://").size()) {
    throw ConfigError(
        "ETHER_BASE_URL: expected an absolute http(s) URL without query, such as "
        "https://ether.example, got \"" +
        config.base_url + "\"");
  }
  // A backup holds the store and its secrets: one written where the server serves files from would
  // publish them.
  if (!config.backup_dir.empty()) {
    const auto inside = [](const std::filesystem::path& dir, const std::filesystem::path& root) {
      const auto a = std::filesystem::weakly_canonical(std::filesystem::absolute(dir));
      const auto b = std::filesystem::weakly_canonical(std::filesystem::absolute(root));
      const auto [end, _] = std::mismatch(b.begin(), b.end(), a.begin(), a.end());
      return end == b.end();
    };
    for (const auto& [name, served] : std::initializer_list<std::pair<const char*, std::filesystem::path>>{
             {"ETHER_MEDIA_DIR", config.media_dir},
             {"ETHER_WEB_DIR", config.web_dir},
             {"ETHER_RECORDINGS_DIR", config.recordings_dir},
             {"the uploads (ETHER_UPLOADS_DIR)", config.uploads_path()}}) {
      if (!served.empty() && inside(config.backup_dir, served)) {
        throw ConfigError("ETHER_BACKUP_DIR: " + config.backup_dir.string() + " lies inside " + name + " (" +
                          served.string() + "), which the server serves: a backup there would publish the store");
      }
    }
  }
  return config;
}

Config load_config() {
  std::map<std::string, std::string> file_values;
  std::filesystem::path file;
  bool required = false;
  if (const char* explicit_path = std::getenv("ETHER_CONFIG"); explicit_path && *explicit_path) {
    file = explicit_path;
    required = true;
  } else {
    file = "ether.conf";
  }
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) {
    std::ifstream in(file);
    std::ostringstream text;
    if (!(in && text << in.rdbuf())) throw ConfigError("cannot read config file " + file.string());
    try {
      file_values = parse_config_text(text.str());
    } catch (const ConfigError& error) {
      throw ConfigError(file.string() + ": " + error.what());
    }
  } else if (required) {
    throw ConfigError("ETHER_CONFIG: config file " + file.string() + " does not exist");
  }
  Config config = build_config(file_values, [](std::string_view key) -> std::optional<std::string> {
    const char* value = std::getenv(std::string(key).c_str());
    if (!value) return std::nullopt;
    return std::string(value);
  });
  if (!secrets_in_store(config)) {
    ensure_stream_secret(config);
    ensure_preview_secret(config);
    ensure_second_factor_key(config);
  }
  return config;
}

bool secrets_in_store(const Config& config) {
  return config.database_url.starts_with("postgresql://") || config.database_url.starts_with("postgres://");
}

namespace {

// 64 hex characters from a cryptographic random source.
std::string random_secret(std::string_view what) {
  unsigned char random[32];
  if (RAND_bytes(random, sizeof random) != 1) {
    throw ConfigError("cannot generate a " + std::string(what) + ": no random source");
  }
  return hex(random, sizeof random);
}

// Reads `<data_dir>/<file>`, or creates it (mode 0600) with a random secret, so the secret is made
// once per installation and never committed.
std::string read_or_create_secret(const std::filesystem::path& data_dir, std::string_view file, std::string_view what) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  if (ec) throw ConfigError("ETHER_DATA_DIR: cannot create " + data_dir.string() + ": " + ec.message());
  std::filesystem::path path = data_dir / file;
  if (std::filesystem::exists(path, ec)) {
    std::ifstream in(path);
    std::string secret;
    std::getline(in, secret);
    secret = std::string(trim(secret));
    if (secret.size() < 16) {
      throw ConfigError(path.string() + ": the " + std::string(what) +
                        " is shorter than 16 characters; delete the file to generate a new one");
    }
    return secret;
  }
  std::string secret = random_secret(what);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw ConfigError("cannot create " + path.string() + ": " + std::strerror(errno));
  std::string line = secret + "\n";
  bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!written) throw ConfigError("cannot write " + path.string());
  return secret;
}

}  // namespace

void ensure_stream_secret(Config& config) {
  if (!config.stream_secret.empty()) return;
  config.stream_secret = read_or_create_secret(config.data_dir, "stream-secret", "stream secret");
}

void ensure_preview_secret(Config& config) {
  if (!config.preview_secret.empty()) return;
  config.preview_secret = read_or_create_secret(config.data_dir, "preview-secret", "preview secret");
}

void ensure_second_factor_key(Config& config) {
  if (!config.second_factor_key.empty()) return;
  config.second_factor_key = read_or_create_secret(config.data_dir, "second-factor-key", "second factor key");
  if (config.second_factor_key.size() != 64) {
    throw ConfigError((config.data_dir / "second-factor-key").string() +
                      ": the second factor key is not 64 hexadecimal characters");
  }
}

void ensure_shared_secrets(Config& config, const SecretKeeper& keeper) {
  auto fill = [&keeper](std::string& secret, const std::string& name) {
    if (!secret.empty()) return;
    secret = keeper(name, random_secret(name));
    if (secret.size() < 16) {
      throw ConfigError("the shared store's " + name +
                        " is shorter than 16 characters; delete its row of shared_secrets to generate a new one");
    }
  };
  fill(config.stream_secret, "stream_secret");
  fill(config.preview_secret, "preview_secret");
  fill(config.second_factor_key, "second_factor_key");
}

}  // namespace ether::config
