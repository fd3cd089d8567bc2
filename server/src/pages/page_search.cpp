#include "pages/page_search.hpp"

#include <algorithm>

#include "pages/queries/rows.hpp"
#include "pages/text_fold.hpp"

namespace ether::pages {
namespace json = boost::json;
namespace {

struct Candidate {
  std::string title, text, url, image_url;
  bool match_text = true;  // false when the text only describes where the hit belongs
};

struct Group {
  const char* type;
  const char* label;
  std::vector<Candidate> candidates;
};

// 0: the title starts with the term, 1: the title contains it, 2: only the text does; -1: no match.
int rank(const Candidate& candidate, const std::string& folded_term) {
  auto title = fold_text(candidate.title);
  auto position = title.find(folded_term);
  if (position == 0) return 0;
  if (position != std::string::npos) return 1;
  if (candidate.match_text && fold_text(candidate.text).find(folded_term) != std::string::npos) return 2;
  return -1;
}

json::object group_json(const Group& group, const std::string& folded_term) {
  std::vector<std::pair<int, const Candidate*>> matches;
  for (const auto& candidate : group.candidates) {
    if (int r = rank(candidate, folded_term); r >= 0) matches.emplace_back(r, &candidate);
  }
  std::stable_sort(matches.begin(), matches.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  json::array hits;
  for (std::size_t i = 0; i < matches.size() && i < kSearchHitsPerGroup; ++i) {
    const auto& c = *matches[i].second;
    hits.push_back(json::object{
        {"type", group.type}, {"title", c.title}, {"text", c.text}, {"url", c.url}, {"imageUrl", c.image_url}});
  }
  return json::object{{"type", group.type},
                      {"label", group.label},
                      {"total", static_cast<std::int64_t>(matches.size())},
                      {"hits", std::move(hits)}};
}

std::string field(const json::object& object, std::string_view key) {
  auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

}  // namespace

json::object search_data(queries::Catalog& catalog, std::string_view term) {
  std::string trimmed(term);
  trimmed.erase(0, trimmed.find_first_not_of(" \t\r\n"));
  trimmed.erase(trimmed.find_last_not_of(" \t\r\n") + 1);
  json::array groups;
  auto folded_term = fold_text(trimmed);
  if (folded_term.empty()) return json::object{{"term", trimmed}, {"groups", std::move(groups)}};

  // Demo-scale first version: candidate rows are loaded and filtered here, not by SQL collations.
  Group programmes{"programma", "Programma's", {}};
  for (const auto& p : catalog.programmes()) {
    programmes.candidates.push_back({p.name, p.summary, routes::programme(p.slug),
                                     p.image_url.empty() ? "/images/unknown_programme.webp" : p.image_url});
  }
  Group presenters{"presentator", "Presentatoren", {}};
  for (const auto& p : catalog.presenters()) {
    presenters.candidates.push_back({p.name, p.role, routes::presenter(p.slug), p.image_url});
  }
  Group articles{"artikel", "Nieuws", {}};
  for (const auto& card : catalog.article_cards({}, 0, 0).items) {
    const auto& a = card.get_object();
    articles.candidates.push_back({field(a, "title"), field(a, "intro"), catalog.article_url(a), field(a, "imageUrl")});
  }
  Group fragments{"fragment", "Fragmenten", {}};
  for (const auto& item : catalog.fragments({}, 0, 0).items) {
    const auto& f = item.get_object();
    fragments.candidates.push_back(
        {field(f, "title"), field(f, "description"), catalog.fragment_url(f), field(f, "imageUrl")});
  }
  Group feeds{"podcast", "Podcasts", {}};
  Group episodes{"aflevering", "Podcastafleveringen", {}};
  for (const auto& item : catalog.podcast_feeds()) {
    const auto& feed = item.get_object();
    auto feed_slug = field(feed, "slug");
    feeds.candidates.push_back(
        {field(feed, "title"), field(feed, "description"), routes::podcast(feed_slug), field(feed, "imageUrl")});
    for (const auto& episode_value : catalog.podcast_episodes(feed_slug)) {
      const auto& e = episode_value.get_object();
      episodes.candidates.push_back({field(e, "title"), field(feed, "title"),
                                     routes::podcast_episode(feed_slug, e.at("id").as_int64(), field(e, "slug")),
                                     field(e, "imageUrl"), false});
    }
  }
  Group tracks{"track", "Gedraaide nummers", {}};
  // A song links to the played-tracks page of the channel that played it last.
  queries::for_each_row(
      catalog.session(),
      "SELECT s.title, s.artist, s.cover_url, (SELECT t.channel_slug FROM track_plays t WHERE t.song_id = s.id AND "
      "t.starts_at <= " +
          std::to_string(catalog.now()) +
          " ORDER BY t.starts_at DESC LIMIT 1) FROM songs s "
          "ORDER BY s.title",
      {}, [&](const soci::row& row) {
        auto channel = queries::text_at(row, 3);
        if (channel.empty()) return;
        const auto& ctx = catalog.context();
        tracks.candidates.push_back({queries::text_at(row, 0), queries::text_at(row, 1),
                                     routes::gedraaid(ctx, channel, ctx.today), queries::text_at(row, 2)});
      });

  for (const auto* group : {&programmes, &presenters, &articles, &fragments, &feeds, &episodes, &tracks}) {
    auto object = group_json(*group, folded_term);
    if (object.at("total").as_int64() > 0) groups.push_back(std::move(object));
  }
  return json::object{{"term", trimmed}, {"groups", std::move(groups)}};
}

}  // namespace ether::pages
