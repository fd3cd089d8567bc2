#pragma once
// What every route loader of pages/loaders/ shares while answering one request: the request (the
// catalog leased for it, the site settings, the path and query, the search index) and the helpers
// that read its parameters, remember a malformed one, and shape a PageResult or a 404. Each route
// family derives its loader from PageContext; one loader object answers one request.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http/message.hpp"
#include "pages/page_result.hpp"
#include "pages/page_time.hpp"
#include "pages/queries/catalog.hpp"
#include "pages/route_builder.hpp"
#include "pages/site_settings.hpp"
#include "search/search_service.hpp"

namespace ether::pages::loaders {
namespace json = boost::json;

/// The longest text parameter taken from a query; a longer one counts as absent.
inline constexpr std::size_t kMaxTextParam = 100;
/// The kept window of spec §2 pages: played tracks and the guide go this many days back.
inline constexpr int kKeptDaysBack = 14;

/// One request being answered.
struct PageRequest {
  queries::Catalog& catalog;
  const SiteSettings& settings;
  std::string path;
  const http::QueryParams& query;
  search::SearchService& search;
};

/// A list's page: the clamped page number, the number of pages, the total and the offset of its first item.
struct Paging {
  int page = 1;
  int page_count = 1;
  std::int64_t total = 0;
  int offset = 0;
};

/// Page `requested` of `total` items, `size` a page; a page past the end is the last page.
Paging paginate(std::int64_t requested, std::int64_t total, int size);
/// The Paging of web/src/api/types.ts.
boost::json::object paging_json(const Paging& p);
/// The string member `key` of `object`, or "" when it is absent or not a string.
std::string field(const boost::json::object& object, std::string_view key);

/// The request and its helpers, the base of every route family's loader.
class PageContext {
 public:
  explicit PageContext(const PageRequest& request);

  /// The 404 page for the requested path, with a Dutch explanation (a general one when empty).
  [[nodiscard]] PageResult not_found(std::string description = {}) const;

 protected:
  [[nodiscard]] const RouteContext& ctx() const { return catalog_.context(); }
  /// The document title: `text` followed by the site's name, or the name alone.
  [[nodiscard]] std::string title(std::string_view text) const;
  /// The trimmed query parameter `key`; "" when absent, too long or not UTF-8.
  [[nodiscard]] std::string param(std::string_view key) const;
  [[nodiscard]] std::int64_t page_param() const;
  /// An explicitly given date, as route date (dd-MM-yyyy) or ISO date; nullopt when absent or malformed.
  [[nodiscard]] std::optional<Date> date_param() const;
  /// date_param(), with a malformed date rejected.
  std::optional<Date> checked_date_param();
  /// The query's channel when it exists, else the site's own channel.
  [[nodiscard]] queries::ChannelRow channel_param() const;
  /// The site's own channel; the first in the store, or one named after the site when the store is empty.
  [[nodiscard]] queries::ChannelRow site_channel() const;
  /// A 200 result, carrying the first malformed parameter seen.
  [[nodiscard]] PageResult result(std::string route, std::string page_title, std::string description,
                                  std::string canonical, boost::json::object params, boost::json::object data) const;
  /// Remembers the first malformed value; the page still answers with the default in its place.
  void reject(std::string message);
  /// The WindowInfo of types.ts: the kept days from `first` to `last` and whether `day` is one of them.
  static boost::json::object window_json(const Date& first, const Date& last, const Date& day);
  /// The OnAir of types.ts for `channel`: the channel, its broadcast and track now.
  boost::json::object on_air(const queries::ChannelRow& channel);
  [[nodiscard]] boost::json::array programme_cards(const std::vector<const queries::ProgrammeRow*>& list) const;
  /// The requested path as JSON can carry it: bytes of malformed UTF-8 are percent-encoded.
  [[nodiscard]] std::string shown_path() const;

  PageRequest request_;
  queries::Catalog& catalog_;
  const SiteSettings& settings_;
  std::string path_;
  const http::QueryParams& query_;
  search::SearchService& search_;
  std::string bad_parameter_;
};

}  // namespace ether::pages::loaders
