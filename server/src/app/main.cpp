// ether-server: serves the Ether site, its API and its live streams until SIGINT or SIGTERM.
// Configuration: README.md "Configuration" (ether.conf, then environment variables).
// `ether-server preview-url <pageId>` (or `--preview-url <pageId>`) prints a signed preview URL of a
// content page, valid for one hour, and exits. `ether-server create-user --role ROLE EMAIL [--name NAME]`
// makes an admin account and prints its one-time password (admin/bootstrap.hpp). `ether-server backup DIR`
// and `ether-server restore DIR` make and put back a verified backup (backup/backup_command.hpp);
// `ether-server copy-store TARGET_URL` copies the store into another, empty one (backup/store_copy.hpp).

#include <spdlog/spdlog.h>

#include <chrono>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "admin/bootstrap.hpp"
#include "app/site_app.hpp"
#include "app/station.hpp"
#include "backup/backup_command.hpp"
#include "backup/store_copy.hpp"
#include "cluster/leader_election.hpp"
#include "config/config.hpp"
#include "config/private_files.hpp"
#include "domain/version.hpp"
#include "http/server.hpp"
#include "pages/page_time.hpp"
#include "pages/preview_token.hpp"
#include "process/data_dir_lock.hpp"
#include "process/memory_allocator.hpp"
#include "reporting/reporter.hpp"
#include "store/database.hpp"
#include "store/secret_repository.hpp"

namespace {

// Secrets given neither in the environment nor in the config file come from the shared store, so
// that every instance on one PostgreSQL database signs and accepts the same tokens.
void share_secrets(ether::config::Config& config) {
  if (!ether::config::secrets_in_store(config)) return;
  if (!config.stream_secret.empty() && !config.preview_secret.empty()) return;
  const ether::cluster::ExclusiveSection startup(config.database_url, ether::cluster::kStartupLockKey);
  auto db = ether::store::Database::open(config.database_url, 1);
  db->migrate();
  ether::config::ensure_shared_secrets(config, [&db](const std::string& name, const std::string& candidate) {
    auto lease = db->lease();
    const auto now =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
    return ether::store::SecretRepository(*lease).keep_first(name, candidate, now.count());
  });
}

int print_preview_url(const ether::config::Config& config, std::string_view id_text) {
  auto id = ether::pages::parse_positive(id_text);
  if (!id) {
    std::cerr << "ether-server: preview-url needs a page id (a positive number), got \"" << id_text << "\"\n";
    return 2;
  }
  // An editor asking for a page that does not exist gets told so, not a link that answers 404.
  try {
    auto db = ether::store::Database::open(config.database_url, 1);
    auto lease = db->lease();
    long long count = 0;
    long long page_id = *id;
    *lease << "SELECT COUNT(*) FROM content_pages WHERE id = :id", soci::into(count), soci::use(page_id);
    if (count == 0) {
      std::cerr << "ether-server: there is no content page with id " << page_id << "\n";
      return 1;
    }
  } catch (const std::exception& error) {
    std::cerr << "ether-server: cannot read the store: " << error.what() << "\n";
    return 1;
  }
  auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch());
  ether::pages::PreviewTokens tokens(config.preview_secret);
  std::cout << tokens.url(config.base_url, *id, now.count() + ether::pages::PreviewTokens::kDefaultLifetimeSeconds)
            << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything is written: the secrets, the store and its -wal are made private to this user.
  ether::config::create_private_files();
  ether::config::Config config;
  try {
    config = ether::config::load_config();
  } catch (const std::exception& error) {
    std::cerr << "ether-server: " << error.what() << "\n";
    return 2;
  }
  // A backup reads the store as it is, and a restore must find the store empty: both before the
  // shared secrets are written into it.
  if (argc > 1 && (std::string_view(argv[1]) == "backup" || std::string_view(argv[1]) == "restore")) {
    const std::vector<std::string> args(argv + 2, argv + argc);
    // A restore replaces what a server would be using: none may run on the data dir meanwhile.
    std::optional<ether::process::DataDirLock> restoring;
    if (std::string_view(argv[1]) == "restore") {
      try {
        restoring.emplace(config.data_dir);
      } catch (const std::exception& error) {
        std::cerr << "ether-server: cannot restore: " << error.what() << "\n";
        return 1;
      }
    }
    return std::string_view(argv[1]) == "backup"
               ? ether::backup::run_backup_command(config, args, std::cout, std::cerr)
               : ether::backup::run_restore_command(config, args, std::cout, std::cerr);
  }
  // One data dir, one process; and the port bound before any other start-up work (the store, the
  // playout and recorder lead), so that a second process stops at once, having touched nothing.
  // The commands below serve no port and write no data dir.
  std::optional<ether::process::DataDirLock> lock;
  int listening_fd = -1;
  if (argc <= 1) {
    try {
      lock.emplace(config.data_dir);
      listening_fd = ether::http::listen_early(config.bind, config.port);
    } catch (const std::exception& error) {
      std::cerr << "ether-server: " << error.what() << "\n";
      return 1;
    }
  }
  try {
    share_secrets(config);
  } catch (const ether::config::ConfigError& error) {
    std::cerr << "ether-server: " << error.what() << "\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "ether-server: cannot read the shared secrets from the store: " << error.what() << "\n";
    return 1;
  }
  if (argc > 1) {
    std::string_view command = argv[1];
    if (command == "preview-url" || command == "--preview-url") {
      return print_preview_url(config, argc > 2 ? argv[2] : "");
    }
    if (command == "create-user") {
      try {
        auto db = ether::store::Database::open(config.database_url, 1);
        db->migrate();
        return ether::admin::run_create_user(*db, std::vector<std::string>(argv + 2, argv + argc));
      } catch (const std::exception& error) {
        std::cerr << "ether-server: cannot create the account: " << error.what() << "\n";
        return 1;
      }
    }
    if (command == "copy-store") {
      return ether::backup::run_copy_store_command(config, std::vector<std::string>(argv + 2, argv + argc), std::cout,
                                                   std::cerr);
    }
    std::cerr
        << "ether-server: unknown argument \"" << command
        << "\"; usage: ether-server [preview-url <pageId> | create-user --role ROLE EMAIL [--name NAME] | backup DIR "
           "[--without-recordings] | restore DIR [--force] | copy-store TARGET_URL]\n";
    return 2;
  }
  ether::app::configure_logging(config);
  for (const auto& failure : ether::config::make_data_dir_private(config.data_dir, config.database_url)) {
    spdlog::warn("data dir: cannot make {} private to this user", failure);
  }
  spdlog::info("memory: allocating with {}", ether::process::allocator_name());
  // The server's own errors go to the same DSN as the browser's; off when none is configured.
  std::unique_ptr<ether::reporting::Reporter> reporter;
  if (auto dsn = ether::reporting::parse_dsn(config.sentry_dsn)) {
    reporter = std::make_unique<ether::reporting::Reporter>(
        *dsn, ether::reporting::EventContext{"production", ether::reporting::host_name(),
                                             "ether-server@" + std::string(ether::domain::kEtherVersion)});
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
        [&station](ether::app::SiteApp& site) { station.add_routes(site); },
        [&station](std::uint16_t port) { station.listening_on(port); }, listening_fd, [&station] { station.drain(); });
  } catch (const std::exception& error) {
    spdlog::critical("ether-server cannot start: {}", error.what());
    return 1;
  }
}
