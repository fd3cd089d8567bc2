#include "pages/loaders/news.hpp"

#include "pages/preview_token.hpp"

namespace ether::pages::loaders {

PageResult NewsLoader::news(const std::string& category_slug) {
  const auto* category = catalog_.category(category_slug);
  if (!category_slug.empty() && !category) return not_found();
  auto tag = param("tag");
  queries::ArticleFilter filter;
  filter.category = category ? category->slug : "";
  filter.tag = tag;
  auto total = catalog_.article_cards(filter, 1, 0).total;
  auto paging = paginate(page_param(), total, kGridPageSize);
  auto list = catalog_.article_cards(filter, kGridPageSize, paging.offset);
  std::string heading = category ? category->name + " - Nieuws" : "Nieuws";
  if (!tag.empty()) heading = "Nieuws over " + tag;
  json::object data{{"category", category ? json::value(catalog_.news_category(category->slug)) : json::value(nullptr)},
                    {"categories", catalog_.news_categories()},
                    {"tag", tag.empty() ? json::value(nullptr) : json::value(tag)},
                    {"articles", std::move(list.items)},
                    {"paging", paging_json(paging)}};
  json::object params{{"page", std::to_string(paging.page)}};
  if (category) params["categorySlug"] = category->slug;
  if (!tag.empty()) params["tag"] = tag;
  std::string description =
      total == 0 ? std::string("Er is hier nog geen nieuws.")
                 : "Het laatste nieuws van " + settings_.name + (category ? " over " + category->name : "") +
                       (tag.empty() ? "" : " over " + tag) + ": achtergronden, verslagen en interviews.";
  return result("nieuws", title(heading), description, routes::news(category ? category->slug : "", paging.page, tag),
                std::move(params), std::move(data));
}

PageResult NewsLoader::article(const std::string& id_text) {
  auto id = parse_positive(id_text);
  if (!id) return not_found();
  auto found = catalog_.article(*id);
  if (!found) return not_found();
  queries::ArticleFilter filter;
  filter.category = field(found->at("category").as_object(), "slug");
  filter.exclude_id = *id;
  auto related = catalog_.article_cards(filter, 4, 0).items;
  // The app view (/app/nieuws/...) shows the same article: its canonical is the normal page.
  auto canonical = catalog_.article_url(*found);
  auto article_title = field(*found, "title");
  auto intro = field(*found, "intro");
  json::object params{
      {"categorySlug", filter.category}, {"articleId", std::to_string(*id)}, {"articleSlug", field(*found, "slug")}};
  return result("artikel", title(article_title), intro.empty() ? article_title : intro, canonical, std::move(params),
                json::object{{"article", std::move(*found)}, {"related", std::move(related)}});
}

PageResult NewsLoader::article_preview(const std::string& id_text) {
  auto id = parse_positive(id_text);
  if (!id) return not_found();
  auto it = query_.find("x-craft-live-preview");
  auto token = it == query_.end() ? std::string() : it->second;
  auto verdict = PreviewTokens(article_preview_secret(settings_.preview_secret)).verify(token, *id, catalog_.now());
  if (verdict == PreviewVerdict::missing) {
    return not_found("Een voorbeeld van een artikel is alleen te zien met een geldige voorbeeldsleutel.");
  }
  if (verdict != PreviewVerdict::valid) {
    PageResult denied =
        not_found(verdict == PreviewVerdict::expired ? "Deze voorbeeldlink is verlopen. Vraag een nieuwe link aan."
                                                     : "Deze voorbeeldlink is ongeldig. Vraag een nieuwe link aan.");
    denied.title = title("Geen toegang tot dit voorbeeld");
    denied.data["message"] = denied.description;
    denied.status = 403;
    return denied;
  }
  auto found = catalog_.article(*id, true);
  if (!found) return not_found();
  auto article_title = field(*found, "title");
  json::object params{{"categorySlug", field(found->at("category").as_object(), "slug")},
                      {"articleId", std::to_string(*id)},
                      {"articleSlug", field(*found, "slug")}};
  auto shown = result("artikel", title("Voorbeeld: " + article_title), "Voorbeeld van " + article_title + ".",
                      routes::article_preview(*id), std::move(params),
                      json::object{{"article", std::move(*found)}, {"related", json::array{}}});
  shown.preview = true;
  return shown;
}

}  // namespace ether::pages::loaders
