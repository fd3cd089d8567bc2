#include "api/search_api.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <string>

#include "api/json_error.hpp"
#include "http/range.hpp"
#include "pages/text_fold.hpp"

namespace ether::api {
namespace json = boost::json;
namespace {

struct Pick {
  std::size_t type_order;
  std::size_t rank;
  search::Hit hit;
};

http::Response bad_term(std::string_view message) { return json_error(400, "bad_term", message); }

}  // namespace

SearchApi::SearchApi(search::SearchService& search) : search_(search) {}

void SearchApi::add_routes(http::Router& router) {
  // Suggestions come from the in-memory index (http::Execution); only before its first build (the
  // store was away at start) are they asked on the worker pool, which builds it.
  const auto where = [this](const http::Request&) {
    return search_.built() ? http::Execution::io_thread : http::Execution::offloaded;
  };
  router.add(
      "GET", "/api/search/{term}",
      [this](const http::Request& request, const http::RouteParams& params) {
        return suggestions(request, params.at("term"));
      },
      where);
  for (const auto* path : {"/api/search", "/api/search/"}) {
    router.add(
        "GET", path,
        [this](const http::Request& request, const http::RouteParams&) { return suggestions(request, ""); }, where);
  }
}

http::Response SearchApi::suggestions(const http::Request& request, std::string_view term) const {
  if (term.size() > kMaxTermBytes) {
    return bad_term("The search term is longer than " + std::to_string(kMaxTermBytes) + " bytes.");
  }
  if (!pages::valid_utf8(term)) return bad_term("The search term is not valid UTF-8.");
  std::string trimmed(term);
  trimmed.erase(0, trimmed.find_first_not_of(" \t\r\n"));
  trimmed.erase(trimmed.find_last_not_of(" \t\r\n") + 1);
  if (trimmed.empty()) return bad_term("The search term is empty.");

  std::shared_ptr<const search::Index> index;
  try {
    index = search_.index();
  } catch (const std::exception& error) {
    spdlog::error("search: cannot build the index: {}", error.what());
    auto unavailable =
        json_error(503, "store_unavailable", "De gegevens konden niet worden gelezen. Probeer het zo opnieuw.");
    unavailable.set_header("Retry-After", "5");
    return unavailable;
  }
  const auto found = answer(index, trimmed);
  http::Response response;
  response.set_header("Content-Type", "application/json; charset=utf-8");
  response.set_header("ETag", found.etag);
  response.set_header("Cache-Control", "public, max-age=60");
  if (const auto inm = request.header("If-None-Match"); !inm.empty() && http::if_none_match(inm, found.etag)) {
    response.status = 304;
    return response;
  }
  response.set_shared_body(found.body);
  return response;
}

SearchApi::Answer SearchApi::answer(const std::shared_ptr<const search::Index>& index, const std::string& term) const {
  {
    std::lock_guard lock(cache_mutex_);
    if (cached_index_ != index) {
      cache_.clear();
      cached_index_ = index;
    }
    if (auto it = cache_.find(term); it != cache_.end()) return it->second;
  }
  auto groups = index->search(term, true);

  // The best hits overall, then shown by type so that the list reads in groups.
  std::vector<Pick> picks;
  std::int64_t total = 0;
  for (const auto& group : groups) {
    total += static_cast<std::int64_t>(group.hits.size());
    std::size_t order = 0;
    while (order < search::kTypes.size() && search::kTypes[order].type != group.type) ++order;
    for (std::size_t rank = 0; rank < group.hits.size() && rank < kMaxSuggestions; ++rank) {
      picks.push_back({order, rank, group.hits[rank]});
    }
  }
  std::stable_sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) { return a.hit.score > b.hit.score; });
  if (picks.size() > kMaxSuggestions) picks.resize(kMaxSuggestions);
  std::sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) {
    return a.type_order != b.type_order ? a.type_order < b.type_order : a.rank < b.rank;
  });

  json::array suggestions;
  for (const auto& pick : picks) {
    const auto& doc = index->document(pick.hit.document);
    suggestions.push_back(json::object{{"type", doc.type},
                                       {"label", search::type_label(doc.type)},
                                       {"title", doc.title},
                                       {"subtitle", doc.subtitle},
                                       {"url", doc.url},
                                       {"imageUrl", doc.image_url}});
  }
  auto text = std::make_shared<const std::string>(
      json::serialize(json::object{{"term", term}, {"total", total}, {"suggestions", std::move(suggestions)}}));
  Answer computed{text, http::strong_etag(*text)};
  std::lock_guard lock(cache_mutex_);
  if (cached_index_ == index) {
    if (cache_.size() >= kMaxCachedTerms) cache_.clear();
    cache_.emplace(term, computed);
  }
  return computed;
}

}  // namespace ether::api
