#include "seed/demo_seed.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "domain/time.hpp"
#include "store/content_repository.hpp"
#include "store/settings_repository.hpp"
#include "store/song_repository.hpp"
#include "store/station_repository.hpp"

namespace ether::seed {
namespace {

namespace json = boost::json;

constexpr const char* kSeededSetting = "demo_seeded";

struct MediaFile {
  long long duration_ms = 0;
  long long bytes = 0;
};

json::value load_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw SeedError("cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  json::value value = json::parse(text.str(), ec);
  if (ec) throw SeedError(file.string() + " is not valid JSON: " + ec.message());
  return value;
}

// Reads the seed with paths in every message ("programmes[3].slots[0].start"), so that a bad file
// says exactly where it is bad.
class Reader {
 public:
  Reader(std::string file, std::map<std::string, MediaFile> manifest, std::filesystem::path media_dir)
      : file_(std::move(file)), manifest_(std::move(manifest)), media_dir_(std::move(media_dir)) {}

  [[noreturn]] void fail(const std::string& where, const std::string& what) const {
    throw SeedError("demo seed " + file_ + ": " + where + ": " + what);
  }

  const json::object& object(const json::value& value, const std::string& where) const {
    if (!value.is_object()) fail(where, "expected an object");
    return value.as_object();
  }

  // An absent or null array reads as empty.
  const json::array& array(const json::object& object, const char* key, const std::string& where) const {
    static const json::array empty;
    const json::value* value = object.if_contains(key);
    if (value == nullptr || value->is_null()) return empty;
    if (!value->is_array()) fail(where + "." + key, "expected an array");
    return value->as_array();
  }

  std::string string(const json::object& object, const char* key, const std::string& where) const {
    auto value = optional_string(object, key, where);
    if (!value) fail(where + "." + key, "missing");
    return *value;
  }

  std::string string_or(const json::object& object, const char* key, const std::string& where,
                        const std::string& fallback) const {
    return optional_string(object, key, where).value_or(fallback);
  }

  std::optional<std::string> optional_string(const json::object& object, const char* key,
                                             const std::string& where) const {
    const json::value* value = object.if_contains(key);
    if (value == nullptr || value->is_null()) return std::nullopt;
    if (!value->is_string()) fail(where + "." + key, "expected a string");
    return std::string(value->as_string());
  }

  std::optional<double> optional_number(const json::object& object, const char* key, const std::string& where) const {
    const json::value* value = object.if_contains(key);
    if (value == nullptr || value->is_null()) return std::nullopt;
    if (!value->is_number()) fail(where + "." + key, "expected a number");
    return value->to_number<double>();
  }

  double number_or(const json::object& object, const char* key, const std::string& where, double fallback) const {
    return optional_number(object, key, where).value_or(fallback);
  }

  bool bool_or(const json::object& object, const char* key, const std::string& where, bool fallback) const {
    const json::value* value = object.if_contains(key);
    if (value == nullptr || value->is_null()) return fallback;
    if (!value->is_bool()) fail(where + "." + key, "expected true or false");
    return value->as_bool();
  }

  std::vector<std::string> strings(const json::object& object, const char* key, const std::string& where) const {
    std::vector<std::string> result;
    const auto& items = array(object, key, where);
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!items[i].is_string()) fail(where + "." + key + "[" + std::to_string(i) + "]", "expected a string");
      result.emplace_back(items[i].as_string());
    }
    return result;
  }

  // A media path must stay inside the media directory.
  void check_path(const std::string& path, const std::string& where) const {
    if (path.empty() || path.front() == '/' || path.find("..") != std::string::npos ||
        path.find('\\') != std::string::npos) {
      fail(where, "'" + path + "' is not a relative media path");
    }
  }

  // Audio and video need their measured duration, so they must be in the manifest.
  const MediaFile& timed_media(const std::string& path, const std::string& where) const {
    check_path(path, where);
    auto it = manifest_.find(path);
    if (it == manifest_.end()) fail(where, "media file '" + path + "' is not in the manifest");
    if (it->second.duration_ms <= 0) fail(where, "media file '" + path + "' has no duration in the manifest");
    return it->second;
  }

  // Images need only exist: in the manifest or in the media directory. Absent or null: no image.
  std::string image_url(const json::object& object, const char* key, const std::string& where) const {
    auto path = optional_string(object, key, where);
    if (!path || path->empty()) return "";
    check_path(*path, where + "." + key);
    if (!manifest_.contains(*path) && !std::filesystem::is_regular_file(media_dir_ / *path)) {
      fail(where + "." + key, "media file '" + *path + "' is not in the manifest nor in " + media_dir_.string());
    }
    return "/media/" + *path;
  }

 private:
  std::string file_;
  std::map<std::string, MediaFile> manifest_;
  std::filesystem::path media_dir_;
};

std::map<std::string, MediaFile> load_manifest(const std::filesystem::path& media_dir) {
  const auto file = media_dir / "manifest.json";
  json::value root = load_json(file);
  const json::value* files = root.is_object() ? root.as_object().if_contains("files") : nullptr;
  if (files == nullptr || !files->is_object()) throw SeedError(file.string() + ": expected {\"files\": {...}}");
  std::map<std::string, MediaFile> manifest;
  for (const auto& [path, entry] : files->as_object()) {
    if (!entry.is_object()) throw SeedError(file.string() + ": entry '" + std::string(path) + "' is not an object");
    MediaFile media;
    if (const auto* d = entry.as_object().if_contains("durationMs"); d && d->is_number()) {
      media.duration_ms = static_cast<long long>(d->to_number<double>());
    }
    if (const auto* b = entry.as_object().if_contains("bytes"); b && b->is_number()) {
      media.bytes = static_cast<long long>(b->to_number<double>());
    }
    manifest.emplace(std::string(path), media);
  }
  return manifest;
}

std::string where_of(const char* section, std::size_t index) {
  return std::string(section) + "[" + std::to_string(index) + "]";
}

int parse_clock(const Reader& r, const std::string& text, const std::string& where) {
  if (text.size() != 5 || text[2] != ':' || !std::isdigit(static_cast<unsigned char>(text[0])) ||
      !std::isdigit(static_cast<unsigned char>(text[1])) || !std::isdigit(static_cast<unsigned char>(text[3])) ||
      !std::isdigit(static_cast<unsigned char>(text[4]))) {
    r.fail(where, "'" + text + "' is not HH:MM");
  }
  int hours = (text[0] - '0') * 10 + (text[1] - '0');
  int minutes = (text[3] - '0') * 10 + (text[4] - '0');
  if (minutes > 59 || hours > 24 || (hours == 24 && minutes != 0)) r.fail(where, "'" + text + "' is not a time of day");
  return hours * 60 + minutes;
}

// Everything the seed inserted, by slug, for the references that follow.
struct Ids {
  std::set<std::string> broadcasters;
  std::set<std::string> categories;
  std::set<std::string> channels;
  std::map<std::string, long long> songs;
  std::map<std::string, long long> presenters;
  std::map<std::string, long long> programmes;
  std::set<std::string> fragments;
  std::set<std::string> videos;
  std::set<std::string> articles;
  std::set<std::string> feeds;
};

template <class Container>
void require(const Reader& r, const Container& known, const std::string& slug, const std::string& what,
             const std::string& where) {
  if (!known.contains(slug)) r.fail(where, "unknown " + what + " '" + slug + "'");
}

template <class Container>
void require_new(const Reader& r, const Container& known, const std::string& slug, const std::string& where) {
  if (known.contains(slug)) r.fail(where, "duplicate slug '" + slug + "'");
}

class Seeder {
 public:
  Seeder(const Reader& reader, const json::object& root, soci::session& session, long long now)
      : r_(reader), root_(root), now_(now), station_(session), songs_(session), content_(session) {}

  void run() {
    broadcasters();
    news_categories();
    channels();
    songs();
    rotations();
    presenters();
    programmes();
    fragments();
    videos();
    articles();
    podcasts();
    bulletins();
    content_pages();
    event_modal();
    maintenance();
  }

 private:
  const json::array& section(const char* key) { return r_.array(root_, key, "root"); }

  void broadcasters() {
    const auto& items = section("broadcasters");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("broadcasters", i);
      const auto& o = r_.object(items[i], where);
      domain::Broadcaster b;
      b.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.broadcasters, b.slug, where);
      b.name = r_.string(o, "name", where);
      b.alias = r_.string_or(o, "alias", where, "");
      b.logo_url = r_.image_url(o, "logo", where);
      station_.insert_broadcaster(b);
      ids_.broadcasters.insert(b.slug);
    }
  }

  void news_categories() {
    const auto& items = section("newsCategories");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("newsCategories", i);
      const auto& o = r_.object(items[i], where);
      domain::NewsCategory c{r_.string(o, "slug", where), r_.string(o, "name", where), r_.string(o, "color", where)};
      require_new(r_, ids_.categories, c.slug, where);
      content_.insert_news_category(c);
      ids_.categories.insert(c.slug);
    }
  }

  void channels() {
    const auto& items = section("channels");
    // Parents before their children: parent_slug references channels(slug).
    std::vector<std::size_t> order(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      auto has_parent = [&](std::size_t i) {
        const auto* p = items[i].is_object() ? items[i].as_object().if_contains("parent") : nullptr;
        return p != nullptr && !p->is_null();
      };
      return !has_parent(a) && has_parent(b);
    });
    for (std::size_t i : order) {
      auto where = where_of("channels", i);
      const auto& o = r_.object(items[i], where);
      domain::Channel c;
      c.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.channels, c.slug, where);
      c.name = r_.string(o, "name", where);
      c.parent_slug = r_.optional_string(o, "parent", where);
      if (c.parent_slug) require(r_, ids_.channels, *c.parent_slug, "parent channel", where + ".parent");
      c.description = r_.string_or(o, "description", where, "");
      c.genre = r_.string_or(o, "genre", where, "");
      c.color = r_.string_or(o, "color", where, c.color);
      c.logo_url = r_.image_url(o, "logo", where);
      c.sort_order = static_cast<int>(r_.number_or(o, "sortOrder", where, static_cast<double>(i)));
      c.has_programming = r_.bool_or(o, "hasProgramming", where, true);
      c.player_mode = r_.string_or(o, "playerMode", where, "music");
      if (c.player_mode != "music" && c.player_mode != "talk") {
        r_.fail(where + ".playerMode", "'" + c.player_mode + "' is neither 'music' nor 'talk'");
      }
      c.classical = r_.bool_or(o, "classical", where, false);
      if (r_.bool_or(o, "liveVideo", where, false)) c.live_video_url = "/live/" + c.slug + "/index.m3u8";
      c.popout_url = "/popout/" + c.slug;
      station_.insert_channel(c);
      ids_.channels.insert(c.slug);
      for (const auto& broadcaster : r_.strings(o, "broadcasters", where)) {
        require(r_, ids_.broadcasters, broadcaster, "broadcaster", where + ".broadcasters");
        station_.add_channel_broadcaster(c.slug, broadcaster);
      }
    }
  }

  void songs() {
    const auto& items = section("songs");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("songs", i);
      const auto& o = r_.object(items[i], where);
      domain::Song s;
      s.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.songs, s.slug, where);
      s.title = r_.string(o, "title", where);
      s.artist = r_.string(o, "artist", where);
      s.composer = r_.optional_string(o, "composer", where);
      s.complete_work = r_.optional_string(o, "completeWork", where);
      s.ensemble = r_.optional_string(o, "ensemble", where);
      if (auto cover = r_.image_url(o, "cover", where); !cover.empty()) s.cover_url = cover;
      s.audio_path = r_.string(o, "audio", where);
      s.duration_ms = r_.timed_media(s.audio_path, where + ".audio").duration_ms;
      ids_.songs.emplace(s.slug, songs_.insert(s));
    }
  }

  void rotations() {
    const auto& items = section("channels");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("channels", i);
      const auto& o = r_.object(items[i], where);
      auto slug = r_.string(o, "slug", where);
      const auto& rotation = r_.array(o, "rotation", where);
      for (std::size_t p = 0; p < rotation.size(); ++p) {
        auto entry_where = where + ".rotation[" + std::to_string(p) + "]";
        const auto& entry = r_.object(rotation[p], entry_where);
        auto song = r_.string(entry, "song", entry_where);
        require(r_, ids_.songs, song, "song", entry_where);
        std::optional<int> chart;
        if (auto position = r_.optional_number(entry, "chartPosition", entry_where))
          chart = static_cast<int>(*position);
        station_.add_rotation_entry(slug, static_cast<int>(p) + 1, ids_.songs.at(song), chart);
      }
    }
  }

  void presenters() {
    const auto& items = section("presenters");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("presenters", i);
      const auto& o = r_.object(items[i], where);
      domain::Presenter p;
      p.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.presenters, p.slug, where);
      p.name = r_.string(o, "name", where);
      p.role = r_.string_or(o, "role", where, "Presentator");
      p.bio = r_.string_or(o, "bio", where, "");
      p.image_url = r_.image_url(o, "image", where);
      ids_.presenters.emplace(p.slug, station_.insert_presenter(p));
    }
  }

  void programmes() {
    const auto& items = section("programmes");
    // Per channel and weekday, the slots taken so far: two programmes cannot share a minute.
    std::map<std::pair<std::string, int>, std::vector<std::pair<int, int>>> taken;
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("programmes", i);
      const auto& o = r_.object(items[i], where);
      domain::Programme p;
      p.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.programmes, p.slug, where);
      p.name = r_.string(o, "name", where);
      p.channel_slug = r_.string(o, "channel", where);
      require(r_, ids_.channels, p.channel_slug, "channel", where + ".channel");
      p.summary = r_.string_or(o, "summary", where, "");
      p.description = r_.string_or(o, "description", where, "");
      p.image_url = r_.image_url(o, "image", where);
      const long long id = station_.insert_programme(p);
      ids_.programmes.emplace(p.slug, id);
      int position = 0;
      for (const auto& presenter : r_.strings(o, "presenters", where)) {
        require(r_, ids_.presenters, presenter, "presenter", where + ".presenters");
        station_.add_programme_presenter(id, ids_.presenters.at(presenter), position++);
      }
      for (const auto& broadcaster : r_.strings(o, "broadcasters", where)) {
        require(r_, ids_.broadcasters, broadcaster, "broadcaster", where + ".broadcasters");
        station_.add_programme_broadcaster(id, broadcaster);
      }
      const auto& slots = r_.array(o, "slots", where);
      for (std::size_t s = 0; s < slots.size(); ++s) {
        auto slot_where = where + ".slots[" + std::to_string(s) + "]";
        const auto& slot = r_.object(slots[s], slot_where);
        const int start = parse_clock(r_, r_.string(slot, "start", slot_where), slot_where + ".start");
        const int end = parse_clock(r_, r_.string(slot, "end", slot_where), slot_where + ".end");
        if (end <= start) r_.fail(slot_where, "ends before it starts (a slot ends at \"24:00\" at the latest)");
        const auto& days = r_.array(slot, "days", slot_where);
        if (days.empty()) r_.fail(slot_where + ".days", "no days");
        for (const auto& day : days) {
          if (!day.is_int64() || day.as_int64() < 1 || day.as_int64() > 7) {
            r_.fail(slot_where + ".days", "a day is an ISO weekday, 1 (Monday) to 7 (Sunday)");
          }
          const int weekday = static_cast<int>(day.as_int64());
          auto& used = taken[{p.channel_slug, weekday}];
          for (const auto& [other_start, other_end] : used) {
            if (start < other_end && other_start < end) {
              r_.fail(slot_where,
                      "overlaps another slot on " + p.channel_slug + " on weekday " + std::to_string(weekday));
            }
          }
          used.emplace_back(start, end);
          station_.insert_schedule_slot({0, p.channel_slug, id, weekday, start, end});
        }
      }
    }
  }

  std::optional<long long> programme_ref(const json::object& o, const std::string& where) {
    auto slug = r_.optional_string(o, "programme", where);
    if (!slug) return std::nullopt;
    require(r_, ids_.programmes, *slug, "programme", where + ".programme");
    return ids_.programmes.at(*slug);
  }

  long long time_ago(const json::object& o, const char* key, const std::string& where, double unit_seconds) {
    return now_ - static_cast<long long>(r_.number_or(o, key, where, 0) * unit_seconds);
  }

  void fragments() {
    const auto& items = section("fragments");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("fragments", i);
      const auto& o = r_.object(items[i], where);
      domain::Fragment f;
      f.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.fragments, f.slug, where);
      f.programme_id = programme_ref(o, where);
      f.title = r_.string(o, "title", where);
      f.description = r_.string_or(o, "description", where, "");
      f.image_url = r_.image_url(o, "image", where);
      f.audio_path = r_.string(o, "audio", where);
      f.duration_ms = r_.timed_media(f.audio_path, where + ".audio").duration_ms;
      f.published_at = time_ago(o, "hoursAgo", where, 3600);
      f.tags = r_.strings(o, "tags", where);
      content_.insert_fragment(f);
      ids_.fragments.insert(f.slug);
    }
  }

  void videos() {
    const auto& items = section("videos");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("videos", i);
      const auto& o = r_.object(items[i], where);
      domain::Video v;
      v.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.videos, v.slug, where);
      v.title = r_.string(o, "title", where);
      v.description = r_.string_or(o, "description", where, "");
      v.video_path = r_.string(o, "video", where);
      v.duration_ms = r_.timed_media(v.video_path, where + ".video").duration_ms;
      v.poster_url = r_.image_url(o, "poster", where);
      v.published_at = time_ago(o, "daysAgo", where, 86400);
      content_.insert_video(v);
      ids_.videos.insert(v.slug);
    }
  }

  // Article blocks are stored as given, with fragment and video blocks holding slugs (resolved on
  // read); an image block's relative media path becomes its /media/ URL like every other image.
  std::string article_body(const json::object& o, const std::string& where) {
    json::array blocks = r_.array(o, "blocks", where);
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      auto block_where = where + ".blocks[" + std::to_string(b) + "]";
      r_.object(blocks[b], block_where);
      auto& block = blocks[b].as_object();
      const auto type = r_.string(block, "type", block_where);
      if (type == "fragment") {
        require(r_, ids_.fragments, r_.string(block, "fragment", block_where), "fragment", block_where);
      } else if (type == "video") {
        require(r_, ids_.videos, r_.string(block, "video", block_where), "video", block_where);
      } else if (type == "image") {
        auto url = r_.string(block, "url", block_where);
        if (!url.starts_with("/") && url.find("://") == std::string::npos)
          block["url"] = r_.image_url(block, "url", block_where);
      } else if (type != "paragraph" && type != "heading" && type != "quote" && type != "social") {
        r_.fail(block_where + ".type", "unknown block type '" + type + "'");
      }
    }
    return json::serialize(blocks);
  }

  void articles() {
    const auto& items = section("articles");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("articles", i);
      const auto& o = r_.object(items[i], where);
      domain::Article a;
      a.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.articles, a.slug, where);
      a.category_slug = r_.string(o, "category", where);
      require(r_, ids_.categories, a.category_slug, "news category", where + ".category");
      a.programme_id = programme_ref(o, where);
      a.title = r_.string(o, "title", where);
      a.intro = r_.string_or(o, "intro", where, "");
      a.author = r_.string_or(o, "author", where, "");
      a.image_url = r_.image_url(o, "image", where);
      a.published_at = time_ago(o, "hoursAgo", where, 3600);
      // A live story's coverage runs for the hours the demo gives it from its publication.
      if (auto hours = r_.optional_number(o, "liveForHours", where)) {
        a.live_until = a.published_at + static_cast<long long>(*hours * 3600);
      }
      a.tags = r_.strings(o, "tags", where);
      a.body_json = article_body(o, where);
      content_.insert_article(a);
      ids_.articles.insert(a.slug);
    }
  }

  void podcasts() {
    const auto& items = section("podcasts");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("podcasts", i);
      const auto& o = r_.object(items[i], where);
      domain::PodcastFeed f;
      f.slug = r_.string(o, "slug", where);
      require_new(r_, ids_.feeds, f.slug, where);
      f.title = r_.string(o, "title", where);
      f.description = r_.string_or(o, "description", where, "");
      f.author = r_.string_or(o, "author", where, "");
      f.image_url = r_.image_url(o, "image", where);
      f.category = r_.string_or(o, "category", where, "");
      const long long feed_id = content_.insert_podcast_feed(f);
      ids_.feeds.insert(f.slug);
      const auto& episodes = r_.array(o, "episodes", where);
      std::set<std::string> episode_slugs;
      for (std::size_t e = 0; e < episodes.size(); ++e) {
        auto episode_where = where + ".episodes[" + std::to_string(e) + "]";
        const auto& eo = r_.object(episodes[e], episode_where);
        domain::PodcastEpisode ep;
        ep.feed_id = feed_id;
        ep.slug = r_.string(eo, "slug", episode_where);
        require_new(r_, episode_slugs, ep.slug, episode_where);
        episode_slugs.insert(ep.slug);
        ep.title = r_.string(eo, "title", episode_where);
        ep.description = r_.string_or(eo, "description", episode_where, "");
        ep.image_url = r_.image_url(eo, "image", episode_where);
        if (ep.image_url.empty()) ep.image_url = f.image_url;
        ep.audio_path = r_.string(eo, "audio", episode_where);
        const auto& media = r_.timed_media(ep.audio_path, episode_where + ".audio");
        if (media.bytes <= 0)
          r_.fail(episode_where + ".audio", "media file '" + ep.audio_path + "' has no size in the manifest");
        ep.duration_ms = media.duration_ms;
        ep.byte_length = media.bytes;
        ep.published_at = time_ago(eo, "daysAgo", episode_where, 86400);
        content_.insert_podcast_episode(ep);
      }
    }
  }

  void bulletins() {
    const auto& items = section("bulletins");
    const long long last_hour = now_ - now_ % 3600;
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("bulletins", i);
      const auto& o = r_.object(items[i], where);
      domain::Bulletin b;
      b.title = r_.string(o, "title", where);
      b.audio_path = r_.string(o, "audio", where);
      b.duration_ms = r_.timed_media(b.audio_path, where + ".audio").duration_ms;
      // A bulletin that says its hour ("Het nieuws van acht uur", "at": "08:00") is published at the
      // last such time in Amsterdam, so what a listener hears matches when it was made (issue 39).
      b.published_at = o.contains("at") ? latest_local_time(minute_of(o, "at", where))
                                        : last_hour - static_cast<long long>(i) * 3600;
      content_.insert_bulletin(b);
    }
  }

  void check_items(const json::object& block, const std::string& where, const std::set<std::string>& known,
                   const std::string& what) {
    for (const auto& item : r_.strings(block, "items", where)) require(r_, known, item, what, where + ".items");
  }

  void content_pages() {
    const auto& items = section("contentPages");
    std::set<std::pair<std::string, std::string>> seen;
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("contentPages", i);
      const auto& o = r_.object(items[i], where);
      domain::ContentPage p;
      p.kind = r_.string(o, "kind", where);
      if (p.kind != "thema" && p.kind != "overzicht")
        r_.fail(where + ".kind", "'" + p.kind + "' is neither 'thema' nor 'overzicht'");
      p.slug = r_.string(o, "slug", where);
      if (!seen.insert({p.kind, p.slug}).second) r_.fail(where, "duplicate slug '" + p.slug + "'");
      p.title = r_.string(o, "title", where);
      p.description = r_.string_or(o, "description", where, "");
      p.published = r_.bool_or(o, "published", where, true);
      const auto& blocks = r_.array(o, "blocks", where);
      for (std::size_t b = 0; b < blocks.size(); ++b) {
        auto block_where = where + ".blocks[" + std::to_string(b) + "]";
        const auto& block = r_.object(blocks[b], block_where);
        const auto type = r_.string(block, "type", block_where);
        if (type == "fragments") {
          check_items(block, block_where, ids_.fragments, "fragment");
        } else if (type == "articles") {
          check_items(block, block_where, ids_.articles, "article");
        } else if (type == "podcasts") {
          check_items(block, block_where, ids_.feeds, "podcast feed");
        } else if (type == "radio") {
          require(r_, ids_.channels, r_.string(block, "channel", block_where), "channel", block_where + ".channel");
        } else if (type == "hero") {
          r_.image_url(block, "image", block_where);
        } else if (type == "tiles") {
          const auto& tiles = r_.array(block, "items", block_where);
          for (std::size_t t = 0; t < tiles.size(); ++t) {
            auto tile_where = block_where + ".items[" + std::to_string(t) + "]";
            r_.image_url(r_.object(tiles[t], tile_where), "image", tile_where);
          }
        } else if (type != "text") {
          r_.fail(block_where + ".type", "unknown block type '" + type + "'");
        }
      }
      p.blocks_json = json::serialize(blocks);
      content_.insert_content_page(p);
    }
  }

  void event_modal() {
    const auto& items = section("eventModal");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("eventModal", i);
      const auto& o = r_.object(items[i], where);
      domain::EventModalBlock b;
      b.published = r_.bool_or(o, "published", where, false);
      b.title = r_.string(o, "title", where);
      b.description = r_.string_or(o, "description", where, "");
      b.related_url = r_.string_or(o, "relatedUrl", where, "");
      b.related_url_text = r_.string_or(o, "relatedUrlText", where, "");
      b.background_image_url = r_.image_url(o, "backgroundImage", where);
      b.logo_url = r_.image_url(o, "logo", where);
      b.sort_order = static_cast<int>(i);
      if (const auto* clock = o.if_contains("countClock"); clock != nullptr && !clock->is_null()) {
        auto clock_where = where + ".countClock";
        const auto& c = r_.object(*clock, clock_where);
        b.count_clock_type = r_.string(c, "type", clock_where);
        static const std::set<std::string> types{"cms_countclock_countdown", "cms_countclock_countup",
                                                 "cms_article_body_unknown_item"};
        require(r_, types, *b.count_clock_type, "count clock type", clock_where + ".type");
        b.count_clock_caption = r_.optional_string(c, "caption", clock_where);
        if (auto days = r_.optional_number(c, "startDays", clock_where))
          b.count_clock_start = now_ + static_cast<long long>(*days * 86400);
        if (auto days = r_.optional_number(c, "endDays", clock_where))
          b.count_clock_end = now_ + static_cast<long long>(*days * 86400);
      }
      content_.insert_event_modal_block(b);
    }
  }

  // The last instant at or before now that is `minute` after midnight in Amsterdam.
  long long latest_local_time(int minute) const {
    const auto today = domain::local_date(now_);
    const long long at = domain::local_to_unix(today, minute);
    return at <= now_ ? at : domain::local_to_unix(domain::add_days(today, -1), minute);
  }

  // "02:00" as minutes after midnight.
  int minute_of(const json::object& o, const char* key, const std::string& where) const {
    const auto text = r_.string(o, key, where);
    if (text.size() != 5 || text[2] != ':' || !std::isdigit(static_cast<unsigned char>(text[0])) ||
        !std::isdigit(static_cast<unsigned char>(text[1])) || !std::isdigit(static_cast<unsigned char>(text[3])) ||
        !std::isdigit(static_cast<unsigned char>(text[4]))) {
      r_.fail(where + "." + key, "expected HH:MM");
    }
    return std::stoi(text.substr(0, 2)) * 60 + std::stoi(text.substr(3, 2));
  }

  void maintenance() {
    const auto& items = section("maintenanceNotifications");
    for (std::size_t i = 0; i < items.size(); ++i) {
      auto where = where_of("maintenanceNotifications", i);
      const auto& o = r_.object(items[i], where);
      domain::MaintenanceNotification n;
      n.title = r_.string(o, "title", where);
      n.description = r_.string_or(o, "description", where, "");
      n.url = r_.optional_string(o, "url", where);
      n.is_dismissable = r_.bool_or(o, "isDismissable", where, true);
      n.active = r_.bool_or(o, "active", where, true);
      // A weekly maintenance window: the notice names the next one's date ("{date}" in its text)
      // and is shown until that window ends, not on the days after it.
      if (const auto* window = o.if_contains("window"); window != nullptr && !window->is_null()) {
        const auto& w = r_.object(*window, where + ".window");
        const auto weekday = static_cast<int>(r_.number_or(w, "weekday", where + ".window", 0));
        if (weekday < 1 || weekday > 7) r_.fail(where + ".window.weekday", "expected 1 (Monday) to 7 (Sunday)");
        const auto next = domain::next_weekly_window(now_, weekday, minute_of(w, "from", where + ".window"),
                                                     minute_of(w, "until", where + ".window"));
        auto day = domain::dutch_long_date(domain::local_date(next.start));
        day = day.substr(0, day.rfind(' '));
        if (auto at = n.description.find("{date}"); at != std::string::npos) n.description.replace(at, 6, day);
        n.unpublish_at = next.end;
      }
      content_.insert_maintenance_notification(n);
    }
  }

  const Reader& r_;
  const json::object& root_;
  long long now_;
  store::StationRepository station_;
  store::SongRepository songs_;
  store::ContentRepository content_;
  Ids ids_;
};

}  // namespace

bool seed_demo_station_if_empty(store::Database& db, const std::filesystem::path& seed_file,
                                const std::filesystem::path& media_dir, std::chrono::system_clock::time_point now) {
  auto session = db.lease();
  if (store::SettingsRepository(*session).get(kSeededSetting)) return false;

  json::value root = load_json(seed_file);
  if (!root.is_object()) throw SeedError("demo seed " + seed_file.string() + ": expected a JSON object");
  Reader reader(seed_file.string(), load_manifest(media_dir), media_dir);

  store::Transaction tx(*session);
  Seeder(reader, root.as_object(), *session, domain::to_unix(now)).run();
  store::SettingsRepository(*session).set(kSeededSetting, domain::format_iso_utc(domain::to_unix(now)));
  tx.commit();
  spdlog::info("seed: wrote the demo station from {}", seed_file.string());
  return true;
}

}  // namespace ether::seed
