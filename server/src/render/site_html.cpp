// Content (theme and overview) pages, the sitemap, search and the not-found page.
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {

void content_page_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  out += "<div class=\"page\">";
  page_heading(out, str(data, "title"));
  if (!str(data, "description").empty()) {
    out += "<p class=\"page-intro\">" + escape(str(data, "description")) + "</p>";
  }
  bool first_image = true;
  for (const auto& item : arr(data, "blocks")) {
    const auto& b = as_obj(item);
    auto type = str(b, "type");
    const std::string title(str(b, "title"));
    if (type == "hero") {
      out += "<section class=\"hero-block\" aria-label=\"" + escape(title) + "\">";
      image(out, str(b, "imageUrl"), "LARGE_TILE", "hero-block__image", first_image);
      first_image = false;
      out += "<div class=\"hero-block__body\"><h2 class=\"hero-block__title\">" + escape(title) + "</h2><p>" +
             escape(str(b, "text")) + "</p>";
      if (!str(b, "url").empty()) link(out, str(b, "url"), "Bekijk " + title, "button");
      out += "</div></section>";
    } else if (type == "text") {
      section(out, title, [&](std::string& o) { o += "<p class=\"prose\">" + escape(str(b, "text")) + "</p>"; });
    } else if (type == "tiles") {
      section(out, title, [&](std::string& o) {
        std::vector<Card> cards;
        for (const auto& tile : arr(b, "items")) {
          const auto& t = as_obj(tile);
          Card c;
          c.image_url = str(t, "imageUrl");
          c.preset = "TILE";
          c.title = str(t, "title");
          c.url = str(t, "url");
          c.texts.emplace_back(str(t, "text"));
          cards.push_back(std::move(c));
        }
        card_grid(o, cards, "Geen onderdelen gevonden.");
      });
    } else if (type == "fragments") {
      section(out, title, [&](std::string& o) {
        card_grid(o, cards_of(arr(b, "items"), fragment_card), "Geen fragmenten gevonden.");
      });
    } else if (type == "articles") {
      section(out, title, [&](std::string& o) {
        card_grid(o, cards_of(arr(b, "items"), [](const json::object& a) { return article_card(a); }),
                  "Geen nieuws gevonden.");
      });
    } else if (type == "podcasts") {
      section(out, title, [&](std::string& o) {
        card_grid(o, cards_of(arr(b, "items"), podcast_card), "Geen podcasts gevonden.");
      });
    } else if (type == "radio") {
      section(out, title, [&](std::string& o) {
        o += "<p class=\"card__kicker\">" + escape(str(obj(b, "channel"), "name")) +
             "</p><ol class=\"radio-block__list\">";
        for (const auto& entry : arr(b, "items")) {
          const auto& e = as_obj(entry);
          o += "<li class=\"radio-block__item\"><span class=\"radio-block__label\">" + escape(str(e, "label")) +
               "</span> ";
          const bool linked = !(e.contains("hasNoLink") && e.at("hasNoLink").is_bool() && e.at("hasNoLink").as_bool());
          if (linked && !str(e, "url").empty()) {
            link(o, str(e, "url"), str(e, "title"));
          } else {
            o += escape(str(e, "title"));
          }
          o += "</li>";
        }
        o += "</ol>";
      });
    }
  }
  out += "</div>";
}

void sitemap_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const std::string group(str(data, "group"));
  out += "<div class=\"page\">";
  page_heading(out, "Sitemap");
  std::vector<Chip> chips{{"Alles", pages::routes::sitemap(), group.empty()}};
  for (const auto& g : arr(data, "groups")) {
    const auto& o = as_obj(g);
    chips.push_back(
        Chip{std::string(str(o, "title")), pages::routes::sitemap(str(o, "slug")), str(o, "slug") == group});
  }
  chip_nav(out, "Onderdelen", chips);
  out += "<div class=\"sitemap\">";
  for (const auto& g : arr(data, "groups")) {
    const auto& o = as_obj(g);
    if (!group.empty() && str(o, "slug") != group) continue;
    section(out, str(o, "title"), [&](std::string& s) {
      if (arr(o, "links").empty()) return empty_state(s, "Geen pagina's gevonden.");
      s += "<ul class=\"sitemap__links\">";
      for (const auto& l : arr(o, "links")) {
        s += "<li>";
        link(s, str(as_obj(l), "url"), str(as_obj(l), "title"));
        s += "</li>";
      }
      s += "</ul>";
    });
  }
  out += "</div></div>";
}

void search_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const std::string term(str(data, "term"));
  out += "<div class=\"page\">";
  if (term.empty()) {
    page_heading(out, "Zoeken");
    empty_state(out,
                "Typ een zoekwoord in het zoekvak bovenaan de pagina om programma’s, presentatoren, nieuws, "
                "fragmenten, podcasts en gedraaide nummers te vinden.");
    out += "</div>";
    return;
  }
  std::int64_t total = 0;
  for (const auto& g : arr(data, "groups")) total += num(as_obj(g), "total");
  page_heading(out, "Zoekresultaten voor ‘" + term + "’");
  out += "<p class=\"page-intro\" role=\"status\">" +
         (total == 1 ? std::string("1 resultaat") : std::to_string(total) + " resultaten") + "</p>";
  if (total == 0) empty_state(out, "Geen resultaten voor ‘" + term + "’. Probeer een ander woord.");
  for (const auto& item : arr(data, "groups")) {
    const auto& g = as_obj(item);
    if (arr(g, "hits").empty()) continue;
    const std::string label(str(g, "label"));
    const std::string type(str(g, "type"));
    section(out, label + " (" + std::to_string(num(g, "total")) + ")", [&](std::string& s) {
      s += "<ul class=\"search-hits\">";
      for (const auto& h : arr(g, "hits")) {
        const auto& hit = as_obj(h);
        s += "<li class=\"search-hit\">";
        image(s, str(hit, "imageUrl"), "NEWS_ITEM", "search-hit__image");
        s += "<div><h3 class=\"search-hit__title\">";
        link(s, str(hit, "url"), str(hit, "title"));
        s += "</h3><p class=\"card__text\">" + escape(str(hit, "text")) + "</p></div></li>";
      }
      s += "</ul>";
      pagination(
          s, g, [&](int page) { return pages::routes::search(term, type, page); }, "Pagina's van " + label);
    });
  }
  out += "</div>";
}

void not_found_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  out += "<div class=\"page not-found\">";
  if (ctx.page.status == 403) {
    page_heading(out, "Geen toegang tot dit voorbeeld");
    out += "<p class=\"page-intro\">" + escape(str(data, "message")) +
           " Een voorbeeld van een pagina die nog niet is gepubliceerd, is alleen te zien met een geldige link van "
           "de redactie.</p><p>";
    link(out, "/", "Naar de homepage");
    out += "</p></div>";
    return;
  }
  page_heading(out, "Deze pagina bestaat niet (meer)");
  out += "<p class=\"page-intro\">We konden <code>" + escape(str(data, "path")) +
         "</code> niet vinden. Misschien is de pagina verplaatst of verwijderd.</p>"
         "<nav aria-label=\"Verder naar\"><ul class=\"link-list\"><li>";
  link(out, "/", "Naar de homepage");
  out += "</li><li>";
  link(out, "/gids", "Bekijk de gids");
  out += "</li><li>";
  link(out, "/nieuws", "Lees het laatste nieuws");
  out += "</li></ul></nav><h2 class=\"section__title\">Zoeken</h2>";
  // The header has a search form too: this landmark has its own name.
  search_form(out, "Zoek verder", "Zoek verder op de site", "zoekterm-verder");
  out += "</div>";
}

}  // namespace ether::render
