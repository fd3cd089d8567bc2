#include "app/site_app.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/object.hpp>

#include "api/json_error.hpp"
#include "reporting/envelope.hpp"

namespace ether::app {
namespace {

bool is_get(const http::Request& request) { return request.method == "GET" || request.method == "HEAD"; }

bool is_url_char(unsigned char c) {
  constexpr std::string_view kOther = "-._~!$&'()*+,;=:@/?";
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c != 0 && kOther.find(static_cast<char>(c)) != std::string_view::npos);
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The page path of /api/page arrives decoded and may hold raw UTF-8, spaces or a stray '%';
// encode those so that it parses as a request target like a browser's own.
std::string to_origin_form(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (is_url_char(c) || (c == '%' && i + 2 < text.size() && is_hex(text[i + 1]) && is_hex(text[i + 2]))) {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 0xf]);
    }
  }
  return out;
}

http::Response with_cache_control(http::Response response, std::string_view value) {
  response.set_header("Cache-Control", value);
  return response;
}

}  // namespace

SiteApp::SiteApp(pages::PageSource& pages, http::StaticAssets assets, std::filesystem::path media_dir,
                 shell::HtmlShell shell, std::function<bool()> ready, std::string base_url)
    : pages_(pages),
      assets_(std::move(assets)),
      media_(std::move(media_dir)),
      shell_(std::move(shell)),
      ready_(std::move(ready)),
      base_url_(std::move(base_url)) {
  while (!base_url_.empty() && base_url_.back() == '/') base_url_.pop_back();

  router_.add("GET", "/healthz", [](const http::Request&, const http::RouteParams&) {
    return with_cache_control(api::json_response(200, boost::json::object{{"status", "ok"}}), "no-store");
  });
  router_.add("GET", "/readyz", [this](const http::Request&, const http::RouteParams&) {
    bool ready = false;
    try {
      ready = !ready_ || ready_();
    } catch (const std::exception& error) {
      spdlog::warn("readiness probe failed: {}", error.what());
    }
    auto response = ready ? api::json_response(200, boost::json::object{{"status", "ready"}})
                          : api::json_response(503, boost::json::object{{"status", "unavailable"}});
    return with_cache_control(std::move(response), "no-store");
  });
  router_.add("GET", "/api/site", [this](const http::Request&, const http::RouteParams&) {
    return with_cache_control(api::json_response(200, pages_.site_config()), "no-cache");
  });
  router_.add("GET", "/api/page",
              [this](const http::Request& request, const http::RouteParams&) { return api_page(request); });
  router_.add("GET", "/media/{path*}", [this](const http::Request& request, const http::RouteParams& params) {
    return serve_media(request, params.at("path"));
  });
  router_.set_fallback([this](const http::Request& request) { return fallback(request); });
}

std::unique_ptr<SiteApp> SiteApp::create(const config::Config& config, pages::PageSource& pages,
                                         std::function<bool()> ready) {
  auto shell = shell::HtmlShell::load(config.web_dir);
  auto assets = http::StaticAssets::load(config.web_dir);
  return std::make_unique<SiteApp>(pages, std::move(assets), config.media_dir, std::move(shell), std::move(ready),
                                   config.base_url);
}

http::Response SiteApp::handle(const http::Request& request) const {
  http::Response response = router_.dispatch(request);
  http::compress_response(request, response);
  return response;
}

http::Response SiteApp::api_page(const http::Request& request) const {
  auto path_param = request.param("path");
  if (!path_param || path_param->empty() || path_param->front() != '/') {
    return api::json_error(400, "bad_parameter", "The parameter 'path' must be a path starting with '/'.");
  }
  http::Request target;
  if (!http::parse_target(to_origin_form(*path_param), target)) {
    return api::json_error(400, "bad_parameter", "The parameter 'path' is not a valid path.");
  }
  pages::PageResult result = pages_.load(target.path, target.query);
  if (!result.bad_parameter.empty()) return api::json_error(400, "bad_parameter", result.bad_parameter);
  http::Response response;
  response.status = result.status;
  response.body = shell::envelope_json(result, base_url_);
  response.set_header("Content-Type", "application/json; charset=utf-8");
  return with_cache_control(std::move(response), "no-cache");
}

http::Response SiteApp::page(const http::Request& request) const {
  pages::PageResult result = pages_.load(request.path, request.query);
  return shell_.respond(request, result, pages_.site_config(), base_url_);
}

http::Response SiteApp::serve_media(const http::Request& request, std::string_view relative) const {
  if (media_guard_) {
    if (auto refused = media_guard_(request, relative)) return std::move(*refused);
  }
  return media_.serve(request, relative);
}

http::Response SiteApp::fallback(const http::Request& request) const {
  const std::string& path = request.path;
  if (path == "/api" || path.starts_with("/api/")) {
    return api::json_error(404, "not_found", "No such API endpoint: " + path);
  }
  if (!is_get(request)) {
    auto response = api::json_error(405, "method_not_allowed", "Method " + request.method + " is not allowed here.");
    response.set_header("Allow", "GET, HEAD");
    return response;
  }
  if (path.starts_with("/media/")) return serve_media(request, std::string_view(path).substr(7));
  if (auto response = assets_.serve(request)) return std::move(*response);
  if (path.starts_with("/assets/")) return api::json_error(404, "not_found", "No such file: " + path);
  return page(request);
}

http::ServerOptions server_options(const config::Config& config) {
  http::ServerOptions options;
  options.address = config.bind;
  options.port = config.port;
  options.io_threads = config.io_threads;
  options.max_connections = config.max_connections;
  std::string connect_origin;
  if (auto dsn = reporting::parse_dsn(config.sentry_dsn)) connect_origin = dsn->origin();
  options.content_security_policy = http::content_security_policy(connect_origin);
  return options;
}

void configure_logging(const config::Config& config) {
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);
}

int run_server(const config::Config& config, pages::PageSource& pages, std::function<bool()> ready,
               const std::function<void(SiteApp&)>& customize) {
  std::unique_ptr<SiteApp> app;
  try {
    app = SiteApp::create(config, pages, std::move(ready));
  } catch (const std::exception& error) {
    spdlog::critical("cannot start the site: {}", error.what());
    return 1;
  }
  if (customize) customize(*app);
  http::Server server(server_options(config), [&app](const http::Request& request) { return app->handle(request); });
  try {
    server.start();
  } catch (const std::exception& error) {
    spdlog::critical("{}", error.what());
    return 1;
  }
  server.run_until_signal();
  return 0;
}

}  // namespace ether::app
