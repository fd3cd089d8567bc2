#include "store/content_repository.hpp"

#include "store/nullable.hpp"

namespace ether::store {

void ContentRepository::insert_news_category(const domain::NewsCategory& c) {
  session_ << "INSERT INTO news_categories (slug, name, color) VALUES (:slug, :name, :color)", soci::use(c.slug),
      soci::use(c.name), soci::use(c.color);
}

long long ContentRepository::insert_article(const domain::Article& a) {
  Nullable<long long> programme(a.programme_id);
  Nullable<long long> live_until(a.live_until);
  long long id = 0;
  session_ << "INSERT INTO articles (slug, category_slug, programme_id, title, intro, author, image_url, body_json, "
              "published_at, live_until) VALUES (:slug, :category, :programme, :title, :intro, :author, :image, :body, "
              ":published, :live_until) RETURNING id",
      soci::use(a.slug), soci::use(a.category_slug), soci::use(programme.value, programme.ind), soci::use(a.title),
      soci::use(a.intro), soci::use(a.author), soci::use(a.image_url), soci::use(a.body_json),
      soci::use(a.published_at), soci::use(live_until.value, live_until.ind), soci::into(id);
  for (const auto& tag : a.tags) {
    session_ << "INSERT INTO article_tags (article_id, tag) VALUES (:id, :tag) ON CONFLICT DO NOTHING", soci::use(id),
        soci::use(tag);
  }
  return id;
}

long long ContentRepository::insert_fragment(const domain::Fragment& f) {
  Nullable<long long> programme(f.programme_id);
  long long id = 0;
  session_ << "INSERT INTO fragments (slug, programme_id, title, description, image_url, audio_path, duration_ms, "
              "published_at) VALUES (:slug, :programme, :title, :description, :image, :audio, :duration, :published) "
              "RETURNING id",
      soci::use(f.slug), soci::use(programme.value, programme.ind), soci::use(f.title), soci::use(f.description),
      soci::use(f.image_url), soci::use(f.audio_path), soci::use(f.duration_ms), soci::use(f.published_at),
      soci::into(id);
  for (const auto& tag : f.tags) {
    session_ << "INSERT INTO fragment_tags (fragment_id, tag) VALUES (:id, :tag) ON CONFLICT DO NOTHING", soci::use(id),
        soci::use(tag);
  }
  return id;
}

long long ContentRepository::insert_podcast_feed(const domain::PodcastFeed& f) {
  long long id = 0;
  session_ << "INSERT INTO podcast_feeds (slug, title, description, author, image_url, category) VALUES (:slug, "
              ":title, :description, :author, :image, :category) RETURNING id",
      soci::use(f.slug), soci::use(f.title), soci::use(f.description), soci::use(f.author), soci::use(f.image_url),
      soci::use(f.category), soci::into(id);
  return id;
}

long long ContentRepository::insert_podcast_episode(const domain::PodcastEpisode& e) {
  long long id = 0;
  session_ << "INSERT INTO podcast_episodes (feed_id, slug, title, description, image_url, audio_path, duration_ms, "
              "byte_length, published_at) VALUES (:feed, :slug, :title, :description, :image, :audio, :duration, "
              ":bytes, :published) RETURNING id",
      soci::use(e.feed_id), soci::use(e.slug), soci::use(e.title), soci::use(e.description), soci::use(e.image_url),
      soci::use(e.audio_path), soci::use(e.duration_ms), soci::use(e.byte_length), soci::use(e.published_at),
      soci::into(id);
  return id;
}

long long ContentRepository::insert_bulletin(const domain::Bulletin& b) {
  long long id = 0;
  session_ << "INSERT INTO bulletins (title, audio_path, duration_ms, published_at) VALUES (:title, :audio, "
              ":duration, :published) RETURNING id",
      soci::use(b.title), soci::use(b.audio_path), soci::use(b.duration_ms), soci::use(b.published_at), soci::into(id);
  return id;
}

long long ContentRepository::insert_video(const domain::Video& v) {
  long long id = 0;
  session_ << "INSERT INTO videos (slug, title, description, video_path, poster_url, duration_ms, published_at) "
              "VALUES (:slug, :title, :description, :video, :poster, :duration, :published) RETURNING id",
      soci::use(v.slug), soci::use(v.title), soci::use(v.description), soci::use(v.video_path), soci::use(v.poster_url),
      soci::use(v.duration_ms), soci::use(v.published_at), soci::into(id);
  return id;
}

long long ContentRepository::insert_content_page(const domain::ContentPage& p) {
  int published = p.published ? 1 : 0;
  long long id = 0;
  session_ << "INSERT INTO content_pages (kind, slug, title, description, blocks_json, published) VALUES (:kind, "
              ":slug, :title, :description, :blocks, :published) RETURNING id",
      soci::use(p.kind), soci::use(p.slug), soci::use(p.title), soci::use(p.description), soci::use(p.blocks_json),
      soci::use(published), soci::into(id);
  return id;
}

long long ContentRepository::insert_event_modal_block(const domain::EventModalBlock& b) {
  int published = b.published ? 1 : 0;
  Nullable<std::string> type(b.count_clock_type), caption(b.count_clock_caption);
  Nullable<long long> start(b.count_clock_start), end(b.count_clock_end);
  long long id = 0;
  session_ << "INSERT INTO event_modal_blocks (published, title, description, related_url, related_url_text, "
              "background_image_url, logo_url, count_clock_type, count_clock_caption, count_clock_start, "
              "count_clock_end, sort_order) VALUES (:published, :title, :description, :url, :url_text, :background, "
              ":logo, :type, :caption, :start, :end, :sort) RETURNING id",
      soci::use(published), soci::use(b.title), soci::use(b.description), soci::use(b.related_url),
      soci::use(b.related_url_text), soci::use(b.background_image_url), soci::use(b.logo_url),
      soci::use(type.value, type.ind), soci::use(caption.value, caption.ind), soci::use(start.value, start.ind),
      soci::use(end.value, end.ind), soci::use(b.sort_order), soci::into(id);
  return id;
}

long long ContentRepository::insert_maintenance_notification(const domain::MaintenanceNotification& n) {
  Nullable<std::string> url(n.url);
  int dismissable = n.is_dismissable ? 1 : 0;
  int active = n.active ? 1 : 0;
  Nullable<long long> until(n.unpublish_at);
  long long id = 0;
  session_ << "INSERT INTO maintenance_notifications (title, description, url, is_dismissable, active, unpublish_at) "
              "VALUES (:title, :description, :url, :dismissable, :active, :until) RETURNING id",
      soci::use(n.title), soci::use(n.description), soci::use(url.value, url.ind), soci::use(dismissable),
      soci::use(active), soci::use(until.value, until.ind), soci::into(id);
  return id;
}

}  // namespace ether::store
