// ether-server: serves the Ether site, its API and its live streams until SIGINT or SIGTERM.
// Configuration: README.md "Configuration" (ether.conf, then environment variables).

#include <spdlog/spdlog.h>

#include <exception>
#include <iostream>

#include "app/site_app.hpp"
#include "app/station.hpp"
#include "config/config.hpp"

int main() {
  ether::config::Config config;
  try {
    config = ether::config::load_config();
  } catch (const std::exception& error) {
    std::cerr << "ether-server: " << error.what() << "\n";
    return 2;
  }
  ether::app::configure_logging(config);
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
