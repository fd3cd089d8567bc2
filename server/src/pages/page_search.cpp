#include "pages/page_search.hpp"

#include <algorithm>
#include <string>

namespace ether::pages {
namespace json = boost::json;

json::object search_data(const search::Index& index, std::string_view term, std::string_view paged_type,
                         std::int64_t page) {
  std::string trimmed(term);
  trimmed.erase(0, trimmed.find_first_not_of(" \t\r\n"));
  trimmed.erase(trimmed.find_last_not_of(" \t\r\n") + 1);
  json::array groups;
  // The last word matches as a prefix, as in the suggestions (api/search_api.cpp): what they offered
  // while typing is found after Enter too.
  for (const auto& group : index.search(trimmed, true)) {
    const auto total = static_cast<std::int64_t>(group.hits.size());
    const auto page_count = std::max<std::int64_t>(1, (total + kSearchPageSize - 1) / kSearchPageSize);
    const auto shown_page = group.type == paged_type ? std::clamp<std::int64_t>(page, 1, page_count) : 1;
    json::array hits;
    const auto first = static_cast<std::size_t>((shown_page - 1) * kSearchPageSize);
    for (std::size_t i = first; i < group.hits.size() && i < first + kSearchPageSize; ++i) {
      const auto& doc = index.document(group.hits[i].document);
      hits.push_back(json::object{{"type", doc.type},
                                  {"title", doc.title},
                                  {"text", doc.subtitle},
                                  {"url", doc.url},
                                  {"imageUrl", doc.image_url}});
    }
    groups.push_back(json::object{{"type", group.type},
                                  {"label", search::type_label(group.type)},
                                  {"total", total},
                                  {"page", shown_page},
                                  {"pageCount", page_count},
                                  {"hits", std::move(hits)}});
  }
  return json::object{{"term", trimmed}, {"groups", std::move(groups)}};
}

}  // namespace ether::pages
