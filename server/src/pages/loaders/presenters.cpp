#include "pages/loaders/presenters.hpp"

#include <algorithm>

namespace ether::pages::loaders {

PageResult PresentersLoader::presenters() {
  json::array cards;
  for (const auto& p : catalog_.presenters()) cards.push_back(catalog_.presenter_card(p));
  return result("presentatoren", title("Presentatoren"),
                "Maak kennis met de presentatoren, dj's en nieuwslezers van " + settings_.name + ".",
                routes::presenters(), {}, json::object{{"presenters", std::move(cards)}});
}

PageResult PresentersLoader::presenter(const std::string& slug) {
  const auto* p = catalog_.presenter(slug);
  if (!p) return not_found();
  std::vector<const queries::ProgrammeRow*> list;
  queries::FragmentFilter filter;
  for (const auto& programme : catalog_.programmes()) {
    if (std::find(programme.presenter_ids.begin(), programme.presenter_ids.end(), p->id) !=
        programme.presenter_ids.end()) {
      list.push_back(&programme);
      filter.programme_ids.push_back(programme.id);
    }
  }
  auto card = catalog_.presenter_card(*p);
  card["bio"] = p->bio;
  card["imageAlt"] = p->image_alt;
  json::object data{{"presenter", std::move(card)},
                    {"programmes", programme_cards(list)},
                    {"fragments", list.empty() ? json::array{} : catalog_.fragments(filter, 8, 0).items}};
  std::string role = p->role.empty() ? std::string("presentator") : p->role;
  if (role[0] >= 'A' && role[0] <= 'Z') role[0] = static_cast<char>(role[0] - 'A' + 'a');
  std::string description = p->bio.empty() ? p->name + " is " + role + " bij " + settings_.name + "." : p->bio;
  return result("presentator", title(p->name), description, routes::presenter(p->slug),
                json::object{{"presenterSlug", p->slug}}, std::move(data));
}

}  // namespace ether::pages::loaders
