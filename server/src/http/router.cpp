#include "http/router.hpp"

#include <set>
#include <stdexcept>

#include "http/json_answer.hpp"

namespace ether::http {
namespace {

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> segments;
  if (!path.empty() && path.front() == '/') path.remove_prefix(1);
  while (true) {
    auto slash = path.find('/');
    segments.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return segments;
}

bool is_param(std::string_view segment) {
  return segment.size() > 2 && segment.front() == '{' && segment.back() == '}';
}

bool is_rest_param(std::string_view segment) { return is_param(segment) && segment[segment.size() - 2] == '*'; }

bool method_matches(std::string_view route_method, std::string_view method) {
  return route_method == method || (route_method == "GET" && method == "HEAD");
}

// Whether `pattern` fits `segments` (split_path(path), split once for every pattern tried), bound
// nothing yet: most patterns tried do not, and binding as it went cost a map node and a string per
// parameter of each that failed only after its parameters (the HLS routes share their first three).
bool fits(const std::vector<std::string>& pattern, const std::vector<std::string_view>& segments) {
  std::size_t i = 0;
  for (; i < pattern.size(); ++i) {
    const std::string& part = pattern[i];
    if (i >= segments.size()) return false;
    if (is_rest_param(part)) return !segments[i].empty();
    if (is_param(part)) {
      if (segments[i].empty()) return false;
    } else if (part != segments[i]) {
      return false;
    }
  }
  return i == segments.size();
}

// The parameters of a pattern that fits().
void bind(const std::vector<std::string>& pattern, std::string_view path, const std::vector<std::string_view>& segments,
          RouteParams& params) {
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const std::string& part = pattern[i];
    if (is_rest_param(part)) {
      // The rest starts at segment i of the original path.
      std::string_view rest = path.substr(1);
      for (std::size_t skip = 0; skip < i; ++skip) rest.remove_prefix(segments[skip].size() + 1);
      params[part.substr(1, part.size() - 3)] = std::string(rest);
      return;
    }
    if (is_param(part)) params[part.substr(1, part.size() - 2)] = std::string(segments[i]);
  }
}

}  // namespace

void Router::add(std::string_view method, std::string_view pattern, RouteHandler handler, Execution execution) {
  add(method, pattern, std::move(handler), execution, nullptr);
}

void Router::add(std::string_view method, std::string_view pattern, RouteHandler handler, ExecutionChooser choose) {
  add(method, pattern, std::move(handler), Execution::offloaded, std::move(choose));
}

void Router::add(std::string_view method, std::string_view pattern, RouteHandler handler, Execution execution,
                 ExecutionChooser choose) {
  if (pattern.empty() || pattern.front() != '/') throw std::invalid_argument("route pattern must start with '/'");
  Route route;
  route.method = std::string(method);
  route.handler = std::move(handler);
  route.execution = execution;
  route.choose = std::move(choose);
  bool has_params = false;
  auto segments = split_path(pattern);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    std::string_view segment = segments[i];
    if (segment.find('{') != std::string_view::npos || segment.find('}') != std::string_view::npos) {
      if (!is_param(segment)) throw std::invalid_argument("malformed route segment: " + std::string(segment));
      if (is_rest_param(segment) && i + 1 != segments.size()) {
        throw std::invalid_argument("a {name*} segment must come last: " + std::string(pattern));
      }
      has_params = true;
    }
    route.segments.emplace_back(segment);
  }
  if (has_params) {
    patterns_.push_back(std::move(route));
  } else {
    exact_.emplace(std::string(pattern), std::move(route));
  }
}

void Router::set_fallback(std::function<Response(const Request&)> fallback) { fallback_ = std::move(fallback); }

Router::Match Router::match(std::string_view method, std::string_view path) const {
  Match result;
  std::set<std::string> allowed;
  auto [begin, end] = exact_.equal_range(path);
  for (auto it = begin; it != end; ++it) {
    if (method_matches(it->second.method, method)) {
      result.kind = Match::Kind::found;
      result.handler = &it->second.handler;
      result.execution = it->second.execution;
      result.choose = it->second.choose ? &it->second.choose : nullptr;
      return result;
    }
    allowed.insert(it->second.method);
  }
  const auto segments = patterns_.empty() ? std::vector<std::string_view>{} : split_path(path);
  for (const Route& route : patterns_) {
    if (!fits(route.segments, segments)) continue;
    if (method_matches(route.method, method)) {
      result.kind = Match::Kind::found;
      result.handler = &route.handler;
      result.execution = route.execution;
      result.choose = route.choose ? &route.choose : nullptr;
      bind(route.segments, path, segments, result.params);
      return result;
    }
    allowed.insert(route.method);
  }
  if (allowed.empty()) return result;
  if (allowed.count("GET")) allowed.insert("HEAD");
  result.kind = Match::Kind::method_not_allowed;
  for (const auto& m : allowed) {
    if (!result.allow.empty()) result.allow += ", ";
    result.allow += m;
  }
  return result;
}

Response Router::dispatch(const Request& request) const {
  Match found = match(request.method, request.path);
  switch (found.kind) {
    case Match::Kind::found:
      return (*found.handler)(request, found.params);
    case Match::Kind::method_not_allowed: {
      Response response =
          json_error(405, "method_not_allowed",
                     "De methode " + request.method + " is hier niet toegestaan; gebruik " + found.allow + ".");
      response.set_header("Allow", found.allow);
      return response;
    }
    case Match::Kind::not_found:
      break;
  }
  if (fallback_) return fallback_(request);
  return json_error(404, "not_found", "Dit adres bestaat niet: " + request.path);
}

}  // namespace ether::http
