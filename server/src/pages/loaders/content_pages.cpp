#include "pages/loaders/content_pages.hpp"

#include "pages/preview_token.hpp"

namespace ether::pages::loaders {

PageResult ContentPagesLoader::content_page(const std::string& kind, const std::string& slug) {
  auto page = catalog_.content_page(kind, slug);
  if (!page) return not_found();
  auto page_title = field(*page, "title");
  auto description = field(*page, "description");
  return result(kind, title(page_title), description.empty() ? page_title + " op " + settings_.name + "." : description,
                kind == "thema" ? routes::thema(slug) : routes::overzicht(slug), json::object{{"slug", slug}},
                std::move(*page));
}

PageResult ContentPagesLoader::preview(const std::string& id_text) {
  auto id = parse_positive(id_text);
  if (!id) return not_found();
  auto it = query_.find("x-craft-live-preview");
  auto token = it == query_.end() ? std::string() : it->second;
  auto verdict = PreviewTokens(settings_.preview_secret).verify(token, *id, catalog_.now());
  if (verdict == PreviewVerdict::missing) {
    return not_found(
        "Een voorbeeld van een niet-gepubliceerde pagina is alleen te zien met een geldige voorbeeldsleutel.");
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
  std::string kind;
  auto page = catalog_.content_page_by_id(*id, &kind);
  if (!page) return not_found();
  auto page_title = field(*page, "title");
  auto shown = result(kind == "thema" ? "thema" : "overzicht", title("Voorbeeld: " + page_title),
                      "Voorbeeld van " + page_title + ", nog niet gepubliceerd.", routes::content_preview(*id),
                      json::object{{"pageId", std::to_string(*id)}}, std::move(*page));
  shown.preview = true;
  return shown;
}

}  // namespace ether::pages::loaders
