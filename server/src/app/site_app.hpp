#pragma once
// The site as one HTTP handler: health and readiness probes, the JSON API of pages (/api/site,
// /api/page), media files, the web app's static files, and every other GET path rendered as a
// page in the HTML shell. run_server() serves it until SIGINT/SIGTERM.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "config/config.hpp"
#include "http/media_files.hpp"
#include "http/message.hpp"
#include "http/router.hpp"
#include "http/server.hpp"
#include "http/static_assets.hpp"
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

  /// Media files a guard refuses (e.g. an expired signed URL) get the guard's answer instead.
  using MediaGuard = std::function<std::optional<http::Response>(const http::Request&, std::string_view relative)>;
  void set_media_guard(MediaGuard guard) { media_guard_ = std::move(guard); }

  /// The routing table, to add more API routes before serving (e.g. router().add("GET", "/api/x", ...)).
  http::Router& router() { return router_; }

 private:
  http::Response fallback(const http::Request& request) const;
  http::Response serve_media(const http::Request& request, std::string_view relative) const;
  http::Response page(const http::Request& request) const;
  http::Response api_page(const http::Request& request) const;

  pages::PageSource& pages_;
  http::StaticAssets assets_;
  http::MediaFiles media_;
  shell::HtmlShell shell_;
  std::function<bool()> ready_;
  std::string base_url_;
  http::Router router_;
  MediaGuard media_guard_;
};

/// The server options of a config (bind address, port, io threads, max connections).
http::ServerOptions server_options(const config::Config& config);

/// Sets spdlog's level and pattern from config.log_level.
void configure_logging(const config::Config& config);

/// Builds the SiteApp, lets `customize` add routes, serves until SIGINT/SIGTERM, shuts down
/// gracefully. Returns the process exit code: 0 after a signal, 1 when the site cannot start.
int run_server(const config::Config& config, pages::PageSource& pages, std::function<bool()> ready,
               const std::function<void(SiteApp&)>& customize = {});

}  // namespace ether::app
