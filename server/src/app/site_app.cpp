#include "app/site_app.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/json/object.hpp>
#include <chrono>
#include <csignal>

#include "admin/request_guard.hpp"
#include "admin/sessions.hpp"
#include "api/json_error.hpp"
#include "http/byte_response.hpp"
#include "http/mime.hpp"
#include "media/stored_files.hpp"
#include "pages/route_table.hpp"
#include "reporting/envelope.hpp"
#include "store/database.hpp"

namespace ether::app {
namespace {

// Where a moved page sends its visitor: its current address with the request's query, unless the
// move already folded that query in.
std::string moved_location(const pages::PageResult& result, const std::string& query_string) {
  if (result.moved_to_whole || query_string.empty()) return result.moved_to;
  return result.moved_to + "?" + query_string;
}

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

bool is_api(std::string_view path) { return path == "/api" || path.starts_with("/api/"); }

constexpr std::string_view kUnavailablePage =
    "<!doctype html>\n<html lang=\"nl\"><head><meta charset=\"utf-8\">"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
    "<title>Even niet bereikbaar</title></head>\n<body><main><h1>Even niet bereikbaar</h1>"
    "<p>De site is even niet bereikbaar. Probeer het over een paar seconden opnieuw.</p></main></body></html>\n";

// What a player on another origin may send and read: ranges and revalidation of audio, ICY metadata.
constexpr std::string_view kCorsAllowHeaders = "Range, If-Range, If-None-Match, If-Modified-Since, Icy-MetaData";
constexpr std::string_view kCorsExposeHeaders =
    "Content-Length, Content-Range, Accept-Ranges, ETag, Retry-After, icy-metaint, icy-name, icy-genre, "
    "icy-description, icy-br";
// A JSON answer has none of the ranges or ICY fields; Content-Length is readable without exposing.
constexpr std::string_view kCorsExposeJsonHeaders = "ETag, Retry-After";

bool may_read_readiness_details(const http::Request& request) {
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(request.remote_address, ec);
  if (!ec && address.is_loopback()) return true;
  if (!ec && address.is_v6() && address.to_v6().is_v4_mapped() &&
      boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6()).is_loopback()) {
    return true;
  }
  const auto cookie = request.cookie(admin::kSessionCookie);
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  const auto session = cookie ? admin::SessionCache::instance().live(*cookie, now) : std::nullopt;
  return session && session->ready && session->role == admin::Role::beheerder;
}

void allow_cross_origin(http::Response& response) {
  response.set_header("Access-Control-Allow-Origin", "*");
  response.set_header("Access-Control-Expose-Headers",
                      http::is_json(response.header("Content-Type")) ? kCorsExposeJsonHeaders : kCorsExposeHeaders);
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

  router_.add(
      "GET", "/healthz",
      [](const http::Request&, const http::RouteParams&) {
        return with_cache_control(api::json_response(200, boost::json::object{{"status", "ok"}}), "no-store");
      },
      http::Execution::io_thread);
  // Station::ready() answers from memory; a probe must answer even while the store hangs.
  router_.add(
      "GET", "/readyz",
      [this](const http::Request& request, const http::RouteParams&) {
        bool ready = false;
        const bool draining = draining_;
        try {
          ready = !draining && (!ready_ || ready_());
        } catch (const std::exception& error) {
          spdlog::warn("readiness probe failed: {}", error.what());
        }
        boost::json::object status{{"status", draining ? "draining" : ready ? "ready" : "unavailable"}};
        // The details name paths, hosts and a backup tool's errors: for the operator on this machine
        // (a health check or a person on loopback) and a signed-in beheerder, not for anyone else.
        if (readiness_details_ && may_read_readiness_details(request)) {
          for (auto& [key, value] : readiness_details_()) status[key] = value;
        }
        auto response = api::json_response(ready ? 200 : 503, std::move(status));
        return with_cache_control(std::move(response), "no-store");
      },
      http::Execution::io_thread);
  router_.add("GET", "/api/site", [this](const http::Request&, const http::RouteParams&) {
    return with_cache_control(api::json_response(200, pages_.site_config()), "no-cache");
  });
  router_.add("GET", "/api/page",
              [this](const http::Request& request, const http::RouteParams&) { return api_page(request); });
  router_.add("GET", "/media/{path*}", [this](const http::Request& request, const http::RouteParams& params) {
    return serve_media(request, params.at("path"));
  });
  router_.set_fallback([this](const http::Request& request) { return fallback(request); });
  shell_.set_image_sizes([this](std::string_view site_path) { return image_size(site_path); });
}

std::unique_ptr<SiteApp> SiteApp::create(const config::Config& config, pages::PageSource& pages,
                                         std::function<bool()> ready) {
  auto shell = shell::HtmlShell::load(config.web_dir);
  auto assets = http::StaticAssets::load(config.web_dir);
  auto app = std::make_unique<SiteApp>(pages, std::move(assets), config.media_dir, std::move(shell), std::move(ready),
                                       config.base_url);
  app->latest_news_path_ = config.static_prefix + "/api/latestNews";
  app->uploads_dir_ = config.uploads_path();
  return app;
}

bool SiteApp::is_public_cross_origin(std::string_view path) const {
  if (path.starts_with("/podcasts/")) return path.ends_with("/feed.xml");
  if (path == "/api/miniplayer/info" || path == latest_news_path_ || path == "/api/search") return true;
  constexpr std::array<std::string_view, 7> kPrefixes{
      "/live/", "/hls/", "/recordings/", "/api/player/", "/api/play/", "/api/podcasts/episodes/", "/api/search/"};
  return std::any_of(kPrefixes.begin(), kPrefixes.end(),
                     [&](std::string_view prefix) { return path.starts_with(prefix) && path.size() > prefix.size(); });
}

http::Response SiteApp::handle(const http::Request& request) const {
  const bool cross_origin = is_public_cross_origin(request.path);
  if (request.method == "OPTIONS" && cross_origin) {
    // The CORS preflight of a player on another origin (Range and If-None-Match are not simple headers).
    http::Response preflight;
    preflight.status = 204;
    preflight.set_header("Access-Control-Allow-Origin", "*");
    preflight.set_header("Access-Control-Allow-Methods", "GET, HEAD");
    preflight.set_header("Access-Control-Allow-Headers", kCorsAllowHeaders);
    preflight.set_header("Access-Control-Max-Age", "86400");
    preflight.set_header("Allow", "GET, HEAD, OPTIONS");
    return preflight;
  }
  // A document many ask for at once is built by one of them; the others get its answer.
  std::optional<http::ResponseCache::Build> build;
  if (cache_ && request.method == "GET" && is_kept_document(request.path)) {
    build.emplace(cache_->begin_build(request));
    if (build->built_by_another) return std::move(*build->built_by_another);
  }
  http::Response response;
  try {
    response = dispatch_wrapper_ ? dispatch_wrapper_(request, [&] { return router_.dispatch(request); })
                                 : router_.dispatch(request);
  } catch (const store::StoreUnavailable&) {
    // The store is known to be away (its health monitor failed): the same 503 as a timeout.
    auto response = unavailable(request);
    response.set_header("Retry-After", "5");
    return response;
  } catch (const std::exception& error) {
    if (!store::is_storage_full(error)) throw;
    spdlog::error("http: the store is full: {} request_id={} method={} path={}", error.what(), request.request_id,
                  request.method, request.path);
    return api::json_error(507, "storage_full", api::kStorageFullMessage);
  }
  http::compress_response(request, response);
  if (cross_origin && is_get(request)) allow_cross_origin(response);
  if (build) build->finish(response);
  return response;
}

bool SiteApp::is_kept_document(std::string_view path) {
  if (path.starts_with("/podcasts/")) return path.ends_with("/feed.xml");
  return path == "/api/page" || path == "/api/site" || path == "/sitemap.xml" || path == "/robots.txt";
}

std::optional<http::Response> SiteApp::from_memory(const http::Request& request) const {
  if (!cache_ || !is_kept_document(request.path)) return std::nullopt;
  return cache_->find(request);
}

http::Execution SiteApp::execution(const http::Request& request) const {
  if (request.method == "OPTIONS") return http::Execution::io_thread;  // a preflight, or 404/405
  const auto found = router_.match(request.method, request.path);
  switch (found.kind) {
    case http::Router::Match::Kind::found:
      return found.choose != nullptr ? (*found.choose)(request) : found.execution;
    case http::Router::Match::Kind::method_not_allowed:
      return http::Execution::io_thread;
    case http::Router::Match::Kind::not_found:
      break;
  }
  const std::string& path = request.path;
  if (is_api(path) || !is_get(request)) return http::Execution::io_thread;  // 404 or 405
  if (path.starts_with("/media/")) return http::Execution::offloaded;       // disk, guard
  if (assets_.find(path) || path.starts_with("/assets/")) return http::Execution::io_thread;
  return http::Execution::offloaded;  // a page
}

http::Response SiteApp::unavailable(const http::Request& request) const {
  http::Response response;
  if (is_api(request.path) || !is_get(request)) {
    response = api::json_error(503, "store_unavailable", api::kStoreUnavailableMessage);
  } else {
    response.status = 503;
    response.set_header("Content-Type", "text/html; charset=utf-8");
    response.body = std::string(kUnavailablePage);
  }
  response.set_header("Cache-Control", "no-store");
  if (is_public_cross_origin(request.path) && is_get(request)) allow_cross_origin(response);
  return response;
}

http::Handlers SiteApp::handlers() const {
  return {[this](const http::Request& request) { return handle(request); },
          [this](const http::Request& request) { return execution(request); },
          [this](const http::Request& request) { return unavailable(request); },
          // Icecast source clients (ingest/source_hub.hpp) send audio on PUT or SOURCE for hours.
          [this](const http::Request& request) {
            return request_body_handler_ && (request.method == "PUT" || request.method == "SOURCE") &&
                   request.path.starts_with("/live/");
          },
          [this](const http::Request& request, std::shared_ptr<http::StreamingRequestBody>& body) {
            return request_body_handler_(request, body);
          },
          body_to_file_, request_body_execution_, [this](const http::Request& request) { return from_memory(request); },
          backend_healthy_};
}

http::Response SiteApp::api_page(const http::Request& request) const {
  auto path_param = request.param("path");
  if (!path_param || path_param->empty() || path_param->front() != '/') {
    return api::json_error(400, "bad_parameter", "De parameter 'path' moet een pad zijn dat met '/' begint.");
  }
  http::Request target;
  if (!http::parse_target(to_origin_form(*path_param), target)) {
    return api::json_error(400, "bad_parameter", "De parameter 'path' is geen geldig pad.");
  }
  pages::PageResult result = pages_.load(target.path, target.query);
  if (!result.bad_parameter.empty()) return api::json_error(400, "bad_parameter", result.bad_parameter);
  // An old link followed inside the app moves, as a full page load does with its 301: the app goes
  // to the current address instead of showing the page under the old one (or not finding it).
  if (!result.moved_to.empty()) {
    boost::json::object moved;
    moved["movedTo"] = moved_location(result, target.query_string);
    return with_cache_control(api::json_response(200, moved), "no-cache");
  }
  http::Response response;
  response.status = result.status;
  response.body = shell::envelope_json(result, base_url_);
  response.set_header("Content-Type", "application/json; charset=utf-8");
  // A client navigating back to a page it has asked before gets a 304 while nothing changed.
  http::tag_with_etag(request, response);
  // A preview belongs to whoever holds its key: no shared cache (nor ours) keeps it.
  return with_cache_control(std::move(response), result.preview ? "private, no-cache" : "no-cache");
}

boost::json::array SiteApp::maintenance_notifications() const {
  // The page is whole without its banner: the app still fetches the notifications itself.
  try {
    return pages_.maintenance_notifications();
  } catch (const std::exception& error) {
    spdlog::warn("page: the maintenance notifications could not be read: {}", error.what());
    return {};
  }
}

http::Response SiteApp::page(const http::Request& request) const {
  // One URL per page (spec §2): "/live/" would otherwise serve the live page under a path the app's
  // path rules do not know, with the mini player shown. The other forms move permanently, with
  // their query, to the canonical one; the raw target keeps its encoding.
  const std::string_view raw_path = std::string_view(request.target).substr(0, request.target.find('?'));
  if (auto canonical = pages::canonical_path(raw_path); canonical != raw_path) {
    http::Response moved;
    moved.status = 301;
    moved.set_header("Location", request.query_string.empty() ? canonical : canonical + "?" + request.query_string);
    return with_cache_control(std::move(moved), "public, max-age=3600");
  }
  pages::PageResult result = pages_.load(request.path, request.query);
  // An old link (an earlier slug, or a stale one beside the item's id) moves to the current page.
  if (!result.moved_to.empty()) {
    http::Response moved;
    moved.status = 301;
    moved.set_header("Location", moved_location(result, request.query_string));
    return with_cache_control(std::move(moved), result.moved_to_whole ? "no-cache" : "public, max-age=3600");
  }
  return shell_.respond(request, result, pages_.site_config(), base_url_, maintenance_notifications());
}

void SiteApp::add_media_root(std::string prefix, const std::filesystem::path& dir) {
  extra_prefix_ = std::move(prefix);
  extra_media_ = std::make_unique<http::MediaFiles>(dir, std::size_t{256} << 20);
}

http::Response SiteApp::serve_media(const http::Request& request, std::string_view relative) const {
  const bool extra = extra_media_ && relative.starts_with(extra_prefix_);
  if (extra) relative.remove_prefix(extra_prefix_.size());
  if (media_guard_) {
    if (auto refused = media_guard_(request, relative)) return std::move(*refused);
  }
  return extra ? extra_media_->serve(request, relative) : media_.serve(request, relative);
}

std::optional<media::ImageSize> SiteApp::image_size(std::string_view site_path) const {
  if (site_path.find("..") != std::string_view::npos || site_path.find('\\') != std::string_view::npos) {
    return std::nullopt;
  }
  if (site_path.starts_with("/media/")) {
    auto relative = site_path.substr(7);
    if (extra_media_ && relative.starts_with(extra_prefix_)) {
      return media::image_size(extra_media_->root() / relative.substr(extra_prefix_.size()));
    }
    return media::image_size(media_.root() / relative);
  }
  if (site_path.starts_with(media::kUploadsPrefix)) {
    if (uploads_dir_.empty()) return std::nullopt;
    auto file = media::stored_file(uploads_dir_, site_path);
    return file ? media::image_size(*file) : std::nullopt;
  }
  const auto* file = assets_.find(site_path);
  return file != nullptr && file->identity ? media::image_size_of(*file->identity) : std::nullopt;
}

http::Response SiteApp::fallback(const http::Request& request) const {
  const std::string& path = request.path;
  if (is_api(path)) {
    return api::json_error(404, "not_found", "Dit API-adres bestaat niet: " + path);
  }
  if (!is_get(request)) {
    auto response =
        api::json_error(405, "method_not_allowed", "De methode " + request.method + " is hier niet toegestaan.");
    response.set_header("Allow", "GET, HEAD");
    return response;
  }
  if (path.starts_with("/media/")) return serve_media(request, std::string_view(path).substr(7));
  if (auto response = assets_.serve(request)) return std::move(*response);
  if (path.starts_with("/assets/")) return api::json_error(404, "not_found", "Dit bestand bestaat niet: " + path);
  return page(request);
}

http::ServerOptions server_options(const config::Config& config) {
  http::ServerOptions options;
  options.address = config.bind;
  options.port = config.port;
  options.io_threads = config.io_threads;
  options.max_connections = config.max_connections;
  options.max_connections_per_address = config.max_connections_per_address;
  // Checked when the configuration was read.
  options.trusted_proxies = http::TrustedProxies::parse(config.trusted_proxies).value_or(http::TrustedProxies{});
  options.worker_threads = config.worker_threads;
  options.worker_timeout = std::chrono::milliseconds(config.worker_timeout_ms);
  options.strict_transport_security = http::iequals(std::string_view(config.base_url).substr(0, 8), "https://");
  std::string connect_origin;
  if (auto dsn = reporting::parse_dsn(config.sentry_dsn)) connect_origin = dsn->origin();
  options.content_security_policy = http::content_security_policy(connect_origin, config.stream_domain);
  return options;
}

void configure_logging(const config::Config& config) {
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%eZ %^%l%$ %v", spdlog::pattern_time_type::utc);
}

int run_server(const config::Config& config, pages::PageSource& pages, std::function<bool()> ready,
               const std::function<void(SiteApp&)>& customize,
               const std::function<void(std::uint16_t port)>& on_listening, int listening_fd,
               const std::function<void()>& on_draining) {
  std::unique_ptr<SiteApp> app;
  try {
    app = SiteApp::create(config, pages, std::move(ready));
  } catch (const std::exception& error) {
    spdlog::critical("cannot start the site: {}", error.what());
    return 1;
  }
  if (customize) customize(*app);
  auto options = server_options(config);
  options.listening_fd = listening_fd;
  http::Server server(std::move(options), app->handlers());
  try {
    server.start();
    if (on_listening) on_listening(server.port());
  } catch (const std::exception& error) {
    spdlog::critical("{}", error.what());
    return 1;
  }
  // The signals are awaited here rather than in http::Server::run_until_signal, so that the drain
  // runs on this thread: it waits, and on_draining may wait on the store, never on an I/O thread.
  boost::asio::io_context signal_context;
  boost::asio::signal_set signals(signal_context, SIGINT, SIGTERM);
  int received = 0;
  signals.async_wait([&received](const boost::system::error_code& error, int number) {
    if (!error) received = number;
  });
  signal_context.run();
  spdlog::info("http: signal {} received, shutting down", received);
  if (received == SIGTERM && config.drain_seconds > 0) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(config.drain_seconds);
    app->start_draining();
    spdlog::info("http: draining for {} s: /readyz answers 503, requests are served", config.drain_seconds);
    if (on_draining) {
      try {
        on_draining();
      } catch (const std::exception& error) {
        spdlog::error("http: draining: {}", error.what());
      }
    }
    // A second signal ends the drain early.
    signal_context.restart();
    signals.async_wait([&signal_context](const boost::system::error_code& error, int) {
      if (!error) signal_context.stop();
    });
    signal_context.run_until(until);
  }
  server.stop();
  return 0;
}

}  // namespace ether::app
