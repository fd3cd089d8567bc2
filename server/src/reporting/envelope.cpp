#include "reporting/envelope.hpp"

#include <date/date.h>

#include <boost/json.hpp>
#include <cctype>
#include <random>

namespace ether::reporting {

namespace json = boost::json;

std::string Dsn::origin() const { return scheme + "://" + host; }

std::string Dsn::envelope_url() const { return origin() + path + "/api/" + project_id + "/envelope/"; }

std::string Dsn::str() const { return scheme + "://" + public_key + "@" + host + path + "/" + project_id; }

std::optional<Dsn> parse_dsn(std::string_view text) {
  Dsn dsn;
  const auto scheme_end = text.find("://");
  if (scheme_end == std::string_view::npos) return std::nullopt;
  dsn.scheme = std::string(text.substr(0, scheme_end));
  if (dsn.scheme != "http" && dsn.scheme != "https") return std::nullopt;
  auto rest = text.substr(scheme_end + 3);
  const auto at = rest.find('@');
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  auto key = rest.substr(0, at);
  // A legacy "key:secret" keeps only the public key; the secret is never needed.
  dsn.public_key = std::string(key.substr(0, key.find(':')));
  rest = rest.substr(at + 1);
  const auto slash = rest.find('/');
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  dsn.host = std::string(rest.substr(0, slash));
  auto path = rest.substr(slash);
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  const auto last = path.rfind('/');
  dsn.project_id = std::string(path.substr(last + 1));
  dsn.path = std::string(path.substr(0, last));
  if (dsn.project_id.empty()) return std::nullopt;
  for (char c : dsn.project_id) {
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return std::nullopt;
  }
  for (char c : dsn.public_key + dsn.host + dsn.path) {
    if (std::isspace(static_cast<unsigned char>(c)) != 0 || c == '?' || c == '#' || c == '@') return std::nullopt;
  }
  return dsn;
}

namespace {

std::string iso_time(std::chrono::system_clock::time_point at) {
  return date::format("%FT%TZ", std::chrono::floor<std::chrono::milliseconds>(at));
}

}  // namespace

std::string build_envelope(const Dsn& dsn, const ErrorEvent& event, const EventContext& context,
                           std::string_view event_id, std::chrono::system_clock::time_point at) {
  const auto seconds = std::chrono::duration<double>(at.time_since_epoch()).count();
  json::object body{{"event_id", event_id},
                    {"timestamp", seconds},
                    {"platform", "c"},
                    {"level", event.level},
                    {"logger", event.logger.empty() ? "ether-server" : event.logger},
                    {"environment", context.environment},
                    {"server_name", context.server_name}};
  if (!context.release.empty()) body["release"] = context.release;
  if (event.exception_type.empty()) {
    body["message"] = json::object{{"formatted", event.message}};
  } else {
    body["exception"] =
        json::object{{"values", json::array{json::object{{"type", event.exception_type}, {"value", event.message}}}}};
  }
  const std::string payload = json::serialize(body);
  const json::object header{{"event_id", event_id}, {"dsn", dsn.str()}, {"sent_at", iso_time(at)}};
  const json::object item{{"type", "event"}, {"length", payload.size()}, {"content_type", "application/json"}};
  return json::serialize(header) + "\n" + json::serialize(item) + "\n" + payload + "\n";
}

std::string new_event_id() {
  thread_local std::mt19937_64 engine{std::random_device{}()};
  static constexpr std::string_view kHex = "0123456789abcdef";
  std::string id(32, '0');
  for (auto& c : id) c = kHex[engine() & 0xfU];
  return id;
}

}  // namespace ether::reporting
