#pragma once
// The read side of the store for the page loaders: one Catalog per request leases a session, loads
// the small reference tables (channels, broadcasters, presenters, programmes, categories) once, and
// answers list and detail queries as JSON shaped like web/src/api/types.ts. Database errors
// propagate as exceptions; unknown ids and slugs answer nullopt or empty lists. Its queries are
// defined one family per file beside catalog.cpp (broadcasts.cpp, articles.cpp, fragments.cpp, ...).

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "pages/route_builder.hpp"
#include "store/database.hpp"

namespace ether::pages::queries {

struct ChannelRow {
  std::string slug, name, parent_slug, description, color, logo_url, player_mode, live_video_url;
  std::int64_t sort_order = 0;
  bool has_programming = true;
  bool classical = false;
};

struct BroadcasterRow {
  std::string slug, name, logo_url;
};

struct PresenterRow {
  std::int64_t id = 0;
  std::string slug, name, role, bio, image_url, image_alt;
};

struct SlotRow {
  int weekday = 1;  // ISO, 1 = Monday
  int start_minute = 0, end_minute = 0;
};

struct ProgrammeRow {
  std::int64_t id = 0;
  std::string slug, name, channel_slug, summary, description, image_url, image_alt;
  std::vector<std::int64_t> presenter_ids;  // in position order
  std::vector<std::string> broadcaster_slugs;
  std::vector<SlotRow> slots;
};

struct CategoryRow {
  std::string slug, name, color;
};

/// A page of a list: the items and the total count before paging.
struct ListPage {
  boost::json::array items;
  std::int64_t total = 0;
};

/// A tag and how many items carry it.
struct TagCount {
  std::string tag;
  std::int64_t uses = 0;
};

/// Filters of the article lists; empty strings and 0 mean "any".
struct ArticleFilter {
  std::string category;
  std::string tag;
  std::int64_t programme_id = 0;
  std::int64_t exclude_id = 0;
  std::vector<std::int64_t> ids;  // only these, when not empty
};

/// Filters of the fragment lists; `day_from`/`day_until` bound publication when day_until > 0.
struct FragmentFilter {
  std::string tag;
  std::int64_t programme_id = 0;
  std::vector<std::int64_t> programme_ids;  // any of these, when not empty
  std::int64_t day_from = 0, day_until = 0;
  std::int64_t published_before = 0;  // only fragments published at or before this instant, when > 0
  std::int64_t exclude_id = 0;
  std::vector<std::int64_t> ids;   // only these, when not empty
  std::vector<std::string> slugs;  // only these, when not empty
};

class Catalog {
 public:
  /// Leases a session and loads the reference tables. `now` is unix seconds.
  Catalog(store::Database& db, RouteContext ctx, std::int64_t now);

  [[nodiscard]] const RouteContext& context() const { return ctx_; }
  [[nodiscard]] std::int64_t now() const { return now_; }
  soci::session& session() { return *lease_; }

  // Reference data.
  [[nodiscard]] const std::vector<ChannelRow>& channels() const { return channels_; }  // picker order
  [[nodiscard]] const ChannelRow* channel(std::string_view slug) const;
  [[nodiscard]] const std::vector<ProgrammeRow>& programmes() const { return programmes_; }  // by name
  [[nodiscard]] const ProgrammeRow* programme(std::int64_t id) const;
  [[nodiscard]] const ProgrammeRow* programme(std::string_view slug) const;
  [[nodiscard]] const std::vector<PresenterRow>& presenters() const { return presenters_; }  // by name
  [[nodiscard]] const PresenterRow* presenter(std::string_view slug) const;
  [[nodiscard]] const std::vector<CategoryRow>& categories() const { return categories_; }
  [[nodiscard]] const CategoryRow* category(std::string_view slug) const;

  // JSON of reference rows.
  boost::json::object channel_summary(const ChannelRow& channel) const;
  boost::json::object channel_ref(std::string_view slug) const;
  boost::json::object programme_ref(const ProgrammeRow& programme) const;
  boost::json::object programme_card(const ProgrammeRow& programme) const;
  /// The programme's broadcasters accepted by the channel's whitelist (spec §5).
  boost::json::array broadcaster_refs(const ProgrammeRow& programme, std::string_view channel_slug) const;
  boost::json::array presenter_refs(const ProgrammeRow& programme) const;
  boost::json::object presenter_card(const PresenterRow& presenter) const;
  boost::json::object news_category(std::string_view slug) const;
  boost::json::array news_categories() const;
  /// "Maandag t/m vrijdag 06:00–09:00; zaterdag 10:00–12:00" (an en dash, as everywhere on the site).
  std::string schedule_text(const ProgrammeRow& programme) const;

  // Broadcasts (Broadcast of types.ts); `where` is SQL over the table alias b.
  boost::json::array broadcasts(const std::string& where, const std::vector<std::string>& binds,
                                const std::string& order, int limit);
  std::optional<boost::json::object> broadcast(std::int64_t id);
  /// The broadcast on `channel` covering `now`, if any.
  std::optional<boost::json::object> broadcast_on_air(std::string_view channel);
  /// Broadcasts of `channel` starting on the Amsterdam date `day`, in order.
  boost::json::array guide(std::string_view channel, const Date& day);
  /// Amsterdam dates with broadcasts on `channel` within a week of today, always including today and
  /// `selected`, oldest first.
  std::vector<Date> guide_days(std::string_view channel, const Date& selected);
  std::string broadcast_url(const boost::json::object& broadcast) const;
  /// The URL of one hour of `broadcast`, by its route segment (domain::hour_segment).
  std::string broadcast_hour_url(const boost::json::object& broadcast, std::string_view hour_segment) const;

  // Track plays (TrackPlay of types.ts).
  ListPage track_plays(std::string_view channel, std::int64_t from, std::int64_t until, int limit, int offset,
                       bool newest_first);
  std::optional<boost::json::object> track_on_air(std::string_view channel);

  // Articles (ArticleCard of types.ts; Article for the detail).
  ListPage article_cards(const ArticleFilter& filter, int limit, int offset);
  /// The article `id` when it is on the site now; with `any_state`, also a draft or a scheduled
  /// or expired one, showing its draft when it has one (previews); never one in the trash.
  std::optional<boost::json::object> article(std::int64_t id, bool any_state = false);
  boost::json::array article_cards_by_slug(const std::vector<std::string>& slugs);
  std::string article_url(const boost::json::object& card, bool app = false) const;

  // Fragments (Fragment of types.ts).
  ListPage fragments(const FragmentFilter& filter, int limit, int offset);
  std::optional<boost::json::object> fragment(std::int64_t id);
  boost::json::array fragments_by_slug(const std::vector<std::string>& slugs);
  /// Every tag of the fragments on the site now (of one programme when `programme_id` > 0) with
  /// how many of them carry it, by name.
  std::vector<TagCount> fragment_tags(std::int64_t programme_id);
  std::string fragment_url(const boost::json::object& fragment) const;

  // Podcasts and videos.
  boost::json::array podcast_feeds(const std::vector<std::string>& slugs = {});
  std::optional<boost::json::object> podcast_feed(std::string_view slug);
  boost::json::array podcast_episodes(std::string_view feed_slug);
  std::optional<boost::json::object> podcast_episode(std::int64_t id);
  boost::json::array videos(const std::vector<std::string>& slugs = {});

  /// A theme or overview page's title, description and resolved blocks; nullopt when absent or unpublished.
  std::optional<boost::json::object> content_page(std::string_view kind, std::string_view slug);
  /// A content page by id, published or not, showing its draft when it has one (for previews), with
  /// its kind; nullopt when unknown or in the trash.
  std::optional<boost::json::object> content_page_by_id(std::int64_t id, std::string* kind = nullptr);
  /// Published content pages of a kind: (slug, title), by title.
  std::vector<std::pair<std::string, std::string>> content_page_list(std::string_view kind);

  /// "/media/<path>" for a path relative to the media directory; a URL already absolute ("/x",
  /// "https://...") is kept when it passes `safe_url` and is "" otherwise ("//host").
  static std::string media_url(std::string_view path);

 private:
  void load_reference_data();
  static const ChannelRow* channel_ptr_in(const std::vector<ChannelRow>& list, std::string_view slug);
  boost::json::array resolve_article_blocks(const boost::json::array& blocks);
  boost::json::array resolve_page_blocks(const boost::json::array& blocks);
  std::map<std::int64_t, std::vector<std::string>> tags_of(const char* table, const char* id_column,
                                                           const std::vector<std::int64_t>& ids);

  RouteContext ctx_;
  std::int64_t now_;
  store::Database::Lease lease_;
  std::vector<ChannelRow> channels_;
  std::map<std::string, BroadcasterRow, std::less<>> broadcasters_;
  std::set<std::pair<std::string, std::string>> whitelist_;  // (channel, broadcaster)
  std::vector<PresenterRow> presenters_;
  std::vector<ProgrammeRow> programmes_;
  std::vector<CategoryRow> categories_;
};

}  // namespace ether::pages::queries
