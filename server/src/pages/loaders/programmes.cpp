#include "pages/loaders/programmes.hpp"

#include "pages/loaders/broadcasts.hpp"

namespace ether::pages::loaders {

PageResult ProgrammesLoader::programmes() {
  // Grouped by channel in picker order, then by name.
  std::vector<const queries::ProgrammeRow*> list;
  for (const auto& c : catalog_.channels()) {
    for (const auto& p : catalog_.programmes()) {
      if (p.channel_slug == c.slug) list.push_back(&p);
    }
  }
  return result("programmas", title("Programma's"),
                "Alle programma's van de zenders van " + settings_.name + ", met hun presentatoren en zendtijden.",
                routes::programmes(), {}, json::object{{"programmes", programme_cards(list)}});
}

PageResult ProgrammesLoader::programme(const std::string& slug) {
  const auto* p = catalog_.programme(slug);
  if (!p) return not_found();
  auto card = catalog_.programme_card(*p);
  card["description"] = p->description;
  card["imageAlt"] = p->image_alt;
  card["broadcasters"] = catalog_.broadcaster_refs(*p, p->channel_slug);
  json::array presenter_cards;
  for (auto id : p->presenter_ids) {
    for (const auto& presenter : catalog_.presenters()) {
      if (presenter.id == id) presenter_cards.push_back(catalog_.presenter_card(presenter));
    }
  }
  queries::FragmentFilter fragment_filter;
  fragment_filter.programme_id = p->id;
  queries::ArticleFilter article_filter;
  article_filter.programme_id = p->id;
  auto id = std::to_string(p->id);
  auto now = std::to_string(catalog_.now());
  json::object data{
      {"programme", std::move(card)},
      {"presenters", std::move(presenter_cards)},
      {"fragments", catalog_.fragments(fragment_filter, 8, 0).items},
      {"news", catalog_.article_cards(article_filter, 6, 0).items},
      {"broadcasts", BroadcastsLoader(request_).recorded_broadcasts("b.programme_id = " + id, 10)},
      {"upcoming", catalog_.broadcasts("b.programme_id = " + id + " AND b.ends_at > " + now, {}, "b.starts_at", 5)}};
  const auto* channel = catalog_.channel(p->channel_slug);
  std::string description = !p->summary.empty() ? p->summary
                            : !p->description.empty()
                                ? p->description
                                : p->name + " is te horen op " + (channel ? channel->name : settings_.name) + ".";
  return result("programma", title(p->name), description, routes::programme(p->slug),
                json::object{{"programmeSlug", p->slug}}, std::move(data));
}

PageResult ProgrammesLoader::programme_news(const std::string& slug) {
  const auto* p = catalog_.programme(slug);
  if (!p) return not_found();
  auto category_param = param("category");
  const auto* category = catalog_.category(category_param);
  queries::ArticleFilter filter;
  filter.programme_id = p->id;
  // The categories offered are the ones this programme has written in.
  json::array categories;
  for (const auto& c : catalog_.categories()) {
    filter.category = c.slug;
    if (catalog_.article_cards(filter, 1, 0).total > 0) categories.push_back(catalog_.news_category(c.slug));
  }
  filter.category = category ? category->slug : "";
  auto total = catalog_.article_cards(filter, 1, 0).total;
  auto paging = paginate(page_param(), total, kGridPageSize);
  auto list = catalog_.article_cards(filter, kGridPageSize, paging.offset);
  json::object data{{"programme", catalog_.programme_ref(*p)},
                    {"category", category ? json::value(category->slug) : json::value(nullptr)},
                    {"categories", std::move(categories)},
                    {"articles", std::move(list.items)},
                    {"paging", paging_json(paging)}};
  json::object params{{"programmeSlug", p->slug}, {"page", std::to_string(paging.page)}};
  if (category) params["category"] = category->slug;
  return result("programma-nieuws", title("Nieuws van " + p->name),
                total == 0 ? p->name + " heeft nog geen nieuws gepubliceerd."
                           : "Het laatste nieuws van " + p->name + (category ? " over " + category->name : "") + ".",
                routes::programme_news(p->slug, category ? category->slug : "", paging.page), std::move(params),
                std::move(data));
}

}  // namespace ether::pages::loaders
