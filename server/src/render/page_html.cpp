#include "render/page_html.hpp"

#include <map>

#include "pages/route_builder.hpp"
#include "render/maintenance_banner.hpp"
#include "render/markup.hpp"
#include "render/route_renderers.hpp"

namespace ether::render {
namespace {

using Renderer = void (*)(std::string&, const RenderContext&);

const std::map<std::string, Renderer, std::less<>>& renderers() {
  static const std::map<std::string, Renderer, std::less<>> kRenderers{
      {"home", home_html},
      {"sitemap", sitemap_html},
      {"live", live_html},
      {"popout", popout_html},
      {"gedraaid", played_tracks_html},
      {"gids", guide_html},
      {"nummer", track_html},
      {"programmas", programmes_html},
      {"programma", programme_html},
      {"programma-fragmenten", programme_fragments_html},
      {"programma-nieuws", programme_news_html},
      {"presentatoren", presenters_html},
      {"presentator", presenter_html},
      {"nieuws", news_html},
      {"artikel", article_html},
      {"fragmenten", fragments_html},
      {"fragment", fragment_html},
      {"uitzendingen", broadcasts_html},
      {"uitzending", broadcast_html},
      {"uitzendinguur", broadcast_hour_html},
      {"podcasts", podcasts_html},
      {"podcast", podcast_html},
      {"podcast-aflevering", episode_html},
      {"videos", videos_html},
      {"thema", content_page_html},
      {"overzicht", content_page_html},
      {"zoeken", search_html},
      {"not-found", not_found_html},
  };
  return kRenderers;
}

bool starts_with_segment(std::string_view path, std::string_view first) {
  return path == first || (path.starts_with(first) && path.size() > first.size() && path[first.size()] == '/');
}

void site_header(std::string& out, const json::object& site, std::string_view request_path,
                 std::string_view search_term) {
  const std::string default_channel(str(site, "defaultChannel"));
  out +=
      "<header class=\"site-header\"><div class=\"site-header__top\"><a href=\"/\" class=\"logo\">"
      "<span class=\"logo__mark\" aria-hidden=\"true\">◉</span><span class=\"logo__text\">" +
      escape(str(site, "name")) + "</span><span class=\"visually-hidden\">, naar de homepage</span></a>";
  search_form(out, "Zoeken op de site", "Zoeken", "zoekterm", search_term);
  // On a phone the sections are behind a 'Menu' toggle of the same size and place as the app's
  // button, so that the app's takeover moves nothing. Until then it is a link to the list, which
  // global.css shows as its :target; without scripting the list is shown whole and the toggle not.
  out +=
      "</div><nav aria-label=\"Hoofdmenu\" class=\"main-nav\"><a class=\"main-nav__toggle\" href=\"#hoofdmenu\">"
      "<span class=\"main-nav__toggle-icon\" aria-hidden=\"true\"></span>Menu</a>"
      "<ul id=\"hoofdmenu\" class=\"main-nav__list\">";
  static constexpr std::pair<std::string_view, std::string_view> kNav[] = {{"/gids", "Gids"},
                                                                           {"/gedraaid", "Gedraaid"},
                                                                           {"/programmas", "Programma's"},
                                                                           {"/presentatoren", "Presentatoren"},
                                                                           {"/nieuws", "Nieuws"},
                                                                           {"/fragmenten", "Fragmenten"},
                                                                           {"/uitzendingen", "Gemist"},
                                                                           {"/podcasts", "Podcasts"},
                                                                           {"/videos", "Video's"},
                                                                           {"/live", "Kijk live"}};
  for (const auto& [path, label] : kNav) {
    const bool active = starts_with_segment(request_path, path);
    out += "<li>";
    link(out, path, label, active ? "main-nav__link main-nav__link--active" : "main-nav__link",
         active ? "aria-current=\"page\"" : "");
    out += "</li>";
  }
  out += "</ul></nav>";
  const auto& channels = arr(site, "channels");
  int parents = 0;
  for (const auto& c : channels) {
    if (as_obj(c).contains("parentSlug") && as_obj(c).at("parentSlug").is_null()) ++parents;
  }
  if (parents > 1) {
    out += "<nav aria-label=\"Zenders\" class=\"channel-nav\"><ul>";
    for (const auto& item : channels) {
      const auto& c = as_obj(item);
      const std::string slug(str(c, "slug"));
      const bool child = !str(c, "parentSlug").empty();
      out += child ? "<li class=\"channel-nav__child\">" : "<li>";
      link(out, pages::build_route("/gids", {{"channel", slug, default_channel}}), str(c, "name"), "channel-nav__link");
      out += "</li>";
    }
    out += "</ul></nav>";
  }
  out += "</header>";
}

void site_footer(std::string& out, const json::object& site) {
  out += "<footer class=\"site-footer\"><nav aria-label=\"Voettekst\"><ul><li>";
  link(out, "/sitemap", "Sitemap");
  out += "</li><li>";
  link(out, "/gids", "Gids");
  out += "</li><li>";
  link(out, "/nieuws", "Nieuws");
  out += "</li><li>";
  link(out, "/podcasts", "Podcasts");
  out += "</li></ul></nav><p>© " + escape(str(site, "name")) + ". Alle tijden in Nederlandse tijd.</p></footer>";
}

}  // namespace

std::string main_html(const pages::PageResult& page, const boost::json::object& site, bool app) {
  const SiteBaseScope base{std::string(str(site, "baseUrl"))};
  std::string out;
  RenderContext ctx{page, site, app};
  const auto& table = renderers();
  auto found = table.find(page.route);
  (found == table.end() ? not_found_html : found->second)(out, ctx);
  return out;
}

std::string page_html(const pages::PageResult& page, const boost::json::object& site, std::string_view request_path,
                      const boost::json::object* banner) {
  const bool app = starts_with_segment(request_path, "/app");
  const bool frameless = app || page.route == "popout";
  const SiteBaseScope base{std::string(str(site, "baseUrl"))};
  std::string out;
  out.reserve(16384);
  out += "<div class=\"app";
  if (app) out += " app--embedded";
  if (page.route != "popout") out += " app--with-player";
  // The web app finds this mark and replaces the element once its own page is ready.
  out += "\" data-server-html>";
  if (!frameless) out += "<a class=\"skip-link\" href=\"#main\">Naar de inhoud</a>";
  // Where the app's shell draws it: above the header, in the page flow.
  if (banner && !app) maintenance_banner(out, *banner);
  if (!frameless) {
    site_header(out, site, request_path, page.route == "zoeken" ? str(page.data, "term") : std::string_view());
  }
  out += "<main id=\"main\" tabindex=\"-1\" class=\"main\">";
  out += main_html(page, site, app);
  out += "</main>";
  if (!frameless) site_footer(out, site);
  out += "</div>";
  return out;
}

}  // namespace ether::render
