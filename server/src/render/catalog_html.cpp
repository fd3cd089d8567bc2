// Programmes, presenters, news and fragments: the pages of the station's catalogue.
#include <algorithm>

#include "pages/content_safety.hpp"
#include "pages/page_time.hpp"
#include "pages/route_builder.hpp"
#include "render/cards.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {
namespace {

std::optional<pages::Date> date_field(const json::object& data) { return pages::parse_iso_date(str(data, "date")); }

// The day a fragments page's links keep: the one its params name, none for today (the default).
std::optional<pages::Date> linked_date(const pages::PageResult& page) {
  return pages::parse_route_date(str(page.params, "date"));
}

// A fragments page's day (issue 51): the days around it and a date field above the tag chips, the
// day as the heading of its fragments, and on an empty day the latest earlier day with fragments
// under the same filters, which the loader found. `href` links a day with the page's filters kept.
void fragment_day_nav(std::string& out, const json::object& data, std::string_view action,
                      const std::vector<std::pair<std::string, std::string>>& hidden,
                      const std::function<std::string(const pages::Date&)>& href) {
  auto side = [&](std::string_view key) {
    auto day = pages::parse_iso_date(str(data, key));
    return day ? DayLink{href(*day), pages::dutch_long_date(*day)} : DayLink{};
  };
  day_nav(out, side("previousDate"), side("nextDate"), action, hidden, str(data, "date"));
}

void fragments_of_day(std::string& out, const json::object& data,
                      const std::function<std::string(const pages::Date&)>& href) {
  auto day = date_field(data);
  if (!day) {
    card_grid(out, cards_of(arr(data, "fragments"), fragment_card), "Geen fragmenten gevonden.", "Fragmenten",
              Level::top);
    return;
  }
  auto heading = pages::dutch_long_date(*day);
  heading[0] = static_cast<char>(heading[0] - 'a' + 'A');
  out += "<h2 class=\"day-heading\">" + escape(heading) + "</h2>";
  if (!arr(data, "fragments").empty()) {
    card_grid(out, cards_of(arr(data, "fragments"), fragment_card), {}, "Fragmenten", Level::in_section);
    return;
  }
  const std::string tag(str(data, "tag"));
  out += "<p class=\"state state--empty\">Op " + escape(pages::dutch_long_date(*day)) + " zijn geen fragmenten" +
         (tag.empty() ? std::string() : " over " + escape(tag)) + " gepubliceerd.";
  if (auto earlier = pages::parse_iso_date(str(data, "earlierDate"))) {
    out += " ";
    link(out, href(*earlier), "Bekijk de fragmenten van " + pages::dutch_long_date(*earlier));
  }
  out += "</p>";
}

// Tag chips: 'Alles' and the most used tags (the active one kept in view), the others behind
// 'Alle tags tonen' in a <details> element, which opens without JavaScript too.
void tag_navs(std::string& out, const json::object& data, const std::function<std::string(std::string_view)>& href) {
  const std::string active(str(data, "tag"));
  std::vector<std::string> top;
  auto listed = [&](std::string_view tag) { return std::find(top.begin(), top.end(), tag) != top.end(); };
  for (const auto& t : arr(data, "topTags")) {
    if (t.is_string() && top.size() < 12) top.emplace_back(t.get_string());
  }
  std::vector<std::string> all;
  for (const auto& t : arr(data, "tags")) {
    if (t.is_string()) all.emplace_back(t.get_string());
  }
  if (!active.empty() && std::find(all.begin(), all.end(), active) != all.end() && !listed(active)) {
    top.push_back(active);
  }
  std::vector<Chip> shown{{"Alles", href({}), active.empty()}};
  for (const auto& tag : top) shown.push_back(Chip{tag, href(tag), tag == active});
  chip_nav(out, "Onderwerpen", shown);
  std::vector<Chip> rest;
  for (const auto& tag : all) {
    if (!listed(tag)) rest.push_back(Chip{tag, href(tag), false});
  }
  if (rest.empty()) return;
  out += "<details class=\"chips__more\"><summary class=\"button button--small chips__toggle\">Alle tags tonen (" +
         std::to_string(all.size()) + ")</summary>";
  chip_nav(out, "Meer onderwerpen", rest);
  out += "</details>";
}

void content_blocks(std::string& out, const json::array& blocks) {
  out += "<div class=\"prose\">";
  for (const auto& item : blocks) {
    const auto& b = as_obj(item);
    auto type = str(b, "type");
    if (type == "paragraph") {
      // The page data's html is already sanitised; sanitising again (it is idempotent) keeps this
      // renderer safe whatever made the data.
      const auto html = str(b, "html");
      out += "<p>" + (html.empty() ? escape(str(b, "text")) : inline_html(html)) + "</p>";
    } else if (type == "heading") {
      out += "<h2>" + escape(str(b, "text")) + "</h2>";
    } else if (type == "list") {
      const auto* tag = b.contains("ordered") && b.at("ordered").is_bool() && b.at("ordered").get_bool() ? "ol" : "ul";
      out += std::string("<") + tag + ">";
      for (const auto& entry : arr(b, "items")) {
        const auto& item = as_obj(entry);
        const auto html = str(item, "html");
        out += "<li>" + (html.empty() ? escape(str(item, "text")) : inline_html(html)) + "</li>";
      }
      out += std::string("</") + tag + ">";
    } else if (type == "image") {
      auto src = pages::safe_url(str(b, "url"));
      if (src.empty()) continue;
      out += "<figure class=\"content-image\"><img src=\"" + escape(src) + "\" alt=\"" + escape(str(b, "alt")) +
             "\" width=\"540\" height=\"405\" loading=\"lazy\" decoding=\"async\">";
      const auto caption = str(b, "caption");
      const auto credit = str(b, "credit");
      if (!caption.empty() || !credit.empty()) {
        out += "<figcaption>" + escape(caption);
        if (!caption.empty() && !credit.empty()) out += " ";
        if (!credit.empty()) out += "<span class=\"content-image__credit\">Beeld: " + escape(credit) + "</span>";
        out += "</figcaption>";
      }
      out += "</figure>";
    } else if (type == "quote") {
      out += "<figure class=\"quote\"><blockquote><p>" + escape(str(b, "text")) + "</p></blockquote>";
      if (!str(b, "cite").empty()) out += "<figcaption>— " + escape(str(b, "cite")) + "</figcaption>";
      out += "</figure>";
    } else if (type == "fragment") {
      const auto& f = obj(b, "fragment");
      out += "<aside class=\"content-fragment\" aria-label=\"Fragment: " + escape(str(f, "title")) +
             "\"><p class=\"content-fragment__title\">";
      link(out, fragment_url(f), str(f, "title"));
      out += "</p></aside>";
    } else if (type == "video") {
      const auto& v = obj(b, "video");
      out += "<p class=\"video-title\">" + escape(str(v, "title")) + "</p>";
    } else if (type == "social") {
      out += "<p class=\"social-embed\">";
      link(out, str(b, "url"), str(b, "text").empty() ? str(b, "url") : str(b, "text"));
      out += "</p>";
    }
  }
  out += "</div>";
}

}  // namespace

void programmes_html(std::string& out, const RenderContext& ctx) {
  out += "<div class=\"page\">";
  page_heading(out, "Programma's");
  // Grouped by channel in the order the channels first appear, as the app shows them.
  struct Group {
    std::string slug;
    std::string name;
    std::vector<Card> cards;
  };
  std::vector<Group> groups;
  for (const auto& item : arr(ctx.page.data, "programmes")) {
    const auto& p = as_obj(item);
    const auto& channel = obj(p, "channel");
    auto group =
        std::find_if(groups.begin(), groups.end(), [&](const Group& g) { return g.slug == str(channel, "slug"); });
    if (group == groups.end()) {
      group =
          groups.insert(groups.end(), Group{std::string(str(channel, "slug")), std::string(str(channel, "name")), {}});
    }
    group->cards.push_back(programme_card(p));
  }
  if (groups.empty()) empty_state(out, "Geen programma's gevonden.");
  for (const auto& group : groups) {
    section(out, group.name, [&](std::string& o) { card_grid(o, group.cards, {}); });
  }
  out += "</div>";
}

void programme_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& p = obj(data, "programme");
  const std::string slug(str(p, "slug"));
  std::string extra = "<p class=\"page-intro\">" + escape(str(p, "summary")) + "</p><p class=\"card__meta\">" +
                      escape(str(p, "schedule")) + "</p>";
  out += "<div class=\"page\">";
  detail_header(out, str(p, "imageUrl"), "CAMPAIGN_HEADER", str(obj(p, "channel"), "name"), str(p, "name"), extra,
                false, str(p, "imageAlt"));
  out += "<p class=\"prose\">" + escape(str(p, "description")) + "</p><p class=\"link-row\">";
  link(out, pages::routes::programme_fragments(slug), "Alle fragmenten");
  link(out, pages::routes::programme_news(slug), "Al het nieuws");
  link(out, pages::routes::broadcasts(slug), "Gemiste uitzendingen");
  out += "</p>";
  section(out, "Presentatoren", [&](std::string& o) {
    card_grid(o, cards_of(arr(data, "presenters"), presenter_card), "Geen presentatoren gevonden.");
  });
  section(out, "Binnenkort", [&](std::string& o) {
    if (arr(data, "upcoming").empty()) return empty_state(o, "Geen geplande uitzendingen gevonden.");
    broadcast_list(o, arr(data, "upcoming"), Level::in_section, true);
  });
  section(
      out, "Fragmenten",
      [&](std::string& o) {
        card_grid(o, cards_of(arr(data, "fragments"), fragment_card), "Geen fragmenten gevonden.");
      },
      pages::routes::programme_fragments(slug), "Alle fragmenten");
  section(
      out, "Nieuws",
      [&](std::string& o) {
        card_grid(o, cards_of(arr(data, "news"), [](const json::object& a) { return article_card(a); }),
                  "Geen nieuws gevonden.");
      },
      pages::routes::programme_news(slug), "Al het nieuws");
  section(
      out, "Gemist",
      [&](std::string& o) {
        card_grid(o, cards_of(arr(data, "broadcasts"), broadcast_card),
                  "Er zijn geen opnames van recente uitzendingen om terug te luisteren.");
      },
      pages::routes::broadcasts(slug), "Alle uitzendingen");
  out += "</div>";
}

void programme_fragments_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& p = obj(data, "programme");
  const std::string slug(str(p, "slug"));
  out += "<div class=\"page\">";
  page_heading(out, "Fragmenten van " + std::string(str(p, "name")));
  auto linked = linked_date(ctx.page);
  const std::string tag(str(data, "tag"));
  auto day_href = [&](const pages::Date& d) { return pages::routes::programme_fragments(slug, d, 1, tag); };
  fragment_day_nav(out, data, pages::routes::programme_fragments(slug, {}, 1, {}), {{"tag", tag}}, day_href);
  tag_navs(out, data, [&](std::string_view t) { return pages::routes::programme_fragments(slug, linked, 1, t); });
  fragments_of_day(out, data, day_href);
  pagination(out, obj(data, "paging"),
             [&](int page) { return pages::routes::programme_fragments(slug, linked, page, tag); });
  out += "</div>";
}

void programme_news_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& p = obj(data, "programme");
  const std::string slug(str(p, "slug"));
  const std::string category(str(data, "category"));
  out += "<div class=\"page\">";
  page_heading(out, "Nieuws van " + std::string(str(p, "name")));
  std::vector<Chip> chips{{"Alles", pages::routes::programme_news(slug), category.empty()}};
  for (const auto& c : arr(data, "categories")) {
    const auto& o = as_obj(c);
    chips.push_back(Chip{std::string(str(o, "name")), pages::routes::programme_news(slug, str(o, "slug")),
                         str(o, "slug") == category});
  }
  chip_nav(out, "Categorieën", chips);
  card_grid(out, cards_of(arr(data, "articles"), [](const json::object& a) { return article_card(a); }),
            "Geen artikelen gevonden.", "Artikelen", Level::top);
  pagination(out, obj(data, "paging"), [&](int page) { return pages::routes::programme_news(slug, category, page); });
  out += "</div>";
}

void presenters_html(std::string& out, const RenderContext& ctx) {
  out += "<div class=\"page\">";
  page_heading(out, "Presentatoren");
  card_grid(out, cards_of(arr(ctx.page.data, "presenters"), presenter_card), "Geen presentatoren gevonden.",
            "Presentatoren", Level::top);
  out += "</div>";
}

void presenter_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& p = obj(data, "presenter");
  out += "<div class=\"page\">";
  // As the app's presenter page: the portrait's alt text, else "Portret van <name>".
  const auto alt = str(p, "imageAlt");
  detail_header(out, str(p, "imageUrl"), "ARTIST_ITEM", str(p, "role"), str(p, "name"), {}, true,
                alt.empty() ? "Portret van " + std::string(str(p, "name")) : std::string(alt));
  out += "<p class=\"prose\">" + escape(str(p, "bio")) + "</p>";
  section(out, "Programma's", [&](std::string& o) {
    card_grid(o, cards_of(arr(data, "programmes"), programme_card), "Geen programma's gevonden.");
  });
  section(out, "Fragmenten", [&](std::string& o) {
    card_grid(o, cards_of(arr(data, "fragments"), fragment_card), "Geen fragmenten gevonden.");
  });
  out += "</div>";
}

void news_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& category = obj(data, "category");
  const std::string slug(str(category, "slug"));
  const std::string tag(str(data, "tag"));
  out += "<div class=\"page\">";
  page_heading(out, category.empty() ? std::string("Nieuws") : "Nieuws: " + std::string(str(category, "name")));
  std::vector<Chip> chips{{"Alles", pages::routes::news(), slug.empty()}};
  for (const auto& c : arr(data, "categories")) {
    const auto& o = as_obj(c);
    chips.push_back(Chip{std::string(str(o, "name")), pages::routes::news(str(o, "slug")), str(o, "slug") == slug});
  }
  chip_nav(out, "Categorieën", chips);
  if (!tag.empty()) {
    out += "<p class=\"filter-note\">Onderwerp: <strong>" + escape(tag) + "</strong> ";
    link(out, pages::routes::news(slug), "Filter wissen");
    out += "</p>";
  }
  card_grid(out, cards_of(arr(data, "articles"), [](const json::object& a) { return article_card(a); }),
            "Geen artikelen gevonden.", "Artikelen", Level::top);
  pagination(out, obj(data, "paging"), [&](int page) { return pages::routes::news(slug, page, tag); });
  out += "</div>";
}

void article_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& a = obj(data, "article");
  out += "<article class=\"page article\"><div class=\"article__top\"><header class=\"article__header\">";
  if (auto label = article_label(a); !label.empty()) out += "<span class=\"badge\">" + escape(label) + "</span>";
  page_heading(out, str(a, "title"));
  out += "<p class=\"article__intro\">" + escape(str(a, "intro")) + "</p><p class=\"card__meta\">" +
         escape(str(a, "author")) + " · <time datetime=\"" + escape(str(a, "publishedAt")) + "\">" +
         escape(long_date_time(str(a, "publishedAt"))) + "</time>";
  const auto& programme = obj(a, "programme");
  if (!str(programme, "slug").empty()) {
    out += " · ";
    link(out, pages::routes::programme(str(programme, "slug")), str(programme, "name"));
  }
  out += "</p></header>";
  image(out, str(a, "imageUrl"), "CAMPAIGN_HEADER", "article__image", true);
  out += "</div>";
  content_blocks(out, arr(a, "blocks"));
  std::vector<Chip> tags;
  for (const auto& t : arr(a, "tags")) {
    if (t.is_string()) tags.push_back(Chip{std::string(t.get_string()), pages::routes::news({}, 1, t.get_string())});
  }
  chip_nav(out, "Onderwerpen", tags);
  if (!arr(data, "related").empty()) {
    section(out, "Meer nieuws", [&](std::string& o) {
      std::vector<Card> cards;
      for (const auto& r : arr(data, "related")) cards.push_back(article_card(as_obj(r), ctx.app));
      card_grid(o, cards, {});
    });
  }
  out += "</article>";
}

void fragments_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const std::string tag(str(data, "tag"));
  out += "<div class=\"page\">";
  page_heading(out, "Fragmenten");
  auto linked = linked_date(ctx.page);
  // With a programme the days are the programme's own fragments pages (spec §2).
  const std::string program(str(data, "program"));
  auto day_href = [&](const pages::Date& d) {
    return program.empty() ? pages::routes::fragments(d, 1, {}, tag)
                           : pages::routes::programme_fragments(program, d, 1, tag);
  };
  fragment_day_nav(out, data, pages::routes::fragments({}, 1, {}, {}), {{"tag", tag}, {"program", program}}, day_href);
  tag_navs(out, data, [&](std::string_view t) { return pages::routes::fragments(linked, 1, {}, t); });
  fragments_of_day(out, data, day_href);
  pagination(out, obj(data, "paging"), [&](int page) { return pages::routes::fragments(linked, page, {}, tag); });
  out += "</div>";
}

void fragment_html(std::string& out, const RenderContext& ctx) {
  const auto& data = ctx.page.data;
  const auto& f = obj(data, "fragment");
  std::string extra = "<p class=\"card__meta\"><time datetime=\"" + escape(str(f, "publishedAt")) + "\">" +
                      escape(long_date_time(str(f, "publishedAt"))) +
                      "</time></p><p class=\"listen-row\"><span class=\"audio-clip__duration\">Duur " +
                      escape(duration_text(num(f, "durationSeconds"))) + "</span></p>";
  out += "<div class=\"page\">";
  detail_header(out, str(f, "imageUrl"), "FRAGMENT_TILE", str(obj(f, "programme"), "name"), str(f, "title"), extra);
  out += "<p class=\"prose\">" + escape(str(f, "description")) + "</p>";
  std::vector<Chip> tags;
  const std::string programme(str(obj(f, "programme"), "slug"));
  for (const auto& t : arr(f, "tags")) {
    if (!t.is_string()) continue;
    tags.push_back(Chip{std::string(t.get_string()),
                        programme.empty() ? pages::routes::fragments({}, 1, {}, t.get_string())
                                          : pages::routes::programme_fragments(programme, {}, 1, t.get_string())});
  }
  chip_nav(out, "Onderwerpen", tags);
  section(out, "Hierna", [&](std::string& o) {
    card_grid(o, cards_of(arr(data, "queue"), fragment_card), "Geen andere fragmenten gevonden.");
  });
  out += "</div>";
}

}  // namespace ether::render
