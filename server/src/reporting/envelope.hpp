#pragma once
// Sentry's wire format for the server's own errors: the DSN (parsed into the envelope endpoint and
// auth key) and the envelope (a header line, an item header line, the event JSON).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace ether::reporting {

/// A Sentry DSN `scheme://public_key@host[:port][/path]/project_id`.
struct Dsn {
  std::string scheme;  // "http" or "https"
  std::string public_key;
  std::string host;  // with ":port" when one was given
  std::string path;  // "" or "/prefix", without the trailing slash
  std::string project_id;

  /// `scheme://host`, for the Content-Security-Policy's connect-src.
  [[nodiscard]] std::string origin() const;
  /// `scheme://host/path/api/project_id/envelope/`, where envelopes are POSTed.
  [[nodiscard]] std::string envelope_url() const;
  /// The DSN as given (what the browser SDK is configured with).
  [[nodiscard]] std::string str() const;
};

/// Parses a DSN; nullopt when it is not an http(s) URL with a key and a numeric project id.
std::optional<Dsn> parse_dsn(std::string_view text);

/// One error of the server.
struct ErrorEvent {
  std::string level = "error";  // "fatal", "error", "warning", "info"
  std::string message;          // what went wrong, without personal data
  std::string exception_type;   // e.g. "std::runtime_error"; empty: a message-only event
  std::string logger;           // the module that reported it, e.g. "http"
};

/// What every event of this process carries.
struct EventContext {
  std::string environment = "production";
  std::string server_name;
  std::string release;
};

/// The envelope for `event`: header (event_id, dsn, sent_at), item header (type event, length),
/// event JSON (event_id, timestamp, platform, level, logger, message, exception, environment,
/// server_name, release). `event_id` is 32 lower-case hex digits.
std::string build_envelope(const Dsn& dsn, const ErrorEvent& event, const EventContext& context,
                           std::string_view event_id, std::chrono::system_clock::time_point at);

/// A fresh random event id (32 lower-case hex digits).
std::string new_event_id();

}  // namespace ether::reporting
