#pragma once
// Builds the site's URLs by the "Route building rules" of spec §2: query parameters that are empty
// or equal to their default are left out, the rest are sorted alphabetically ignoring case, an
// optional #hash is appended. The named helpers know each route's path shape and defaults, so
// every link a page sends (canonical paths, tiles, search hits, sitemap) is written one way.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pages/page_time.hpp"

namespace ether::pages {

/// One query parameter and the default that makes it disappear.
struct QueryPart {
  std::string key;
  std::string value;
  std::string default_value;
};

/// `path` plus its non-default query parameters (percent-encoded, sorted ignoring case) and `#hash`.
std::string build_route(std::string_view path, std::vector<QueryPart> query = {}, std::string_view hash = {});

/// Percent-encodes everything but RFC 3986 unreserved characters.
std::string percent_encode(std::string_view text);

/// spec §5 Slugify: strip diacritics, lowercase, trim, spaces to '-', drop other characters,
/// collapse repeated hyphens. Edge hyphens stay ("-abc-"), as in the app; the shared table of
/// cases is server/tests/fixtures/slugify-cases.json.
std::string slugify(std::string_view text);

/// What the route defaults depend on: today's Amsterdam date and the site's own channel.
struct RouteContext {
  Date today;
  std::string default_channel;
};

/// Named routes of spec §2; empty optionals and default values are left out. Dates in paths and
/// queries are route dates (dd-MM-yyyy, spec §9) except in detail URLs (yyyy-MM-dd).
namespace routes {
std::string home();
std::string sitemap(std::string_view group = {});
std::string live(const RouteContext& ctx, std::string_view channel = {});
/// The pop-out player of a channel.
std::string popout(std::string_view channel);
std::string gedraaid(const RouteContext& ctx, std::string_view channel, const Date& day, int page = 1,
                     std::string_view time = "0_24");
std::string gids(const RouteContext& ctx, std::string_view channel, const Date& day);
std::string programmes();
std::string programme(std::string_view slug);
/// A programme's fragments of `day`; no day is today, the default day of spec §2.
std::string programme_fragments(std::string_view slug, const std::optional<Date>& day = {}, int page = 1,
                                std::string_view tag = {});
std::string programme_news(std::string_view slug, std::string_view category = {}, int page = 1);
std::string presenters();
std::string presenter(std::string_view slug);
std::string news(std::string_view category = {}, int page = 1, std::string_view tag = {});
std::string article(std::string_view category, std::int64_t id, std::string_view slug, bool app = false);
/// The preview of article `id`, opened with a preview key.
std::string article_preview(std::int64_t id);
/// /fragmenten of `day`, no day being today (the default day of spec §2); when `program` is given, spec §2 sends the
/// link to the programme's fragments with the tag.
std::string fragments(const std::optional<Date>& day = {}, int page = 1, std::string_view program = {},
                      std::string_view tag = {});
/// /fragmenten/{programme}/{id}/{yyyy-MM-dd}-{slug}; missing parts are written 'null'.
std::string fragment(std::string_view programme_slug, std::int64_t id, const std::optional<Date>& day,
                     std::string_view slug);
std::string broadcasts(std::string_view programme = {}, int page = 1);
/// /uitzendingen/{programme}/{id}/{yyyy-MM-dd}-{slug}; missing parts are written 'null'.
std::string broadcast(std::string_view programme_slug, std::int64_t id, const std::optional<Date>& day,
                      std::string_view slug);
/// One hour of a broadcast: the broadcast's URL and the hour's segment ("18-uur", see
/// domain::hour_segment).
std::string broadcast_hour(std::string_view programme_slug, std::int64_t id, const std::optional<Date>& day,
                           std::string_view slug, std::string_view hour_segment);
/// The audio of one hour for a plain <audio> element: the play API of the hour, which redirects
/// to its signed recording (/api/play/broadcast/{id}/{unix seconds of the hour's start}/audio).
std::string broadcast_hour_audio(std::int64_t id, std::int64_t hour_from);
std::string podcasts();
std::string podcast(std::string_view feed);
std::string podcast_episode(std::string_view feed, std::int64_t id, std::string_view slug);
std::string thema(std::string_view slug, bool app = false);
std::string overzicht(std::string_view slug);
/// The preview of content page `id`, opened with a preview key.
std::string content_preview(std::int64_t id);
/// /zoeken, the search page without a term.
std::string search_page();
/// /zoeken/{term}; `type` and `page` page through one group of hits (`type` is left out on page 1).
std::string search(std::string_view term, std::string_view type = {}, int page = 1);
std::string videos();
/// /nummers/{songId}/{songSlug}: the page of a song (spec §3 Track, "the track url through a track
/// route"), found by its id; a missing slug is written 'null'.
std::string track(std::int64_t song_id, std::string_view song_slug);
}  // namespace routes

}  // namespace ether::pages
