#include "pages/loaders/search.hpp"

#include "pages/page_search.hpp"
#include "pages/text_fold.hpp"

namespace ether::pages::loaders {

PageResult SearchLoader::search(const std::string& term) {
  auto data = search_data(*search_.index(), term.size() > kMaxTextParam || !valid_utf8(term) ? std::string() : term,
                          param("type"), page_param());
  auto shown = field(data, "term");
  std::int64_t total = 0;
  for (const auto& group : data.at("groups").as_array()) total += group.as_object().at("total").as_int64();
  std::string description =
      shown.empty() ? "Zoek in programma's, presentatoren, nieuws, fragmenten, podcasts en gedraaide nummers."
      : total == 0  ? "Niets gevonden voor " + shown + ". Probeer een ander zoekwoord."
                    : std::to_string(total) + " resultaten voor " + shown +
                         " in programma's, nieuws, fragmenten, podcasts en gedraaide nummers.";
  return result("zoeken", title(shown.empty() ? "Zoeken" : "Zoeken naar " + shown), description,
                shown.empty() ? routes::search_page() : routes::search(shown), json::object{{"searchTerm", shown}},
                std::move(data));
}

PageResult SearchLoader::search_query() { return search(param("q")); }

}  // namespace ether::pages::loaders
