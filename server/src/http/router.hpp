#pragma once
// A small routing table: per method, exact paths and patterns with "{name}" segments (one
// segment) and a final "{name*}" (the rest, at least one segment). Exact paths win over patterns;
// patterns are tried in the order they were added. A GET route also answers HEAD. Each route says
// where the server runs it (http::Execution in http/message.hpp): offloaded to the worker pool
// unless added with Execution::io_thread.

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "http/execution.hpp"
#include "http/message.hpp"

namespace ether::http {

/// Values of a matched route's "{name}" segments, decoded.
using RouteParams = std::map<std::string, std::string, std::less<>>;

/// What a route does with a request.
using RouteHandler = std::function<Response(const Request&, const RouteParams&)>;

/// Where one request of a route runs, for a route whose answer is sometimes in memory and sometimes
/// not (e.g. Execution::io_thread once a document is built, Execution::offloaded before). It runs
/// on the I/O thread, so it must itself answer from memory.
using ExecutionChooser = std::function<Execution(const Request&)>;

class Router {
 public:
  /// Adds a route; `pattern` starts with '/'. Throws std::invalid_argument for a malformed pattern.
  /// `execution`: Execution::offloaded (default) for handlers that may touch the store or disk,
  /// Execution::io_thread for answers from memory that never block, e.g.
  /// `router.add("GET", "/healthz", handler, http::Execution::io_thread)`.
  void add(std::string_view method, std::string_view pattern, RouteHandler handler,
           Execution execution = Execution::offloaded);
  /// Adds a route whose every request is placed by `choose`.
  void add(std::string_view method, std::string_view pattern, RouteHandler handler, ExecutionChooser choose);

  /// The handler for requests that match no path at all. By default: 404 JSON error.
  void set_fallback(std::function<Response(const Request&)> fallback);

  /// The result of looking a request up.
  struct Match {
    enum class Kind { found, not_found, method_not_allowed };
    Kind kind = Kind::not_found;
    const RouteHandler* handler = nullptr;
    Execution execution = Execution::offloaded;  // of the found route
    const ExecutionChooser* choose = nullptr;    // of the found route, when it chooses per request
    RouteParams params;
    std::string allow;  // for method_not_allowed: "GET, HEAD"
  };
  [[nodiscard]] Match match(std::string_view method, std::string_view path) const;

  /// Runs the matching handler; 405 JSON error with Allow when the path exists under other methods,
  /// the fallback when no route has the path.
  [[nodiscard]] Response dispatch(const Request& request) const;

 private:
  struct Route {
    std::string method;
    std::vector<std::string> segments;  // literal, "{name}" or "{name*}"
    RouteHandler handler;
    Execution execution = Execution::offloaded;
    ExecutionChooser choose;
  };
  void add(std::string_view method, std::string_view pattern, RouteHandler handler, Execution execution,
           ExecutionChooser choose);
  std::multimap<std::string, Route, std::less<>> exact_;
  std::vector<Route> patterns_;
  std::function<Response(const Request&)> fallback_;
};

}  // namespace ether::http
