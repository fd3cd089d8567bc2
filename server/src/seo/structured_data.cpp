#include "seo/structured_data.hpp"

#include "media/stored_files.hpp"
#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "seo/seo_routes.hpp"

namespace ether::seo {
namespace json = boost::json;
namespace {

const json::object kEmpty;
const json::array kNone;

const json::object& object_at(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_object() ? value->get_object() : kEmpty;
}

const json::array& array_at(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_array() ? value->get_array() : kNone;
}

std::string text_at(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::int64_t int_at(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_int64() ? value->get_int64() : 0;
}

// ISO 8601 duration of schema.org: "PT1H2M3S".
std::string iso_duration(std::int64_t seconds) {
  if (seconds < 0) seconds = 0;
  std::string out = "PT";
  if (seconds >= 3600) out += std::to_string(seconds / 3600) + "H";
  if (seconds % 3600 >= 60) out += std::to_string(seconds % 3600 / 60) + "M";
  if (seconds % 60 != 0 || seconds == 0) out += std::to_string(seconds % 60) + "S";
  return out;
}

class Builder {
 public:
  Builder(const pages::PageResult& page, const json::object& site, std::string_view base_url)
      : page_(page), base_(base_url), site_name_(text_at(site, "name")) {
    while (!base_.empty() && base_.back() == '/') base_.pop_back();
    if (site_name_.empty()) site_name_ = "Ether";
  }

  json::array build() {
    if (page_.status != 200) return {};
    const auto& d = page_.data;
    const auto& route = page_.route;
    // A page whose main entity is missing from its data describes nothing.
    for (const auto& [kind, key] : {std::pair<std::string_view, std::string_view>{"artikel", "article"},
                                    {"programma", "programme"},
                                    {"uitzending", "broadcast"},
                                    {"uitzendinguur", "broadcast"},
                                    {"podcast", "feed"},
                                    {"podcast-aflevering", "episode"},
                                    {"presentator", "presenter"},
                                    {"live", "onAir"}}) {
      if (route == kind && object_at(d, key).empty()) return {};
    }
    if (route == "home") {
      nodes_.push_back(station());
      for (const auto& on_air : array_at(d, "channels")) {
        if (on_air.is_object()) nodes_.push_back(channel(object_at(on_air.get_object(), "channel")));
      }
    } else if (route == "live") {
      const auto& on_air = object_at(d, "onAir");
      nodes_.push_back(station());
      nodes_.push_back(channel(object_at(on_air, "channel")));
      if (auto* broadcast = on_air.if_contains("broadcast"); broadcast && broadcast->is_object()) {
        auto event = broadcast_event(broadcast->get_object());
        event["isLiveBroadcast"] = true;
        nodes_.push_back(std::move(event));
      }
      breadcrumbs({{"Kijk live", canonical()}});
    } else if (route == "programma") {
      nodes_.push_back(radio_series(d));
      breadcrumbs(
          {{"Programma's", pages::routes::programmes()}, {text_at(object_at(d, "programme"), "name"), canonical()}});
    } else if (route == "gids") {
      for (const auto& b : array_at(d, "broadcasts")) {
        if (b.is_object()) nodes_.push_back(broadcast_event(b.get_object()));
      }
      breadcrumbs({{"Gids", canonical()}});
    } else if (route == "uitzending") {
      nodes_.push_back(broadcast_event(object_at(d, "broadcast")));
      breadcrumbs({{"Uitzending gemist", pages::routes::broadcasts()},
                   {text_at(object_at(d, "broadcast"), "title"), canonical()}});
    } else if (route == "uitzendinguur") {
      nodes_.push_back(broadcast_event(object_at(d, "broadcast")));
      // The whole broadcast's page is the hour's page without its last segment.
      const auto hour_url = text_at(object_at(d, "hour"), "url");
      breadcrumbs({{"Uitzending gemist", pages::routes::broadcasts()},
                   {text_at(object_at(d, "broadcast"), "title"), hour_url.substr(0, hour_url.rfind('/'))},
                   {text_at(object_at(d, "hour"), "label"), canonical()}});
    } else if (route == "artikel") {
      const auto& article = object_at(d, "article");
      const auto& category = object_at(article, "category");
      nodes_.push_back(news_article(article));
      breadcrumbs({{"Nieuws", pages::routes::news()},
                   {text_at(category, "name"), pages::routes::news(text_at(category, "slug"))},
                   {text_at(article, "title"), canonical()}});
    } else if (route == "podcasts") {
      for (const auto& feed : array_at(d, "feeds")) {
        if (feed.is_object()) nodes_.push_back(podcast_series(feed.get_object()));
      }
      breadcrumbs({{"Podcasts", canonical()}});
    } else if (route == "podcast") {
      const auto& feed = object_at(d, "feed");
      auto series = podcast_series(feed);
      const auto series_id = text_at(series, "@id");
      nodes_.push_back(std::move(series));
      for (const auto& e : array_at(d, "episodes")) {
        if (e.is_object()) nodes_.push_back(podcast_episode(e.get_object(), series_id));
      }
      breadcrumbs({{"Podcasts", pages::routes::podcasts()}, {text_at(feed, "title"), canonical()}});
    } else if (route == "podcast-aflevering") {
      const auto& feed = object_at(d, "feed");
      const auto& episode = object_at(d, "episode");
      auto series = podcast_series(feed);
      const auto series_id = text_at(series, "@id");
      nodes_.push_back(std::move(series));
      nodes_.push_back(podcast_episode(episode, series_id));
      breadcrumbs({{"Podcasts", pages::routes::podcasts()},
                   {text_at(feed, "title"), pages::routes::podcast(text_at(feed, "slug"))},
                   {text_at(episode, "title"), canonical()}});
    } else if (route == "videos") {
      for (const auto& v : array_at(d, "videos")) {
        if (v.is_object()) nodes_.push_back(video(v.get_object()));
      }
      breadcrumbs({{"Video's", canonical()}});
    } else if (route == "presentator") {
      const auto& p = object_at(d, "presenter");
      nodes_.push_back(json::object{{"@type", "Person"},
                                    {"name", text_at(p, "name")},
                                    {"jobTitle", text_at(p, "role")},
                                    {"description", text_at(p, "bio")},
                                    {"image", absolute_media(text_at(p, "imageUrl"), {1040, 1040})},
                                    {"url", absolute(canonical())},
                                    {"worksFor", station_ref()}});
      breadcrumbs({{"Presentatoren", pages::routes::presenters()}, {text_at(p, "name"), canonical()}});
    }
    return std::move(nodes_);
  }

 private:
  std::string absolute(std::string_view url) const {
    if (url.empty() || url.starts_with("http://") || url.starts_with("https://")) return std::string(url);
    return base_ + (url.front() == '/' ? "" : "/") + std::string(url);
  }

  // Image, audio and video URLs come from the store through the page data, which applies safe_url
  // already; JSON-LD applies it again so that it never names another scheme or a "//host". A media
  // library image ('{format}' in its URL) is named at `size`, one of its §9 sizes.
  std::string absolute_media(std::string_view stored_url, media::VariantSize size = {1280, 720}) const {
    auto url = media::sized_image_url(pages::safe_url(stored_url), size);
    return url.starts_with("mailto:") ? std::string() : absolute(url);
  }

  std::string canonical() const { return page_.canonical_path; }

  std::string station_id() const { return base_ + "/#station"; }

  json::object station_ref() const { return json::object{{"@id", station_id()}}; }

  json::object station() const {
    return json::object{{"@type", "RadioStation"},
                        {"@id", station_id()},
                        {"name", site_name_},
                        {"url", base_ + "/"},
                        {"logo", base_ + "/favicon.svg"}};
  }

  json::object broadcast_service(const json::object& channel_ref) const {
    const auto slug = text_at(channel_ref, "slug");
    return json::object{{"@type", "BroadcastService"},
                        {"@id", base_ + "/#service-" + slug},
                        {"name", text_at(channel_ref, "name")},
                        {"broadcastDisplayName", text_at(channel_ref, "name")},
                        {"inLanguage", "nl"},
                        {"broadcaster", station_ref()}};
  }

  json::object channel(const json::object& summary) const {
    const auto slug = text_at(summary, "slug");
    json::object node{{"@type", "RadioChannel"},          {"@id", base_ + "/#channel-" + slug},
                      {"name", text_at(summary, "name")}, {"broadcastChannelId", slug},
                      {"broadcastServiceTier", "Online"}, {"providesBroadcastService", broadcast_service(summary)}};
    if (auto description = text_at(summary, "description"); !description.empty()) node["description"] = description;
    return node;
  }

  json::object broadcast_event(const json::object& b) const {
    json::object node{{"@type", "BroadcastEvent"},
                      {"name", text_at(b, "title")},
                      {"startDate", text_at(b, "from")},
                      {"endDate", text_at(b, "until")},
                      {"isLiveBroadcast", true},
                      {"inLanguage", "nl"},
                      {"publishedOn", broadcast_service(object_at(b, "channel"))}};
    if (auto image = text_at(b, "imageUrl"); !image.empty()) node["image"] = absolute_media(image);
    const auto& programme = object_at(b, "programme");
    if (!programme.empty()) {
      node["workPerformed"] = json::object{{"@type", "RadioSeries"},
                                           {"name", text_at(programme, "name")},
                                           {"url", absolute(pages::routes::programme(text_at(programme, "slug")))}};
    }
    json::array performers;
    for (const auto& p : array_at(b, "presenters")) {
      if (p.is_object()) performers.push_back(person(p.get_object()));
    }
    if (!performers.empty()) node["performer"] = std::move(performers);
    return node;
  }

  json::object person(const json::object& ref) const {
    return json::object{{"@type", "Person"},
                        {"name", text_at(ref, "name")},
                        {"url", absolute(pages::routes::presenter(text_at(ref, "slug")))}};
  }

  json::object radio_series(const json::object& d) const {
    const auto& p = object_at(d, "programme");
    json::array actors;
    for (const auto& presenter : array_at(d, "presenters")) {
      if (presenter.is_object()) actors.push_back(person(presenter.get_object()));
    }
    json::object node{
        {"@type", "RadioSeries"},
        {"name", text_at(p, "name")},
        {"description", text_at(p, "description").empty() ? text_at(p, "summary") : text_at(p, "description")},
        {"url", absolute(canonical())},
        {"image", absolute_media(text_at(p, "imageUrl"))},
        {"inLanguage", "nl"},
        {"productionCompany", station_ref()}};
    if (!actors.empty()) node["actor"] = std::move(actors);
    const auto& channel_ref = object_at(p, "channel");
    if (!channel_ref.empty()) node["publisher"] = broadcast_service(channel_ref);
    return node;
  }

  json::object news_article(const json::object& a) const {
    json::object node{
        {"@type", "NewsArticle"},
        {"headline", text_at(a, "title")},
        {"description", text_at(a, "intro")},
        {"datePublished", text_at(a, "publishedAt")},
        {"dateModified", text_at(a, "publishedAt")},
        {"inLanguage", "nl"},
        {"articleSection", text_at(object_at(a, "category"), "name")},
        {"mainEntityOfPage", absolute(canonical())},
        {"url", absolute(canonical())},
        {"publisher", json::object{{"@type", "Organization"},
                                   {"@id", station_id()},
                                   {"name", site_name_},
                                   {"logo", json::object{{"@type", "ImageObject"}, {"url", base_ + "/favicon.svg"}}}}}};
    if (auto image = text_at(a, "imageUrl"); !image.empty()) node["image"] = json::array{absolute_media(image)};
    auto author = text_at(a, "author");
    node["author"] = author.empty() ? json::value(json::object{{"@type", "Organization"}, {"name", site_name_}})
                                    : json::value(json::object{{"@type", "Person"}, {"name", author}});
    json::array keywords;
    for (const auto& tag : array_at(a, "tags")) {
      if (tag.is_string()) keywords.push_back(tag);
    }
    if (!keywords.empty()) node["keywords"] = std::move(keywords);
    return node;
  }

  json::object podcast_series(const json::object& feed) const {
    const auto slug = text_at(feed, "slug");
    const auto url = absolute(pages::routes::podcast(slug));
    return json::object{{"@type", "PodcastSeries"},
                        {"@id", url + "#series"},
                        {"name", text_at(feed, "title")},
                        {"description", text_at(feed, "description")},
                        {"url", url},
                        {"image", absolute_media(text_at(feed, "imageUrl"))},
                        {"inLanguage", "nl"},
                        {"webFeed", absolute(podcast_feed_path(slug))},
                        {"author", json::object{{"@type", "Organization"}, {"name", text_at(feed, "author")}}},
                        {"publisher", station_ref()}};
  }

  json::object podcast_episode(const json::object& e, const std::string& series_id) const {
    const auto url =
        absolute(pages::routes::podcast_episode(text_at(e, "feedSlug"), int_at(e, "id"), text_at(e, "slug")));
    const auto duration = iso_duration(int_at(e, "durationSeconds"));
    return json::object{{"@type", "PodcastEpisode"},
                        {"name", text_at(e, "title")},
                        {"description", text_at(e, "description")},
                        {"url", url},
                        {"datePublished", text_at(e, "publishedAt")},
                        {"timeRequired", duration},
                        {"image", absolute_media(text_at(e, "imageUrl"))},
                        {"inLanguage", "nl"},
                        {"partOfSeries", json::object{{"@id", series_id}}},
                        {"associatedMedia", json::object{{"@type", "AudioObject"},
                                                         {"contentUrl", absolute_media(text_at(e, "audioUrl"))},
                                                         {"encodingFormat", "audio/mpeg"},
                                                         {"duration", duration}}}};
  }

  json::object video(const json::object& v) const {
    json::object node{
        {"@type", "VideoObject"},
        {"name", text_at(v, "title")},
        {"description", text_at(v, "description").empty() ? text_at(v, "title") : text_at(v, "description")},
        {"uploadDate", text_at(v, "publishedAt")},
        {"duration", iso_duration(int_at(v, "durationSeconds"))},
        {"contentUrl", absolute_media(text_at(v, "videoUrl"))},
        {"inLanguage", "nl"}};
    if (auto poster = text_at(v, "posterUrl"); !poster.empty()) node["thumbnailUrl"] = absolute_media(poster);
    return node;
  }

  // Home, then the given (name, path) steps; the last is the page itself.
  void breadcrumbs(const std::vector<std::pair<std::string, std::string>>& steps) {
    json::array items{json::object{
        {"@type", "ListItem"}, {"position", 1}, {"name", "Home"}, {"item", absolute(pages::routes::home())}}};
    for (const auto& [name, path] : steps) {
      if (name.empty()) continue;
      items.push_back(json::object{{"@type", "ListItem"},
                                   {"position", static_cast<std::int64_t>(items.size() + 1)},
                                   {"name", name},
                                   {"item", absolute(path)}});
    }
    nodes_.push_back(json::object{{"@type", "BreadcrumbList"}, {"itemListElement", std::move(items)}});
  }

  const pages::PageResult& page_;
  std::string base_;
  std::string site_name_;
  json::array nodes_;
};

}  // namespace

json::array structured_data(const pages::PageResult& page, const json::object& site, std::string_view base_url) {
  return Builder(page, site, base_url).build();
}

json::object json_ld_document(json::array nodes) {
  return json::object{{"@context", "https://schema.org"}, {"@graph", std::move(nodes)}};
}

std::vector<AlternateFeed> alternate_feeds(const pages::PageResult& page, std::string_view base_url) {
  if (page.status != 200 || (page.route != "podcast" && page.route != "podcast-aflevering")) return {};
  const auto& feed = object_at(page.data, "feed");
  const auto slug = text_at(feed, "slug");
  if (slug.empty()) return {};
  std::string base(base_url);
  while (!base.empty() && base.back() == '/') base.pop_back();
  return {AlternateFeed{text_at(feed, "title") + " (RSS)", base + podcast_feed_path(slug)}};
}

}  // namespace ether::seo
