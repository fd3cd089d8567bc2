// ether-server: serves the Ether site, its API and its live streams until SIGINT or SIGTERM.
// Configuration: README.md "Configuration" (ether.conf, then environment variables).

#include <spdlog/spdlog.h>

#include <exception>
#include <iostream>
#include <memory>

#include "app/site_app.hpp"
#include "app/station.hpp"
#include "config/config.hpp"
#include "reporting/reporter.hpp"

int main() {
  ether::config::Config config;
  try {
    config = ether::config::load_config();
  } catch (const std::exception& error) {
    std::cerr << "ether-server: " << error.what() << "\n";
    return 2;
  }
  ether::app::configure_logging(config);
  // The server's own errors go to the same DSN as the browser's; off when none is configured.
  std::unique_ptr<ether::reporting::Reporter> reporter;
  if (auto dsn = ether::reporting::parse_dsn(config.sentry_dsn)) {
    reporter = std::make_unique<ether::reporting::Reporter>(
        *dsn, ether::reporting::EventContext{"production", ether::reporting::host_name(), "ether-server@0.1.0"});
    ether::reporting::install(reporter.get());
  }
  struct Uninstall {
    Uninstall() = default;
    Uninstall(const Uninstall&) = delete;
    Uninstall& operator=(const Uninstall&) = delete;
    Uninstall(Uninstall&&) = delete;
    Uninstall& operator=(Uninstall&&) = delete;
    ~Uninstall() { ether::reporting::install(nullptr); }
  } uninstall;
  try {
    ether::app::Station station(config);
    return ether::app::run_server(
        config, station.pages(), [&station] { return station.ready(); },
        [&station](ether::app::SiteApp& site) { station.add_routes(site); });
  } catch (const std::exception& error) {
    spdlog::critical("ether-server cannot start: {}", error.what());
    return 1;
  }
}
