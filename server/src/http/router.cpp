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

// Whether `pattern` matches the path split into `segments`: its literal segments and its length.
// Nothing is copied, so that the many patterns a request does not match cost only comparisons.
bool matches_shape(const std::vector<std::string>& pattern, const std::vector<std::string_view>& segments) {
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const std::string& part = pattern[i];
    if (is_rest_param(part)) return i < segments.size() && !segments[i].empty();
    if (i >= segments.size()) return false;
    if (is_param(part) ? segments[i].empty() : part != segments[i]) return false;
  }
  return pattern.size() == segments.size();
}

// The values of a matching pattern's "{name}" segments.
RouteParams params_of(const std::vector<std::string>& pattern, std::string_view path,
                      const std::vector<std::string_view>& segments) {
  RouteParams params;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const std::string& part = pattern[i];
    if (is_rest_param(part)) {
      // The rest starts at segment i of the original path.
      std::string_view rest = path.substr(1);
      for (std::size_t skip = 0; skip < i; ++skip) rest.remove_prefix(segments[skip].size() + 1);
      params[part.substr(1, part.size() - 3)] = std::string(rest);
      break;
    }
    if (is_param(part)) params[part.substr(1, part.size() - 2)] = std::string(segments[i]);
  }
  return params;
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
    const auto& first = route.segments.front();
    (is_param(first) ? patterns_from_any_ : patterns_by_first_[first]).push_back(patterns_.size());
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
  // Only the patterns that begin with this path's first segment or with a parameter can match; they
  // are tried in the order they were added, the two lists merged by their places.
  static const std::vector<std::size_t> none;
  const auto by_first = segments.empty() ? patterns_by_first_.end() : patterns_by_first_.find(segments.front());
  const auto& literal = by_first == patterns_by_first_.end() ? none : by_first->second;
  const auto& any = patterns_from_any_;
  for (std::size_t l = 0, a = 0; l < literal.size() || a < any.size();) {
    const bool take_literal = a == any.size() || (l < literal.size() && literal[l] < any[a]);
    const Route& route = patterns_[take_literal ? literal[l++] : any[a++]];
    if (!matches_shape(route.segments, segments)) continue;
    if (method_matches(route.method, method)) {
      result.kind = Match::Kind::found;
      result.handler = &route.handler;
      result.execution = route.execution;
      result.choose = route.choose ? &route.choose : nullptr;
      result.params = params_of(route.segments, path, segments);
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
