#pragma once
// The store-backed PageSource: matches a path against every route of spec §2 and answers its
// PageResult (status, route kind, Dutch title and description, canonical path, effective params and
// the route's data as web/src/api/types.ts describes it). Bad input never throws: malformed query
// values fall back to their defaults and unknown paths, slugs and ids answer a 404 result. Store
// errors propagate as exceptions for the HTTP layer to turn into a 500.

#include <memory>
#include <string>
#include <utility>

#include "pages/page_result.hpp"
#include "pages/site_settings.hpp"
#include "search/search_service.hpp"
#include "store/database.hpp"

namespace ether::pages {

class PageLoader final : public PageSource {
 public:
  PageLoader(
      store::Database& db, SiteSettings settings, Clock clock = [] { return std::chrono::system_clock::now(); });

  PageResult load(std::string_view path, const http::QueryParams& query) override;
  boost::json::object site_config() override;
  boost::json::array maintenance_notifications() override;

  /// The search index of /zoeken and /api/search, kept current from this loader's store.
  search::SearchService& search() { return *search_; }

  /// Where the missed-broadcast pages learn which broadcasts have a recording.
  void set_recordings(RecordingLookup lookup) { settings_.recordings = std::move(lookup); }
  /// Where Gedraaid learns which tracks live rewind can play from: its data carries them, so that its
  /// first render offers 'Luister vanaf hier' without a call of its own for the window.
  void set_rewind_spans(RewindLookup lookup) { settings_.rewind_spans = std::move(lookup); }

 private:
  [[nodiscard]] boost::json::value error_reporting_config() const;

  store::Database& db_;
  SiteSettings settings_;
  Clock clock_;
  std::unique_ptr<search::SearchService> search_;
};

}  // namespace ether::pages
