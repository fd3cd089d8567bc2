#include "pages/search_documents.hpp"

#include <boost/json.hpp>
#include <unordered_map>

#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/queries/catalog.hpp"
#include "pages/queries/rows.hpp"
#include "pages/route_builder.hpp"
#include "store/publication.hpp"

namespace ether::pages {
namespace json = boost::json;
namespace {

std::string field(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::string joined_strings(const json::value* value) {
  std::string out;
  if (value == nullptr || !value->is_array()) return out;
  for (const auto& item : value->as_array()) {
    if (!item.is_string()) continue;
    if (!out.empty()) out += ", ";
    out += item.as_string();
  }
  return out;
}

// The words of an article body: the text of its paragraphs, headings, quotes and captions.
void collect_text(const json::value& value, std::string& out) {
  if (value.is_array()) {
    for (const auto& item : value.as_array()) collect_text(item, out);
    return;
  }
  if (!value.is_object()) return;
  for (const auto& [key, item] : value.as_object()) {
    if (item.is_string() && (key == "text" || key == "caption" || key == "cite" || key == "alt")) {
      out += item.as_string();
      out.push_back('\n');
    } else if (item.is_array()) {
      collect_text(item, out);
    }
  }
}

std::string body_text(const std::string& body_json) {
  std::string out;
  boost::system::error_code error;
  auto value = json::parse(body_json, error);
  if (!error) collect_text(value, out);
  return out;
}

}  // namespace

search::Corpus search_corpus(store::Database& db, const std::string& default_channel, std::int64_t now) {
  queries::Catalog catalog(db, RouteContext{amsterdam_date(now), default_channel}, now);
  search::Corpus corpus;
  corpus.now = now;
  auto& docs = corpus.documents;

  std::unordered_map<std::int64_t, std::string> presenter_names;
  for (const auto& p : catalog.presenters()) {
    presenter_names[p.id] = p.name;
    docs.push_back({"presentator", p.name, p.role, routes::presenter(p.slug), p.image_url, {}, p.role, p.bio, 0});
  }
  for (const auto& p : catalog.programmes()) {
    std::string names;
    for (auto id : p.presenter_ids) {
      if (!names.empty()) names += ", ";
      names += presenter_names[id];
    }
    docs.push_back({"programma", p.name, p.summary, routes::programme(p.slug),
                    p.image_url.empty() ? "/images/unknown_programme.webp" : p.image_url, names, p.summary,
                    p.description, 0});
  }

  struct Extra {
    std::string author, body;
    std::int64_t published_at = 0;
  };
  std::unordered_map<std::int64_t, Extra> articles;
  queries::for_each_row(catalog.session(), "SELECT id, author, body_json, published_at FROM articles", {},
                        [&](const soci::row& row) {
                          articles[queries::int_at(row, 0)] = {
                              queries::text_at(row, 1), body_text(queries::text_at(row, 2)), queries::int_at(row, 3)};
                        });
  for (const auto& card : catalog.article_cards({}, 0, 0).items) {
    const auto& a = card.get_object();
    const auto& extra = articles[a.at("id").as_int64()];
    auto names = extra.author;
    if (auto tags = joined_strings(a.if_contains("tags")); !tags.empty()) names += (names.empty() ? "" : ", ") + tags;
    docs.push_back({"artikel", field(a, "title"), field(a, "intro"), catalog.article_url(a), field(a, "imageUrl"),
                    names, field(a, "intro"), extra.body, extra.published_at});
  }

  std::unordered_map<std::int64_t, std::int64_t> fragment_dates;
  queries::for_each_row(catalog.session(), "SELECT id, published_at FROM fragments", {}, [&](const soci::row& row) {
    fragment_dates[queries::int_at(row, 0)] = queries::int_at(row, 1);
  });
  for (const auto& item : catalog.fragments({}, 0, 0).items) {
    const auto& f = item.get_object();
    std::string names;
    if (const auto* programme = f.if_contains("programme"); programme && programme->is_object()) {
      names = field(programme->as_object(), "name");
    }
    if (auto tags = joined_strings(f.if_contains("tags")); !tags.empty()) names += (names.empty() ? "" : ", ") + tags;
    docs.push_back({"fragment",
                    field(f, "title"),
                    field(f, "description"),
                    catalog.fragment_url(f),
                    field(f, "imageUrl"),
                    names,
                    field(f, "description"),
                    {},
                    fragment_dates[f.at("id").as_int64()]});
  }

  for (const auto& item : catalog.podcast_feeds()) {
    const auto& feed = item.get_object();
    auto feed_slug = field(feed, "slug");
    auto feed_title = field(feed, "title");
    docs.push_back({"podcast",
                    feed_title,
                    field(feed, "description"),
                    routes::podcast(feed_slug),
                    field(feed, "imageUrl"),
                    field(feed, "author"),
                    field(feed, "description"),
                    {},
                    0});
    for (const auto& episode_value : catalog.podcast_episodes(feed_slug)) {
      const auto& e = episode_value.get_object();
      docs.push_back({"aflevering",
                      field(e, "title"),
                      feed_title,
                      routes::podcast_episode(feed_slug, e.at("id").as_int64(), field(e, "slug")),
                      field(e, "imageUrl"),
                      feed_title,
                      field(e, "description"),
                      {},
                      0});
    }
  }

  // A song is found once it was played, and links to its own page (routes::track). One grouped pass
  // over the plays: a subquery per song costs a scan of track_plays each.
  queries::for_each_row(catalog.session(),
                        "SELECT s.title, s.artist, s.cover_url, s.slug, s.composer, s.ensemble, s.complete_work, s.id "
                        "FROM songs s JOIN (SELECT song_id FROM track_plays WHERE starts_at <= " +
                            std::to_string(now) + " AND " + store::play_shown("") +
                            " GROUP BY song_id) l ON l.song_id = s.id "
                            "ORDER BY s.title, s.id",
                        {}, [&](const soci::row& row) {
                          std::string names = queries::text_at(row, 1);
                          for (std::size_t column : {4, 5}) {
                            if (auto extra = queries::text_at(row, column); !extra.empty()) names += ", " + extra;
                          }
                          docs.push_back({"track",
                                          queries::text_at(row, 0),
                                          queries::text_at(row, 1),
                                          routes::track(queries::int_at(row, 7), queries::text_at(row, 3)),
                                          safe_url(queries::text_at(row, 2)),
                                          names,
                                          queries::text_at(row, 6),
                                          {},
                                          0});
                        });
  return corpus;
}

std::string search_fingerprint(store::Database& db, std::int64_t now) {
  std::string fingerprint = iso_date(amsterdam_date(now));
  auto append = [&fingerprint](const soci::row& row) {
    fingerprint += '|';
    fingerprint += std::to_string(queries::int_at(row, 0));
    fingerprint += ':';
    fingerprint += std::to_string(queries::int_at(row, 1));
  };
  auto lease = db.lease();
  // Row counts, text lengths and the sum of the rows' versions (every admin save raises one), the
  // store's content version, and which dated items are on the site now (a scheduled publication
  // or unpublication passing changes the visible set without any write).
  static constexpr const char* kTableSummaries[] = {
      // NOLINTNEXTLINE(bugprone-suspicious-missing-comma): one statement on two lines
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(name) + LENGTH(summary) + LENGTH(description) + version), 0) "
      "FROM programmes",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(name) + LENGTH(role) + LENGTH(bio) + version), 0) FROM presenters",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(title) + LENGTH(intro) + LENGTH(body_json) + version), 0) FROM articles",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(title) + LENGTH(description) + version), 0) FROM fragments",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(title) + LENGTH(description) + version), 0) FROM podcast_feeds",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(title) + LENGTH(description) + version), 0) FROM podcast_episodes",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(title) + LENGTH(artist)), 0) FROM songs",
      "SELECT COUNT(*), COALESCE(SUM(position), 0) FROM programme_presenters",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(tag)), 0) FROM article_tags",
      "SELECT COUNT(*), COALESCE(SUM(LENGTH(tag)), 0) FROM fragment_tags",
      "SELECT COUNT(*), COALESCE(MAX(version), 0) FROM content_state"};
  for (const auto* sql : kTableSummaries) queries::for_each_row(*lease, sql, {}, append);
  for (const auto* table : {"articles", "fragments", "podcast_episodes"}) {
    queries::for_each_row(
        *lease,
        std::string("SELECT COUNT(*), COALESCE(SUM(id), 0) FROM ") + table + " WHERE " + store::dated_visible("", now),
        {}, append);
  }
  queries::for_each_row(*lease,
                        "SELECT COUNT(*), COALESCE(MAX(starts_at), 0) FROM track_plays WHERE starts_at <= " +
                            std::to_string(now) + " AND starts_at > " + std::to_string(now - 86400),
                        {}, append);
  return fingerprint;
}

}  // namespace ether::pages
