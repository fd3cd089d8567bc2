#include "app/station.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "seed/demo_seed.hpp"

namespace ether::app {
namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::vector<std::string> own_channels(store::Database& db) {
  std::vector<std::string> slugs;
  std::string slug;
  auto lease = db.lease();
  soci::statement st =
      (lease->prepare << "SELECT slug FROM channels WHERE stream_url IS NULL ORDER BY sort_order", soci::into(slug));
  st.execute();
  while (st.fetch()) slugs.push_back(slug);
  return slugs;
}

}  // namespace

Station::Station(const config::Config& config) {
  db_ = store::Database::open(config.database_url);
  db_->migrate();
  if (seed::seed_demo_station_if_empty(*db_, config.seed_file, config.media_dir, std::chrono::system_clock::now())) {
    spdlog::info("store: seeded the demo station from {}", config.seed_file.string());
  }
  playout_ = std::make_unique<playout::DemoPlayout>(*db_, config.playout_backfill_days);
  // The first catch-up runs before serving, so every page and the live stream have their plays.
  const auto recorded = playout_->catch_up(std::chrono::system_clock::now());
  spdlog::info("playout: caught up with {} track plays", recorded);
  playout_->start();

  auto* playout = playout_.get();
  origin_ = std::make_unique<stream::LiveOrigin>(
      own_channels(*db_),
      [playout](const std::string& channel, std::int64_t at_ms) -> std::optional<stream::ScheduledAudio> {
        const auto at = std::chrono::system_clock::time_point(std::chrono::milliseconds(at_ms));
        auto now = playout->now_playing(channel, std::chrono::time_point_cast<std::chrono::system_clock::duration>(at));
        if (!now) return std::nullopt;
        return stream::ScheduledAudio{now->audio_path, now->play.starts_at * 1000, now->play.ends_at * 1000,
                                      now->artist + " - " + now->title};
      },
      config.media_dir.string());
  origin_->start();

  info_ = std::make_unique<player::LiveInfoService>(*db_, unix_now);
  pages_ =
      std::make_unique<pages::PageLoader>(*db_, pages::SiteSettings{config.site_name, config.base_url, config.site_code,
                                                                    config.default_channel, config.preview_secret});
  player_api_ = std::make_unique<api::PlayerApi>(
      *db_, *info_, *origin_, stream::TokenSigner(config.stream_secret),
      api::PlayerApiOptions{.base_url = config.base_url, .static_prefix = config.static_prefix}, unix_now);
  overlay_api_ = std::make_unique<api::OverlayApi>(*db_);
  events_api_ = std::make_unique<api::EventsApi>(*db_);
}

Station::~Station() {
  if (origin_) origin_->stop();
  if (playout_) playout_->stop();
}

bool Station::ready() { return db_->ping() && playout_->running() && origin_->running(); }

void Station::add_routes(SiteApp& site) {
  player_api_->add_routes(site.router());
  overlay_api_->add_routes(site.router());
  events_api_->add_routes(site.router());
  site.set_media_guard([this](const http::Request& request, std::string_view relative) {
    return player_api_->guard_media(request, relative);
  });
}

}  // namespace ether::app
