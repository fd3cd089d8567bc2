#pragma once
// The site as one HTTP handler: health and readiness probes, the JSON API of pages (/api/site,
// /api/page), media files, the web app's static files, and every other GET path rendered as a
// page in the HTML shell. It tells the server where each request runs (http::Execution), answers
// 503 when the store is too slow, and adds CORS to the public player resources (one rule, by path).
// run_server() serves it until SIGINT/SIGTERM; on SIGTERM it drains first (see run_server).

#include <atomic>
#include <boost/json/object.hpp>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "config/config.hpp"
#include "http/media_files.hpp"
#include "http/message.hpp"
#include "http/response_cache.hpp"
#include "http/router.hpp"
#include "http/server.hpp"
#include "http/static_assets.hpp"
#include "media/image_size.hpp"
#include "pages/page_result.hpp"
#include "shell/html_shell.hpp"

namespace ether::app {

class SiteApp {
 public:
  /// `ready` answers /readyz (e.g. a store ping); media are served from `media_dir`.
  SiteApp(pages::PageSource& pages, http::StaticAssets assets, std::filesystem::path media_dir, shell::HtmlShell shell,
          std::function<bool()> ready, std::string base_url);

  /// Loads the web app (config.web_dir: index.html and static files) and the media directory.
  /// Throws std::runtime_error with a readable message when index.html cannot be read.
  static std::unique_ptr<SiteApp> create(const config::Config& config, pages::PageSource& pages,
                                         std::function<bool()> ready);

  /// Answers one request (HTML and JSON of 1 KiB or more compressed by Accept-Encoding); never
  /// throws for bad input.
  [[nodiscard]] http::Response handle(const http::Request& request) const;

  /// Where the server runs handle() for a request: the matched route's Execution; answers from
  /// memory (static assets, 404/405, CORS preflight) on the I/O thread; pages and media offloaded.
  [[nodiscard]] http::Execution execution(const http::Request& request) const;

  /// The 503 answer when the store does not answer in time: a JSON error (store_unavailable) for
  /// /api/..., a small Dutch page otherwise. From memory only.
  [[nodiscard]] http::Response unavailable(const http::Request& request) const;

  /// handle, execution, unavailable and from_memory, for http::Server.
  [[nodiscard]] http::Handlers handlers() const;

  /// True for the public resources other players and apps may read from any origin (CORS
  /// `Access-Control-Allow-Origin: *`): live streams and HLS (/live/), recordings, podcast RSS, and
  /// the players' JSON (/api/miniplayer/info, /api/player/, /api/play/, /api/latestNews,
  /// /api/podcasts/episodes/, /api/search). Never pages, /api/page or anything with a session.
  [[nodiscard]] bool is_public_cross_origin(std::string_view path) const;

  /// Media files a guard refuses (e.g. an expired signed URL) get the guard's answer instead.
  using MediaGuard = std::function<std::optional<http::Response>(const http::Request&, std::string_view relative)>;
  void set_media_guard(MediaGuard guard) { media_guard_ = std::move(guard); }
  /// Serves /media/<prefix><path> from `dir` (the demo's rendered audio); the guard sees <path>.
  void add_media_root(std::string prefix, const std::filesystem::path& dir);

  /// Answers PUT and SOURCE on /live/ (Icecast source clients), whose bodies are streamed.
  /// `execution`: where the handler runs for a request (http::Handlers::request_body_execution).
  void set_request_body_handler(http::RequestBodyHandler handler,
                                std::function<http::Execution(const http::Request&)> execution = {}) {
    request_body_handler_ = std::move(handler);
    request_body_execution_ = std::move(execution);
  }

  /// Details /readyz adds to its status (e.g. the store's health, failing recordings); from memory only.
  using ReadinessDetails = std::function<boost::json::object()>;
  void set_readiness_details(ReadinessDetails details) { readiness_details_ = std::move(details); }
  /// From now on /readyz answers 503 {"status":"draining"}, so that load balancers take this
  /// instance out while it still serves; every other route answers as before.
  void start_draining() { draining_ = true; }
  /// Whether the store answers, from memory (http::Handlers::backend_healthy). Call before serving.
  void set_backend_health(std::function<bool()> healthy) { backend_healthy_ = std::move(healthy); }
  /// Runs each routed request through `wrap` (the router's answer is its second argument): the
  /// admin's idempotent saves (admin/idempotent_saves.hpp). Call before serving.
  using DispatchWrapper = std::function<http::Response(const http::Request&, const std::function<http::Response()>&)>;
  void set_dispatch_wrapper(DispatchWrapper wrap) { dispatch_wrapper_ = std::move(wrap); }

  /// Uploads: where request bodies go to disk instead of memory (http::Handlers::body_to_file).
  using BodyToFile = std::function<std::optional<http::BodyFileTarget>(const http::Request& head)>;
  void set_body_to_file(BodyToFile body_to_file) { body_to_file_ = std::move(body_to_file); }

  /// Keeps the documents many clients ask for (/api/page, /api/site, /sitemap.xml, /robots.txt and
  /// the podcast feeds) in `cache` once built, and answers them from it on the I/O thread while
  /// fresh. The owner of the cache invalidates it when what they show changes. Unset: none kept.
  void set_response_cache(std::shared_ptr<http::ResponseCache> cache) { cache_ = std::move(cache); }
  /// The kept answer to a request, when set_response_cache gave a cache and it holds a fresh one.
  [[nodiscard]] std::optional<http::Response> from_memory(const http::Request& request) const;

  /// The routing table, to add more API routes before serving (e.g. router().add("GET", "/api/x", ...)).
  http::Router& router() { return router_; }

 private:
  http::Response fallback(const http::Request& request) const;
  http::Response serve_media(const http::Request& request, std::string_view relative) const;
  http::Response page(const http::Request& request) const;
  // The live maintenance notifications for the page HTML's banner; none when the store is away.
  boost::json::array maintenance_notifications() const;
  http::Response api_page(const http::Request& request) const;
  [[nodiscard]] static bool is_kept_document(std::string_view path);
  // The pixel size of the image a site path serves (a web app file, /media/ or /uploads/).
  [[nodiscard]] std::optional<media::ImageSize> image_size(std::string_view site_path) const;

  pages::PageSource& pages_;
  http::StaticAssets assets_;
  http::MediaFiles media_;
  std::string extra_prefix_;
  std::unique_ptr<http::MediaFiles> extra_media_;
  std::filesystem::path uploads_dir_;  // empty: no uploads
  shell::HtmlShell shell_;
  std::function<bool()> ready_;
  std::string base_url_;
  std::string latest_news_path_ = "/api/latestNews";  // behind config.static_prefix
  http::Router router_;
  MediaGuard media_guard_;
  http::RequestBodyHandler request_body_handler_;
  std::function<http::Execution(const http::Request&)> request_body_execution_;
  ReadinessDetails readiness_details_;
  std::function<bool()> backend_healthy_;
  DispatchWrapper dispatch_wrapper_;
  BodyToFile body_to_file_;
  std::shared_ptr<http::ResponseCache> cache_;
  std::atomic<bool> draining_{false};
};

/// The server options of a config (bind address, port, io and worker threads, connection limits,
/// HSTS when base_url is https).
http::ServerOptions server_options(const config::Config& config);

/// Sets spdlog's level and pattern from config.log_level.
void configure_logging(const config::Config& config);

/// Builds the SiteApp, lets `customize` add routes, serves until SIGINT/SIGTERM, shuts down
/// gracefully. On SIGTERM it drains first: /readyz answers 503, `on_draining` runs (e.g. giving up
/// the leader roles) and for config.drain_seconds everything else is served as before, so that a
/// load balancer's health check takes the instance out before it closes; SIGINT, or a second
/// signal, stops at once. Returns the process exit code: 0 after a signal, 1 when the site cannot
/// start. `listening_fd`: the socket http::listen_early() bound before the start-up work, or -1.
int run_server(const config::Config& config, pages::PageSource& pages, std::function<bool()> ready,
               const std::function<void(SiteApp&)>& customize = {},
               const std::function<void(std::uint16_t port)>& on_listening = {}, int listening_fd = -1,
               const std::function<void()>& on_draining = {});

}  // namespace ether::app
