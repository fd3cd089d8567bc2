#include "app/station.hpp"

#include <spdlog/spdlog.h>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <sodium.h>

#include <chrono>
#include <map>

#include "admin/bootstrap.hpp"
#include "admin/password.hpp"
#include "admin/request_guard.hpp"
#include "admin/second_factor.hpp"
#include "backup/pre_migration.hpp"
#include "config/backup_interval.hpp"
#include "crypto/sealed_text.hpp"
#include "domain/time.hpp"
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

// Channels of our own whose live video is ours too (a relative URL; an absolute one is external).
std::vector<visual::VisualChannel> visual_channels(store::Database& db, const std::filesystem::path& media_dir) {
  std::vector<visual::VisualChannel> channels;
  visual::VisualChannel c;
  std::string logo;
  auto lease = db.lease();
  soci::statement st = (lease->prepare << "SELECT slug, name, color, logo_url FROM channels WHERE stream_url IS NULL "
                                          "AND live_video_url LIKE '/%' ORDER BY sort_order",
                        soci::into(c.slug), soci::into(c.name), soci::into(c.colour), soci::into(logo));
  st.execute();
  while (st.fetch()) {
    c.logo = logo.starts_with("/media/") ? media_dir / logo.substr(7) : std::filesystem::path();
    channels.push_back(c);
  }
  return channels;
}

// The picture's show lines: "De Ochtend · 06:00–09:00" and "met Mira de Vries & Kees Jansen".
std::string show_line(store::Database& db, const std::string& channel) {
  const long long now = unix_now();
  long long id = 0;
  long long starts = 0;
  long long ends = 0;
  std::string title;
  auto lease = db.lease();
  *lease << "SELECT id, title, starts_at, ends_at FROM broadcasts WHERE channel_slug = :c AND starts_at <= :t AND "
            "ends_at > :t2 ORDER BY starts_at DESC LIMIT 1",
      soci::into(id), soci::into(title), soci::into(starts), soci::into(ends), soci::use(channel), soci::use(now),
      soci::use(now);
  if (!lease->got_data()) return "";
  auto hhmm = [](long long at) { return domain::format_api_local(at).substr(11, 5); };
  std::string line = title + " \u00b7 " + hhmm(starts) + "\u2013" + hhmm(ends);
  soci::rowset<std::string> presenters =
      (lease->prepare << "SELECT p.name FROM broadcasts b JOIN programme_presenters pp ON pp.programme_id = "
                         "b.programme_id JOIN presenters p ON p.id = pp.presenter_id WHERE b.id = :id ORDER BY "
                         "pp.position",
       soci::use(id));
  std::string joined;
  for (const auto& name : presenters) joined += (joined.empty() ? "" : " & ") + name;
  if (!joined.empty()) line += "\nmet " + joined;
  return line;
}

}  // namespace

Station::Station(const config::Config& config) {
  db_ = store::Database::open(config.database_url);
  {
    // Instances starting together on an empty database: one migrates and seeds, the others wait.
    const cluster::ExclusiveSection startup(config.database_url, cluster::kStartupLockKey);
    if (auto copy = backup::backup_before_migrations(config, *db_)) {
      spdlog::info("store: before migrating, the store was backed up to {}", copy->string());
    }
    db_->migrate();
    if (seed::seed_demo_station_if_empty(*db_, config.seed_file, config.media_dir, std::chrono::system_clock::now())) {
      spdlog::info("store: seeded the demo station from {}", config.seed_file.string());
    }
    // The first start of a store makes its first beheerder (and says where to log in).
    admin::ensure_first_admin(*db_, config.data_dir, config.base_url, unix_now());
    // The TOTP secrets are sealed in the store; ones kept plain by an earlier version are sealed now.
    if (auto key = crypto::sealing_key_from_hex(config.second_factor_key)) {
      admin::set_second_factor_key(std::move(*key));
      auto lease = db_->lease();
      if (const int sealed = admin::SecondFactorRepository(*lease).seal_plain_secrets(); sealed > 0) {
        spdlog::info("admin: sealed {} second-factor secret(s) kept plain before", sealed);
      }
    }
  }
  admin::AdminOptions admin_options{.base_url = config.base_url, .throttle = {}};
  admin_options.require_totp_for_beheerders = config.require_totp_for_beheerders;
  admin_api_ = std::make_unique<admin::AdminApi>(*db_, std::move(admin_options));
  admin_pages_ = std::make_unique<admin::AdminPages>(config.web_dir);
  media_ =
      std::make_unique<media::MediaLibrary>(*db_,
                                            media::MediaOptions{.root = config.uploads_path(),
                                                                .max_audio_seconds = config.upload_max_audio_seconds,
                                                                .processing_seconds = config.upload_processing_seconds},
                                            unix_now);
  media_->start();
  upload_api_ = std::make_unique<admin::UploadApi>(
      *media_, *admin_api_, admin::origin_of(config.base_url),
      media::UploadCaps{.per_address = config.uploads_per_address, .in_all = config.uploads_in_flight});
  webhooks::DispatcherOptions webhook_options;
  webhook_options.send.allow_private = config.webhook_allow_private;
  webhook_options.site_url = config.base_url;
  webhooks_ = std::make_unique<webhooks::WebhookDispatcher>(*db_, webhook_options, unix_now);
  webhooks_->start();
  // Runs on every instance: the one leading the playout records the plays, the others follow them.
  playout_ = std::make_unique<playout::DemoPlayout>(*db_, config.playout_backfill_days);
  playout_->set_record_ahead(std::chrono::seconds(10));
  // An external playout's now-playing takes precedence over the demo's songs (ingest/).
  playout_->set_give_way(&ingest::NowPlayingIngest::give_way_windows);
  // ... and takes the air back when a live source that named its songs leaves.
  playout_->set_resume(&ingest::NowPlayingIngest::source_end_times);
  nowplaying_board_ = std::make_unique<ingest::NowPlayingBoard>(*db_, unix_now);

  auto* playout = playout_.get();
  const stream::ChannelSchedule schedule = [playout](const std::string& channel,
                                                     std::int64_t at_ms) -> std::optional<stream::ScheduledAudio> {
    // Known dead air is silence at once (without asking the store, as an instant past the plan
    // would); anything else missing may be a play recorded late, which the clock waits for.
    for (const auto& [silent, since] : playout->dead_air(at_ms / 1000)) {
      if (silent == channel)
        return stream::ScheduledAudio{
            .audio_path = {}, .starts_at_ms = since * 1000, .ends_at_ms = 0, .title = {}, .dead_air = true};
    }
    const auto at = std::chrono::system_clock::time_point(std::chrono::milliseconds(at_ms));
    std::optional<playout::NowPlaying> now;
    try {
      now = playout->now_playing(channel, std::chrono::time_point_cast<std::chrono::system_clock::duration>(at));
    } catch (const std::exception&) {
      // Only an instant before the plan in memory asks the store; while it is away the clock
      // waits and then skips to the wall clock, which the plan covers.
      return std::nullopt;
    }
    if (!now) return std::nullopt;
    return stream::ScheduledAudio{now->audio_path, now->play.starts_at * 1000, now->play.ends_at * 1000,
                                  now->artist + " - " + now->title};
  };
  const auto channels = own_channels(*db_);
  origin_ = std::make_unique<stream::LiveOrigin>(channels, schedule, config.media_dir.string());
  rendered_dir_ = config.data_dir / "demo-media";
  origin_->add_media_root(std::string(demomedia::kRenderedPrefix), rendered_dir_);
  // A missing, unreadable or frameless file is never planned, a truncated one only as long as it
  // plays (stream::FramedFileCache keeps what it found per file until the file changes).
  playout_->set_audio_check([origin = origin_.get()](const std::string& path, long long expected_ms) {
    return origin->playable_ms(path, expected_ms);
  });
  // A file that breaks after it was planned is met by the clock (reading it ahead, or at its turn):
  // the plan goes on with the next playable song at once rather than leaving its slot silent.
  origin_->set_unplayable_listener(
      [playout = playout_.get()](const std::string& channel, const stream::ScheduledAudio& audio, std::int64_t at_ms) {
        playout->skip(channel, audio.starts_at_ms / 1000, at_ms);
      });
  // Every instance has its own plan; the one recording the plays tells the hooks.
  playout_->set_dead_air_listener([this](const std::string& channel, std::optional<long long> since) {
    if (!playout_->recording()) return;
    if (since) {
      dead_air_since_[channel] = *since;
      webhooks_->notify_dead_air(channel, *since, false);
    } else if (auto it = dead_air_since_.find(channel); it != dead_air_since_.end()) {
      webhooks_->notify_dead_air(channel, it->second, true);
      dead_air_since_.erase(it);
    }
  });
  origin_->set_title_override([board = nowplaying_board_.get()](const std::string& channel, std::int64_t at_ms) {
    return board->stream_title(channel, at_ms);
  });
  // The logger records exactly what the origin sends; its thread first rebuilds the recent hours
  // that were not recorded, then writes the live chunks queued meanwhile.
  const auto& recordings_root = config.recordings_dir;
  logger_ = std::make_unique<recording::BroadcastLogger>(
      recording::LoggerOptions{.root = recordings_root,
                               .retention_days = std::max(config.recording_days, (config.timeshift_hours + 23) / 24),
                               .backfill_hours = config.recording_backfill_hours,
                               .clock = {}},
      channels, schedule, config.media_dir.string());
  logger_->add_media_root(std::string(demomedia::kRenderedPrefix), rendered_dir_);
  // The demo's broadcasts last 3 to 24 hours: rather than the last few clock hours, which seldom
  // hold a whole one, each channel's latest ended broadcast that fits the backfill is rebuilt. So are
  // the broadcast on air from its start (within the backfill) and the last hour, so that a listener
  // can go back into both at once (issue 49: 'Terug naar het begin', half an hour behind live).
  logger_->set_backfill_ranges([db = db_.get(), days = config.recording_days, hours = config.recording_backfill_hours](
                                   const std::string& channel, std::int64_t now_ms) {
    std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
    long long from = 0;
    long long until = 0;
    const long long now = now_ms / 1000;
    const long long oldest = now - 86400LL * days;
    const long long longest = 3600LL * hours;
    auto lease = db->lease();
    *lease << "SELECT starts_at, ends_at FROM broadcasts WHERE channel_slug = :c AND ends_at <= :n AND starts_at >= :o "
              "AND ends_at - starts_at <= :l ORDER BY ends_at DESC LIMIT 1",
        soci::into(from), soci::into(until), soci::use(channel), soci::use(now), soci::use(oldest), soci::use(longest);
    if (lease->got_data()) ranges.emplace_back(from * 1000, until * 1000);
    *lease << "SELECT starts_at FROM broadcasts WHERE channel_slug = :c AND starts_at <= :n AND ends_at > :m "
              "ORDER BY starts_at DESC LIMIT 1",
        soci::into(from), soci::use(channel), soci::use(now), soci::use(now);
    if (lease->got_data()) ranges.emplace_back(std::max(from, now - longest) * 1000, now_ms);
    ranges.emplace_back(std::max<std::int64_t>(now_ms - 3'600'000, now_ms - longest * 1000), now_ms);
    return ranges;
  });
  auto* logger = logger_.get();
  origin_->set_chunk_sink([this, logger](const std::string& channel, std::int64_t start_ms, std::string_view bytes) {
    if (recording_) logger->submit(channel, start_ms, bytes);
  });
  // One playout and one recorder among the instances sharing the store. The first round runs
  // here, so a first or sole instance has caught up (every page and the live stream have their
  // plays) before it serves. A follower's origin streams the leader's plays, recorded ahead of
  // their start; should one still be late, the origin waits for it (stream::ChannelClock).
  std::vector<cluster::Role> roles{
      {"playout", cluster::kPlayoutLockKey,
       [playout = playout_.get()] {
         const auto recorded = playout->catch_up(std::chrono::system_clock::now());
         spdlog::info("playout: caught up with {} track plays", recorded);
         playout->set_recording(true);
       },
       [playout = playout_.get()] { playout->set_recording(false); }},
      // Chunks are handed over before the logger starts: its backfill ends where they begin.
      {"recorder", cluster::kRecorderLockKey,
       [this, logger] {
         recording_ = true;
         logger->start(unix_now() * 1000);
       },
       [this, logger] {
         recording_ = false;
         logger->stop();
       }}};
  // Scheduled backups, by one instance of those sharing the store.
  if (!config.backup_dir.empty()) {
    backups_ = std::make_unique<backup::BackupScheduler>(
        config,
        backup::ScheduleOptions{
            .dir = config.backup_dir,
            .every = config::parse_backup_interval(config.backup_every).value_or(std::chrono::hours(24)),
            .keep = config.backup_keep,
            .with_recordings = config.backup_recordings},
        [this](const std::string& error) {
          if (!webhooks_) return;
          webhooks_->publish("backup.failed", "backup.failed:" + admin::random_hex(8),
                             boost::json::object{{"error", error}});
        });
    roles.push_back({"backup", cluster::kBackupLockKey, [this] { backups_->set_leading(true); },
                     [this] { backups_->set_leading(false); }});
  }
  election_ = std::make_unique<cluster::LeaderElection>(config.database_url, std::move(roles));
  // Every instance plans the plays in memory (the leader records them, the others follow the
  // store), so that the live origin never waits for the store at a song boundary.
  playout_->set_recording(false);
  election_->start();
  if (backups_) backups_->start();
  if (!playout_->recording()) playout_->follow(std::chrono::system_clock::now());
  playout_->start();
  origin_->start();
  recordings_ = std::make_unique<recording::RecordingLibrary>(recordings_root);

  info_ = std::make_unique<player::LiveInfoService>(*db_, unix_now);
  pages_ = std::make_unique<pages::PageLoader>(
      *db_, pages::SiteSettings{.name = config.site_name,
                                .base_url = config.base_url,
                                .site_code = config.site_code,
                                .default_channel = config.default_channel,
                                .sentry_dsn = config.sentry_dsn,
                                .sentry_traces_sample_rate = config.sentry_traces_sample_rate,
                                .recordings = {},
                                .rewind_spans = {},
                                .preview_secret = config.preview_secret,
                                .static_prefix = config.static_prefix});
  pages_->set_recordings([library = recordings_.get()](const std::string& channel, std::int64_t from,
                                                       std::int64_t until) -> std::optional<pages::RecordedRange> {
    auto found = library->find(channel, from, until);
    if (!found) return std::nullopt;
    return pages::RecordedRange{found->duration_seconds, recording::gap_seconds(*found)};
  });
  player_api_ = std::make_unique<api::PlayerApi>(
      *db_, *info_, *origin_, stream::TokenSigner(config.stream_secret),
      api::PlayerApiOptions{.stream_domain = config.stream_domain,
                            .static_prefix = config.static_prefix,
                            .listener_sndbuf_bytes = config.listener_sndbuf_bytes,
                            .listener_max_lag = std::chrono::seconds(config.listener_max_lag_seconds)},
      unix_now);
  player_api_->set_recordings(recordings_.get());
  // Live rewind reads the same hour files; the token in its paths changes hourly (hls/path_token.hpp).
  timeshift_ = std::make_unique<hls::TimeshiftArchive>(
      hls::ArchiveOptions{.root = recordings_root, .window_hours = config.timeshift_hours});
  hls_tokens_ = std::make_unique<hls::PathToken>(stream::TokenSigner(config.stream_secret), 6 * 3600);
  player_api_->set_hls(hls_tokens_.get());
  hls_api_ = std::make_unique<api::HlsApi>(*db_, *timeshift_, *hls_tokens_,
                                           api::HlsApiOptions{.stream_domain = config.stream_domain}, [] {
                                             return std::chrono::duration_cast<std::chrono::milliseconds>(
                                                        std::chrono::system_clock::now().time_since_epoch())
                                                 .count();
                                           });
  pages_->set_rewind_spans([hls = hls_api_.get()](const std::string& channel) { return hls->recorded_spans(channel); });
  // Listener sessions (issue 52): counted in memory by the stream and HLS routes, stored in batches.
  const auto unix_now_ms = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  listener_tracker_ =
      std::make_unique<listeners::ListenerTracker>(unix_now_ms, std::chrono::seconds(config.listener_hls_idle_seconds));
  listener_identity_ = std::make_unique<listeners::ListenerIdentity>();
  listener_writer_ = std::make_unique<listeners::SessionWriter>(
      *db_, *listener_tracker_, std::chrono::seconds(config.listener_flush_seconds), config.listener_days);
  // Without counting the routes get no tracker: the audio path then does no listener work at all.
  if (config.listener_counting) {
    player_api_->set_listeners(listener_tracker_.get(), listener_identity_.get());
    hls_api_->set_listeners(listener_tracker_.get(), listener_identity_.get());
  }
  // Podcast downloads (issue 52): the media routes' audio responses, summed in memory and stored
  // per (episode, UTC day, client hash) in batches.
  download_writer_ = std::make_unique<listeners::DownloadWriter>(
      *db_, unix_now_ms, std::chrono::seconds(config.listener_flush_seconds), config.listener_days);
  count_downloads_ = config.listener_counting;
  downloads_api_ = std::make_unique<admin::DownloadsApi>(
      *db_, *admin_api_, [writer = download_writer_.get()] { writer->flush(); }, unix_now_ms);
  listeners_api_ = std::make_unique<admin::ListenersApi>(
      *db_, *admin_api_, *listener_tracker_, [writer = listener_writer_.get()] { writer->flush(); },
      admin::ListenersApiOptions{.min_session_seconds = config.listener_min_session_seconds}, unix_now_ms);
  royalty_report_api_ = std::make_unique<admin::RoyaltyReportApi>(
      *db_, *admin_api_, *listener_tracker_, [writer = listener_writer_.get()] { writer->flush(); },
      admin::RoyaltyReportOptions{.min_session_seconds = config.listener_min_session_seconds}, unix_now_ms);
  song_audience_api_ = std::make_unique<admin::SongAudienceApi>(
      *db_, *admin_api_, *listener_tracker_, [writer = listener_writer_.get()] { writer->flush(); },
      admin::SongAudienceApiOptions{.min_session_seconds = config.listener_min_session_seconds}, unix_now_ms);
  metrics_ = std::make_unique<api::MetricsEndpoint>(
      *listener_tracker_, *listener_writer_, *download_writer_, [db = db_.get()] { return db->healthy(); },
      api::MetricsOptions{.allow = config.metrics_allow, .token = config.metrics_token});
  overlay_api_ = std::make_unique<api::OverlayApi>(*db_, unix_now);
  podcast_api_ = std::make_unique<api::PodcastApi>(*db_, config.default_channel, unix_now);
  seo_routes_ = std::make_unique<seo::SeoRoutes>(*db_,
                                                 seo::SeoOptions{config.base_url, config.media_dir, config.site_code,
                                                                 config.default_channel, media_->options().root},
                                                 unix_now);
  // The first index is built before serving; later ones in the background when the store changes.
  pages_->search().refresh();
  pages_->search().start();
  search_api_ = std::make_unique<api::SearchApi>(pages_->search());

  auto* db = db_.get();
  visual::VisualRadioOptions visual_options;
  visual_options.work_dir = config.data_dir / "visual-radio";
  visual_options.max_segmenters = static_cast<std::size_t>(config.visual_radio_max);
  visual_options.idle_timeout = std::chrono::seconds(config.visual_radio_idle_seconds);
  visual_ = std::make_unique<visual::VisualRadio>(
      visual_channels(*db_, config.media_dir), *origin_,
      // Called from the visual radio's one thread only. While the store is away the picture keeps
      // the show it last drew, instead of the thread failing its tick (and its feeding) every time.
      [db, last = std::map<std::string, std::string>{}](const std::string& channel) mutable {
        try {
          return last[channel] = show_line(*db, channel);
        } catch (const std::exception&) {
          return last[channel];
        }
      },
      std::move(visual_options));
  visual_->start();
  visual_api_ = std::make_unique<api::VisualRadioApi>(*db_, *visual_, stream::TokenSigner(config.stream_secret),
                                                      api::VisualRadioApiOptions{.stream_domain = config.stream_domain},
                                                      unix_now);
  events_api_ = std::make_unique<api::EventsApi>(*db_);
  sources_ = std::make_unique<ingest::SourceHub>(
      *origin_, ingest::SourceCredentials(config.source_password, config.source_passwords),
      ingest::SourceHubOptions{.max_sources = static_cast<std::size_t>(config.source_limit),
                               .timeout = std::chrono::seconds(config.source_timeout_seconds),
                               .ffmpeg = {},
                               .log_dir = config.data_dir});
  // Failed source logins are counted per address and per mount, in the admin login's table.
  sources_->set_throttle(*db_, unix_now);
  // Presenters' own logins: checked on a worker thread (SiteApp runs such a source's head there).
  presenter_logins_ = std::make_unique<ingest::PresenterSourceAuth>(*db_, unix_now);
  sources_->set_presenter_check(
      [auth = presenter_logins_.get()](std::string_view channel, std::string_view user, std::string_view password) {
        return auth->may_send(channel, user, password);
      });
  source_login_api_ = std::make_unique<ingest::SourceLoginApi>(*db_, *admin_api_, unix_now);
  backup_api_ = std::make_unique<backup::BackupApi>(*db_, *admin_api_, backups_.get(), unix_now);
  // With several instances on one database, a source on any of them is heard on all.
  relay_ = std::make_unique<ingest::SourceRelay>(*db_, *origin_, *sources_, stream::TokenSigner(config.stream_secret),
                                                 ingest::SourceRelayOptions{});
  sources_->set_mount_taken([relay = relay_.get()](std::string_view channel) { return relay->relaying(channel); });
  instance_url_ = config.instance_url;
  bind_ = config.bind;

  response_cache_ = std::make_shared<http::ResponseCache>();
  content_version_ = std::make_unique<store::ContentVersionWatch>(*db_);
  content_version_->refresh();
  info_->set_content_version([watch = content_version_.get()] { return watch->current(); });
  content_version_->on_change([this](std::int64_t) {
    response_cache_->invalidate();
    player_api_->content_changed();
    pages_->search().refresh();
  });
  content_version_->start();
  content_api_ = std::make_unique<admin::ContentApi>(
      *db_, *admin_api_,
      admin::ContentApiOptions{.base_url = config.base_url,
                               .preview_secret = config.preview_secret,
                               .trash_days = config.trash_days,
                               .media_dir = config.media_dir},
      unix_now, [watch = content_version_.get()] { watch->refresh(); },
      // The webhooks' queue is made below, before any route runs.
      [this](const content::PublishedItem& item) { webhooks_->notify_content_published(item); });
  trash_sweeper_ = std::make_unique<admin::TrashSweeper>(*db_, config.trash_days, unix_now,
                                                         [watch = content_version_.get()] { watch->refresh(); });
  trash_sweeper_->start();
  autosave_api_ = std::make_unique<admin::AutosaveApi>(*db_, *admin_api_, unix_now);
  presence_api_ = std::make_unique<admin::PresenceApi>(*db_, *admin_api_, unix_now);
  schedule_api_ = std::make_unique<admin::ScheduleApi>(*db_, *admin_api_, unix_now,
                                                       [watch = content_version_.get()] { watch->refresh(); });
  play_corrections_api_ = std::make_unique<admin::PlayCorrectionsApi>(
      *db_, *admin_api_, unix_now, [watch = content_version_.get()] { watch->refresh(); });
  start_api_ = std::make_unique<admin::StartApi>(*db_, *admin_api_, unix_now);
  admin_search_api_ = std::make_unique<admin::SearchApi>(*db_, *admin_api_, unix_now);

  nowplaying_ingest_ = std::make_unique<ingest::NowPlayingIngest>(*db_, config.nowplaying_hold_seconds);
  nowplaying_ingest_->on_change([this](const ingest::NowPlayingItem& item, const ingest::IngestOutcome& outcome) {
    nowplaying_board_->put(item.channel, ingest::BoardItem{outcome.item_id, item.kind, item.artist, item.title,
                                                           outcome.starts_at, outcome.ends_at, item.from_source});
    info_->refresh(item.channel);
    response_cache_->invalidate();
  });
  // A live source's items end when it goes off air; the playout's song is shown again at once.
  nowplaying_ingest_->on_source_items_ended([this](const std::string& channel, std::int64_t) {
    nowplaying_board_->reload();
    now_playing_changed(channel);
  });
  // Items another instance recorded or ended reach this one's info document, stream titles and pages within a second.
  nowplaying_board_->start([this](const std::string& channel) { now_playing_changed(channel); });
  ingest_api_ = std::make_unique<ingest::IngestApi>(
      *db_, *nowplaying_ingest_,
      ingest::IngestApiOptions{.source_credentials =
                                   [hub = sources_.get()](std::string_view channel, std::string_view user,
                                                          std::string_view password, const std::string& address) {
                                     try {
                                       return hub->check_login(channel, user, password, address);
                                     } catch (const std::exception& error) {
                                       spdlog::warn("ingest: cannot check a metadata call's login: {}", error.what());
                                       return ingest::SourceLoginCheck{};
                                     }
                                   },
                               .now = unix_now,
                               .source_on_air =
                                   [hub = sources_.get(), relay = relay_.get()](std::string_view channel) {
                                     return hub->connected(channel) || relay->relaying(channel);
                                   }});

  sources_->set_on_air_listener([this](const std::string& channel, bool on_air) {
    if (on_air) {
      webhooks_->notify_source_connected(channel);
      return;
    }
    webhooks_->notify_source_disconnected(channel);
    // The stream's title at once (from memory), the store and the info document right after.
    const auto at = unix_now();
    nowplaying_board_->source_off_air(channel, at);
    nowplaying_ingest_->source_off_air(channel, at);
  });
  // A relaying instance's stream title too; the store says the rest within a second.
  relay_->set_on_source_left(
      [board = nowplaying_board_.get()](const std::string& channel) { board->source_off_air(channel, unix_now()); });
  webhooks_api_ = std::make_unique<webhooks::WebhooksApi>(*db_, *admin_api_, unix_now,
                                                          [hooks = webhooks_.get()] { hooks->wake(); });
  // The demo's full-length audio, rendered once in the background; the catalogue switches to it when complete.
  demo_render_ =
      std::make_unique<demomedia::DemoRender>(*db_,
                                              demomedia::DemoRenderOptions{.command = config.demo_render,
                                                                           .out_dir = rendered_dir_,
                                                                           .media_dir = config.media_dir,
                                                                           .log = config.data_dir / "demo-render.log"},
                                              [watch = content_version_.get()] { watch->refresh(); });
  demo_render_->start();
  media_check_ = std::jthread([this](const std::stop_token& stop) { check_media(stop); });
}

void Station::check_media(const std::stop_token& stop) {
  const auto started = std::chrono::steady_clock::now();
  try {
    std::vector<std::pair<std::string, long long>> songs;
    {
      std::string path;
      long long duration_ms = 0;
      auto lease = db_->lease();
      soci::statement st = (lease->prepare << "SELECT audio_path, MAX(duration_ms) FROM songs WHERE audio_path <> '' "
                                              "GROUP BY audio_path ORDER BY audio_path",
                            soci::into(path), soci::into(duration_ms));
      st.execute();
      while (st.fetch()) songs.emplace_back(path, duration_ms);
    }
    std::size_t broken = 0;
    for (const auto& [path, duration_ms] : songs) {
      if (stop.stop_requested()) return;
      // The same check the playout makes as it plans: remembered per file until it changes, so a
      // broken song is logged here once and skipped whenever a rotation reaches it.
      if (!origin_->playable_ms(path, duration_ms)) ++broken;
    }
    const int broken_audio = media_->check_stored_audio(stop);
    spdlog::info(
        "media: checked {} songs ({} broken) and the library's audio ({} broken) in {} ms", songs.size(), broken,
        broken_audio,
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
  } catch (const std::exception& error) {
    spdlog::error("media: the check at start failed: {}", error.what());
  }
}

void Station::now_playing_changed(const std::string& channel) {
  // Not left to the playout's next tick, so that the info document names its song now.
  if (playout_->recording()) {
    try {
      playout_->catch_up(std::chrono::system_clock::now());
    } catch (const std::exception& error) {
      spdlog::warn("now-playing {}: the playout cannot catch up now: {}", channel, error.what());
    }
  }
  info_->refresh(channel);
  response_cache_->invalidate();
}

Station::~Station() {
  // Ends the sessions still open and stores them: a restart loses none.
  if (listener_writer_) listener_writer_->stop();
  if (download_writer_) download_writer_->stop();
  if (media_check_.joinable()) {
    media_check_.request_stop();
    media_check_.join();
  }
  if (backups_) backups_->stop();
  if (demo_render_) demo_render_->stop();
  if (webhooks_) webhooks_->stop();
  if (nowplaying_board_) nowplaying_board_->stop();
  if (nowplaying_ingest_) nowplaying_ingest_->stop();
  if (relay_) relay_->stop();
  if (media_) media_->stop();
  if (visual_) visual_->stop();
  if (trash_sweeper_) trash_sweeper_->stop();
  if (content_version_) content_version_->stop();
  if (pages_) pages_->search().stop();
  if (election_) election_->stop();
  if (origin_) origin_->stop();
  if (logger_) logger_->stop();
  if (playout_) playout_->stop();
}

Station::Readiness Station::readiness() const {
  Readiness readiness;
  readiness.store = std::string(db_->health_text());
  readiness.playout = playout_->running();
  readiness.live = origin_->running();
  readiness.election = election_->running();
  readiness.ready = db_->healthy() && readiness.playout && readiness.live && readiness.election;
  return readiness;
}

bool Station::ready() { return readiness().ready; }

void Station::drain() {
  if (election_) election_->stop();
}

void Station::listening_on(std::uint16_t port) {
  relay_->start(instance_url_.empty() ? config::default_instance_url(bind_, port) : instance_url_);
}

void Station::add_routes(SiteApp& site) {
  site.set_readiness_details([this] {
    const auto parts = readiness();
    boost::json::object details{
        {"store", parts.store},
        {"playout", parts.playout ? (playout_->recording() ? "recording" : "following") : "stopped"},
        {"live", parts.live ? "running" : "stopped"},
        {"election", parts.election ? "running" : "stopped"}};
    // A full recordings disk is reported, not a reason to leave the load balancer: pages, streams
    // and the recordings already made are still served.
    boost::json::array failing;
    for (const auto& channel : recording_failures()) {
      failing.push_back(boost::json::object{
          {"channel", channel.channel}, {"since", channel.since_ms / 1000}, {"error", channel.error}});
    }
    if (backups_) {
      // Overdue backups are reported, not a reason to leave the load balancer.
      const auto status = backups_->status();
      boost::json::object backup{{"status", backups_->overdue(std::chrono::system_clock::now()) ? "overdue" : "ok"}};
      if (status.last_good) {
        backup["lastGood"] =
            std::chrono::duration_cast<std::chrono::seconds>(status.last_good->time_since_epoch()).count();
      }
      if (!status.last_error.empty()) backup["lastError"] = status.last_error;
      details["backup"] = std::move(backup);
    }
    // Dead air is reported, not a reason to leave the load balancer: every instance plays the
    // same media, and this one still serves pages and its fallback silence.
    boost::json::array silent;
    for (const auto& [channel, since] : playout_->dead_air(unix_now())) {
      silent.push_back(boost::json::object{{"channel", channel}, {"since", since}});
    }
    details["dead_air"] =
        silent.empty() ? boost::json::value("none")
                       : boost::json::value(boost::json::object{{"status", "silent"}, {"channels", std::move(silent)}});
    // The files the playout skips, until they change: what an operator replaces.
    boost::json::array broken;
    for (const auto& [path, problem] : origin_->broken_files()) {
      broken.push_back(boost::json::object{{"path", path}, {"problem", problem}});
    }
    details["broken_media"] = std::move(broken);
    details["recording"] =
        failing.empty()
            ? boost::json::value("ok")
            : boost::json::value(boost::json::object{{"status", "failing"}, {"channels", std::move(failing)}});
    return details;
  });
  site.set_response_cache(response_cache_);
  site.set_backend_health([this] { return db_->answering(); });
  idempotent_saves_ = std::make_unique<admin::IdempotentSaves>(*db_, unix_now);
  // Without listener counting no download is counted either.
  listeners::DownloadWriter* downloads = count_downloads_ ? download_writer_.get() : nullptr;
  site.set_dispatch_wrapper([saves = idempotent_saves_.get(), downloads](
                                const http::Request& request, const std::function<http::Response()>& dispatch) {
    auto response = saves->handle(request, dispatch);
    // An episode's audio is served by the media routes on a worker thread; what it sent is added
    // to its client's bytes in memory (the writer finds the episode, off the request path).
    if (downloads != nullptr && request.method == "GET" && (response.status == 200 || response.status == 206)) {
      const auto body_bytes = response.streaming ? response.streaming_length.value_or(0) : response.payload().size();
      downloads->record(request.path, request.remote_address, request.header("User-Agent"), body_bytes);
    }
    return response;
  });
  player_api_->add_routes(site.router());
  hls_api_->add_routes(site.router());
  overlay_api_->add_routes(site.router());
  podcast_api_->add_routes(site.router());
  seo_routes_->add_routes(site.router());
  search_api_->add_routes(site.router());
  visual_api_->add_routes(site.router());
  events_api_->add_routes(site.router());
  admin_api_->add_routes(site.router());
  content_api_->add_routes(site.router());
  autosave_api_->add_routes(site.router());
  presence_api_->add_routes(site.router());
  schedule_api_->add_routes(site.router());
  play_corrections_api_->add_routes(site.router());
  start_api_->add_routes(site.router());
  admin_search_api_->add_routes(site.router());
  admin_pages_->add_routes(site.router());
  listeners_api_->add_routes(site.router());
  downloads_api_->add_routes(site.router());
  royalty_report_api_->add_routes(site.router());
  song_audience_api_->add_routes(site.router());
  metrics_->add_routes(site.router());
  site.router().add(
      "GET", "/internal/relay/{file}",
      [this](const http::Request& request, const http::RouteParams& params) {
        return relay_->relay_stream(request, params.at("file"));
      },
      http::Execution::io_thread);
  site.set_request_body_handler(
      [this](const http::Request& request, std::shared_ptr<http::StreamingRequestBody>& body) {
        return sources_->connect(request, body);
      },
      [this](const http::Request& request) {
        return sources_->may_block(request) ? http::Execution::offloaded : http::Execution::io_thread;
      });
  ingest_api_->add_routes(site.router());
  webhooks_api_->add_routes(site.router());
  upload_api_->add_routes(site.router());
  source_login_api_->add_routes(site.router());
  backup_api_->add_routes(site.router());
  upload_api_->set_audio_guard([this](const http::Request& request, const std::string& site_path) {
    return player_api_->guard_uploaded_audio(request, site_path);
  });
  site.set_body_to_file([this](const http::Request& head) { return upload_api_->body_target(head); });
  site.add_media_root(std::string(demomedia::kRenderedPrefix), rendered_dir_);
  site.set_media_guard([this](const http::Request& request, std::string_view relative) {
    return player_api_->guard_media(request, relative);
  });
}

}  // namespace ether::app
