#include "admin/request_guard.hpp"

namespace ether::admin {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The host name of a "host[:port]" or "[v6]:port" authority.
std::string_view host_name(std::string_view authority) {
  if (authority.starts_with('[')) {
    auto close = authority.find(']');
    return close == std::string_view::npos ? authority : authority.substr(0, close + 1);
  }
  return authority.substr(0, authority.find(':'));
}

bool is_loopback(std::string_view host) { return host == "localhost" || host == "127.0.0.1" || host == "[::1]"; }

}  // namespace

std::string origin_of(std::string_view url) {
  std::string text = lower(url);
  std::string_view view = text;
  std::string_view scheme;
  if (view.starts_with("https://")) {
    scheme = "https";
  } else if (view.starts_with("http://")) {
    scheme = "http";
  } else {
    return "";
  }
  view.remove_prefix(scheme.size() + 3);
  auto authority = view.substr(0, view.find_first_of("/?#"));
  if (authority.empty() || authority.find('@') != std::string_view::npos) return "";
  std::string result = std::string(scheme) + "://" + std::string(authority);
  // A default port is not part of a browser's Origin header.
  const std::string default_port = scheme == "https" ? ":443" : ":80";
  if (result.ends_with(default_port)) result.resize(result.size() - default_port.size());
  return result;
}

bool is_state_changing(std::string_view method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

bool origin_allowed(const http::Request& request, std::string_view site_origin) {
  std::string origin = lower(request.header("Origin"));
  if (origin.empty() || origin == "null") return false;
  if (!site_origin.empty() && origin == site_origin) return true;
  std::string host = lower(request.header("Host"));
  if (host.empty() || !is_loopback(host_name(host))) return false;
  return origin == "http://" + host || origin == "https://" + host;
}

std::string session_cookie(std::string_view session_id, bool secure) {
  return std::string(kSessionCookie) + "=" + std::string(session_id) + "; Path=/; HttpOnly; SameSite=Strict" +
         (secure ? "; Secure" : "");
}

std::string clear_session_cookie(bool secure) {
  return std::string(kSessionCookie) + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "");
}

}  // namespace ether::admin
