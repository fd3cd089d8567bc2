#pragma once
// Everything the server runs besides HTTP: the store (migrated, seeded once), the demo playout,
// the live origin and its broadcast logger (recordings), the live info service, the page loader
// with its search index, the player API, the overlay API (event modal, maintenance banner), the
// podcast, search and crawler routes and the visual radio segmenters, started in that order and
// stopped in reverse. The playout and the broadcast logger run only on the instance that leads
// them (cluster/leader_election.hpp); every instance streams the plays the playout recorded.

#include <atomic>
#include <map>
#include <memory>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "admin/admin_api.hpp"
#include "admin/admin_pages.hpp"
#include "admin/autosaves.hpp"
#include "admin/content_api.hpp"
#include "admin/downloads_api.hpp"
#include "admin/idempotent_saves.hpp"
#include "admin/listeners_api.hpp"
#include "admin/play_corrections_api.hpp"
#include "admin/presence.hpp"
#include "admin/royalty_report_api.hpp"
#include "admin/schedule_api.hpp"
#include "admin/search_api.hpp"
#include "admin/song_audience_api.hpp"
#include "admin/start_api.hpp"
#include "admin/trash_sweeper.hpp"
#include "admin/upload_api.hpp"
#include "api/events_api.hpp"
#include "api/hls_api.hpp"
#include "api/metrics_endpoint.hpp"
#include "api/overlay_api.hpp"
#include "api/player_api.hpp"
#include "api/podcast_api.hpp"
#include "api/search_api.hpp"
#include "api/visual_radio_api.hpp"
#include "app/site_app.hpp"
#include "backup/backup_api.hpp"
#include "backup/backup_scheduler.hpp"
#include "cluster/leader_election.hpp"
#include "config/config.hpp"
#include "demomedia/demo_render.hpp"
#include "hls/path_token.hpp"
#include "hls/timeshift_archive.hpp"
#include "http/response_cache.hpp"
#include "ingest/ingest_api.hpp"
#include "ingest/now_playing_board.hpp"
#include "ingest/now_playing_ingest.hpp"
#include "ingest/presenter_logins.hpp"
#include "ingest/source_hub.hpp"
#include "ingest/source_login_api.hpp"
#include "ingest/source_relay.hpp"
#include "listeners/download_writer.hpp"
#include "listeners/listener_identity.hpp"
#include "listeners/listener_tracker.hpp"
#include "listeners/session_writer.hpp"
#include "media/media_library.hpp"
#include "pages/page_loader.hpp"
#include "player/live_info_service.hpp"
#include "playout/demo_playout.hpp"
#include "recording/broadcast_logger.hpp"
#include "recording/recordings.hpp"
#include "seo/seo_routes.hpp"
#include "store/content_version.hpp"
#include "store/database.hpp"
#include "stream/live_origin.hpp"
#include "visual/visual_radio.hpp"
#include "webhooks/webhook_dispatcher.hpp"
#include "webhooks/webhooks_api.hpp"

namespace ether::app {

class Station {
 public:
  /// Opens and migrates the store, seeds the demo station into an empty one, and starts the
  /// playout and the live origin. Throws std::runtime_error (with a readable message) when the
  /// store or the seed cannot be read.
  explicit Station(const config::Config& config);
  ~Station();
  Station(const Station&) = delete;
  Station& operator=(const Station&) = delete;

  [[nodiscard]] pages::PageSource& pages() { return *pages_; }
  /// /readyz: the store answered its last health check, and the demo playout, the live origin and
  /// the election run. Never touches the store, so it answers at once even while the store hangs.
  [[nodiscard]] bool ready();
  /// ready() with its parts, for a readiness document ({"store":"unreachable",...}).
  struct Readiness {
    bool ready = false;
    std::string store;  // "ok" or "unreachable"
    bool playout = false;
    bool live = false;
    bool election = false;
  };
  [[nodiscard]] Readiness readiness() const;
  /// The channels whose recording is failing (a full or failing recordings disk), for a readiness
  /// detail. Not part of ready(): the instance still serves pages, streams and recordings.
  [[nodiscard]] std::vector<recording::FailingChannel> recording_failures() const {
    return logger_ ? logger_->failing_channels() : std::vector<recording::FailingChannel>{};
  }
  /// Adds the player, overlay, podcast, search, events and crawler (robots, sitemap, RSS) routes, the admin
  /// (/api/admin/..., /beheer) and the bulletin URL guard to the site.
  void add_routes(SiteApp& site);
  /// The server listens on `port`: starts what other instances reach this one by (the live-source
  /// relay, at ETHER_INSTANCE_URL or, unset, default_instance_url of the bound port).
  void listening_on(std::uint16_t port);

  /// The server is draining before it stops (SIGTERM): gives up the leader roles (playout,
  /// recorder, backups) at once, so that another instance takes them at its next round, while this
  /// one follows the plays and serves on. Waits for the store at most its statement timeout.
  void drain();

  /// The webhooks' queue: the live source input calls notify_source_connected/disconnected and
  /// the content admin notify_content_published on it.
  [[nodiscard]] webhooks::WebhookDispatcher& webhooks() { return *webhooks_; }

 private:
  // The external now-playing of `channel` changed (an item recorded or ended, here or on another
  // instance): the playout logs its songs again where an item ended, when this instance leads
  // it, and the info document and the cached responses are renewed.
  void now_playing_changed(const std::string& channel);
  // Once at start, on a thread of its own: reads every song's file (the playout's frame parser
  // logs a broken one once and never plans it; /readyz lists it) and the library's stored audio
  // (a broken item is marked so where an editor sees it).
  void check_media(const std::stop_token& stop);

  std::unique_ptr<store::Database> db_;
  std::unique_ptr<playout::DemoPlayout> playout_;
  std::unique_ptr<stream::LiveOrigin> origin_;
  std::unique_ptr<recording::BroadcastLogger> logger_;
  std::atomic<bool> recording_{false};  // the origin hands chunks to the logger only while it runs
  std::unique_ptr<cluster::LeaderElection> election_;
  std::unique_ptr<backup::BackupScheduler> backups_;
  std::unique_ptr<backup::BackupApi> backup_api_;
  std::unique_ptr<recording::RecordingLibrary> recordings_;
  std::unique_ptr<hls::TimeshiftArchive> timeshift_;
  std::unique_ptr<hls::PathToken> hls_tokens_;
  std::unique_ptr<player::LiveInfoService> info_;
  std::unique_ptr<pages::PageLoader> pages_;
  // Before the APIs that count listeners into them, so that they outlive every listener.
  std::unique_ptr<listeners::ListenerTracker> listener_tracker_;
  std::unique_ptr<listeners::ListenerIdentity> listener_identity_;
  std::unique_ptr<listeners::SessionWriter> listener_writer_;
  std::unique_ptr<listeners::DownloadWriter> download_writer_;
  bool count_downloads_ = false;  // ETHER_LISTENER_COUNTING
  std::unique_ptr<admin::ListenersApi> listeners_api_;
  std::unique_ptr<admin::DownloadsApi> downloads_api_;
  std::unique_ptr<admin::RoyaltyReportApi> royalty_report_api_;
  std::unique_ptr<admin::SongAudienceApi> song_audience_api_;
  std::unique_ptr<api::MetricsEndpoint> metrics_;
  std::unique_ptr<api::PlayerApi> player_api_;
  std::unique_ptr<api::HlsApi> hls_api_;
  std::unique_ptr<api::OverlayApi> overlay_api_;
  std::unique_ptr<api::PodcastApi> podcast_api_;
  std::unique_ptr<seo::SeoRoutes> seo_routes_;
  std::unique_ptr<api::SearchApi> search_api_;
  std::unique_ptr<visual::VisualRadio> visual_;
  std::unique_ptr<api::VisualRadioApi> visual_api_;
  std::unique_ptr<api::EventsApi> events_api_;
  std::unique_ptr<admin::AdminApi> admin_api_;
  std::unique_ptr<admin::AdminPages> admin_pages_;
  std::unique_ptr<ingest::PresenterSourceAuth> presenter_logins_;  // checked by sources_
  std::unique_ptr<ingest::SourceHub> sources_;
  std::unique_ptr<ingest::SourceRelay> relay_;
  std::string instance_url_;  // ETHER_INSTANCE_URL; empty: from the bound port
  std::string bind_;
  // The documents served from memory for a second after they are built (app::SiteApp); emptied
  // when content or what is on air changes.
  std::shared_ptr<http::ResponseCache> response_cache_;
  // The content version in memory; its listeners keep search, the channel list and the info
  // documents current after an edit here (at once) or on another instance (within a second).
  std::unique_ptr<store::ContentVersionWatch> content_version_;
  std::unique_ptr<admin::ContentApi> content_api_;
  std::unique_ptr<admin::TrashSweeper> trash_sweeper_;
  std::unique_ptr<admin::AutosaveApi> autosave_api_;
  std::unique_ptr<admin::PresenceApi> presence_api_;
  std::unique_ptr<admin::IdempotentSaves> idempotent_saves_;
  std::unique_ptr<admin::ScheduleApi> schedule_api_;
  std::unique_ptr<admin::PlayCorrectionsApi> play_corrections_api_;
  std::unique_ptr<admin::StartApi> start_api_;
  std::unique_ptr<admin::SearchApi> admin_search_api_;
  std::unique_ptr<ingest::NowPlayingBoard> nowplaying_board_;
  std::unique_ptr<ingest::NowPlayingIngest> nowplaying_ingest_;
  std::unique_ptr<ingest::IngestApi> ingest_api_;
  std::unique_ptr<webhooks::WebhookDispatcher> webhooks_;
  std::map<std::string, long long> dead_air_since_;  // channels with dead air told to the hooks (playout thread)
  std::unique_ptr<webhooks::WebhooksApi> webhooks_api_;
  std::unique_ptr<media::MediaLibrary> media_;
  std::unique_ptr<admin::UploadApi> upload_api_;
  std::unique_ptr<ingest::SourceLoginApi> source_login_api_;
  std::unique_ptr<demomedia::DemoRender> demo_render_;
  std::filesystem::path rendered_dir_;  // <data>/demo-media: the demo's full-length audio
  std::jthread media_check_;            // check_media, once at start
};

}  // namespace ether::app
