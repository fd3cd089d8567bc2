#pragma once
// Inserts of the editorial content (news, fragments, podcasts, bulletins, videos, content pages,
// event modal, maintenance banner) for the seed; the read side lives in server/src/pages.

#include <soci/soci.h>

#include "domain/content.hpp"

namespace ether::store {

/// Works on a session the caller leases (and, for batches, wraps in a transaction).
/// Each insert returns the new row's id (the id fields of the argument are ignored); tags go in too.
class ContentRepository {
 public:
  explicit ContentRepository(soci::session& session) : session_(session) {}

  void insert_news_category(const domain::NewsCategory& category);
  long long insert_article(const domain::Article& article);
  long long insert_fragment(const domain::Fragment& fragment);
  long long insert_podcast_feed(const domain::PodcastFeed& feed);
  long long insert_podcast_episode(const domain::PodcastEpisode& episode);
  long long insert_bulletin(const domain::Bulletin& bulletin);
  long long insert_video(const domain::Video& video);
  long long insert_content_page(const domain::ContentPage& page);
  long long insert_event_modal_block(const domain::EventModalBlock& block);
  long long insert_maintenance_notification(const domain::MaintenanceNotification& notification);

 private:
  soci::session& session_;
};

}  // namespace ether::store
