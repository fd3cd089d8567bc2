#pragma once
// What a page route of spec §2 answers. One PageResult feeds both the
// HTML shell of a full page load and GET /api/page for client-side navigation; its JSON form is
// the PageEnvelope of web/src/api/types.ts.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "http/message.hpp"

namespace ether::pages {

/// What a route answers: HTTP status, Dutch head tags and the page's data.
struct PageResult {
  unsigned status = 200;       // 200, or 404 when the path, slug or id is unknown
  std::string route;           // a RouteKind of web/src/api/types.ts
  std::string title;           // full document title, e.g. "Gids - Ether"
  std::string description;     // meta description
  std::string canonical_path;  // path and query of the canonical URL, e.g. "/gids?channel=3fm"
  boost::json::object params;  // effective route parameters, defaults filled in
  boost::json::object data;    // the route's data, shaped as web/src/api/types.ts says
  // Set when a date or hour slot in the path or query was malformed: GET /api/page answers 400
  // with this message, while a full page load shows the page with the defaults in its place.
  std::string bad_parameter;
  // A draft opened with a preview key (/overzicht/preview/{id}, /nieuws/preview/{id}): answered
  // private, so that no shared cache keeps it.
  bool preview = false;
  // Set when the path names an item by an earlier slug (or a stale one beside its id): the path of
  // its current page, which a full page load answers with a 301 (issue 54).
  std::string moved_to;
  // Set when moved_to is the whole target, query included, so the request's own query is not added
  // to it: the day a filter form sends in the query moves into the path (issue 51). Such a move
  // depends on today, so no cache keeps it.
  bool moved_to_whole = false;
  // The instant the page was loaded at (unix seconds), for what the server's HTML draws relative to
  // now without a clock of its own: today's hour slots on Gedraaid (spec §9). Not in the envelope.
  std::int64_t loaded_at = 0;
};

/// Where page results come from: the store-backed pages::PageLoader in the server, a fake in
/// unit tests of the HTTP layer.
class PageSource {
 public:
  virtual ~PageSource() = default;
  /// The page at a decoded path with its query parameters; never throws for bad input (it answers
  /// defaults, or a 404 result).
  virtual PageResult load(std::string_view path, const http::QueryParams& query) = 0;
  /// The SiteConfig of web/src/api/types.ts.
  virtual boost::json::object site_config() = 0;
  /// The maintenance notifications on the site now, in the order a visitor sees them (spec §3),
  /// for the banner of the page HTML; none unless a source has them.
  virtual boost::json::array maintenance_notifications() { return {}; }
};

/// The JSON PageEnvelope for a result: status, route, title, description, canonical (absolute, with
/// base_url), params and data.
boost::json::object to_envelope(const PageResult& result, std::string_view base_url);

}  // namespace ether::pages
